// Downloading a campaign's results over real HTTP from the emulator: everything the first time, only
// what changed afterwards, and a cancelled download that resumes into exactly what a whole one stores.
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../src-main/client';
import { getRecording, openStore, resultCaseStamps, type Store } from '../../src-main/store';
import { downloadCampaignResults, type DownloadProgress } from '../../src-main/sync/results-download';
import { useEmulator } from '../support/emulator';
import { bodyOf, campaignRequest, connect, control, dialedCampaign, type Connected } from '../client/helpers';
import { TEST_STORE_KEY } from '../support/store-key';

const emulator = useEmulator({ speed: 1, pageSize: 7 });
const base = () => emulator.current.url;
const ENV = 'test' as const;

const root = mkdtempSync(join(tmpdir(), 'casedesk-results-'));
let made = 0;
const stores: Store[] = [];
afterAll(async () => {
  for (const store of stores) store.close();
  await rm(root, { recursive: true, force: true });
});
const freshStore = () => {
  const store = openStore(join(root, `store${++made}`), TEST_STORE_KEY);
  stores.push(store);
  return store;
};
const freshDir = () => join(root, `recordings${++made}`);

/** What the service holds for a campaign, read with a client of its own (its requests are not counted). */
async function serviceView(campaignId: number) {
  const { client } = await connect(base());
  const cases = await collect(client.campaignCases(campaignId));
  return { cases, calls: cases.reduce((sum, c) => sum + c.call_count, 0), stamps: new Map(cases.map((c) => [c.id, c.last_updated])) };
}

/** Everything stored about a campaign, in a stable order (recording rows without their folder). */
function storedData(store: Store, campaignId: number) {
  const db = store.db;
  return {
    cases: db
      .prepare('SELECT id, code, is_final, last_updated, json FROM result_cases WHERE environment = ? AND campaign_id = ? ORDER BY id')
      .all(ENV, campaignId),
    calls: db.prepare('SELECT case_id, id, last_updated, json FROM result_calls WHERE environment = ? AND campaign_id = ? ORDER BY id').all(ENV, campaignId),
    recordings: db
      .prepare(
        `SELECT r.ref_id, r.size, r.format, r.content_type FROM recordings r JOIN result_calls c ON c.environment = r.environment AND c.id = r.ref_id
         WHERE r.environment = ? AND r.kind = 'outbound' AND c.campaign_id = ? ORDER BY r.ref_id`,
      )
      .all(ENV, campaignId),
  };
}

const storedCallCount = (store: Store, campaignId: number) =>
  (store.db.prepare('SELECT count(*) AS n FROM result_calls WHERE environment = ? AND campaign_id = ?').get(ENV, campaignId) as { n: number }).n;

describe('downloading campaign results', () => {
  let agent: Connected;
  let campaignId = 0;
  const store = () => stores[0] as Store;
  const deps = () => ({ store: store(), client: agent.client, environment: ENV });

  beforeAll(async () => {
    agent = await connect(base());
    freshStore();
    campaignId = await dialedCampaign(base(), agent.client, 30);
  });

  it('brings every case and call of a dialed campaign, reporting progress against the case count', async () => {
    const service = await serviceView(campaignId);
    expect(service.calls).toBeGreaterThan(30);
    const progress: DownloadProgress[] = [];
    const before = agent.requests.count('/calls/');

    const summary = await downloadCampaignResults(deps(), campaignId, { onProgress: (p) => progress.push(p) });

    expect(summary).toEqual({ cases: 30, changedCases: 30, calls: service.calls, recordings: 0, recordingsSkipped: 0, cancelled: false });
    expect(storedCallCount(store(), campaignId)).toBe(service.calls);
    expect(agent.requests.count('/calls/') - before).toBe(30);
    const stored = storedData(store(), campaignId);
    expect(stored.cases.map((c) => JSON.parse((c as { json: string }).json) as unknown)).toEqual(service.cases);
    expect(store().db.prepare('SELECT count(*) AS n FROM campaigns WHERE environment = ? AND id = ? AND detail_json IS NOT NULL').get(ENV, campaignId)).toEqual(
      { n: 1 },
    );

    expect(progress[0]).toEqual({ phase: 'campaign', done: 0, total: 1 });
    const caseEvents = progress.filter((p) => p.phase === 'cases');
    expect(caseEvents[0]).toEqual({ phase: 'cases', done: 0, total: 30 });
    expect(caseEvents.at(-1)).toEqual({ phase: 'cases', done: 30, total: 30 });
    expect(caseEvents.map((p) => p.done)).toEqual(Array.from({ length: 31 }, (_, i) => i));
    expect(progress.filter((p) => p.phase === 'calls').at(-1)).toEqual({ phase: 'calls', done: service.calls, total: null });
  });

  it('asks for no calls again when nothing changed', async () => {
    const before = agent.requests.count('/calls/');
    const summary = await downloadCampaignResults(deps(), campaignId);
    expect(summary).toEqual({ cases: 30, changedCases: 0, calls: 0, recordings: 0, recordingsSkipped: 0, cancelled: false });
    expect(agent.requests.count('/calls/') - before).toBe(0);
  });

  it('downloads each recording once, as WAV files, and skips them the next time', async () => {
    const dir = freshDir();
    const service = await serviceView(campaignId);
    const before = agent.requests.count('/outbound-call-recording/');
    const callsBefore = agent.requests.count('/calls/');

    // The cases are unchanged since the first test: their calls come from the store, not the service.
    const first = await downloadCampaignResults(deps(), campaignId, { recordingsDir: dir });
    expect(first).toMatchObject({ changedCases: 0, calls: 0, recordings: service.calls, recordingsSkipped: 0 });
    expect(agent.requests.count('/calls/') - callsBefore).toBe(0);
    expect(agent.requests.count('/outbound-call-recording/') - before).toBe(service.calls);
    const files = await readdir(dir);
    expect(files).toHaveLength(service.calls);
    for (const name of files) {
      expect(name).toMatch(/^outbound-\d+\.wav$/);
      const head = (await readFile(join(dir, name))).subarray(0, 12);
      expect(head.toString('latin1', 0, 4) + head.toString('latin1', 8, 12)).toBe('RIFFWAVE');
    }

    const again = await downloadCampaignResults(deps(), campaignId, { recordingsDir: dir });
    expect(again).toMatchObject({ changedCases: 0, recordings: 0, recordingsSkipped: service.calls });
    expect(agent.requests.count('/outbound-call-recording/') - before).toBe(service.calls);

    // A recording whose file was removed is fetched again; the others stay skipped.
    const gone = files[0] ?? '';
    await unlink(join(dir, gone));
    const mended = await downloadCampaignResults(deps(), campaignId, { recordingsDir: dir });
    expect(mended).toMatchObject({ recordings: 1, recordingsSkipped: service.calls - 1 });
    expect(getRecording(store().db, ENV, 'outbound', Number(/\d+/.exec(gone)?.[0]))?.path).toBe(join(dir, gone));
  });

  it('cancelled part-way, then resumed, stores exactly what an uninterrupted download stores', async () => {
    const whole = freshStore();
    await downloadCampaignResults({ ...deps(), store: whole }, campaignId, { recordingsDir: freshDir() });

    // Stop on the first recording of a case with several calls, a few cases in: that case's calls
    // are stored and one of its recordings is on disk, but its row is not.
    const service = await serviceView(campaignId);
    let at = 0;
    let stopCase = 5;
    for (const [i, c] of service.cases.entries()) {
      if (i >= 5 && c.call_count >= 2) {
        stopCase = i;
        break;
      }
      at += c.call_count;
    }
    const stopAfter = at + 1;

    const resumed = freshStore();
    const dir = freshDir();
    const controller = new AbortController();
    const cut = await downloadCampaignResults({ ...deps(), store: resumed }, campaignId, {
      recordingsDir: dir,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'recordings' && p.done === stopAfter) controller.abort();
      },
    });
    expect(cut).toMatchObject({ cancelled: true, cases: stopCase, changedCases: stopCase, recordings: stopAfter });
    const partial = storedData(resumed, campaignId);
    expect(partial.cases).toHaveLength(stopCase);
    expect(partial.calls.filter((c) => (c as { case_id: number }).case_id === service.cases[stopCase]?.id)).toHaveLength(
      service.cases[stopCase]?.call_count ?? -1,
    );

    const rest = await downloadCampaignResults({ ...deps(), store: resumed }, campaignId, { recordingsDir: dir });
    expect(rest).toMatchObject({ cancelled: false, cases: 30, changedCases: 30 - stopCase, recordingsSkipped: stopAfter });
    expect(storedData(resumed, campaignId)).toEqual(storedData(whole, campaignId));

    // Aborted before it starts: nothing is asked, nothing changes.
    const sent = agent.requests.sent.length;
    expect(await downloadCampaignResults({ ...deps(), store: resumed }, campaignId, { signal: AbortSignal.abort() })).toMatchObject({
      cancelled: true,
      cases: 0,
    });
    expect(agent.requests.sent.length).toBe(sent);
  });

  it('after more dialing, asks only for the calls of the cases that changed', async () => {
    // A campaign caught mid-dialing: some cases have been called, some not yet.
    const { id } = await agent.client.createCampaign(campaignRequest('A medio marcar'));
    await agent.client.uploadCases(id, bodyOf(30, 'M', 2));
    await control(base(), 'advance', { seconds: 240 });
    const first = await downloadCampaignResults(deps(), id);
    expect(first.changedCases).toBe(30);

    const earlier = new Map(resultCaseStamps(store().db, ENV, id));
    await control(base(), 'advance', { seconds: 240 });
    const now = await serviceView(id);
    const changed = [...now.stamps].filter(([caseId, stamp]) => earlier.get(caseId) !== stamp).map(([caseId]) => caseId);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(30);

    const before = agent.requests.sent.length;
    const summary = await downloadCampaignResults(deps(), id);
    const asked = agent.requests.sent.slice(before).filter((r) => r.url.includes('/calls/'));
    expect(asked.map((r) => Number(/\/cases\/(\d+)\/calls\//.exec(r.url)?.[1])).sort((a, b) => a - b)).toEqual([...changed].sort((a, b) => a - b));
    expect(summary).toMatchObject({ cases: 30, changedCases: changed.length, cancelled: false });
    expect(storedCallCount(store(), id)).toBe(now.calls);
    expect(resultCaseStamps(store().db, ENV, id)).toEqual(now.stamps);
  });

  it('fails with the service error for a campaign that is not there, storing nothing', async () => {
    const empty = freshStore();
    await expect(downloadCampaignResults({ ...deps(), store: empty }, 999_999)).rejects.toMatchObject({ kind: 'client', status: 404 });
    expect(storedData(empty, 999_999)).toEqual({ cases: [], calls: [], recordings: [] });
  });
});
