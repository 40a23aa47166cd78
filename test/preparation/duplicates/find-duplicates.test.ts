// The duplicate rules, pure: where a code already is, and the phones many different debtors share.
import { describe, expect, it } from 'vitest';
import { isDuplicateKind } from '../../../src-main/domain/duplicates';
import {
  debtorKey,
  duplicateIssues,
  phonesSharedByManyDebtors,
  phonesTouched,
  recountSharedPhones,
  SHARED_PHONE_MIN_DEBTORS,
  SharedPhoneTally,
  sharedPhoneIssues,
  type DuplicateSources,
} from '../../../src-main/preparation/duplicates/find-duplicates';
import { type PreparedIssue } from '../../../src-main/preparation/build/prepared-issue';
import { formatIssueText } from '../../../src-main/domain/issue-texts/issue-text';
import { issueText } from '../../../src-main/domain/issue-texts/wording';

/** An issue's words in both languages, as the CLI and the exports word it. */
const describeIssue = <T extends { kind: string; params?: Record<string, unknown> }>(i: T) => {
  const text = issueText(i);
  return { ...i, messageEs: formatIssueText('es', text), messageEn: formatIssueText('en', text) };
};

const sources: DuplicateSources = {
  otherBatches: new Map([
    ['A1', 3],
    ['B2', 4],
  ]),
  campaign: {
    id: 77,
    holds: new Map([
      ['B2', { batch: 5 }],
      ['C3', { batch: null }],
    ]),
  },
};
const at = (code: string) => ({ code, sourceRows: [7, 8] });

describe('a code already elsewhere', () => {
  it('warns of another unsent batch, naming it', () => {
    expect(duplicateIssues(at('A1'), sources)).toEqual([
      { severity: 'warning', kind: 'duplicate-other-batch', field: 'code', rows: [7, 8], params: { batch: 3 } },
    ]);
  });

  it('warns of the campaign, naming it and the batch it was loaded from (or its results)', () => {
    expect(duplicateIssues(at('C3'), sources)).toEqual([
      { severity: 'warning', kind: 'duplicate-in-campaign', field: 'code', rows: [7, 8], params: { campaign: 77, batch: null } },
    ]);
    expect(duplicateIssues(at('B2'), sources).map((i) => [i.kind, i.params])).toEqual([
      ['duplicate-other-batch', { batch: 4 }],
      ['duplicate-in-campaign', { campaign: 77, batch: 5 }],
    ]);
    expect(describeIssue(duplicateIssues(at('B2'), sources)[1] as PreparedIssue).messageEn).toBe(
      'Campaign 77 already holds this code (loaded from batch 5); the upload skips it unless you choose to load it again',
    );
    expect(describeIssue(duplicateIssues(at('C3'), sources)[0] as PreparedIssue).messageEs).toContain('según sus resultados descargados');
  });

  it('says nothing of a new code, nor of the campaign when the batch has none yet', () => {
    expect(duplicateIssues(at('Z9'), sources)).toEqual([]);
    expect(duplicateIssues(at('C3'), { ...sources, campaign: null })).toEqual([]);
  });

  it('counts the older name of a campaign duplicate as a duplicate, and nothing else', () => {
    expect(['duplicate-other-batch', 'duplicate-in-campaign', 'already-uploaded'].every(isDuplicateKind)).toBe(true);
    expect(isDuplicateKind('shared-phone')).toBe(false);
    expect(isDuplicateKind('phone-duplicate')).toBe(false);
  });
});

describe('a phone shared by many different debtors', () => {
  const debtor = (code: string, firstName: string, phones: string[]) => ({ code, firstName, lastName: 'Pérez', phones });

  it(`is flagged from ${SHARED_PHONE_MIN_DEBTORS} different debtors, with how many`, () => {
    const cases = ['Ana', 'Luis', 'Eva', 'Juan', 'Sol'].map((name, i) => debtor(`C${i}`, name, ['1143334444', `35140000${i}0`]));
    expect(phonesSharedByManyDebtors(cases)).toEqual(new Map([['1143334444', 5]]));
    expect(phonesSharedByManyDebtors(cases.slice(0, 4))).toEqual(new Map());
  });

  it('counts one person under several codes once: the name, folded, is the debtor', () => {
    const same = ['C1', 'C2', 'C3', 'C4', 'C5'].map((code, i) => debtor(code, i % 2 ? 'ANA' : 'Ána', ['1143334444']));
    expect(phonesSharedByManyDebtors(same)).toEqual(new Map());
    expect(debtorKey({ code: 'X', firstName: ' María  José', lastName: 'PEÑA' })).toBe(debtorKey({ code: 'Y', firstName: 'maria jose', lastName: 'Pena' }));
  });

  it('tells nameless debtors apart by their code', () => {
    const nameless = ['C1', 'C2', 'C3', 'C4', 'C5'].map((code) => ({ code, firstName: '', lastName: '', phones: ['1143334444'] }));
    expect(phonesSharedByManyDebtors(nameless).get('1143334444')).toBe(5);
  });

  it('counts as cases go by, and warns each case of its shared phones', () => {
    const tally = new SharedPhoneTally();
    for (const name of ['Ana', 'Luis', 'Eva']) tally.add(debtor(name, name, ['1143334444']));
    expect(tally.shared(3)).toEqual(new Map([['1143334444', 3]]));
    expect(tally.shared()).toEqual(new Map());
    const issues = sharedPhoneIssues({ phones: ['3511112222', '1143334444'], sourceRows: [4] }, new Map([['1143334444', 6]]));
    expect(issues).toEqual([{ severity: 'warning', kind: 'shared-phone', field: 'phones', rows: [4], params: { phone: '1143334444', debtors: 6 } }]);
    expect(describeIssue(issues[0] as PreparedIssue).messageEn).toBe(
      'Phone 1143334444 is shared by 6 different debtors of this batch: a switchboard or a placeholder?',
    );
  });

  it('after an edit, counts again only the phones it touched: a case keeps its warning of another phone as it was', () => {
    const before = debtor('C4', 'Sol', ['1143334444']);
    expect(phonesTouched(before, { ...before })).toEqual([]);
    expect(phonesTouched(before, { ...before, firstName: 'SOL' })).toEqual([]);
    expect(phonesTouched(before, { ...before, firstName: 'Ana' })).toEqual(['1143334444']);
    expect(phonesTouched(before, { ...before, phones: ['2614441111'] })).toEqual(['1143334444', '2614441111']);

    const warned = (phone: string, debtors: number) => ({ kind: 'shared-phone', params: { phone, debtors } });
    // Four left on the switchboard; the first of them also on an office line of seven, not touched.
    const cases = ['Ana', 'Luis', 'Eva', 'Juan'].map((name, i) => ({
      ...debtor(`C${i}`, name, i === 0 ? ['1143334444', '1150005000'] : ['1143334444']),
      sourceRows: [i + 2],
      issues: [warned('1143334444', 5), ...(i === 0 ? [warned('1150005000', 7)] : [])],
    }));
    const recounted = recountSharedPhones(cases, new Set(['1143334444', '2614441111']));
    expect(recounted.map((r) => r.issues.map((i) => i.params))).toEqual([[{ phone: '1150005000', debtors: 7 }], [], [], []]);
  });
});
