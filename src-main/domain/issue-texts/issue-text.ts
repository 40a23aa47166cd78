// An issue's words as data: a code of the issue-text catalog and the params its words need. A param
// that is itself words (a reason, a list's name, a field's label) is a nested text, worded first.
// The edges choose the language: the renderer through vue-i18n, the CLI and the exports with
// formatIssueText; both go through renderIssueText, so they nest the same way.
import { ISSUE_TEXTS } from './catalog';
import { messageTree, type MessageTree } from '../message-tree';

export { ISSUE_TEXTS };
export type IssueTextCode = keyof typeof ISSUE_TEXTS;
export type IssueTextLang = 'en' | 'es';

export type IssueTextParam = string | number | IssueText;

export interface IssueText {
  code: IssueTextCode;
  params: Record<string, IssueTextParam>;
}

export function isIssueTextCode(code: unknown): code is IssueTextCode {
  return typeof code === 'string' && Object.hasOwn(ISSUE_TEXTS, code);
}

/**
 * The params that hold a stored phone (10 digits), by text: an edge that writes phones readable
 * ("11 4567-8901") passes its formatter, so the words show the number as the grid does. Phones as the
 * file had them ("before", a rule's "phone") are quoted as typed and never pass through it.
 */
const STORED_PHONE_PARAMS: Partial<Record<IssueTextCode, string>> = {
  'issue.phone_fixed': 'after',
  'issue.phone_duplicate': 'phone',
  'issue.shared_phone': 'phone',
  'issue.suppressed_phone': 'phone',
  'issue.phone_reason.same_number': 'same',
};

/** How an edge writes a stored phone; absent, as stored. The formatter is passed in so the CLI's help never loads a phone library. */
export type PhoneWriter = (stored: string) => string;

/**
 * The words of a text: its nested texts worded first, every param as a string, then `fill` puts
 * them into the code's template (vue-i18n's `t` in the renderer, fillTemplate elsewhere).
 */
export function renderIssueText(text: IssueText, fill: (code: IssueTextCode, params: Record<string, string>) => string, phone?: PhoneWriter): string {
  const shown: Record<string, string> = {};
  const phoneParam = phone ? STORED_PHONE_PARAMS[text.code] : undefined;
  for (const [name, value] of Object.entries(text.params)) {
    if (typeof value === 'object') shown[name] = renderIssueText(value, fill, phone);
    else shown[name] = phone && name === phoneParam ? phone(String(value)) : String(value);
  }
  return fill(text.code, shown);
}

/** A template's `{name}` placeholders filled in; a missing one reads as nothing, as in vue-i18n. */
function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** An issue's words in `lang` (the CLI, the exports; the renderer has vue-i18n do the same). */
export function formatIssueText(lang: IssueTextLang, text: IssueText, phone?: PhoneWriter): string {
  return renderIssueText(text, (code, params) => fillTemplate(ISSUE_TEXTS[code][lang], params), phone);
}

/** The catalog in one language as a tree (a code's dots are levels), for vue-i18n. */
export function issueTextMessages(lang: IssueTextLang): MessageTree {
  return messageTree(ISSUE_TEXTS, lang);
}
