// A batch's issues read a page of cases at a time: what the CLI lists of a million-case batch without
// holding them all, and the same issues, in the same order, as the whole list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addRowIssues,
  createBatch,
  firstIssues,
  insertBatchCases,
  ISSUE_PAGE_ISSUES,
  issuePage,
  ROW_ISSUE_PAGE,
  listIssues,
  openStore,
  type IssueInput,
  type IssueRow,
  type Store,
} from '../../src-main/store';
import { anaCase } from '../support/ana-case';
import { TEST_STORE_KEY } from '../support/store-key';

let dir: string;
let store: Store;
let batchId: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-issues-'));
  store = openStore(dir, TEST_STORE_KEY);
  batchId = createBatch(store.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const fix: IssueInput = { severity: 'fix', kind: 'phone-fixed', field: 'phones', rows: [2], params: { before: '0351 15-400-0001', after: '3514000001' } };
const warning: IssueInput = { severity: 'warning', kind: 'name-missing', field: 'first_name', rows: [2], params: { field: 'first_name' } };
const error: IssueInput = { severity: 'error', kind: 'no-valid-phones', field: 'phones', rows: [2], params: {} };

/** Seven cases: every third with a warning, every fifth with an error, all but the last with a fix; a row that became no case. */
function sevenCases(): void {
  const cases = Array.from({ length: 7 }, (_, i) =>
    anaCase(`C${i}`, { issues: [...(i < 6 ? [fix] : []), ...(i % 3 === 0 ? [warning] : []), ...(i % 5 === 0 ? [error] : [])] }),
  );
  insertBatchCases(store.db, batchId, cases, [{ severity: 'error', kind: 'row-without-code', field: 'code', rows: [9], params: {} }]);
}

/** Every page of `cases` cases, asked for as the CLI does. */
function allPages(severity: IssueInput['severity'] | undefined, cases: number): { pages: IssueRow[][]; calls: number } {
  const pages: IssueRow[][] = [];
  for (let after: { caseId: number; rowId?: number } | null = { caseId: 0 }; after !== null;) {
    const page = issuePage(store.db, batchId, { severity, afterCaseId: after.caseId, afterRowId: after.rowId, cases });
    pages.push(page.issues);
    after = page.nextRowId !== null ? { caseId: 0, rowId: page.nextRowId } : page.next !== null ? { caseId: page.next } : null;
  }
  return { pages, calls: pages.length };
}

it.each([undefined, 'error', 'warning', 'fix'] as const)('gives, page by page, the issues the whole list has (severity %s)', (severity) => {
  sevenCases();
  const whole = listIssues(store.db, batchId, { severity });
  for (const size of [1, 2, 3, 7, 100]) expect(allPages(severity, size).pages.flat()).toEqual(whole);
});

it('lists the row-level issues on the first page only, before the cases’', () => {
  sevenCases();
  const first = issuePage(store.db, batchId, { afterCaseId: 0, cases: 2 });
  expect(first.issues.map((i) => i.id.split(':')[0])).toEqual(['row', 'case', 'case', 'case', 'case']);
  expect(first.next).not.toBeNull();
  const second = issuePage(store.db, batchId, { afterCaseId: first.next ?? 0, cases: 2 });
  expect(second.issues.every((i) => i.caseId !== null)).toBe(true);
});

it('gives the rows that became no case ROW_ISSUE_PAGE at a time, then the cases’, all of them in the order found', () => {
  // A file whose codes are mostly blank: more rows without a case than a page holds.
  const rows = Array.from({ length: ROW_ISSUE_PAGE * 2 + 3 }, (_, n): IssueInput => ({ ...error, kind: 'row-without-code', field: 'code', rows: [n + 2] }));
  insertBatchCases(store.db, batchId, [anaCase('A', { issues: [warning] })], rows);
  const first = issuePage(store.db, batchId, { afterCaseId: 0, cases: 10 });
  expect(first.issues).toHaveLength(ROW_ISSUE_PAGE);
  expect(first.nextRowId).not.toBeNull();
  const { pages } = allPages(undefined, 10);
  expect(pages.map((p) => p.length)).toEqual([ROW_ISSUE_PAGE, ROW_ISSUE_PAGE, 4]);
  const whole = listIssues(store.db, batchId);
  expect(pages.flat()).toEqual(whole);
  expect(whole.slice(0, -1).map((i) => i.rows[0])).toEqual(rows.map((r) => r.rows[0]));
  // The cases' alone, as the error report's corrections read them beside each case.
  expect(listIssues(store.db, batchId, { casesOnly: true }).map((i) => i.code)).toEqual(['A']);
  expect(listIssues(store.db, batchId, { rowsOnly: true })).toHaveLength(rows.length);
});

it('goes on past a page of cases with no issue of the severity asked', () => {
  sevenCases();
  const { pages } = allPages('error', 2);
  // C0 and C5 hold the errors; C2 and C3 none, C6 none.
  expect(pages.map((p) => p.map((i) => i.code))).toEqual([[null, 'C0'], [], ['C5'], []]);
});

it('says there is no next page once the cases are all read, even when the last page is full', () => {
  sevenCases();
  expect(allPages(undefined, 7).pages.map((p) => p.length)).toEqual([12, 0]);
  expect(issuePage(store.db, batchId, { afterCaseId: 0, cases: 8 }).next).toBeNull();
});

it('reads a batch with no issues as one empty page', () => {
  insertBatchCases(store.db, batchId, [anaCase('A')]);
  addRowIssues(store.db, batchId, []);
  expect(issuePage(store.db, batchId, { afterCaseId: 0, cases: 1000 })).toEqual({ issues: [], next: null, nextRowId: null });
});

it('ends a page after the case that brings it to ISSUE_PAGE_ISSUES, every issue of a case in one page', () => {
  // Cases of many rows: 6,000 fixes each.
  const many = (code: string) => anaCase(code, { issues: Array.from({ length: 6000 }, (_, n) => ({ ...fix, rows: [n + 2] })) });
  insertBatchCases(store.db, batchId, [many('A'), many('B'), many('C')]);
  const { pages } = allPages(undefined, 1000);
  expect(ISSUE_PAGE_ISSUES).toBeLessThan(12_000);
  expect(pages.map((p) => [...new Set(p.map((i) => i.code))])).toEqual([['A', 'B'], ['C']]);
  expect(pages.flat()).toEqual(listIssues(store.db, batchId));
});

describe('the first issues of one case or of the rows, as a screen shows them', () => {
  /** A case of many rows, its issues as a wrong code column leaves them: fixes and warnings each row, an error now and then. */
  function bigCase(rows: number): number {
    const issues: IssueInput[] = [];
    for (let n = 0; n < rows; n++) {
      issues.push({ ...fix, rows: [n + 2] }, { ...warning, rows: [n + 2] });
      if (n % 100 === 99) issues.push({ ...error, rows: [n + 2] });
    }
    insertBatchCases(store.db, batchId, [anaCase('A'), anaCase('BIG', { issues })]);
    return listIssues(store.db, batchId, { rowsOnly: false }).find((i) => i.code === 'BIG')?.caseId ?? 0;
  }

  it('gives errors first, then warnings, then fixes, each in the order found, and no more than asked', () => {
    const caseId = bigCase(1000);
    const whole = listIssues(store.db, batchId, { caseId });
    const first = firstIssues(store.db, batchId, { caseId }, 25);
    expect(first.map((i) => i.severity)).toEqual([...Array<string>(10).fill('error'), ...Array<string>(15).fill('warning')]);
    // The same issues the whole list holds, ids and all.
    expect(first.slice(0, 10)).toEqual(whole.filter((i) => i.severity === 'error'));
    expect(first.slice(10)).toEqual(whole.filter((i) => i.severity === 'warning').slice(0, 15));
    expect(firstIssues(store.db, batchId, { caseId }, 5000)).toHaveLength(whole.length);
    expect(firstIssues(store.db, batchId, { caseId }, 3, 'fix')).toEqual(whole.filter((i) => i.severity === 'fix').slice(0, 3));
  });

  it('gives a small case its whole list, sorted by severity', () => {
    sevenCases();
    const caseId = listIssues(store.db, batchId, { rowsOnly: false }).find((i) => i.code === 'C0')?.caseId ?? 0;
    expect(firstIssues(store.db, batchId, { caseId }, 100).map((i) => i.kind)).toEqual(['no-valid-phones', 'name-missing', 'phone-fixed']);
  });

  it('gives the first rows that became no case, errors first, and not a case’s', () => {
    insertBatchCases(
      store.db,
      batchId,
      [anaCase('A', { issues: [error] })],
      [
        { severity: 'warning', kind: 'row-ignored', field: 'code', rows: [3], params: {} },
        ...Array.from({ length: 120 }, (_, n): IssueInput => ({ severity: 'error', kind: 'row-without-code', field: 'code', rows: [n + 10], params: {} })),
      ],
    );
    const first = firstIssues(store.db, batchId, { rowsOnly: true }, 50);
    expect(first).toHaveLength(50);
    expect(first.every((i) => i.caseId === null && i.severity === 'error')).toBe(true);
    expect(first.map((i) => i.rows[0])).toEqual(Array.from({ length: 50 }, (_, n) => n + 10));
    expect(firstIssues(store.db, batchId, { rowsOnly: true }, 5, 'warning').map((i) => i.rows)).toEqual([[3]]);
  });

  it('goes on to the rows’ warnings when their errors are fewer than asked, each severity by kind and then as found', () => {
    const row = (severity: IssueInput['severity'], kind: string, r: number): IssueInput => ({ severity, kind, field: 'code', rows: [r], params: {} });
    insertBatchCases(
      store.db,
      batchId,
      [anaCase('A')],
      [row('warning', 'w', 3), row('error', 'z-kind', 4), row('error', 'a-kind', 5), row('error', 'z-kind', 6)],
    );
    expect(firstIssues(store.db, batchId, { rowsOnly: true }, 10).map((i) => i.rows[0])).toEqual([5, 4, 6, 3]);
    expect(firstIssues(store.db, batchId, { rowsOnly: true }, 2).map((i) => i.rows[0])).toEqual([5, 4]);
    // Another batch's rows are never among them.
    const other = createBatch(store.db, { environment: 'demo', name: 'c', sourceFile: 'c.csv', maxPhonePriority: 1 });
    insertBatchCases(store.db, other, [anaCase('B')], [row('error', 'a-kind', 9)]);
    expect(firstIssues(store.db, other, { rowsOnly: true }, 10).map((i) => i.rows[0])).toEqual([9]);
  });
});
