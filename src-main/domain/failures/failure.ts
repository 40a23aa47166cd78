// Failures are data: a stable code from the catalog (what can go wrong, catalog.ts) and the params its
// words need. The words are chosen at the edges (the CLI's --lang, the renderer's vue-i18n); `message`
// is the English, for logs. Warnings and notes (notice.ts), upload details and the CLI's own lines are
// other catalogs: no failure carries one of their codes.
import { FAILURES } from './catalog';
import { INPUT_WORDS } from './catalog-input';
import type { FailureClass } from './failure-class';
import { formatWords, shownParam, wordedParams, type FailureLang, type FailureParamValue, type ParamsOf, type Placeholders } from './words';
import { messageTree, type MessageTree } from '../message-tree';

export { FAILURES, shownParam };
export type { FailureClass, FailureLang, FailureParamValue, Placeholders };
export type FailureCode = keyof typeof FAILURES;

/** What a code's words need (each placeholder, required), plus any figure or id screens and scripts use. */
export type FailureParams<C extends FailureCode> = C extends FailureCode ? ParamsOf<(typeof FAILURES)[C]['en']> : never;

/** A failure as data, the shape that crosses threads and the surface. */
export interface FailureData<C extends FailureCode = FailureCode> {
  code: C;
  params: Record<string, FailureParamValue>;
}

/** The failures with the words their params name: an input's problem (catalog-input.ts). */
const FAILURE_WORDS = { ...FAILURES, ...INPUT_WORDS };

export function isFailureCode(code: unknown): code is FailureCode {
  return typeof code === 'string' && Object.hasOwn(FAILURES, code);
}

export function failureClass(code: FailureCode): FailureClass {
  return FAILURES[code].class;
}

/** The params as vue-i18n takes them in `lang` (lists joined, a problem worded), so both edges print the same words. */
export function shownParams(params: Record<string, FailureParamValue> | undefined, lang: FailureLang, code?: string): Record<string, string> {
  return wordedParams(FAILURE_WORDS, params, lang, code);
}

/** The words of a failure in `lang` (the CLI's formatter; the renderer has vue-i18n do the same). */
export function formatFailure(lang: FailureLang, code: FailureCode, params: Record<string, FailureParamValue> = {}): string {
  return formatWords(FAILURE_WORDS, lang, code, params);
}

/** The catalog in one language as a tree (a code's dots are levels), to register under vue-i18n's `failures.`. */
export function failureMessages(lang: FailureLang): MessageTree {
  return messageTree(FAILURES, lang);
}

/**
 * A failure the app reports on purpose: its code and params, with the English as its message (for
 * logs and stack traces). The error types of each layer extend it; the surface passes them on whole.
 */
export class Failure<C extends FailureCode = FailureCode> extends Error {
  readonly code: C;
  readonly params: Record<string, FailureParamValue>;
  constructor(code: C, params: FailureParams<C>) {
    super(formatFailure('en', code, params));
    this.name = 'Failure';
    this.code = code;
    this.params = params;
  }

  get class(): FailureClass {
    return failureClass(this.code);
  }

  toData(): FailureData<C> {
    return { code: this.code, params: this.params };
  }
}
