// What an upload checks, and in which order: leftover chunks are read back first, then the ledger, the
// duplicates and the ledger again, so no path sends a listed case or a code the campaign already holds
// (unless the agent chose to load duplicates again). Each test was a hostile review's finding.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addChunks,
  addLedgerEntry,
  bindBatchToCampaign,
  createBatch,
  insertBatchCases,
  listChunks,
  markSending,
  openStore,
  pageBatchCases,
  saveResultCases,
} from '../../src-main/store';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { TEST_STORE_KEY } from '../support/store-key';
import { control } from '../client/helpers';
import { useEmulator } from '../support/emulator';
import { aCase, loadedOnServer, otherBatch as secondBatch, uploadRun as run, uploadWorld, type UploadWorld } from './upload-fixture';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

describe('the checks before an upload, whatever the path', () => {
  it('a chunk left "sending" by a killed run is not sent again once another batch loaded its code meanwhile', async () => {
    const w = await uploadWorld(emulator.current.url, 1);
    worlds.push(w);
    const second = secondBatch(w, ['C00000']);
    // Batch A's first run was killed right after marking its chunk sending; the request never arrived.
    const [a] = pageBatchCases(w.store.db, w.batchId, { limit: 10 });
    bindBatchToCampaign(w.store.db, w.batchId, w.campaignId);
    addChunks(w.store.db, w.batchId, w.campaignId, [{ caseIds: [a!.id], bytes: 100 }]);
    const chunk = listChunks(w.store.db, w.batchId).find((c) => c.seq > 0)!;
    markSending(w.store.db, chunk.id);
    // Meanwhile batch B loads the same code (A's case is not 'loaded', so B does not skip it).
    expect(await run(w, second)).toMatchObject({ status: 'done', loaded: 1 });
    // A resumes: the campaign now holds C00000, the agent did not ask to reload duplicates.
    await run(w, w.batchId);
    expect(loadedOnServer(emulator.current, w.campaignId).get('C00000')).toBe(1);
  });

  it('two batches holding the same code, uploaded at the same time to one campaign, load it once', async () => {
    const w = await uploadWorld(emulator.current.url, 1);
    worlds.push(w);
    const second = secondBatch(w, ['C00000']);
    await Promise.all([run(w, w.batchId), run(w, second)]);
    expect(loadedOnServer(emulator.current, w.campaignId).get('C00000')).toBe(1);
  });

  it('a skipped case the ledger lists since is not loaded when the agent reloads the duplicates', async () => {
    const w = await uploadWorld(emulator.current.url, 1);
    worlds.push(w);
    const second = secondBatch(w, ['C00000', 'C00001']);
    await run(w, w.batchId);
    expect(await run(w, second)).toMatchObject({ loaded: 1, skipped: { duplicates: 1 } });
    // The debtor asks not to be called again: the agent lists the code (and, for the phone's sake, the number).
    addLedgerEntry(w.store.db, { kind: 'code', value: 'C00000', reason: 'legal', addedBy: 'ana' });
    const again = await run(w, second, { duplicates: { reload: true } });
    expect(loadedOnServer(emulator.current, w.campaignId).get('C00000')).toBe(1);
    expect(again.suppressed.cases).toBe(1);
    expect(pageBatchCases(w.store.db, second, { limit: 10 }).find((c) => c.code === 'C00000')).toMatchObject({ status: 'suppressed' });
  });

  it('a chunk left "sending" by a killed run is not sent again for a code the ledger listed meanwhile', async () => {
    const w = await uploadWorld(emulator.current.url, 1);
    worlds.push(w);
    const [a] = pageBatchCases(w.store.db, w.batchId, { limit: 10 });
    bindBatchToCampaign(w.store.db, w.batchId, w.campaignId);
    addChunks(w.store.db, w.batchId, w.campaignId, [{ caseIds: [a!.id], bytes: 100 }]);
    markSending(w.store.db, listChunks(w.store.db, w.batchId).find((c) => c.seq > 0)!.id);
    // Killed before the request left; the debtor then asks not to be called, and the agent lists the code.
    addLedgerEntry(w.store.db, { kind: 'code', value: 'C00000', reason: 'legal', addedBy: 'ana' });
    await run(w, w.batchId);
    expect(loadedOnServer(emulator.current, w.campaignId).get('C00000')).toBeUndefined();
  });
  it('a duplicate the agent reloads, known only from the results, is not taken as loaded when its request fails', async () => {
    const w = await uploadWorld(emulator.current.url, 1);
    worlds.push(w);
    // Another workstation loaded C00000 into the campaign; this one knows it from the downloaded results.
    const dir = mkdtempSync(join(tmpdir(), 'casedesk-other-ws-'));
    const other = openStore(dir, TEST_STORE_KEY);
    const otherBatch = createBatch(other.db, { environment: 'test', name: 'otra pc', sourceFile: 'z.xlsx', maxPhonePriority: 0 });
    insertBatchCases(other.db, otherBatch, [aCase('C00000')]);
    await uploadBatch({ store: other, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, otherBatch, w.campaignId);
    other.close();
    rmSync(dir, { recursive: true, force: true });
    saveResultCases(w.store.db, 'test', w.campaignId, [
      { id: 1, params: { code: 'C00000' }, case_result: { is_final: false }, last_updated: '2026-11-01T00:00:00Z' } as never,
    ]);
    // The agent loads it again on purpose (a new debt of the same debtor); the service answers 500, loading nothing.
    await control(emulator.current.url, 'faults', { fail_upload: [1] });
    const result = await run(w, w.batchId, { duplicates: { reload: true }, maxRetries: 0 });
    const mine = pageBatchCases(w.store.db, w.batchId, { limit: 10 })[0];
    // Either it was sent again, or it is not recorded as loaded: never "loaded" with nothing on the service.
    if (mine?.uploadState === 'loaded') expect(loadedOnServer(emulator.current, w.campaignId).get('C00000'), JSON.stringify(result)).toBe(2);
  });
});
