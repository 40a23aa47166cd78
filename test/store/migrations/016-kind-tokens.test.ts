// Migration 16: a store whose cases name their issue kinds in full (" phone-fixed suppressed-code ",
// "k:phone-fixed") reads the same once they are numbered: filters, counts and the ledger's holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  batchesWithLedgerHolds,
  caseIdsWithKind,
  countCasesByKind,
  createBatch,
  insertBatchCases,
  MIGRATIONS,
  openStore,
  pageCaseIds,
} from '../../../src-main/store';
import { anaCase } from '../../support/ana-case';
import { TEST_STORE_KEY } from '../../support/store-key';
import { insertCasesAsEarlier } from '../../support/earlier-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const aCase = (code: string, kinds: string[]) =>
  anaCase(code, { status: 'warning', issues: kinds.map((kind) => ({ severity: 'warning', field: 'phones', rows: [2], kind })) });

it('numbers the kinds an earlier CaseDesk stored by name, and finds the same cases by them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m16-'));
  dirs.push(dir);
  const old = openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= 15),
  );
  const batchId = createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
  insertCasesAsEarlier(old.db, batchId, [aCase('A', ['phone-fixed', 'suppressed-code']), aCase('B', ['phone-fixed', 'too-many-phones']), aCase('C', [])]);
  // As that version wrote them: every kind by its name.
  const ids = old.db.prepare('SELECT code, id FROM batch_cases').all() as { code: string; id: number }[];
  const id = Object.fromEntries(ids.map((r) => [r.code, r.id]));
  old.db.exec('DELETE FROM case_keys');
  const key = old.db.prepare('INSERT INTO case_keys (batch_id, key, case_id) VALUES (?, ?, ?)');
  const kinds = old.db.prepare('UPDATE batch_cases SET issue_kinds = ? WHERE id = ?');
  for (const [code, names] of [
    ['A', ['phone-fixed', 'suppressed-code']],
    ['B', ['phone-fixed', 'too-many-phones']],
  ] as const) {
    kinds.run(` ${names.join(' ')} `, id[code]);
    for (const name of names) key.run(batchId, `k:${name}`, id[code]);
  }
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    expect(store.db.prepare('SELECT issue_kinds FROM batch_cases ORDER BY id').pluck().all()).toEqual([' 0 suppressed-code ', ' 0 7 ', '']);
    expect(store.db.prepare('SELECT key FROM case_keys ORDER BY key, case_id').pluck().all()).toEqual(['0', '0', '7', 'suppressed-code']);
    expect(countCasesByKind(store.db, batchId).map((k) => [k.kind, k.cases])).toEqual([
      ['phone-fixed', 2],
      ['suppressed-code', 1],
      ['too-many-phones', 1],
    ]);
    expect(caseIdsWithKind(store.db, batchId, 'too-many-phones')).toEqual([id.B]);
    expect(pageCaseIds(store.db, batchId, { kind: 'phone-fixed' }, 0, 10)).toEqual([id.A, id.B]);
    expect(batchesWithLedgerHolds(store.db)).toEqual([batchId]);
    // A kind's number given as a filter is no kind: it finds nothing.
    expect(pageCaseIds(store.db, batchId, { kind: '7' }, 0, 10)).toEqual([]);
  } finally {
    store.close();
  }
});

it('keys new cases by numbered kinds, as the migration leaves the old ones (their issue_kinds column left empty since migration 29)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m16-'));
  dirs.push(dir);
  const store = openStore(dir, TEST_STORE_KEY);
  try {
    const batchId = createBatch(store.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
    insertBatchCases(store.db, batchId, [aCase('A', ['phone-fixed', 'suppressed-code'])]);
    expect(store.db.prepare('SELECT issue_kinds FROM batch_cases').pluck().get()).toBe('');
    expect(store.db.prepare('SELECT key FROM case_keys ORDER BY key').pluck().all()).toEqual(['0', 'suppressed-code']);
  } finally {
    store.close();
  }
});
