// When the rows that became no case say the file was read wrongly, not that it has a totals row.
import { expect, it } from 'vitest';
import { codeColumnInDoubt } from '../../../../src-renderer/src/components/batch/rows-without-case';

it('doubts the code column when more rows became no case than cases', () => {
  // 1,000,000 rows, the code only on each debtor's first: 20,000 cases, 980,000 rows without one.
  expect(codeColumnInDoubt(980_000, 20_000)).toBe('moreThanCases');
  // No case at all: the code column is not it (the code on first rows only would have made some).
  expect(codeColumnInDoubt(1, 0)).toBe('noCase');
});

it('does not for a totals row or a few rows without a code', () => {
  expect(codeColumnInDoubt(1, 90_909)).toBeNull();
  expect(codeColumnInDoubt(60, 1_001)).toBeNull();
  expect(codeColumnInDoubt(20_000, 20_000)).toBeNull();
  expect(codeColumnInDoubt(0, 0)).toBeNull();
});
