// A follow-up batch from stored results, offline: which batch each case is rebuilt from, and a refusal
// (with its code) when the cases came from batches that read their rows differently.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFollowupBatch, FollowupRefusal } from '../../src-main/results/followup-batch';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import {
  addChunks,
  batchSettings,
  listChunks,
  openStore,
  pageBatchCases,
  recordChunkOutcome,
  saveResultCases,
  setBatchMapping,
  type Store,
} from '../../src-main/store';
import { aCase } from './fixtures';
import { TEST_STORE_KEY } from '../support/store-key';
import { sourceFile } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-followup-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CAMPAIGN = 77;

/** Marks `codes` of a batch as loaded into the campaign, as an upload records it. */
function loaded(store: Store, batchId: number, codes: readonly string[]): void {
  const ids = pageBatchCases(store.db, batchId, { limit: 100 })
    .filter((c) => codes.includes(c.code))
    .map((c) => c.id);
  addChunks(store.db, batchId, CAMPAIGN, [{ caseIds: ids, bytes: 100 }]);
  const chunk = listChunks(store.db, batchId).at(-1);
  if (!chunk) throw new Error('no chunk');
  recordChunkOutcome(store.db, chunk.id, 'done', ids, []);
}

/** Two batches of the same file uploaded to one campaign, half the codes each; every case still open. */
async function world(name: string) {
  const store = openStore(join(dir, name), TEST_STORE_KEY);
  const a = (await prepareBatch(store, sourceFile(SAMPLE), { environment: 'test', maxPhonePriority: 2 })).batchId;
  const b = (await prepareBatch(store, sourceFile(SAMPLE), { environment: 'test', maxPhonePriority: 2 })).batchId;
  loaded(store, a, ['20123456', '07654321']);
  loaded(store, b, ['28999000', '30111222']);
  const codes = ['20123456', '07654321', '28999000', '30111222'];
  saveResultCases(store.db, 'test', CAMPAIGN, [...codes.map((code, i) => aCase({ id: i + 1, params: { code } })), aCase({ id: 9, params: { code: '' } })]);
  return { store, a, b };
}

describe('buildFollowupBatch', () => {
  it('rebuilds each case from the batch it was uploaded from; a case with no code is counted, not guessed', async () => {
    const { store, a, b } = await world('same-format');
    const s = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome: 'non-final' });
    expect(s).toMatchObject({ cases: 4, followup: { fromBatches: [a, b], notFound: 1 } });
    expect(pageBatchCases(store.db, s.batchId, { limit: 100 }).map((c) => c.code)).toEqual(['20123456', '07654321', '28999000', '30111222']);
    store.close();
  });

  it('refuses batches read with different formats, saying which; one batch at a time works', async () => {
    const { store, a, b } = await world('mixed-format');
    setBatchMapping(store.db, b, { ...batchSettings(store.db, b)?.mapping, decimal_separator: '.' });
    const refused = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome: 'non-final' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FollowupRefusal);
    expect(refused).toMatchObject({ code: 'followup.mixed_formats', params: { campaignId: CAMPAIGN, batches: [String(a), String(b)] } });
    const onlyA = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome: 'non-final', fromBatch: a });
    expect(pageBatchCases(store.db, onlyA.batchId, { limit: 100 }).map((c) => c.code)).toEqual(['20123456', '07654321']);
    store.close();
  });

  it("refuses batches of different creditors, so each creditor's do-not-contact entries apply; one batch at a time works", async () => {
    const { store, a, b } = await world('mixed-creditors');
    // As `prepare --creditor` records it.
    const setCreditor = store.db.prepare('UPDATE batches SET creditor = ? WHERE id = ?');
    setCreditor.run('Banco del Sur', a);
    setCreditor.run('Banco del Norte', b);
    const refused = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome: 'non-final' }).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'followup.mixed_creditors', params: { campaignId: CAMPAIGN, batches: [String(a), String(b)] } });
    const onlyB = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome: 'non-final', fromBatch: b });
    expect(pageBatchCases(store.db, onlyB.batchId, { limit: 100 }).map((c) => c.code)).toEqual(['28999000', '30111222']);
    store.close();
  });
});
