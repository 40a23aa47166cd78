// Rows of the file that became no case (they had data but no code), as the batch screen speaks of them.

/**
 * More rows without a code than cases: not a totals row or two, but a file read wrongly. Nearly always the
 * column taken as the code is not it, or the code is written only on each debtor's first row.
 */
export function codeColumnInDoubt(rowsWithoutCase: number, cases: number): boolean {
  return rowsWithoutCase > cases;
}
