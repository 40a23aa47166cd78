// The one place procedures are dispatched: input parsed with its zod schema, errors turned into data.
import { ZodError, type z } from 'zod';
import { isServiceError, type FailureKind } from '../client';
import type { AppContext } from './app-context';
import { batchHandlers } from './handlers/batch-handlers';
import { resultsHandlers } from './handlers/results-handlers';
import { serviceHandlers } from './handlers/service-handlers';
import { settingsHandlers } from './handlers/settings-handlers';
import { sessionHandlers } from './handlers/session-handlers';
import { syncHandlers } from './handlers/sync-handlers';
import { SurfaceFailure } from './surface-failure';
import { procedures, type Envelope, type ErrorCode, type ProcedureName, type ProcedureOutputs } from './procedures';

export type Handler<N extends ProcedureName> = (ctx: AppContext, input: z.output<(typeof procedures)[N]>) => Promise<ProcedureOutputs[N]>;
export type Handlers = { [N in ProcedureName]: Handler<N> };

const handlers: Handlers = { ...sessionHandlers, ...serviceHandlers, ...batchHandlers, ...syncHandlers, ...resultsHandlers, ...settingsHandlers };

const KIND_CODES: Record<FailureKind, ErrorCode> = {
  offline: 'offline',
  timeout: 'timeout',
  server: 'server',
  client: 'refused',
  auth: 'session-expired',
  contract: 'contract',
};

export interface Surface {
  call<N extends ProcedureName>(name: N, input: unknown): Promise<Envelope<ProcedureOutputs[N]>>;
}

export function isProcedureName(name: string): name is ProcedureName {
  return Object.hasOwn(procedures, name);
}

export function createSurface(ctx: AppContext): Surface {
  return {
    async call(name, input) {
      if (!isProcedureName(name)) return { ok: false, error: { code: 'unknown-procedure', message: `There is no procedure "${String(name)}".` } };
      try {
        const parsed = procedures[name].parse(input ?? {});
        const handler = handlers[name] as (ctx: AppContext, input: unknown) => Promise<ProcedureOutputs[typeof name]>;
        return { ok: true, value: await handler(ctx, parsed) };
      } catch (error) {
        return { ok: false, error: toSurfaceError(error) };
      }
    },
  };
}

function toSurfaceError(error: unknown): { code: ErrorCode; message: string; messageEs?: string | undefined } {
  if (error instanceof SurfaceFailure) return { code: error.code, message: error.message, ...(error.messageEs ? { messageEs: error.messageEs } : {}) };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return { code: 'invalid-input', message: `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}` };
  }
  if (isServiceError(error)) {
    const code = error.status === 404 ? 'not-found' : KIND_CODES[error.kind];
    return { code, message: error.message, ...(error.messageEs ? { messageEs: error.messageEs } : {}) };
  }
  // Unknown failures are not shown as they are: their text may carry anything.
  return { code: 'internal', message: 'Something went wrong inside CaseDesk; the details are in its log.' };
}
