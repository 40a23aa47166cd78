// The typed face of the command surface for screens and stores.
import {
  failureClass,
  isFailureCode,
  shownParams,
  type FailureClass,
  type FailureCode,
  type FailureParamValue,
} from '../../../src-main/domain/failures/failure';
import type { InputProblem } from '../../../src-main/domain/failures/input-problem';
import type { UploadDetailCode } from '../../../src-main/domain/upload-detail';
import type { ProcedureInput, ProcedureName, ProcedureOutputs, SurfaceEvents } from '../../../src-main/surface/procedures';
import { i18n } from '../i18n';
import { transport } from './transport';

export class ApiError extends Error {
  /** The coarse class of the code (offline, session-expired, not-found…), for the screens' decisions. */
  readonly kind: FailureClass;

  constructor(
    /** A code of the failure catalog (src-main/domain/failures). */
    readonly code: FailureCode,
    /** What the failure is about (e.g. {batchId, inDoubt}): its words' placeholders, ids and figures. */
    readonly params: Record<string, FailureParamValue> = {},
  ) {
    // Worded by the catalog in the agent's language (registered under `failures.`); shown as it is by the screens.
    super(failureText(code, params));
    this.name = 'ApiError';
    this.kind = failureClass(code);
  }
}

/** A failure of the catalog, or what became of an uploaded case, in the agent's language. */
export function failureText(code: FailureCode | UploadDetailCode, params: Record<string, FailureParamValue> = {}): string {
  return i18n.global.t(`failures.${code}`, shownParams(params, i18n.global.locale.value, code));
}

/** What is wrong with one value a screen checked itself, in the words the surface's input.invalid has. */
export function inputProblemText(p: InputProblem): string {
  return failureText('input.invalid', { ...p.params, path: p.path || 'input', problem: p.problem });
}

/** Only the problem's words ("must be text"), for a form that shows them under the field itself. */
export function problemWords(p: InputProblem): string {
  return shownParams({ ...p.params, problem: p.problem }, i18n.global.locale.value).problem ?? '';
}

/**
 * What a failure says to the agent, the renderer's one error-to-text: an ApiError's words from the catalog,
 * any other error's own message (a fault of the renderer itself, said rather than hidden).
 */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The coarse class of a failure of the catalog (offline, not-found…); null for anything else. Screens decide on this, never on the words. */
export function failureKind(err: unknown): FailureClass | null {
  return err instanceof ApiError ? err.kind : null;
}

/** The service could not be reached or did not answer in time: the app is offline for now. */
export function isUnreachable(err: unknown): boolean {
  const kind = failureKind(err);
  return kind === 'offline' || kind === 'timeout';
}

/** The work was stopped as the agent asked (downloads:cancel): told by its code, never by its words. */
export function isCancelled(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'service.cancelled';
}

export async function call<N extends ProcedureName>(name: N, input: ProcedureInput<N>): Promise<ProcedureOutputs[N]> {
  const answer = await transport.call(name, input);
  if (!answer.ok) {
    // A code this renderer does not know (a main process of another version): said, never a TypeError.
    if (!isFailureCode(answer.error.code)) throw new ApiError('host.unexpected_answer', { status: 200 });
    throw new ApiError(answer.error.code, answer.error.params);
  }
  return answer.value as ProcedureOutputs[N];
}

export function onEvent<K extends keyof SurfaceEvents>(name: K, listener: (payload: SurfaceEvents[K]) => void): () => void {
  return transport.on(name, listener);
}
