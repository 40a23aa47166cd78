// What the case drawer shows of a case too big to edit field by field: one that gathered thousands of
// rows (nearly always a column taken as the code that does not tell debtors apart). Rendering 20,000
// product editors and 100,000 issues froze the screen; the drawer shows their counts and the first few.
import type { BatchCaseView } from '../../../../src-main/surface/procedures';
import { CASE_ISSUES_SHOWN } from '../../stores/batch';
/** Products the drawer edits one by one; a case with more is read here and corrected in the error report. */
export const DRAWER_PRODUCTS = 100;
/** Row numbers written out in a list of rows; the rest are counted. */
export const ROWS_WRITTEN = 12;

/** All of the case's issues, as its counts keep them. */
export function issueTotal(c: Pick<BatchCaseView, 'issueCounts'>): number {
  return c.issueCounts.errors + c.issueCounts.warnings + c.issueCounts.fixes;
}

/** Its products, or the rows they came from when some were left out (a bad amount or date). */
export function productCount(c: Pick<BatchCaseView, 'products' | 'sourceRows'>): number {
  return Math.max(c.products.length, c.sourceRows.length);
}

/**
 * Too big to edit in the drawer: more products than it edits, or more issues than it lists (an edit of
 * the phones would then send a list built without the phones whose issues were left out). `answered`:
 * the issues the store gave for CASE_ISSUES_ASKED; more than are shown says some were left out, even
 * when the counts (a grid row read before another case's edit flagged a shared phone) say fewer.
 */
export function tooBigToEdit(c: Pick<BatchCaseView, 'products' | 'sourceRows' | 'issueCounts'>, answered = 0): boolean {
  return productCount(c) > DRAWER_PRODUCTS || issueTotal(c) > CASE_ISSUES_SHOWN || answered > CASE_ISSUES_SHOWN;
}

/**
 * How many issues the case holds, as far as is known: a whole answer is exact; a cut one, the counts,
 * unless they are behind it (null: more than are shown, how many more unknown).
 */
export function knownIssueTotal(c: Pick<BatchCaseView, 'issueCounts'>, answered: number): number | null {
  if (answered <= CASE_ISSUES_SHOWN) return answered;
  const counted = issueTotal(c);
  return counted >= answered ? counted : null;
}

/** "2, 3, 4" for a few rows; for many, the first ones and how many more (never "and 1 more"). */
export function rowsWritten(rows: readonly number[]): { rows: string; more: number } {
  const shown = rows.length > ROWS_WRITTEN ? rows.slice(0, ROWS_WRITTEN - 2) : rows;
  return { rows: shown.join(', '), more: rows.length - shown.length };
}
