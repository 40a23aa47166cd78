// The results list, the summary and the follow-up batch read the same stored cases the same way: each
// filter holds as many cases as the summary says and the follow-up takes; a call names its phone from 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeResults } from '../../src-main/results/campaign-summary';
import { CASE_FILTERS } from '../../src-main/results/case-figures';
import { FOLLOWUP_OUTCOMES } from '../../src-main/results/case-outcome';
import { buildFollowupBatch } from '../../src-main/results/followup-batch';
import { pageResultRows, resultCalls } from '../../src-main/results/result-rows';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import {
  addChunks,
  eachResultCaseWithCalls,
  listChunks,
  openStore,
  pageBatchCases,
  recordChunkOutcome,
  saveCalls,
  saveResultCases,
  type Store,
} from '../../src-main/store';
import { aCall, aCase } from './fixtures';
import { TEST_STORE_KEY } from '../support/store-key';
import { sourceFile } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-result-rows-'));
const CAMPAIGN = 78;
let store: Store;
let phonesOf: Map<string, string[]>;

beforeAll(async () => {
  store = openStore(join(dir, 'store'), TEST_STORE_KEY);
  const { batchId } = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'test', maxPhonePriority: 2 });
  const cases = pageBatchCases(store.db, batchId, { limit: 100 }).filter((c) => c.status === 'ready' || c.status === 'warning');
  phonesOf = new Map(cases.map((c) => [c.code, c.phones]));
  addChunks(store.db, batchId, CAMPAIGN, [{ caseIds: cases.map((c) => c.id), bytes: 100 }]);
  const chunk = listChunks(store.db, batchId).at(-1);
  if (!chunk) throw new Error('no chunk');
  recordChunkOutcome(
    store.db,
    chunk.id,
    'done',
    cases.map((c) => c.id),
    [],
  );
  // Never called, called without reaching anyone, reached (one with a promise), called many times, read stale.
  // The cases called on two phones need two.
  const many = cases.filter((x) => x.phones.length >= 2).map((x) => x.code);
  const [c, d, f] = many;
  const [a, b, e] = cases.map((x) => x.code).filter((code) => ![c, d, f].includes(code));
  const lastPhone = (code: string | undefined, i = 0) => phonesOf.get(code ?? '')?.[i] ?? '';
  const stored = [
    { ...aCase({ id: 1, name: 'Pendiente', params: { code: a } }), call_count: 0 },
    aCase({ id: 2, name: 'Contestador', params: { code: b } }),
    { ...aCase({ id: 3, name: 'Ocupado', params: { code: c } }), call_count: 3 },
    aCase({ id: 4, name: 'Promesa de pago', final: true, params: { code: d, got_promise: true } }),
    aCase({ id: 5, name: 'Atendió un tercero', params: { code: e } }),
    { ...aCase({ id: 6, name: 'No contesta', params: { code: f } }), call_count: 0, phone: 1 },
  ];
  saveResultCases(store.db, 'test', CAMPAIGN, stored);
  const call = (id: number, code: string | undefined, phone: number, over: Parameters<typeof aCall>[0] = {}) => ({
    ...aCall({ id, ...over }),
    phone: lastPhone(code, phone),
  });
  saveCalls(store.db, 'test', CAMPAIGN, 2, [call(20, b, 0)]);
  saveCalls(store.db, 'test', CAMPAIGN, 3, [call(30, c, 0), call(31, c, 1), call(32, c, 0)]);
  saveCalls(store.db, 'test', CAMPAIGN, 4, [call(40, d, 0), call(41, d, 1, { said: ['Sí'], promise: true })]);
  saveCalls(store.db, 'test', CAMPAIGN, 5, [call(50, e, 0, { said: ['No está'] })]);
  saveCalls(store.db, 'test', CAMPAIGN, 6, [call(60, f, 1)]);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the results list, its summary and the follow-up agree', () => {
  it('each filter of the list holds what the summary counts', () => {
    const summary = summarizeResults(eachResultCaseWithCalls(store.db, 'test', CAMPAIGN));
    expect(summary).toMatchObject({ cases: 6, contacted: 2, notContacted: 4 });
    for (const filter of CASE_FILTERS) {
      const { total, cases } = pageResultRows(store.db, 'test', CAMPAIGN, { filter, offset: 0, limit: 100 });
      expect([filter, total, cases.length]).toEqual([filter, summary.byFilter[filter], summary.byFilter[filter]]);
    }
    for (const row of summary.byResult)
      expect(pageResultRows(store.db, 'test', CAMPAIGN, { results: [row.name], offset: 0, limit: 100 }).total).toBe(row.cases);
  });

  it('pages a filter without losing or repeating a case', () => {
    const one = (offset: number) => pageResultRows(store.db, 'test', CAMPAIGN, { filter: 'not-contacted', offset, limit: 3 });
    expect([...one(0).cases, ...one(3).cases].map((c) => c.id)).toEqual([1, 2, 3, 6]);
    expect(one(3).total).toBe(4);
  });

  it.each(FOLLOWUP_OUTCOMES)('the follow-up batch "%s" takes the cases its option counts', async (outcome) => {
    const summary = summarizeResults(eachResultCaseWithCalls(store.db, 'test', CAMPAIGN));
    const made = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome });
    const listed = pageResultRows(store.db, 'test', CAMPAIGN, { filter: outcome, offset: 0, limit: 100 }).cases.map((c) => c.params.code);
    expect(made.cases).toBe(summary.byFilter[outcome]);
    expect(pageBatchCases(store.db, made.batchId, { limit: 100 }).map((c) => c.code)).toEqual(listed);
  });
});

describe('attempts and phones', () => {
  it('never shows fewer attempts than calls listed', () => {
    const rows = pageResultRows(store.db, 'test', CAMPAIGN, { offset: 0, limit: 100 }).cases;
    expect(rows.map((r) => [r.id, r.figures.attempts])).toEqual([
      [1, 0],
      [2, 1],
      [3, 3],
      [4, 2],
      [5, 1],
      [6, 1],
    ]);
    for (const r of rows) expect(r.figures.attempts).toBeGreaterThanOrEqual(resultCalls(store.db, 'test', CAMPAIGN, r.id).length);
  });

  it('names the phone of each call from 1, by the list the case was loaded with', () => {
    expect(resultCalls(store.db, 'test', CAMPAIGN, 3).map((c) => c.phoneIndex)).toEqual([1, 2, 1]);
    expect(resultCalls(store.db, 'test', CAMPAIGN, 6).map((c) => c.phoneIndex)).toEqual([2]);
    const rows = pageResultRows(store.db, 'test', CAMPAIGN, { offset: 0, limit: 100 }).cases;
    // The fixture's case phone is a number (the first loaded one) except case 6's, an index (1 → the second phone).
    expect(rows.find((r) => r.id === 6)?.figures.phone).toBe(2);
  });
});
