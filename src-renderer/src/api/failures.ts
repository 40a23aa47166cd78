// A failure of the surface as the screens see it: ApiError (its code, params and class) and its words.
// Apart from `call` (casedesk.ts) so that components, which never talk to the surface, may use it.
import { failureClass, shownParams, type FailureClass, type FailureCode, type FailureParamValue } from '../../../src-main/domain/failures/failure';
import type { InputProblem } from '../../../src-main/domain/failures/input-problem';
import type { UploadDetailCode } from '../../../src-main/domain/upload-detail';
import { i18n } from '../i18n';

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
