// The issue-text catalog is complete and consistent: every code worded in both languages with the
// same placeholders (issue.legacy alone differs, on purpose), in vue-i18n's syntax only.
import { describe, expect, it } from 'vitest';
import { formatIssueText, ISSUE_TEXTS, isIssueTextCode, issueTextMessages, type IssueTextCode } from '../../../src-main/domain/issue-texts/issue-text';

const CODES = Object.keys(ISSUE_TEXTS) as IssueTextCode[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the issue-text catalog', () => {
  it.each(CODES.filter((code) => code !== 'issue.legacy'))('%s is worded in English and Spanish with the same placeholders', (code) => {
    const { en, es } = ISSUE_TEXTS[code];
    expect(en.trim()).not.toBe('');
    expect(es.trim()).not.toBe('');
    expect(placeholders(es)).toEqual(placeholders(en));
  });

  it('words issue.legacy from the stored words of each language', () => {
    expect(placeholders(ISSUE_TEXTS['issue.legacy'].es)).toEqual(['es']);
    expect(placeholders(ISSUE_TEXTS['issue.legacy'].en)).toEqual(['en']);
  });

  it.each(CODES)('%s uses only {name} placeholders and no other vue-i18n syntax (@ | $ or a stray brace)', (code) => {
    for (const text of [ISSUE_TEXTS[code].en, ISSUE_TEXTS[code].es]) expect(text.replace(/\{\w+\}/g, ''), text).not.toMatch(/[{}@|$]/);
  });

  it('has stable dotted codes under issue., none the start of another (their dots are vue-i18n levels)', () => {
    expect(CODES.filter((code) => !/^issue(\.[a-z0-9_]+)+$/.test(code))).toEqual([]);
    expect(CODES.filter((code) => CODES.some((other) => other.startsWith(`${code}.`)))).toEqual([]);
  });

  it('is a tree of the same codes in each language', () => {
    const leaves = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v as object, `${prefix}${k}.`)));
    expect(leaves(issueTextMessages('es')).sort()).toEqual([...CODES].sort());
    expect(leaves(issueTextMessages('en')).sort()).toEqual([...CODES].sort());
  });

  it('tells its codes from other strings', () => {
    expect(isIssueTextCode('issue.phone_dropped')).toBe(true);
    expect(isIssueTextCode('phone-dropped')).toBe(false);
    expect(isIssueTextCode('toString')).toBe(false);
  });
});

describe('formatIssueText', () => {
  it('words nested texts first, in the language asked for', () => {
    const text = {
      code: 'issue.suppressed_code',
      params: { list: { code: 'issue.dnc_list.shared', params: {} }, reason: { code: 'issue.dnc_reason.legal', params: {} } },
    } as const;
    expect(formatIssueText('en', text)).toBe("This code is on the organization's do-not-contact list (legal proceedings); the case is not loaded");
    expect(formatIssueText('es', text)).toBe('Este código está en la lista de no contactar de la organización (en trámite legal); el caso no se carga');
  });

  it("writes a stored phone with the edge's writer, and what the file had as it was typed", () => {
    const readable = (stored: string) => `<${stored}>`;
    const dropped = {
      code: 'issue.phone_dropped',
      params: { before: '3514567890', reason: { code: 'issue.phone_reason.same_number', params: { same: '3514567890' } } },
    } as const;
    expect(formatIssueText('es', dropped, readable)).toBe('Se descartó "3514567890" (es el mismo número que <3514567890>, escrito de otra forma)');
    expect(formatIssueText('es', { code: 'issue.phone_fixed', params: { before: '1145678901', after: '1145678901' } }, readable)).toBe(
      'Teléfono "1145678901" corregido a <1145678901>',
    );
    // A rule's phone is the upload body's text, not a stored phone.
    expect(formatIssueText('en', { code: 'issue.rule.phone.trunk_prefix', params: { phone: '01145678901' } }, readable)).toBe(
      'phone 01145678901 starts with the trunk prefix 0',
    );
    // No writer: as stored (what --json scripts and older callers get).
    expect(formatIssueText('en', { code: 'issue.phone_duplicate', params: { phone: '1145678901' } })).toBe('Phone 1145678901 repeated; one kept');
  });

  it('puts a param in as it is, even when it looks like a placeholder', () => {
    expect(formatIssueText('en', { code: 'issue.phone_duplicate', params: { phone: '{phone}' } })).toBe('Phone {phone} repeated; one kept');
  });
});
