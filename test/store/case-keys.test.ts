// The search text of a case: its ASCII fast path folds exactly as the general one does, and what
// SQLite works out from a row (migration 22) is the same text.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import Database from 'better-sqlite3-multiple-ciphers';
import { derivedSearchText, searchTerm, searchText, searchTextSql, storedSearchText } from '../../src-main/store/case-keys';

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

it('stores the search text only where SQLite cannot work it out from the row, and SQLite finds the same text either way', () => {
  const db = new Database(':memory:');
  db.exec("CREATE TABLE batch_cases (code TEXT, first_name TEXT, last_name TEXT, phones_json TEXT, search_text TEXT NOT NULL DEFAULT '')");
  const insert = db.prepare('INSERT INTO batch_cases (code, first_name, last_name, phones_json, search_text) VALUES (?, ?, ?, ?, ?)');
  const found = db.prepare(`SELECT ${searchTextSql('c')} FROM batch_cases c WHERE rowid = ?`).pluck();
  const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('PÉREZ', 'María José', 'O"Brien', '[]', '","'));
  const phone = fc.oneof(fc.stringMatching(/^\d{0,12}$/), fc.string(), fc.constant('351 400-0001'));
  try {
    fc.assert(
      fc.property(fc.record({ code: text, firstName: text, lastName: text, phones: fc.array(phone, { maxLength: 4 }) }), (c) => {
        const phonesJson = JSON.stringify(c.phones);
        const { lastInsertRowid } = insert.run(c.code, c.firstName, c.lastName, phonesJson, storedSearchText(c, phonesJson));
        return found.get(lastInsertRowid) === searchText(c);
      }),
      { numRuns: 2_000 },
    );
    // A plain ASCII case stores nothing; an accent or a letter SQLite cannot lower keeps its text.
    const ascii = { code: 'C01', firstName: 'JUAN', lastName: 'Perez', phones: ['3514000001', '1140000002'] };
    expect(storedSearchText(ascii, JSON.stringify(ascii.phones))).toBe('');
    expect(derivedSearchText('C01', 'JUAN', 'Perez', JSON.stringify(ascii.phones))).toBe('c01 juan perez 3514000001 1140000002');
    // Its shortcut (ASCII names, phones of digits) stores nothing only where the text worked out is the same.
    fc.assert(
      fc.property(
        fc.record({
          code: fc.string({ unit: 'binary-ascii' }),
          firstName: fc.string({ unit: 'binary-ascii' }),
          lastName: fc.string({ unit: 'binary-ascii' }),
          phones: fc.array(fc.stringMatching(/^\d{0,12}$/), { maxLength: 4 }),
        }),
        (c) => {
          const phonesJson = JSON.stringify(c.phones);
          return storedSearchText(c, phonesJson) === '' && derivedSearchText(c.code, c.firstName, c.lastName, phonesJson) === searchText(c);
        },
      ),
      { numRuns: 2_000 },
    );
    // A phone that is no text (never built so) keeps its text: SQLite would read its JSON differently.
    const numeric = { ...ascii, phones: [5493514000001] as unknown as string[] };
    expect(storedSearchText(numeric, JSON.stringify(numeric.phones))).toBe('c01 juan perez 5493514000001');
    const accented = { ...ascii, lastName: 'Peña' };
    expect(storedSearchText(accented, JSON.stringify(accented.phones))).toBe('c01 juan pena 3514000001 1140000002');
  } finally {
    db.close();
  }
});
