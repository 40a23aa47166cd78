// Rows of the file that became no case (they had data but no code), as the batch screen speaks of them.

/**
 * More rows without a code than cases: not a totals row or two, but a file read wrongly. Nearly always the
 * column taken as the code is not it, or the code is written only on each debtor's first row (then some
 * rows do make cases: with none, only the first reason fits). Null: nothing to doubt.
 */
export function codeColumnInDoubt(rowsWithoutCase: number, cases: number): 'noCase' | 'moreThanCases' | null {
  if (rowsWithoutCase <= cases) return null;
  return cases === 0 ? 'noCase' : 'moreThanCases';
}
