// How many cases of a batch have each key, kept beside the keys (migration 25): whatever changes a
// case's kinds, the counts stay what counting the keys gives, and the grid's kinds are read from them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addCaseIssue,
  countCasesByKind,
  createBatch,
  deleteBatchRows,
  findCaseByCode,
  insertBatchCases,
  migrate,
  MIGRATIONS,
  openStore,
  replaceCase,
  replaceIssuesOfKinds,
  type BatchCaseInput,
  type IssueInput,
  type Store,
} from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-key-counts-'));
  store = openStore(dir, TEST_STORE_KEY);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const issue = (kind: string, severity: IssueInput['severity'] = 'warning'): IssueInput => ({ severity, kind, field: 'phones', rows: [2], params: {} });

const aCase = (code: string, issues: IssueInput[]): BatchCaseInput => ({
  code,
  firstName: 'Ana',
  lastName: 'Paz',
  phones: ['3516000001'],
  products: [{ debt_code: `D-${code}`, pid: 'Visa', debt: '10.00', expiration: '2027-01-31' }],
  params: {},
  sourceRows: [2],
  status: issues.some((i) => i.severity === 'warning') ? 'warning' : 'ready',
  issues,
});

/** The counts kept, and the counts the keys give, each as "batch key n" lines. */
const kept = () =>
  (store.db.prepare('SELECT batch_id, key, cases FROM batch_key_counts WHERE cases <> 0 ORDER BY batch_id, key').all() as Record<string, unknown>[]).map(
    (r) => `${r.batch_id} ${r.key} ${r.cases}`,
  );
const counted = () =>
  (
    store.db.prepare('SELECT batch_id, key, count(*) AS cases FROM case_keys GROUP BY batch_id, key ORDER BY batch_id, key').all() as Record<string, unknown>[]
  ).map((r) => `${r.batch_id} ${r.key} ${r.cases}`);

function batchOf(cases: BatchCaseInput[]): number {
  const id = createBatch(store.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
  insertBatchCases(store.db, id, cases);
  return id;
}

describe("a batch's key counts", () => {
  it('are what counting its keys gives, through every change of a case', () => {
    const first = batchOf([aCase('A', [issue('phone-dropped'), issue('phone-fixed', 'fix')]), aCase('B', [issue('phone-dropped')]), aCase('C', [])]);
    const second = batchOf([aCase('A', [issue('name-differs')])]);
    expect(kept()).toEqual(counted());
    expect(kept()).toContain(`${first} k:${1} 2`);

    // An edit that takes a kind off and gives another.
    const b = findCaseByCode(store.db, first, 'B') as number;
    replaceCase(store.db, b, { ...aCase('B', [issue('amount-ambiguous')]) }, 'agent');
    expect(kept()).toEqual(counted());
    // The agent's history: a kind the case already has is counted once.
    addCaseIssue(store.db, first, b, issue('amount-ambiguous'));
    addCaseIssue(store.db, first, findCaseByCode(store.db, first, 'C') as number, issue('name-missing'));
    expect(kept()).toEqual(counted());
    // Duplicates checked again: the "d:" key comes and goes with them.
    const a = findCaseByCode(store.db, first, 'A') as number;
    replaceIssuesOfKinds(store.db, a, (k) => k === 'duplicate-in-campaign', [issue('duplicate-in-campaign')]);
    expect(kept()).toEqual(counted());
    expect(kept()).toContain(`${first} d: 1`);
    replaceIssuesOfKinds(store.db, a, (k) => k === 'duplicate-in-campaign', []);
    expect(kept()).toEqual(counted());

    // A batch deleted takes its counts; the other's stay.
    deleteBatchRows(store.db, first);
    expect(kept()).toEqual(counted());
    expect(kept().every((line) => line.startsWith(`${second} `))).toBe(true);
  });

  it("give the grid's kinds of issue, with a case of each to tell its severity", () => {
    const id = batchOf([aCase('A', [issue('phone-dropped'), issue('phone-fixed', 'fix')]), aCase('B', [issue('phone-dropped')])]);
    expect(countCasesByKind(store.db, id).map(({ kind, cases }) => [kind, cases])).toEqual([
      ['phone-dropped', 2],
      ['phone-fixed', 1],
    ]);
    // Read from the counts: a count changed behind the keys' back shows (it is never worked out again).
    store.db.prepare("UPDATE batch_key_counts SET cases = 7 WHERE batch_id = ? AND key = 'k:1'").run(id);
    expect(countCasesByKind(store.db, id).find((k) => k.kind === 'phone-dropped')).toEqual({
      kind: 'phone-dropped',
      cases: 7,
      sampleCaseId: findCaseByCode(store.db, id, 'A'),
    });
  });

  it('are made from the keys of a store an earlier version wrote (migration 25)', () => {
    const older = mkdtempSync(join(tmpdir(), 'casedesk-key-counts-24-'));
    const at24 = openStore(older, TEST_STORE_KEY, MIGRATIONS.slice(0, 24));
    try {
      const id = createBatch(at24.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
      insertBatchCases(at24.db, id, [aCase('A', [issue('phone-dropped')]), aCase('B', [issue('phone-dropped'), issue('name-differs')])]);
      migrate(at24.db, MIGRATIONS);
      expect(at24.db.prepare('SELECT key, cases FROM batch_key_counts ORDER BY key').all()).toEqual([
        { key: 'k:1', cases: 2 },
        { key: 'k:8', cases: 1 },
      ]);
    } finally {
      at24.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});
