// A case as the store takes it, for tests of the store: one debtor, Ana Peña, with one phone.
import type { BatchCaseInput } from '../../src-main/store';

/** A ready case of one debtor with one phone, from row 2; `more` adds or overrides fields. */
export const anaCase = (code: string, more: Partial<BatchCaseInput> = {}): BatchCaseInput => ({
  code,
  firstName: 'Ana',
  lastName: 'Peña',
  phones: ['3514000001'],
  products: [],
  params: {},
  sourceRows: [2],
  status: 'ready',
  ...more,
});
