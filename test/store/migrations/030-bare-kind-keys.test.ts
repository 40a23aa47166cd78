// Migration 30: a kind's key loses the "k:" before it, in the keys and in their kept counts; a set's
// key ("d:") keeps its own. The grid finds and counts the same cases by kind as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { countCasesByKind, countMatchingCases, createBatch, kindKey, MIGRATIONS, openStore, pageCases, type IssueInput } from '../../../src-main/store';
import { anaCase } from '../../support/ana-case';
import { insertCasesAsEarlier } from '../../support/earlier-store';
import { TEST_STORE_KEY } from '../../support/store-key';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const issue = (kind: string, severity: IssueInput['severity'] = 'warning'): IssueInput => ({ severity, kind, field: 'phones', rows: [2], params: {} });

/** A store left at migration 29, as that version made it, with one batch. */
function storeAt29() {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m30-'));
  dirs.push(dir);
  const old = openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= 29),
  );
  const id = createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
  return { dir, old, id };
}

it('takes the "k:" off the kinds\' keys and their counts, keeps a set\'s key, and finds the same cases', () => {
  const { dir, old, id } = storeAt29();
  insertCasesAsEarlier(old.db, id, [
    anaCase('A', { issues: [issue('phone-dropped'), issue('phone-fixed', 'fix')] }),
    anaCase('B', { issues: [issue('phone-dropped'), issue('duplicate-other-batch')] }),
    anaCase('C', { issues: [issue('suppressed-code')] }),
  ]);
  const keys = (db: typeof old.db) => db.prepare('SELECT key, count(*) AS n FROM case_keys GROUP BY key ORDER BY key').all();
  const counts = (db: typeof old.db) => db.prepare('SELECT key, cases AS n FROM batch_key_counts ORDER BY key').all();
  const before = [
    { key: 'd:', n: 1 },
    { key: 'k:0', n: 1 },
    { key: 'k:1', n: 2 },
    { key: 'k:duplicate-other-batch', n: 1 },
    { key: 'k:suppressed-code', n: 1 },
  ];
  expect(keys(old.db)).toEqual(before);
  expect(counts(old.db)).toEqual(before);
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    const after = [
      { key: '0', n: 1 },
      { key: '1', n: 2 },
      { key: 'd:', n: 1 },
      { key: 'duplicate-other-batch', n: 1 },
      { key: 'suppressed-code', n: 1 },
    ];
    expect(keys(store.db)).toEqual(after);
    expect(counts(store.db)).toEqual(after);
    expect(countCasesByKind(store.db, id).map((k) => [k.kind, k.cases])).toEqual([
      ['duplicate-other-batch', 1],
      ['phone-dropped', 2],
      ['phone-fixed', 1],
      ['suppressed-code', 1],
    ]);
    expect(pageCases(store.db, id, { kind: 'phone-dropped' }, 0, 10).map((c) => c.code)).toEqual(['A', 'B']);
    expect(countMatchingCases(store.db, id, { duplicates: true })).toBe(1);
  } finally {
    store.close();
  }
});

it('gives a kind named with a colon, a question mark or digits the key kindToken gives it now', () => {
  const { dir, old, id } = storeAt29();
  const names = ['weird:kind', 'd:', '?odd', '?', '7', 'plain'];
  insertCasesAsEarlier(
    old.db,
    id,
    names.map((kind, n) => anaCase(`K${n}`, { issues: [issue(kind)] })),
  );
  // As version 29 keyed them: "k:" and the token of its day (a name in digits marked "?7", any other name as it is).
  const earlierToken = (kind: string) => (/^\d+$/.test(kind) ? `?${kind}` : kind);
  const keyOf = old.db.prepare('UPDATE case_keys SET key = ? WHERE batch_id = ? AND key = ?');
  const countOf = old.db.prepare('UPDATE batch_key_counts SET key = ? WHERE batch_id = ? AND key = ?');
  for (const kind of names) {
    keyOf.run(`k:${earlierToken(kind)}`, id, `k:${kindKey(kind)}`);
    countOf.run(`k:${earlierToken(kind)}`, id, `k:${kindKey(kind)}`);
  }
  expect(old.db.prepare('SELECT key FROM case_keys ORDER BY key').pluck().all()).toEqual(names.map((k) => `k:${earlierToken(k)}`).sort());
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    expect(store.db.prepare('SELECT key FROM case_keys ORDER BY key').pluck().all()).toEqual(names.map(kindKey).sort());
    expect(store.db.prepare('SELECT key FROM batch_key_counts ORDER BY key').pluck().all()).toEqual(names.map(kindKey).sort());
    expect(countCasesByKind(store.db, id).map((k) => k.kind)).toEqual([...names].sort());
    for (const [n, kind] of names.entries()) expect(pageCases(store.db, id, { kind }, 0, 10).map((c) => c.code)).toEqual([`K${n}`]);
    expect(countMatchingCases(store.db, id, { duplicates: true })).toBe(0);
  } finally {
    store.close();
  }
});
