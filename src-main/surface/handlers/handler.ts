// What a handler is: one procedure's work on the app context, typed by the procedure list.
// Apart from surface.ts, which imports every handler, so that handlers need not import it back.
import type { z } from 'zod';
import type { AppContext } from '../app-context-types';
import type { HandlerOutputs } from '../as-sent';
import type { ProcedureName, procedures } from '../procedures';

export type Handler<N extends ProcedureName, C = AppContext> = (ctx: C, input: z.output<(typeof procedures)[N]>) => Promise<HandlerOutputs[N]>;
export type Handlers = { [N in ProcedureName]: Handler<N> };

/**
 * A file's handlers, each given only the part of the app context its file names (C, a Pick of
 * AppContext): what they can reach is read off the file's head.
 */
export type HandlersOf<N extends ProcedureName, C> = { [K in N]: Handler<K, C> };
