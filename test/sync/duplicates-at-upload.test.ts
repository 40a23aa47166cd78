// Duplicates at upload, against the real emulator: a code the campaign already holds (loaded from
// another batch since this one was prepared, or seen in its results) is skipped and said so, unless the
// agent chooses to load the batch's duplicates again.
import { afterEach, describe, expect, it } from 'vitest';
import { listIssues, pageBatchCases, saveResultCases } from '../../src-main/store';
import { control } from '../client/helpers';
import { useEmulator } from '../support/emulator';
import { expectExactlyOnce, loadedOnServer, otherBatch as secondBatch, uploadRun as run, uploadWorld, type UploadWorld } from './upload-fixture';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

describe('duplicates at upload', () => {
  it('skips the codes another batch loaded into the campaign meanwhile, says how many, and flags them', async () => {
    const w = await uploadWorld(emulator.current.url, 3);
    worlds.push(w);
    // Prepared while the first batch still waited: both hold C00001 and C00002.
    const second = secondBatch(w, ['C00001', 'C00002', 'N1']);
    expect(await run(w, w.batchId)).toMatchObject({ status: 'done', loaded: 3, skipped: { duplicates: 0 } });
    const result = await run(w, second);
    expect(result).toMatchObject({ status: 'done', loaded: 1, pending: 0, skipped: { duplicates: 2 } });
    expect(expectExactlyOnce(emulator.current, w.campaignId, ['C00000', 'C00001', 'C00002', 'N1'])).toEqual({ duplicates: [], missing: [], extra: [] });
    const cases = new Map(pageBatchCases(w.store.db, second, { limit: 10 }).map((c) => [c.code, c]));
    expect(cases.get('C00001')).toMatchObject({ status: 'warning', uploadState: 'skipped', uploadDetail: { code: 'upload.detail.already_held', params: {} } });
    expect(
      listIssues(w.store.db, second)
        .filter((i) => i.kind === 'duplicate-in-campaign')
        .map((i) => [i.code, i.params]),
    ).toEqual([
      ['C00001', { campaign: w.campaignId, batch: w.batchId }],
      ['C00002', { campaign: w.campaignId, batch: w.batchId }],
    ]);
    // Running again sends nothing and still says so.
    expect(await run(w, second)).toMatchObject({ status: 'done', loaded: 1, requests: 0, skipped: { duplicates: 2 } });
  });

  it('skips a code only the downloaded results show (loaded from another workstation)', async () => {
    const w = await uploadWorld(emulator.current.url, 2);
    worlds.push(w);
    saveResultCases(w.store.db, 'test', w.campaignId, [
      { id: 1, params: { code: 'C00001' }, case_result: { is_final: false }, last_updated: '2026-11-01T00:00:00Z' } as never,
    ]);
    expect(await run(w, w.batchId)).toMatchObject({ status: 'done', loaded: 1, skipped: { duplicates: 1 } });
    expect([...loadedOnServer(emulator.current, w.campaignId).keys()]).toEqual(['C00000']);
  });

  it("loads them again when the agent chooses to, for that batch: the earlier run's skipped cases too", async () => {
    const w = await uploadWorld(emulator.current.url, 2);
    worlds.push(w);
    const second = secondBatch(w, ['C00000', 'C00001', 'N1']);
    await run(w, w.batchId);
    expect(await run(w, second)).toMatchObject({ loaded: 1, skipped: { duplicates: 2 } });
    const again = await run(w, second, { duplicates: { reload: true } });
    expect(again).toMatchObject({ status: 'done', loaded: 3, skipped: { duplicates: 0 } });
    expect(loadedOnServer(emulator.current, w.campaignId)).toEqual(
      new Map([
        ['C00000', 2],
        ['C00001', 2],
        ['N1', 1],
      ]),
    );
    // The warning stays: the grid still says these codes were already in the campaign.
    expect(listIssues(w.store.db, second).filter((i) => i.kind === 'duplicate-in-campaign')).toHaveLength(2);
  });
});
