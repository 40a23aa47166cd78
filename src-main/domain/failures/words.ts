// How a code of the domain's catalogs becomes words, whatever its kind: a failure (failure.ts), a
// warning or note (notice.ts), an upload's detail (upload-detail.ts). Each kind has its own catalog,
// code type and formatter; they share this one fill, given the words a param may name (an input
// problem's, catalog-input.ts; a move's reason), so both edges and every kind word them the same way.
// The CLI's own lines and --help are not here (src-main/cli/texts). Pure.
import type { CatalogEntry } from './failure-class';
import { CAMPAIGN_STATE_WORDS, serviceWordIn } from '../service-words';

export type FailureLang = 'en' | 'es';
export type FailureParamValue = string | number | string[];

/** A catalog the fill looks a nested word up in: the kind's own, with the words its params name. */
export type Words = Readonly<Record<string, CatalogEntry>>;

/** The names a template's `{placeholders}` use. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** What a code's words need (each placeholder, required), plus any figure or id screens and scripts use. */
export type ParamsOf<Template extends string> = { [K in Placeholders<Template>]: FailureParamValue } & Record<string, FailureParamValue>;

/** A param as the words show it: lists joined with commas. */
export function shownParam(value: FailureParamValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Params whose value is a code of catalog-input.ts, worded there in place: a failure's {problem} (an
 * input's, input-problem.ts), and inside a problem's words the small words it is built of; and, for
 * policy.not_protected, its {reason} (policy.protection.*, catalog-service.ts), and so for the notice
 * datafolder.not_moved (datafolder.reason.*).
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

/** One param as the words show it in `lang`: a word of the catalogs when it names one, else the value itself. */
function shownWord(words: Words, lang: FailureLang, name: string, params: Record<string, FailureParamValue>, nested: Record<string, string>): string {
  const value = params[name];
  const code = Object.hasOwn(nested, name) && typeof value === 'string' ? `${nested[name]}.${value}` : null;
  const entry = code !== null && Object.hasOwn(words, code) ? words[code] : undefined;
  return entry ? fill(words, lang, entry[lang], params, PROBLEM_WORDS) : shownParam(value);
}

function fill(words: Words, lang: FailureLang, template: string, params: Record<string, FailureParamValue>, nested: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => shownWord(words, lang, name, params, nested));
}

/** The params as vue-i18n takes them in `lang` (lists joined, a problem worded), so both edges print the same words. */
export function wordedParams(words: Words, params: Record<string, FailureParamValue> | undefined, lang: FailureLang, code?: string): Record<string, string> {
  const all = withStateWords(lang, code, params ?? {});
  const nested = outerWords(code);
  return Object.fromEntries(Object.keys(all).map((name) => [name, shownWord(words, lang, name, all, nested)]));
}

/** The words of `code` in `lang`, from `words` (each kind's formatter passes its own catalog). */
export function formatWords(words: Words, lang: FailureLang, code: string, params: Record<string, FailureParamValue> = {}): string {
  const entry = words[code];
  if (entry === undefined) throw new TypeError(`No words for ${code}`);
  return fill(words, lang, entry[lang], withStateWords(lang, code, params), outerWords(code));
}
