// The one place procedures are dispatched: input parsed with its zod schema, errors turned into data.
import { ZodError, type z } from 'zod';
import { isServiceError, serviceFailure } from '../client';
import { Failure, formatFailure, type FailureCode, type FailureParamValue } from '../domain/failures/failure';
import { firstInputProblem } from '../domain/failures/input-problem';
import type { AuditEvent } from '../domain/audit-events';
import type { Environment } from '../domain/environments';
import { getBatch } from '../store';
import type { AppContext } from './app-context-types';
import { auditRules, type AuditPlan } from './audit-rules';
import { audit } from '../app/audit-trail';
import { auditHandlers } from './handlers/audit-handlers';
import { batchHandlers } from './handlers/batch-handlers';
import { checkHandlers } from './handlers/check-handlers';
import { diagnosticsHandlers } from './handlers/diagnostics-handlers';
import { followupHandlers } from './handlers/followup-handlers';
import { ledgerHandlers } from './handlers/ledger-handlers';
import { lifecycleHandlers } from './handlers/lifecycle-handlers';
import { resultsHandlers } from './handlers/results-handlers';
import { serviceHandlers } from './handlers/service-handlers';
import { settingsHandlers } from './handlers/settings-handlers';
import { sessionHandlers } from './handlers/session-handlers';
import { syncHandlers } from './handlers/sync-handlers';
import { updateHandlers } from './handlers/update-handlers';
import type { Handlers } from './handlers/handler';
import { viewOf, type AsSentName, type AsSentOutputs, type HandlerOutputs } from './as-sent';
import { localOnlyProcedures, procedures, type Envelope, type ProcedureName, type ProcedureOutputs, type SurfaceError } from './procedures';

const handlers: Handlers = {
  ...sessionHandlers,
  ...serviceHandlers,
  ...batchHandlers,
  ...syncHandlers,
  ...checkHandlers,
  ...resultsHandlers,
  ...settingsHandlers,
  ...auditHandlers,
  ...lifecycleHandlers,
  ...updateHandlers,
  ...diagnosticsHandlers,
  ...followupHandlers,
  ...ledgerHandlers,
};

export interface Surface {
  call<N extends ProcedureName>(name: N, input: unknown): Promise<Envelope<ProcedureOutputs[N]>>;
  /** A procedure that answers with a service object, the object as the service sent it (the CLI's --json). */
  callAsSent<N extends AsSentName>(name: N, input: unknown): Promise<Envelope<AsSentOutputs[N]>>;
}

export function isProcedureName(name: string): name is ProcedureName {
  return Object.hasOwn(procedures, name);
}

export interface SurfaceOptions {
  /**
   * The caller may name files of this machine by path (files:open). Only the CLI, which the user runs
   * in their own shell: the renderer and the browser host hand files over as bytes instead.
   */
  localFiles?: boolean;
}

export function createSurface(ctx: AppContext, options: SurfaceOptions = {}): Surface {
  const dispatch = <N extends ProcedureName>(name: N, input: unknown) => dispatchCall(ctx, options, name, input);
  return {
    async call(name, input) {
      const answer = await dispatch(name, input);
      return answer.ok ? { ok: true, value: viewOf(name, answer.value) } : answer;
    },
    callAsSent: (name, input) => dispatch(name, input),
  };
}

async function dispatchCall<N extends ProcedureName>(ctx: AppContext, options: SurfaceOptions, name: N, input: unknown): Promise<Envelope<HandlerOutputs[N]>> {
  if (!isProcedureName(name)) return { ok: false, error: surfaceError('surface.unknown_procedure', { procedure: String(name) }) };
  if (localOnlyProcedures.has(name) && options.localFiles !== true) return { ok: false, error: surfaceError('file.local_only', { procedure: name }) };
  let parsed: unknown;
  try {
    // reportInput: a missing value is told from a wrong one (the value itself goes no further).
    parsed = procedures[name].parse(input ?? {}, { reportInput: true });
  } catch (error) {
    return { ok: false, error: toSurfaceError(error, ctx, name) };
  }
  const trail = auditPlan(ctx, name, parsed);
  try {
    const handler = handlers[name] as (ctx: AppContext, input: unknown) => Promise<HandlerOutputs[N]>;
    const value = await handler(ctx, parsed);
    trail?.record((plan) => plan.done(value));
    return { ok: true, value };
  } catch (error) {
    const surfaceError = toSurfaceError(error, ctx, name);
    trail?.record(() => failure(name, surfaceError.code, parsed));
    return { ok: false, error: surfaceError };
  }
}

/**
 * The audit trail's view of one call (audit-rules.ts): its start written now, its outcome later, as
 * the environment's user at the time (signing out ends the session the entry names).
 */
function auditPlan<N extends ProcedureName>(
  ctx: Pick<AppContext, 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>,
  name: N,
  input: unknown,
) {
  const rule = auditRules[name];
  if (!rule) return null;
  try {
    const environment = environmentInvolved(ctx, input);
    const userBefore = ctx.connections.get(environment)?.email ?? null;
    const plan = rule(input as z.output<(typeof procedures)[N]>, ctx);
    if (plan.start) audit(ctx, plan.start, { environment });
    return {
      record(event: (plan: AuditPlan<N>) => AuditEvent | null) {
        try {
          const written = event(plan);
          if (written) audit(ctx, written, { environment, serviceUser: ctx.connections.get(environment)?.email ?? userBefore });
        } catch (err) {
          console.error(`CaseDesk could not describe ${name} for its audit trail (${(err as Error).name}).`);
        }
      },
    };
  } catch (err) {
    console.error(`CaseDesk could not describe ${name} for its audit trail (${(err as Error).name}).`);
    return null;
  }
}

/** The environment a call acts in: named, its batch's, or the one the agent works in. */
function environmentInvolved(ctx: Pick<AppContext, 'currentEnvironment' | 'store'>, input: unknown): Environment {
  const fields = input as { environment?: unknown; batchId?: unknown };
  if (typeof fields.environment === 'string') return fields.environment as Environment;
  if (typeof fields.batchId === 'number') return getBatch(ctx.store.db, fields.batchId)?.environment ?? ctx.currentEnvironment();
  return ctx.currentEnvironment();
}

/** A failed call: the stable code and the ids it named, never its message (it may quote anything). */
function failure(procedure: ProcedureName, code: FailureCode, input: unknown): AuditEvent {
  const fields = input as { environment?: unknown; batchId?: unknown; campaignId?: unknown };
  const id = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);
  return {
    action: 'procedure.failed',
    procedure,
    code,
    environment: typeof fields.environment === 'string' ? (fields.environment as Environment) : undefined,
    batchId: id(fields.batchId),
    campaignId: id(fields.campaignId),
  };
}

/** A failure as it crosses: its code, its params, and its English for logs and scripts. */
function surfaceError(code: FailureCode, params: Record<string, FailureParamValue>, extra: { incident?: string } = {}): SurfaceError {
  return { code, message: formatFailure('en', code, params), params, ...extra };
}

function toSurfaceError(error: unknown, ctx: Pick<AppContext, 'diagnostics'>, procedure: ProcedureName): SurfaceError {
  // Failures reported on purpose, by any layer (a file's refusal, a worker's, the surface's own), pass whole.
  if (error instanceof Failure) return surfaceError(error.code, error.params);
  if (error instanceof ZodError) {
    // The problem as a code and its figures, never zod's English.
    const { path, problem, params } = firstInputProblem(error);
    return surfaceError('input.invalid', { ...params, path: path || 'input', problem });
  }
  if (isServiceError(error)) {
    const { code, params } = serviceFailure(error);
    return surfaceError(code, params);
  }
  // Unknown failures are not shown as they are: their text may carry anything. The log keeps
  // their class and stack under an incident id the agent can quote to IT.
  const incident = ctx.diagnostics.internalFailure(error, { procedure });
  return surfaceError('app.internal', { incident, log: ctx.diagnostics.file }, { incident });
}
