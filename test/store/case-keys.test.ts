// The search text of a case: its ASCII fast path folds exactly as the general one does.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { searchTerm, searchText } from '../../src-main/store/case-keys';

/** The first definition, before the fast paths. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const firstSearchText = (c: { code: string; firstName: string; lastName: string; phones: readonly string[] }) =>
  [c.code, c.firstName, c.lastName, ...c.phones.map((p) => p.replace(/\D/g, ''))].map(folded).join(' ');

it('folds any text as the general way does', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (text) => searchTerm(text) === folded(text)),
    {
      numRuns: 2_000,
    },
  );
  expect(searchTerm('PEÑA Ñandú')).toBe('pena nandu');
});

it('makes the same search text as its first version for any case', () => {
  const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }));
  const phone = fc.oneof(fc.stringMatching(/^\d{0,12}$/), fc.string(), fc.constant('351 400-0001'));
  fc.assert(
    fc.property(
      fc.record({ code: text, firstName: text, lastName: text, phones: fc.array(phone, { maxLength: 4 }) }),
      (c) => searchText(c) === firstSearchText(c),
    ),
    { numRuns: 2_000 },
  );
});
