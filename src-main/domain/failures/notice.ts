// Warnings and notes are data too, not failures: a stable code of their own catalog (catalog-notes.ts,
// and the data folder's of catalog-data-folder.ts) and the params its words need. Said beside a run
// that goes on (the CLI's stderr, the app's dialogs), worded in the reader's language like a failure;
// never thrown. The screens word those they show in their own messages.
import { DATA_FOLDER_NOTICES } from './catalog-data-folder';
import { INPUT_WORDS } from './catalog-input';
import { WARNINGS_AND_NOTES } from './catalog-notes';
import { formatWords, type FailureLang, type FailureParamValue, type ParamsOf } from './words';

export const NOTICES = { ...WARNINGS_AND_NOTES, ...DATA_FOLDER_NOTICES } as const;
export type NoticeCode = keyof typeof NOTICES;

/** What a notice's words need (each placeholder, required), plus any figure a script reads in --json. */
export type NoticeParams<C extends NoticeCode> = C extends NoticeCode ? ParamsOf<(typeof NOTICES)[C]['en']> : never;

/** A warning or note as data, as a summary carries it. */
export interface NoticeData<C extends NoticeCode = NoticeCode> {
  code: C;
  params: Record<string, FailureParamValue>;
}

/** The notices with the words their params name (a move's reason is among them). */
const NOTICE_WORDS = { ...NOTICES, ...INPUT_WORDS };

export function isNoticeCode(code: unknown): code is NoticeCode {
  return typeof code === 'string' && Object.hasOwn(NOTICES, code);
}

/** The words of a notice in `lang`. */
export function formatNotice(lang: FailureLang, code: NoticeCode, params: Record<string, FailureParamValue> = {}): string {
  return formatWords(NOTICE_WORDS, lang, code, params);
}
