// What every command sees before the app loads: the global options, credentials from the
// environment, and a failure with its exit code. Imports nothing of the CLI's own but its words (texts/).
import type { Command } from 'commander';
import { failureClass, formatFailure, type FailureData, type FailureLang, type FailureParamValue } from '../domain/failures/failure';
import { formatUploadDetail, type UploadDetail } from '../domain/upload-detail';
import { formatNotice, type NoticeCode, type NoticeData } from '../domain/failures/notice';
import { formatCliText, type CliTextCode, type CliTextParams } from './texts/cli-text';

export interface GlobalOptions {
  dataDir: string;
  json: boolean;
  lang: FailureLang;
}

/** The language of messages when --lang is not given: the locale's (LC_ALL, LC_MESSAGES, LANG), Spanish for es*, else English. */
export function defaultLang(env: NodeJS.ProcessEnv = process.env): FailureLang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  return locale.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * The run's language before commander reads the command line (its help is worded as the program is
 * built): the last `--lang en|es` (or `--lang=…`) anywhere before a `--`, as commander takes it; else the
 * locale's. A value it does not take is left to commander to refuse.
 */
export function languageOf(args: readonly string[], env: NodeJS.ProcessEnv = process.env): FailureLang {
  let lang = defaultLang(env);
  for (const [i, arg] of args.entries()) {
    if (arg === '--') break;
    const value = arg === '--lang' ? args[i + 1] : arg.startsWith('--lang=') ? arg.slice('--lang='.length) : undefined;
    if (value === 'en' || value === 'es') lang = value;
  }
  return lang;
}

export function globals(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

/** CASEDESK_EMAIL / CASEDESK_PASSWORD: any command can run without a prior login (scheduled jobs). */
export function envCredentials(env: NodeJS.ProcessEnv = process.env) {
  const email = env.CASEDESK_EMAIL;
  const password = env.CASEDESK_PASSWORD;
  return email && password ? { email, password } : null;
}

export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** A failure of the catalog, printed in the run's --lang (the message is its English). */
    readonly failure?: FailureData,
    /** What the user can do about it, a code of the catalog printed after the failure's words. */
    readonly hint?: FailureData,
  ) {
    super(message);
  }
}

/**
 * The exit code of a failure of the catalog (docs/cli.md: "Failures and exit codes"): 2 bad input (the policy's
 * refusals included), 3 cases in doubt that need the agent's decision, else 1.
 */
export function exitCodeOf(failure: FailureData): number {
  const kind = failureClass(failure.code);
  if (kind === 'invalid-input' || kind === 'policy.locked') return 2;
  if (kind === 'batch.in_doubt') return 3;
  return 1;
}

/** Tokens are never kept on disk by the CLI, so each run signs in from the environment: say so. */
const SIGN_IN_HINT: Record<FailureLang, string> = {
  en: ' (the CLI signs in on each run: set CASEDESK_EMAIL and CASEDESK_PASSWORD)',
  es: ' (la línea de comandos ingresa en cada ejecución: defina CASEDESK_EMAIL y CASEDESK_PASSWORD)',
};

/**
 * Control characters (escape sequences, line breaks, bidirectional overrides) of a value from outside,
 * a policy's key, a file's name, a service's words, shown as \uXXXX: a terminal would act on them.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text from a file, the service or the environment as the terminal shows it: control and bidi characters as \\uXXXX. */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function printable(value: FailureParamValue): FailureParamValue {
  if (typeof value === 'string') return printableText(value);
  return Array.isArray(value) ? value.map(printableText) : value;
}

/** A code of the catalog worded in `lang` for the terminal: its params printable. */
export function terminalWords(lang: FailureLang, failure: FailureData): string {
  return formatFailure(lang, failure.code, printableParams(failure.params));
}

const printableParams = (params: Record<string, FailureParamValue>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, printable(value)]));

/**
 * One of the CLI's own lines (texts/catalog-lines.ts), or a part of one, in `lang` for the terminal: its params
 * printable (a part worded first and passed as a param stays as it was: it has nothing left to escape).
 */
export function words<C extends CliTextCode>(lang: FailureLang, code: C, params: CliTextParams<C>): string {
  return formatCliText(lang, code, printableParams(params));
}

/** What became of an uploaded case (domain/upload-detail.ts) in `lang` for the terminal: its params printable. */
export function uploadDetailWords(lang: FailureLang, detail: UploadDetail): string {
  return formatUploadDetail(lang, detail.code, printableParams(detail.params));
}

/** A failure of the catalog in the run's language, as the CLI prints it. */
export function failureWords(failure: FailureData, lang: FailureLang): string {
  const kind = failureClass(failure.code);
  const hint = kind === 'not-signed-in' || kind === 'session-expired' ? SIGN_IN_HINT[lang] : '';
  return terminalWords(lang, failure) + hint;
}

/**
 * A warning or note of the catalog (not a failure) as one stderr line: its tag and code first, as a
 * summary's notices, so a script can pick it out; then its words in the run's language (those of
 * `words` when a variant of the code's reads better for these params).
 */
export function noteLine(tag: 'warning' | 'note', note: NoticeData, lang: FailureLang, words: NoticeCode = note.code): string {
  return `casedesk: ${tag} ${note.code}: ${formatNotice(lang, words, printableParams(note.params))}\n`;
}
