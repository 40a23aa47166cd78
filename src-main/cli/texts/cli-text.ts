// The CLI's own words, a catalog apart from the failures: its --help (catalog-help.ts) and the lines it
// prints for a person (catalog-lines.ts). Same placeholder syntax ({name}) and the same --lang, but no
// failure can carry one of these codes and the renderer never bundles them. Pure.
import { shownParam, type FailureLang, type FailureParamValue, type Placeholders } from '../../domain/failures/failure';
import { CAMPAIGN_STATE_WORDS, serviceWordIn } from '../../domain/service-words';
import { CLI_HELP } from './catalog-help';
import { CLI_LINES } from './catalog-lines';

export const CLI_TEXTS = { ...CLI_HELP, ...CLI_LINES } as const;
export type CliTextCode = keyof typeof CLI_TEXTS;
export type HelpCode = Extract<CliTextCode, `help.${string}`>;
export type LineCode = Extract<CliTextCode, `line.${string}`>;

/** What a text's words need (each placeholder, required), as for a failure. */
export type CliTextParams<C extends CliTextCode> = C extends CliTextCode
  ? { [K in Placeholders<(typeof CLI_TEXTS)[C]['en']>]: FailureParamValue } & Record<string, FailureParamValue>
  : never;

/** A text without placeholders: its words as they are. */
export type PlainCliTextCode = { [C in CliTextCode]: (typeof CLI_TEXTS)[C]['en'] extends `${string}{${string}}${string}` ? never : C }[CliTextCode];

export function isCliTextCode(code: unknown): code is CliTextCode {
  return typeof code === 'string' && Object.hasOwn(CLI_TEXTS, code);
}

/** Lines whose {status} is a campaign's state as the service names it (PAUSED): shown in the reader's words. */
const CAMPAIGN_STATE_PARAM = new Set<CliTextCode>(['line.campaign.created', 'line.campaign.status']);

/** One of the CLI's texts in `lang`: lists joined with commas, a campaign's state worded. */
export function formatCliText(lang: FailureLang, code: CliTextCode, params: Record<string, FailureParamValue> = {}): string {
  const stateWords = (name: string, value: FailureParamValue | undefined) =>
    name === 'status' && typeof value === 'string' && CAMPAIGN_STATE_PARAM.has(code) ? serviceWordIn(lang, CAMPAIGN_STATE_WORDS, value) : shownParam(value);
  return CLI_TEXTS[code][lang].replace(/\{(\w+)\}/g, (_, name: string) => stateWords(name, params[name]));
}
