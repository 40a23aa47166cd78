// The renderer words an issue with the very catalog the CLI and the exports use: registered into
// vue-i18n (its codes are its keys), each code and each kind's text says in each language exactly
// what formatIssueText says, nested texts included.
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { formatIssueText, ISSUE_TEXTS, type IssueTextCode } from '../../src-main/domain/issue-texts/issue-text';
import { ISSUE_KINDS, issueText, legacyParams, type IssueKind } from '../../src-main/domain/issue-texts/wording';
import { issueMessage } from '../../src-renderer/src/components/batch/case-format';
import issue from '../../src-renderer/src/i18n/messages/issue';
import { splitTexts } from '../../src-renderer/src/i18n/texts';
import { SAMPLES, type Sample } from '../domain/issue-texts/fixtures/issue-samples';

const CODES = Object.keys(ISSUE_TEXTS) as IssueTextCode[];
/** A value for each placeholder of the code (either language's: issue.legacy's differ). */
const sampleParams = (code: IssueTextCode) =>
  Object.fromEntries([...`${ISSUE_TEXTS[code].en} ${ISSUE_TEXTS[code].es}`.matchAll(/\{(\w+)\}/g)].map((m, i) => [m[1] as string, `${m[1]}-${i} "x"`]));

describe('issue texts in vue-i18n', () => {
  const i18n = createI18n({ legacy: false, locale: 'es', messages: splitTexts({ issue }) });
  const t = (key: string, params: Record<string, string>) => i18n.global.t(key, params);
  const langs = ['es', 'en'] as const;

  it.each(CODES)('%s reads the same through vue-i18n as through the formatter', (code) => {
    const params = sampleParams(code);
    for (const lang of langs) {
      i18n.global.locale.value = lang;
      expect(t(code, params)).toBe(formatIssueText(lang, { code, params }));
    }
  });

  const kinds = ISSUE_KINDS.flatMap((kind) => (SAMPLES[kind] as Sample<IssueKind>[]).map((s) => [kind, s] as const));
  it.each(kinds)('%s, nested texts and all, reads the same in the renderer as in the CLI: %j', (kind, sample) => {
    const text = issueText({ kind, params: sample.params });
    for (const lang of langs) {
      i18n.global.locale.value = lang;
      expect(issueMessage({ text }, t)).toBe(sample[lang]);
    }
  });

  it('shows the words stored before issue texts were data in the language of the screen', () => {
    const text = issueText({ kind: 'no-code', params: legacyParams('Fila 7', 'Row 7') });
    i18n.global.locale.value = 'en';
    expect(issueMessage({ text }, t)).toBe('Row 7');
    i18n.global.locale.value = 'es';
    expect(issueMessage({ text }, t)).toBe('Fila 7');
  });
});
