// Where a batch's codes already are, as the store finds them, and duplicate warnings checked again when
// what they point at changed (the other batch deleted or uploaded, results downloaded).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recheckDuplicates } from '../../src-main/preparation/duplicates/recheck-duplicates';
import {
  addChunks,
  codesCampaignHolds,
  codesWaitingInOtherBatches,
  CASES_OF_PHONES_SQL,
  CASE_IDS_WITH_KIND_SQL,
  casesWithDigitsSql,
  casesWithPhones,
  PAGE_CASE_DEBTORS_SQL,
  countMatchingCases,
  createBatch,
  deleteBatchRows,
  findCaseByCode,
  insertBatchCases,
  listIssues,
  listChunks,
  openStore,
  pageBatchCases,
  recordChunkOutcome,
  replaceCase,
  type BatchCaseInput,
  type Store,
} from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-duplicates-'));
  store = openStore(dir, TEST_STORE_KEY);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const aCase = (code: string, extra: Partial<BatchCaseInput> = {}): BatchCaseInput => ({
  code,
  firstName: 'Ana',
  lastName: 'Pérez',
  phones: ['3514567890'],
  products: [{ debt_code: `D-${code}`, pid: 'Tarjeta', debt: '10.00', expiration: '2026-12-31' }],
  params: {},
  sourceRows: [2],
  status: 'ready',
  ...extra,
});

function batch(env: 'demo' | 'test', cases: BatchCaseInput[], campaignId: number | null = null): number {
  const id = createBatch(store.db, { environment: env, name: 'b', sourceFile: 'b.xlsx', maxPhonePriority: 1, campaignId });
  insertBatchCases(store.db, id, cases);
  return id;
}

/** As an upload records it: the batch's cases with these codes loaded into the campaign. */
function load(batchId: number, campaignId: number, codes: string[]): void {
  const ids = codes.map((c) => findCaseByCode(store.db, batchId, c) as number);
  addChunks(store.db, batchId, campaignId, [{ caseIds: ids, bytes: 100 }]);
  const chunk = listChunks(store.db, batchId).at(-1);
  if (!chunk) throw new Error('no chunk');
  recordChunkOutcome(store.db, chunk.id, 'done', ids, []);
}

const resultCase = (env: string, campaignId: number, id: number, code: string) =>
  store.db
    .prepare("INSERT INTO result_cases (environment, campaign_id, id, code, is_final, last_updated, json) VALUES (?, ?, ?, ?, 0, '2026-11-01', '{}')")
    .run(env, campaignId, id, code);

describe('codes waiting in other batches', () => {
  it('names the lowest other batch of the environment holding the code unsent; loaded, excluded and do-not-contact cases do not count', () => {
    const first = batch('test', [
      aCase('A'),
      aCase('B'),
      aCase('E', { status: 'excluded' }),
      aCase('S', { status: 'suppressed' }),
      aCase('R', { status: 'rejected' }),
    ]);
    const second = batch('test', [aCase('A'), aCase('L')]);
    batch('demo', [aCase('D')]);
    load(second, 9, ['L']);
    expect(codesWaitingInOtherBatches(store.db, 'test', null)).toEqual(
      new Map([
        ['A', first],
        ['B', first],
        ['R', first],
      ]),
    );
    expect(codesWaitingInOtherBatches(store.db, 'test', first)).toEqual(new Map([['A', second]]));
  });
});

describe('codes a campaign holds', () => {
  it('from the batches that loaded them into it (another campaign does not count), then from its downloaded results', () => {
    const a = batch('test', [aCase('A'), aCase('B'), aCase('P')]);
    const other = batch('test', [aCase('X')]);
    load(a, 9, ['A', 'B']);
    load(other, 8, ['X']);
    resultCase('test', 9, 1, 'B');
    resultCase('test', 9, 2, 'R');
    resultCase('demo', 9, 3, 'DEMO');
    expect(codesCampaignHolds(store.db, 'test', 9, null)).toEqual(
      new Map([
        ['A', { batch: a }],
        ['B', { batch: a }],
        ['R', { batch: null }],
      ]),
    );
    // The batch itself is left out: its own loaded cases are not its duplicates.
    expect(codesCampaignHolds(store.db, 'test', 9, a)).toEqual(
      new Map([
        ['B', { batch: null }],
        ['R', { batch: null }],
      ]),
    );
  });
});

describe('checking duplicates again', () => {
  const kindsOf = (batchId: number, code: string) =>
    listIssues(store.db, batchId)
      .filter((i) => i.code === code)
      .map((i) => [i.kind, i.params]);
  const statusOf = (batchId: number, code: string) => pageBatchCases(store.db, batchId, { limit: 100 }).find((c) => c.code === code)?.status;

  it('follows the other batch: flagged while it waits, cleared when it is deleted, turned into the campaign when it loads there', () => {
    const older = batch('test', [aCase('A'), aCase('B')]);
    const mine = batch('test', [aCase('A'), aCase('B'), aCase('C')], 9);
    expect(recheckDuplicates(store, mine)).toEqual({ duplicates: 2, changed: 2 });
    expect(kindsOf(mine, 'A')).toEqual([['duplicate-other-batch', { batch: older }]]);
    expect(statusOf(mine, 'A')).toBe('warning');
    expect(countMatchingCases(store.db, mine, { duplicates: true })).toBe(2);
    // Nothing changed: nothing is written.
    expect(recheckDuplicates(store, mine)).toEqual({ duplicates: 2, changed: 0 });

    load(older, 9, ['A']);
    expect(recheckDuplicates(store, mine)).toEqual({ duplicates: 2, changed: 1 });
    expect(kindsOf(mine, 'A')).toEqual([['duplicate-in-campaign', { campaign: 9, batch: older }]]);

    deleteBatchRows(store.db, older);
    expect(recheckDuplicates(store, mine)).toEqual({ duplicates: 0, changed: 2 });
    expect(kindsOf(mine, 'A')).toEqual([]);
    expect(statusOf(mine, 'A')).toBe('ready');
    expect(countMatchingCases(store.db, mine, { duplicates: true })).toBe(0);
  });

  it('keeps the warnings through an edit, and leaves loaded cases as they were', () => {
    batch('test', [aCase('A'), aCase('B')]);
    const mine = batch('test', [aCase('A'), aCase('B')]);
    recheckDuplicates(store, mine);
    const id = findCaseByCode(store.db, mine, 'A') as number;
    // An edit rebuilds the case from its rows: the duplicate's warning is not among what it makes again.
    replaceCase(store.db, id, { ...aCase('A'), firstName: 'Ana María', issues: [] }, 'agent');
    expect(kindsOf(mine, 'A').map(([k]) => k)).toEqual(['duplicate-other-batch']);
    expect(statusOf(mine, 'A')).toBe('warning');
    load(mine, 9, ['B']);
    store.db.prepare('DELETE FROM batches WHERE id <> ?').run(mine);
    recheckDuplicates(store, mine);
    expect(kindsOf(mine, 'A')).toEqual([]);
    expect(kindsOf(mine, 'B').map(([k]) => k)).toEqual(['duplicate-other-batch']);
  });

  it("writes an edit's history with the status the kept warning makes, after the rest, in the same write", () => {
    batch('test', [aCase('A')]);
    const mine = batch('test', [aCase('A')]);
    recheckDuplicates(store, mine);
    const id = findCaseByCode(store.db, mine, 'A') as number;
    const told: string[] = [];
    const written = replaceCase(store.db, id, { ...aCase('A'), firstName: 'Ana María', issues: [] }, 'agent', (status) => {
      told.push(status);
      return [{ severity: 'fix', kind: 'edited', field: 'case', rows: [2], params: { field: 'case', before: 'ready', after: status } }];
    });
    // Rebuilt as ready, written with warnings: the history names what was written.
    expect(written).toBe('warning');
    expect(told).toEqual(['warning']);
    expect(kindsOf(mine, 'A')).toEqual([
      ['duplicate-other-batch', expect.anything()],
      ['edited', { field: 'case', before: 'ready', after: 'warning' }],
    ]);
  });
});

describe("query plans of counting a phone's debtors again: index ranges, never the cases' rows of the whole batch", () => {
  const plan = (sql: string, ...args: unknown[]) =>
    (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join('\n');

  it("finds the cases of some phones in the batch's range of the narrow search index, one pass for many phones", () => {
    const steps = plan(casesWithDigitsSql(3), 1, '1', '2', '3');
    expect(steps).toMatch(/^SEARCH batch_cases USING COVERING INDEX batch_cases_by_search \(batch_id=\?\)$/);
  });

  it('reads the cases found by their ids, each one seek', () => {
    const steps = plan(CASES_OF_PHONES_SQL, '[1,2]', 1);
    // The ids are a list looked up one by one (rowid=?), never a range of the whole batch.
    expect(steps).toMatch(/^SEARCH batch_cases USING (INTEGER PRIMARY KEY \(rowid=\?\)|INDEX batch_cases_by_\w+ \(batch_id=\? AND rowid=\?\))$/m);
    expect(steps).toMatch(/LIST SUBQUERY/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });

  it("finds the cases warned now through their kind's key in case_keys", () => {
    expect(plan(CASE_IDS_WITH_KIND_SQL, 1, 'k:shared-phone')).toMatch(/^SEARCH case_keys USING PRIMARY KEY \(batch_id=\? AND key=\?\)$/);
  });

  it('pages a whole batch through an index on it, in id order, without a sort', () => {
    const steps = plan(PAGE_CASE_DEBTORS_SQL, 1, 0, 5000);
    expect(steps).toMatch(/^SEARCH batch_cases USING INDEX batch_cases_by_(batch|search|status|upload) \(batch_id=\?( AND rowid>\?)?\)/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });
});

describe("the cases of some phones and of some ids (counting a phone's debtors again)", () => {
  it('reads each id asked for a bounded number of times: a bulk fix over a batch warned on every case stays linear', () => {
    const n = 2000;
    const b = batch(
      'demo',
      Array.from({ length: n }, (_, i) => aCase(`S${i}`, { firstName: `Ana${i}`, phones: ['3514567890'] })),
    );
    const ids = store.db.prepare('SELECT id FROM batch_cases WHERE batch_id = ? ORDER BY id').pluck().all(b) as number[];
    let reads = 0;
    const counted = new Proxy(ids, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const found = casesWithPhones(store.db, b, ['3514567890'], counted);
    expect(found).toHaveLength(n);
    expect(reads).toBeLessThanOrEqual(4 * n);
  });
});
