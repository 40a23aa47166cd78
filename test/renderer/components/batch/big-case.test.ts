// When the case drawer stops editing field by field (a case of thousands of rows under one code), and
// how it writes a long list of rows.
import { expect, it } from 'vitest';
import {
  DRAWER_PRODUCTS,
  issueTotal,
  knownIssueTotal,
  productCount,
  rowsWritten,
  ROWS_WRITTEN,
  tooBigToEdit,
} from '../../../../src-renderer/src/components/batch/big-case';
import { CASE_ISSUES_ASKED, CASE_ISSUES_SHOWN } from '../../../../src-renderer/src/stores/batch';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 2);
const aCase = (products: number, issues: number, sourceRows = products) => ({
  products: Array.from({ length: products }, () => ({ debtCode: 'OP', pid: 'Visa', debt: '10.00', expiration: '2027-12-10' })),
  sourceRows: rows(sourceRows),
  issueCounts: { errors: 1, warnings: issues - 1, fixes: 0 },
});

it('writes every row of a short list, and the first ten and how many more of a long one', () => {
  expect(rowsWritten([7])).toEqual({ rows: '7', more: 0 });
  expect(rowsWritten(rows(ROWS_WRITTEN))).toEqual({ rows: rows(ROWS_WRITTEN).join(', '), more: 0 });
  // Never "and 1 more": past the limit, two fewer are written.
  expect(rowsWritten(rows(ROWS_WRITTEN + 1))).toEqual({ rows: rows(ROWS_WRITTEN - 2).join(', '), more: 3 });
  expect(rowsWritten(rows(20_000))).toEqual({ rows: '2, 3, 4, 5, 6, 7, 8, 9, 10, 11', more: 19_990 });
});

it('edits a case of up to DRAWER_PRODUCTS products whose issues it lists whole', () => {
  expect(tooBigToEdit(aCase(DRAWER_PRODUCTS, CASE_ISSUES_SHOWN))).toBe(false);
  expect(tooBigToEdit(aCase(DRAWER_PRODUCTS + 1, 10))).toBe(true);
  expect(tooBigToEdit(aCase(3, CASE_ISSUES_SHOWN + 1))).toBe(true);
  // Rows whose products were left out (a bad amount) count as products: they are edited there too.
  expect(tooBigToEdit(aCase(1, 10, DRAWER_PRODUCTS + 1))).toBe(true);
  // An answer longer than what is shown left some out, whatever the (older) counts say.
  expect(tooBigToEdit(aCase(3, 10), CASE_ISSUES_ASKED)).toBe(true);
  expect(tooBigToEdit(aCase(3, 10), CASE_ISSUES_SHOWN)).toBe(false);
  expect(productCount(aCase(1, 10, 40))).toBe(40);
  expect(issueTotal(aCase(1, 57))).toBe(57);
});

it('says how many issues a case holds only when it is known', () => {
  // A whole answer is exact, even when the counts are behind it (another case's edit flagged a shared phone).
  expect(knownIssueTotal(aCase(3, 995), 997)).toBe(997);
  // A cut answer: the counts, when they hold at least as many.
  expect(knownIssueTotal(aCase(3, 5000), CASE_ISSUES_ASKED)).toBe(5000);
  // Counts behind a cut answer: more than are shown, how many more unknown.
  expect(knownIssueTotal(aCase(3, 995), CASE_ISSUES_ASKED)).toBeNull();
});
