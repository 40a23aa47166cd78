// Failures are data: a stable code from the catalog and the params its words need. The words are
// chosen at the edges (the CLI's --lang, the renderer's vue-i18n); `message` is the English, for logs.
import { FAILURES } from './catalog';
import type { FailureClass } from './failure-class';
import { messageTree, type MessageTree } from '../message-tree';
import { CAMPAIGN_STATE_WORDS, serviceWordIn } from '../service-words';

export { FAILURES };
export type { FailureClass };
export type FailureCode = keyof typeof FAILURES;
export type FailureLang = 'en' | 'es';

export type FailureParamValue = string | number | string[];

/** The names a template's `{placeholders}` use. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** What a code's words need (each placeholder, required), plus any figure or id screens and scripts use. */
export type FailureParams<C extends FailureCode> = C extends FailureCode
  ? { [K in Placeholders<(typeof FAILURES)[C]['en']>]: FailureParamValue } & Record<string, FailureParamValue>
  : never;

/** A failure as data, the shape that crosses threads and the surface. */
export interface FailureData<C extends FailureCode = FailureCode> {
  code: C;
  params: Record<string, FailureParamValue>;
}

export function isFailureCode(code: unknown): code is FailureCode {
  return typeof code === 'string' && Object.hasOwn(FAILURES, code);
}

export function failureClass(code: FailureCode): FailureClass {
  return FAILURES[code].class;
}

/** A param as the words show it: lists joined with commas. */
export function shownParam(value: FailureParamValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Params whose value is a code of catalog-input.ts, worded there in place: a failure's {problem} (an
 * input's, input-problem.ts), and inside a problem's words the small words it is built of; and, for
 * policy.not_protected, its {reason} (policy.protection.*, catalog-service.ts), and so for datafolder.not_moved
 * (datafolder.reason.*).
 */
const OUTER_WORDS = { problem: 'input.problem' } as const;
/** Params worded so for one code only: `reason` means other things in other codes. */
const CODE_WORDS: Partial<Record<string, Record<string, string>>> = {
  'policy.not_protected': { reason: 'policy.protection' },
  'datafolder.not_moved': { reason: 'datafolder.reason' },
};
const outerWords = (code: string | undefined): Record<string, string> => ({ ...OUTER_WORDS, ...(code === undefined ? {} : CODE_WORDS[code]) });
const PROBLEM_WORDS = { expected: 'input.kind', measure: 'input.measure', bound: 'input.bound', format: 'input.format' } as const;

/** Codes whose {status} is a campaign's state as the service names it (PAUSED): shown in the reader's words. */
const CAMPAIGN_STATE_PARAM = new Set(['campaign.upload_starts']);

/** The params with a campaign's state worded in `lang`, for the codes that carry one. */
function withStateWords(lang: FailureLang, code: string | undefined, params: Record<string, FailureParamValue>): Record<string, FailureParamValue> {
  const status = params.status;
  if (code === undefined || !CAMPAIGN_STATE_PARAM.has(code) || typeof status !== 'string') return params;
  return { ...params, status: serviceWordIn(lang, CAMPAIGN_STATE_WORDS, status) };
}

/** One param as the words show it in `lang`: a word of the catalog when it names one, else the value itself. */
function shownWord(lang: FailureLang, name: string, params: Record<string, FailureParamValue>, nested: Record<string, string>): string {
  const value = params[name];
  const code = Object.hasOwn(nested, name) && typeof value === 'string' ? `${nested[name]}.${value}` : null;
  if (code !== null && isFailureCode(code)) return fill(lang, FAILURES[code][lang], params, PROBLEM_WORDS);
  return shownParam(value);
}

function fill(lang: FailureLang, template: string, params: Record<string, FailureParamValue>, nested: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => shownWord(lang, name, params, nested));
}

/** The params as vue-i18n takes them in `lang` (lists joined, a problem worded), so both edges print the same words. */
export function shownParams(params: Record<string, FailureParamValue> | undefined, lang: FailureLang, code?: string): Record<string, string> {
  const all = withStateWords(lang, code, params ?? {});
  const nested = outerWords(code);
  return Object.fromEntries(Object.keys(all).map((name) => [name, shownWord(lang, name, all, nested)]));
}

/** The words of a failure in `lang` (the CLI's formatter; the renderer has vue-i18n do the same). */
export function formatFailure(lang: FailureLang, code: FailureCode, params: Record<string, FailureParamValue> = {}): string {
  return fill(lang, FAILURES[code][lang], withStateWords(lang, code, params), outerWords(code));
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
