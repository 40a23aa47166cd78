// What a handler is: one procedure's work on the app context, typed by the procedure list.
// Apart from surface.ts, which imports every handler, so that handlers need not import it back.
import type { z } from 'zod';
import type { AppContext } from '../app-context-types';
import type { HandlerOutputs } from '../as-sent';
import type { ProcedureName, procedures } from '../procedures';

export type Handler<N extends ProcedureName> = (ctx: AppContext, input: z.output<(typeof procedures)[N]>) => Promise<HandlerOutputs[N]>;
export type Handlers = { [N in ProcedureName]: Handler<N> };
