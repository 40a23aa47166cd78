// A case's source rows, kept only where its raw rows do not say them (migration 33), read back the
// same either way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import Database from 'better-sqlite3-multiple-ciphers';
import { casesByIds, createBatch, insertBatchCases, openStore } from '../../src-main/store';
import { sourceRowsOf, sourceRowsSql, storedSourceRows } from '../../src-main/store/source-rows';
import { anaCase } from '../support/ana-case';

const packed = (...rows: number[]) => rows.map((row) => [row, 0, 0, ['3516000001'], 0, 0, '', '1,00', '01/01/2027']);

it('leaves the rows out where the raw rows name the same ones, in order, and keeps them anywhere else', () => {
  expect(storedSourceRows([7], packed(7))).toBe('');
  expect(storedSourceRows([7, 9], packed(7, 9))).toBe('');
  expect(storedSourceRows([9, 7], packed(7, 9))).toBe('[9,7]');
  expect(storedSourceRows([7], packed(7, 9))).toBe('[7]');
  expect(storedSourceRows([7], [])).toBe('[7]');
  expect(storedSourceRows([], [])).toBe('[]');
  // Raw rows as objects (before they were packed), or a row number that is no whole number.
  expect(storedSourceRows([7], [{ row: 7 }])).toBe('[7]');
  expect(storedSourceRows([7], [['7']])).toBe('[7]');
  expect(storedSourceRows([7.5], [[7.5]])).toBe('[7.5]');
  // A sparse list, whose hole JSON writes as null.
  expect(storedSourceRows([7], new Array<unknown>(1))).toBe('[7]');
});

it('is read back by SQLite as the JSON it would have stored', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE batch_cases (source_rows_json TEXT, raw_json TEXT)');
  const insert = db.prepare('INSERT INTO batch_cases (source_rows_json, raw_json) VALUES (?, ?)');
  const read = db.prepare(`SELECT ${sourceRowsSql('c')} FROM batch_cases c WHERE rowid = ?`).pluck();
  for (const [rows, raw] of [
    [[7], packed(7)],
    [[7, 1048576], packed(7, 1048576)],
    [[9, 7], packed(7, 9)],
    [[], []],
  ] as const) {
    const { lastInsertRowid } = insert.run(storedSourceRows(rows, raw), JSON.stringify(raw));
    expect(read.get(lastInsertRowid)).toBe(JSON.stringify(rows));
    // And by a reader that has the raw rows parsed already (the error report), the same.
    expect(sourceRowsOf(storedSourceRows(rows, raw), JSON.parse(JSON.stringify(raw)) as unknown[])).toEqual(rows);
  }
});

it("gives a case's rows back from the store whichever way they were kept", () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-source-rows-'));
  const store = openStore(dir, null);
  try {
    const id = createBatch(store.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
    insertBatchCases(store.db, id, [anaCase('SAID', { sourceRows: [4, 5], raw: packed(4, 5) }), anaCase('KEPT', { sourceRows: [6], raw: [] })]);
    expect(store.db.prepare('SELECT code, source_rows_json AS kept FROM batch_cases ORDER BY id').all()).toEqual([
      { code: 'SAID', kept: '' },
      { code: 'KEPT', kept: '[6]' },
    ]);
    const ids = store.db.prepare('SELECT id FROM batch_cases ORDER BY id').pluck().all() as number[];
    expect(casesByIds(store.db, ids).map((c) => c.sourceRows)).toEqual([[4, 5], [6]]);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
