// An issue's words as data: a code of the issue-text catalog and the params its words need. A param
// that is itself words (a reason, a list's name, a field's label) is a nested text, worded first.
// The edges choose the language: the renderer through vue-i18n, the CLI and the exports with
// formatIssueText; both go through renderIssueText, so they nest the same way.
import { ISSUE_TEXTS } from './catalog';

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
 * The words of a text: its nested texts worded first, every param as a string, then `fill` puts
 * them into the code's template (vue-i18n's `t` in the renderer, fillTemplate elsewhere).
 */
export function renderIssueText(text: IssueText, fill: (code: IssueTextCode, params: Record<string, string>) => string): string {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(text.params)) shown[name] = typeof value === 'object' ? renderIssueText(value, fill) : String(value);
  return fill(text.code, shown);
}

/** A template's `{name}` placeholders filled in; a missing one reads as nothing, as in vue-i18n. */
function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** An issue's words in `lang` (the CLI, the exports; the renderer has vue-i18n do the same). */
export function formatIssueText(lang: IssueTextLang, text: IssueText): string {
  return renderIssueText(text, (code, params) => fillTemplate(ISSUE_TEXTS[code][lang], params));
}

type Tree = { [key: string]: string | Tree };

/** The catalog in one language as a tree (a code's dots are levels), for vue-i18n. */
export function issueTextMessages(lang: IssueTextLang): Tree {
  const tree: Tree = {};
  for (const code of Object.keys(ISSUE_TEXTS) as IssueTextCode[]) {
    const parts = code.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[parts[parts.length - 1] as string] = ISSUE_TEXTS[code][lang];
  }
  return tree;
}
