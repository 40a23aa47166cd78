// What became of a case in an upload, as data: a code of catalog-uploads.ts and its params, stored
// with the case as JSON (batch_cases.upload_detail) and worded at the edges. What the service wrote
// travels only as a {reason} param, which every wording labels as the service's. Pure.
import { UPLOAD_DETAILS } from './failures/catalog-uploads';
import { formatWords, type FailureLang, type FailureParamValue } from './failures/words';

export { UPLOAD_DETAILS };
export type UploadDetailCode = keyof typeof UPLOAD_DETAILS;
/** Its own kind of words, not a failure: no Failure carries one of these codes. */
export interface UploadDetail<C extends UploadDetailCode = UploadDetailCode> {
  code: C;
  params: Record<string, FailureParamValue>;
}

export const UPLOAD_DETAIL_CODES = Object.keys(UPLOAD_DETAILS) as UploadDetailCode[];

export const isUploadDetailCode = (code: unknown): code is UploadDetailCode => typeof code === 'string' && Object.hasOwn(UPLOAD_DETAILS, code);

/** The details CaseDesk itself gives, each a code alone or with the service's words. */
export const uploadDetails = {
  serviceSaid: (reason: string): UploadDetail => ({ code: 'upload.detail.service_said', params: { reason } }),
  requestRefused: (reason: string): UploadDetail => ({ code: 'upload.detail.request_refused', params: { reason } }),
  tooLarge: { code: 'upload.detail.too_large', params: {} },
  alreadyHeld: { code: 'upload.detail.already_held', params: {} },
  takenAsLoaded: { code: 'upload.detail.taken_as_loaded', params: {} },
  codesNotShown: { code: 'upload.detail.codes_not_shown', params: {} },
  split: { code: 'upload.detail.split', params: {} },
} as const satisfies Record<string, UploadDetail | ((reason: string) => UploadDetail)>;

const isParam = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** Checked by hand, not by zod: the batch grid reads a page of cases on every scroll. */
function asDetail(value: unknown): UploadDetail | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, params } = value as { code?: unknown; params?: unknown };
  if (!isUploadDetailCode(code) || typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  if (!Object.values(params).every(isParam)) return null;
  return { code, params: params as UploadDetail['params'] };
}

/** The column's value for a detail. */
export function storedUploadDetail(detail: UploadDetail): string {
  return JSON.stringify({ code: detail.code, params: detail.params });
}

/**
 * A detail as the column holds it. Anything that is not one of ours (prose an earlier CaseDesk wrote
 * that migration 14 did not recognise, a code of a newer version) is shown as it was, marked as such.
 */
export function readUploadDetail(stored: string | null): UploadDetail | null {
  if (stored === null) return null;
  let parsed: unknown = null;
  // Prose is not parsed at all: a thrown SyntaxError per row costs the grid's page a millisecond.
  if (stored.startsWith('{'))
    try {
      parsed = JSON.parse(stored);
    } catch {
      parsed = null;
    }
  return asDetail(parsed) ?? { code: 'upload.detail.earlier_words', params: { text: stored } };
}

/** A detail's words in `lang` (the CLI, the exports; the renderer has vue-i18n do the same under `failures.`). */
export function formatUploadDetail(lang: FailureLang, code: UploadDetailCode, params: Record<string, FailureParamValue> = {}): string {
  return formatWords(UPLOAD_DETAILS, lang, code, params);
}
