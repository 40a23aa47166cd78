// The counts a batch keeps beside its cases (kept-counts.ts): how many cases have each key (migration
// 25), and how many cases, errors, warnings and fixes each status and upload state holds (migration
// 26). Whatever changes a case, they stay what counting the rows gives, and the screens read them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addCaseIssue,
  addChunks,
  countCasesByKind,
  countCasesByStatus,
  countIssuesBySeverity,
  createBatch,
  deleteBatchRows,
  findCaseByCode,
  insertBatchCases,
  listChunks,
  markInDoubt,
  markSkipped,
  migrate,
  MIGRATIONS,
  openStore,
  recordChunkOutcome,
  recountIfDrifted,
  recordLedgerOutcome,
  replaceCase,
  replaceIssuesOfKinds,
  resolveInDoubt,
  uploadCounts,
  type BatchCaseInput,
  type IssueInput,
  type Store,
} from '../../src-main/store';
import { insertCasesAsEarlier } from '../support/earlier-store';
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

/** The case counts kept, and the ones counting the cases gives, each as "batch status upload_state cases errors warnings fixes" lines. */
const keptCases = () =>
  (store.db.prepare('SELECT * FROM batch_case_counts WHERE cases <> 0 ORDER BY batch_id, status, upload_state').all() as Record<string, unknown>[]).map((r) =>
    [r.batch_id, r.status, r.upload_state, r.cases, r.errors, r.warnings, r.fixes].join(' '),
  );
const countedCases = () =>
  (
    store.db
      .prepare(
        `SELECT batch_id, status, upload_state, count(*) AS cases, sum(error_count) AS errors, sum(warning_count) AS warnings, sum(fix_count) AS fixes
         FROM batch_cases GROUP BY batch_id, status, upload_state ORDER BY batch_id, status, upload_state`,
      )
      .all() as Record<string, unknown>[]
  ).map((r) => [r.batch_id, r.status, r.upload_state, r.cases, r.errors, r.warnings, r.fixes].join(' '));

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
    expect(kept()).toContain(`${first} 1 2`);

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
    store.db.prepare("UPDATE batch_key_counts SET cases = 7 WHERE batch_id = ? AND key = '1'").run(id);
    expect(countCasesByKind(store.db, id).find((k) => k.kind === 'phone-dropped')).toEqual({
      kind: 'phone-dropped',
      cases: 7,
      sampleCaseId: findCaseByCode(store.db, id, 'A'),
    });
  });

  it('are kept from the moment the store gets their table, even on a schema number a rolled-back change used before', () => {
    const older = mkdtempSync(join(tmpdir(), 'casedesk-key-counts-rollback-'));
    const at24 = openStore(older, TEST_STORE_KEY, MIGRATIONS.slice(0, 24));
    try {
      const id = createBatch(at24.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
      // Written inside a schema change that is then rolled back: the next change gets its number again.
      at24.db.exec('BEGIN IMMEDIATE');
      at24.db.exec('CREATE TABLE scratch (x)');
      insertBatchCases(at24.db, id, [aCase('A', [issue('phone-dropped')])]);
      at24.db.exec('ROLLBACK');
      // Migration 25 alone: one table made, the number the rolled-back change had.
      migrate(at24.db, MIGRATIONS.slice(0, 25));
      insertBatchCases(at24.db, id, [aCase('B', [issue('phone-dropped')])]);
      expect(at24.db.prepare('SELECT key, cases FROM batch_key_counts').all()).toEqual([{ key: '1', cases: 1 }]);
    } finally {
      at24.close();
      rmSync(older, { recursive: true, force: true });
    }
  });

  it('are made from the keys of a store an earlier version wrote (migration 25)', () => {
    const older = mkdtempSync(join(tmpdir(), 'casedesk-key-counts-24-'));
    const at24 = openStore(older, TEST_STORE_KEY, MIGRATIONS.slice(0, 24));
    try {
      const id = createBatch(at24.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
      insertBatchCases(at24.db, id, [aCase('A', [issue('phone-dropped')]), aCase('B', [issue('phone-dropped'), issue('name-differs')])]);
      migrate(at24.db, MIGRATIONS);
      expect(at24.db.prepare('SELECT key, cases FROM batch_key_counts ORDER BY key').all()).toEqual([
        { key: '1', cases: 2 },
        { key: '8', cases: 1 },
      ]);
    } finally {
      at24.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});

describe("a batch's case counts", () => {
  const detail = { code: 'upload.detail.split' as const, params: {} };

  it('are what counting its cases gives, through preparation, edits, the list, duplicates and the upload', () => {
    const codes = ['A', 'B', 'C', 'D', 'E', 'F'];
    const id = batchOf(codes.map((code, n) => aCase(code, n % 2 ? [issue('phone-dropped'), issue('phone-fixed', 'fix')] : [])));
    const other = batchOf([aCase('A', [issue('name-differs')])]);
    const idOf = (code: string) => findCaseByCode(store.db, id, code) as number;
    expect(keptCases()).toEqual(countedCases());

    replaceCase(store.db, idOf('A'), { ...aCase('A', [issue('amount-invalid', 'error')]), status: 'rejected' }, 'agent');
    addCaseIssue(store.db, id, idOf('C'), issue('name-missing'));
    replaceIssuesOfKinds(store.db, idOf('B'), (k) => k === 'duplicate-in-campaign', [issue('duplicate-in-campaign')]);
    const debtor = { id: idOf('D'), code: 'D', firstName: 'Ana', lastName: 'Paz', phones: [] as string[] };
    recordLedgerOutcome(store.db, id, debtor as never, { phones: [], status: 'suppressed', issues: [issue('suppressed-no-phones')] });
    expect(keptCases()).toEqual(countedCases());

    // Sent: one chunk, one case loaded, one rejected, one in doubt then resent, one skipped.
    addChunks(store.db, id, 7, [{ caseIds: [idOf('B'), idOf('C'), idOf('E')], bytes: 100 }]);
    const chunk = listChunks(store.db, id).at(-1)?.id as number;
    recordChunkOutcome(store.db, chunk, 'done', [idOf('B')], [{ id: idOf('C'), detail }]);
    markInDoubt(store.db, [idOf('E')], detail);
    expect(keptCases()).toEqual(countedCases());
    resolveInDoubt(store.db, id, 'resend');
    markSkipped(store.db, idOf('F'));
    expect(keptCases()).toEqual(countedCases());

    expect(countCasesByStatus(store.db, id)).toEqual({ ready: 2, warning: 2, rejected: 1, excluded: 0, suppressed: 1 });
    // Sent ones only: E resent (pending), B loaded, C rejected, F skipped; A rejected and D suppressed are not.
    expect(uploadCounts(store.db, id)).toEqual({ pending: 1, loaded: 1, rejected: 1, inDoubt: 0, skipped: 1 });
    expect(countIssuesBySeverity(store.db, id)).toEqual({ errors: 1, warnings: 6, fixes: 3, rowErrors: 0 });

    deleteBatchRows(store.db, id);
    expect(keptCases()).toEqual(countedCases());
    expect(keptCases().every((line) => line.startsWith(`${other} `))).toBe(true);
  });

  it("are made again, with the keys' and the batch's total, when they no longer add up to its cases; once", () => {
    const id = batchOf([aCase('A', [issue('phone-dropped')]), aCase('B', []), aCase('C', [issue('phone-dropped'), issue('name-differs')])]);
    const other = batchOf([aCase('A', [])]);
    expect(recountIfDrifted(store.db, id)).toBe(false);
    // Cases written by a CaseDesk that kept no counts (nor, before migration 23, a total).
    store.db.prepare("DELETE FROM batch_case_counts WHERE batch_id = ? AND status = 'warning'").run(id);
    store.db.prepare('DELETE FROM batch_key_counts WHERE batch_id = ?').run(id);
    store.db.prepare('UPDATE batches SET case_total = 2 WHERE id = ?').run(id);
    expect(recountIfDrifted(store.db, id)).toBe(true);
    expect(keptCases()).toEqual(countedCases());
    expect(kept()).toEqual(counted());
    expect(store.db.prepare('SELECT case_total FROM batches WHERE id = ?').pluck().get(id)).toBe(3);
    expect([recountIfDrifted(store.db, id), recountIfDrifted(store.db, other)]).toEqual([false, false]);
  });

  it('give their form of now to the kind keys an older CaseDesk still running wrote ("k:1"), then count them; once', () => {
    const id = batchOf([aCase('A', [issue('phone-dropped')])]);
    // Written by a CaseDesk of before migration 30 after this one migrated: keys and counts in the earlier form.
    insertCasesAsEarlier(store.db, id, [aCase('B', [issue('phone-dropped'), issue('duplicate-other-batch')]), aCase('C', [issue('name-differs')])]);
    store.db.prepare('UPDATE batches SET case_total = 3 WHERE id = ?').run(id);
    expect(counted()).toEqual([`${id} d: 1`, `${id} k:1 2`, `${id} k:8 1`, `${id} k:duplicate-other-batch 1`]);
    expect(recountIfDrifted(store.db, id)).toBe(true);
    expect(counted()).toEqual([`${id} 1 2`, `${id} 8 1`, `${id} d: 1`, `${id} duplicate-other-batch 1`]);
    expect(kept()).toEqual(counted());
    expect(countCasesByKind(store.db, id).map((k) => [k.kind, k.cases])).toEqual([
      ['duplicate-other-batch', 1],
      ['name-differs', 1],
      ['phone-dropped', 2],
    ]);
    // An edit now leaves no key behind (its duplicate warning stays through the edit).
    replaceCase(store.db, findCaseByCode(store.db, id, 'B') as number, aCase('B', []), 'agent');
    expect(counted()).toEqual([`${id} 1 1`, `${id} 8 1`, `${id} d: 1`, `${id} duplicate-other-batch 1`]);
    expect(kept()).toEqual(counted());
    expect(recountIfDrifted(store.db, id)).toBe(false);
  });

  it("are the screens' counts: one changed behind the cases' back shows (they are never counted again)", () => {
    const id = batchOf([aCase('A', []), aCase('B', [issue('phone-dropped')])]);
    expect(countCasesByStatus(store.db, id)).toMatchObject({ ready: 1, warning: 1 });
    store.db.prepare("UPDATE batch_case_counts SET cases = 5, warnings = 9 WHERE batch_id = ? AND status = 'warning'").run(id);
    expect(countCasesByStatus(store.db, id)).toMatchObject({ ready: 1, warning: 5 });
    expect(uploadCounts(store.db, id).pending).toBe(6);
    expect(countIssuesBySeverity(store.db, id).warnings).toBe(9);
  });

  it('are made from the cases of a store an earlier version wrote (migration 26)', () => {
    const older = mkdtempSync(join(tmpdir(), 'casedesk-case-counts-25-'));
    const at25 = openStore(older, TEST_STORE_KEY, MIGRATIONS.slice(0, 25));
    try {
      const id = createBatch(at25.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
      insertBatchCases(at25.db, id, [aCase('A', [issue('phone-dropped')]), aCase('B', []), aCase('C', [issue('phone-dropped'), issue('phone-fixed', 'fix')])]);
      at25.db.prepare("UPDATE batch_cases SET upload_state = 'loaded' WHERE code = 'B'").run();
      migrate(at25.db, MIGRATIONS);
      expect(at25.db.prepare('SELECT status, upload_state, cases, errors, warnings, fixes FROM batch_case_counts ORDER BY status').all()).toEqual([
        { status: 'ready', upload_state: 'loaded', cases: 1, errors: 0, warnings: 0, fixes: 0 },
        { status: 'warning', upload_state: 'pending', cases: 2, errors: 0, warnings: 2, fixes: 1 },
      ]);
    } finally {
      at25.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});
