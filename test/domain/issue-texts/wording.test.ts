// Which words each kind of issue gets: every kind, with each of its variants, says what the agent
// has always read (Spanish and English), now through one catalog.
import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS } from '../../../src-main/domain/ledger';
import { formatIssueText } from '../../../src-main/domain/issue-texts/issue-text';
import { readablePhone } from '../../../src-main/domain/phone-display';
import { ISSUE_KINDS, issueText, legacyParams, type IssueKind } from '../../../src-main/domain/issue-texts/wording';
import { SAMPLES, type Sample } from './fixtures/issue-samples';

const cases = ISSUE_KINDS.flatMap((kind) => (SAMPLES[kind] as Sample<IssueKind>[]).map((s) => [kind, s] as const));
const words = (kind: string, params: Record<string, unknown>) => {
  const text = issueText({ kind, params });
  // Stored phones written as every edge writes them (the grid, the CLI, the error report).
  return { es: formatIssueText('es', text, readablePhone), en: formatIssueText('en', text, readablePhone) };
};

describe('issueText', () => {
  it.each(cases)('%s words its variant as before: %j', (kind, sample) => {
    expect(words(kind, sample.params)).toEqual({ es: sample.es, en: sample.en });
  });

  it('words every reason of the do-not-contact list from the catalog', () => {
    for (const reason of LEDGER_REASONS) {
      const text = issueText({ kind: 'suppressed-code', params: { reason, entry: 1, source: 'own' } });
      expect(text.params.reason, reason).toMatchObject({ code: expect.stringMatching(/^issue\.dnc_reason\./) });
    }
  });

  it('words a row with no code, naming its row and column', () => {
    expect(words('no-code', { row: 5, column: 'DNI' })).toEqual({
      es: 'Fila 5: tiene datos pero no tiene código de caso (columna "DNI"); ¿es una fila de totales?',
      en: 'Row 5: it has data but no case code (column "DNI"); is it a totals row?',
    });
  });

  it('shows the stored words of an issue kept before issue texts were data, each language its own', () => {
    expect(issueText({ kind: 'phone-fixed', params: { ...legacyParams('Teléfono corregido', 'Phone corrected'), before: '1' } })).toEqual({
      code: 'issue.legacy',
      params: { es: 'Teléfono corregido', en: 'Phone corrected' },
    });
    expect(words('no-code', legacyParams('Fila 7', 'Row 7'))).toEqual({ es: 'Fila 7', en: 'Row 7' });
  });

  it('takes words as stored ones only where migration 10 put them: beside before and after, nothing else', () => {
    const params = { ...legacyParams('Pague ya', 'Pay now'), phone: '351 555-0000' };
    expect(issueText({ kind: 'phone-duplicate', params })).toEqual({ code: 'issue.phone_duplicate', params: { phone: '351 555-0000' } });
  });

  it('names a kind this CaseDesk does not know, rather than nothing', () => {
    expect(words('phone-area-code', { area: '351' })).toEqual({ es: 'phone-area-code', en: 'phone-area-code' });
  });
});
