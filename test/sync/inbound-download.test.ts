// Downloading inbound cases over real HTTP from the emulator: filtered, incremental, with recordings
// where the service has one and "Audio Not Found" counted as skipped.
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, serviceDate, type InboundFilter } from '../../src-main/client';
import type { InboundCase } from '../../src-main/contract';
import { openStore, pageInboundCases, type Store } from '../../src-main/store';
import { downloadInboundCases } from '../../src-main/sync/inbound-download';
import type { DownloadProgress } from '../../src-main/sync/results-download';
import { BOTS, useEmulator } from '../support/emulator';
import { connect, control, type Connected } from '../client/helpers';
import { TEST_STORE_KEY } from '../support/store-key';

const emulator = useEmulator({ speed: 1, pageSize: 5 });
const base = () => emulator.current.url;
const ENV = 'test' as const;
const SERVICE_UTC_OFFSET = -180;

const root = mkdtempSync(join(tmpdir(), 'casedesk-inbound-'));
let made = 0;
const stores: Store[] = [];
let agent: Connected;
beforeAll(async () => {
  agent = await connect(base());
});
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
const deps = (store: Store) => ({ store, client: agent.client, environment: ENV });

/** The service's inbound cases, read with a client of its own. */
async function serviceCases(filter: InboundFilter = {}): Promise<InboundCase[]> {
  const { client } = await connect(base());
  return collect(client.inboundCases(filter));
}

const storedCases = (store: Store) => pageInboundCases(store.db, ENV, {}, 0, 10_000).sort((a, b) => a.id - b.id);
const byId = (cases: InboundCase[]) => [...cases].sort((a, b) => a.id - b.id);

describe('downloading inbound cases', () => {
  // Made when the tests run, not when they are collected.
  let store: Store;
  let dir = '';
  beforeAll(() => {
    store = freshStore();
    dir = freshDir();
  });

  it('brings every case of a bot and the recordings it has; a case without one is skipped, not an error', async () => {
    const service = await serviceCases({ botId: BOTS.inbound });
    const withAudio = service.filter((c) => c.recording !== '').length;
    expect(service.length).toBeGreaterThan(10);
    expect(withAudio).toBeLessThan(service.length);
    const progress: DownloadProgress[] = [];

    const summary = await downloadInboundCases(deps(store), { botId: BOTS.inbound }, { recordingsDir: dir, onProgress: (p) => progress.push(p) });

    expect(summary).toEqual({
      cases: service.length,
      changedCases: service.length,
      recordings: withAudio,
      recordingsSkipped: service.length - withAudio,
      cancelled: false,
    });
    expect(storedCases(store)).toEqual(byId(service));
    const files = await readdir(dir);
    expect(files.sort()).toEqual(
      service
        .filter((c) => c.recording !== '')
        .map((c) => `inbound-${c.id}.wav`)
        .sort(),
    );
    for (const name of files) expect((await readFile(join(dir, name))).toString('latin1', 8, 12)).toBe('WAVE');
    expect(progress.filter((p) => p.phase === 'cases').at(-1)).toEqual({ phase: 'cases', done: service.length, total: service.length });
  });

  it('the second time, stores nothing and asks for no recording', async () => {
    const service = await serviceCases({ botId: BOTS.inbound });
    const before = agent.requests.count('/inbound-call-recording/');
    const summary = await downloadInboundCases(deps(store), { botId: BOTS.inbound }, { recordingsDir: dir });
    expect(summary).toEqual({ cases: service.length, changedCases: 0, recordings: 0, recordingsSkipped: service.length, cancelled: false });
    expect(agent.requests.count('/inbound-call-recording/')).toBe(before);
  });

  it('keeps to the date filter, in the service calendar', async () => {
    const all = await serviceCases({ botId: BOTS.inbound });
    const days = [...new Set(all.map((c) => serviceDate(c.last_updated, SERVICE_UTC_OFFSET)))].sort();
    const from = days[2] ?? '';
    const to = days[5] ?? '';
    const expected = all.filter((c) => {
      const day = serviceDate(c.last_updated, SERVICE_UTC_OFFSET);
      return day >= from && day <= to;
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);

    const filtered = freshStore();
    const summary = await downloadInboundCases(deps(filtered), { botId: BOTS.inbound, from, to });
    expect(summary).toMatchObject({ cases: expected.length, changedCases: expected.length, recordings: 0, recordingsSkipped: 0 });
    expect(storedCases(filtered)).toEqual(byId(expected));
  });

  it('after new inbound calls, stores only the new cases', async () => {
    const before = await serviceCases({ botId: BOTS.inbound });
    await control(base(), 'advance', { seconds: 3600 });
    const after = await serviceCases({ botId: BOTS.inbound });
    const known = new Set(before.map((c) => c.id));
    const fresh = after.filter((c) => !known.has(c.id));
    expect(fresh.length).toBeGreaterThan(0);

    const summary = await downloadInboundCases(deps(store), { botId: BOTS.inbound }, { recordingsDir: dir });
    expect(summary).toMatchObject({
      cases: after.length,
      changedCases: fresh.length,
      recordings: fresh.filter((c) => c.recording !== '').length,
      cancelled: false,
    });
    expect(storedCases(store)).toEqual(byId(after));
  });

  it('cancelled part-way keeps the cases it finished; the next run completes the rest', async () => {
    const service = await serviceCases({ botId: BOTS.inbound });
    const partial = freshStore();
    const recordings = freshDir();
    const controller = new AbortController();
    const cut = await downloadInboundCases(
      deps(partial),
      { botId: BOTS.inbound },
      {
        recordingsDir: recordings,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'cases' && p.done === 7) controller.abort();
        },
      },
    );
    expect(cut).toMatchObject({ cancelled: true, cases: 7, changedCases: 7 });
    expect(storedCases(partial)).toHaveLength(7);

    const rest = await downloadInboundCases(deps(partial), { botId: BOTS.inbound }, { recordingsDir: recordings });
    expect(rest).toMatchObject({ cancelled: false, cases: service.length, changedCases: service.length - 7 });
    expect(rest.recordings + cut.recordings).toBe(service.filter((c) => c.recording !== '').length);
    expect(storedCases(partial)).toEqual(storedCases(store));
  });

  it('refuses a malformed date before asking the service', async () => {
    const sent = agent.requests.sent.length;
    await expect(downloadInboundCases(deps(freshStore()), { from: '20/11/2026' })).rejects.toThrow(RangeError);
    expect(agent.requests.sent.length).toBe(sent);
  });
});
