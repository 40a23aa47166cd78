// A statement is prepared once per connection and SQL text, and works as a fresh one would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src-main/store';
import { statement } from '../../src-main/sqlite/statement-cache';
import { TEST_STORE_KEY } from '../support/store-key';

let dirs: string[] = [];
let stores: Store[] = [];
const open = (): Store => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-statements-'));
  dirs.push(dir);
  const store = openStore(dir, TEST_STORE_KEY);
  stores.push(store);
  return store;
};
beforeEach(() => {
  dirs = [];
  stores = [];
});
afterEach(() => {
  for (const s of stores) s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('statement', () => {
  it('gives the same statement for the same SQL on one connection, and its own to another connection', () => {
    const a = open();
    const b = open();
    const sql = 'SELECT count(*) AS n FROM batches WHERE id > ?';
    expect(statement(a.db, sql)).toBe(statement(a.db, sql));
    expect(statement(b.db, sql)).not.toBe(statement(a.db, sql));
    expect(statement(a.db, `${sql} `)).not.toBe(statement(a.db, sql));
    expect(statement(a.db, sql).get(0)).toEqual({ n: 0 });
  });

  it('still reads right after the table it reads changes shape (SQLite prepares it again)', () => {
    const { db } = open();
    db.exec('CREATE TABLE t (a INTEGER)');
    db.prepare('INSERT INTO t (a) VALUES (1)').run();
    const read = 'SELECT * FROM t';
    expect(statement(db, read).get()).toEqual({ a: 1 });
    db.exec("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'");
    expect(statement(db, read).get()).toEqual({ a: 1, b: 'x' });
  });

  it('starts again past 500 statements, so SQL built from data cannot fill the memory', () => {
    const { db } = open();
    const first = statement(db, 'SELECT 0');
    for (let i = 1; i < 500; i++) statement(db, `SELECT ${i}`);
    expect(statement(db, 'SELECT 0')).toBe(first);
    statement(db, 'SELECT 500');
    expect(statement(db, 'SELECT 0')).not.toBe(first);
  });
});
