// A results download cancelled while a recording trickles in stops at once, mid-body: the case whose
// recording was cut is not stored (the next download finishes it) and no file is left, sealed or not.
// Cases and calls come from the emulator; the recordings from a local server that trickles them.
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type FetchLike, type ServiceClient } from '../../src-main/client';
import { openStore, resultCaseStamps, type Store } from '../../src-main/store';
import { downloadCampaignResults } from '../../src-main/sync/results-download';
import { useEmulator } from '../support/emulator';
import { connect, dialedCampaign, trickle, useLocalServer, within, type Trickle } from '../client/helpers';
import { TEST_STORE_KEY } from '../support/store-key';

const emulator = useEmulator({ speed: 1 });
const audio = useLocalServer();
const ENV = 'test' as const;
const root = mkdtempSync(join(tmpdir(), 'casedesk-recording-cancel-'));
const stores: Store[] = [];
afterAll(async () => {
  for (const store of stores) store.close();
  await rm(root, { recursive: true, force: true });
});

const WAV_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
let served: Trickle | null = null;
/** Read through a function: a test resets `served`, and the server sets it later. */
const current = (): Trickle | null => served;
let client: ServiceClient;
let campaignId = 0;

beforeAll(async () => {
  // A byte every 50 ms of a declared 50,000: with the default idle timeout (30 s) and pace, it would
  // run for the test's whole life; only the cancel can end it in time.
  audio.handle = (_req, res) => {
    served = trickle(res, { head: WAV_HEAD, total: 50_000, piece: Buffer.from([1]), everyMs: 50 });
  };
  const agent = await connect(emulator.current.url);
  campaignId = await dialedCampaign(emulator.current.url, agent.client, 3);
  const recordingsElsewhere: FetchLike = (input, init) =>
    fetch(input.includes('-call-recording/') ? input.replace(emulator.current.url, audio.url) : input, init);
  client = createServiceClient({ baseUrl: emulator.current.url, session: agent.session, fetch: recordingsElsewhere });
});

describe('cancelling a results download during a recording', () => {
  for (const sealed of [false, true]) {
    it(`stops mid-body, keeps no file and leaves the case to the next download (${sealed ? 'sealed' : 'plain'})`, async () => {
      served = null;
      const store = openStore(join(root, `store-${sealed}`), TEST_STORE_KEY);
      stores.push(store);
      const dir = join(root, `recordings-${sealed}`);
      const stop = new AbortController();
      const download = downloadCampaignResults(
        { store, client, environment: ENV, sealRecording: sealed ? (bytes) => Buffer.concat([Buffer.from('SEALED'), bytes]) : undefined },
        campaignId,
        { recordingsDir: dir, signal: stop.signal },
      );
      await within(
        10_000,
        'the first recording bytes',
        (async () => {
          while ((current()?.sent ?? 0) < WAV_HEAD.length + 2) await new Promise((r) => setTimeout(r, 10));
        })(),
      );
      const cancelledAt = Date.now();
      stop.abort();
      const summary = await within(2_000, 'the cancelled download', download);
      expect(Date.now() - cancelledAt).toBeLessThan(1_000);
      expect(summary).toMatchObject({ cancelled: true, recordings: 0 });
      await within(1_000, 'the server seeing the client hang up', current()?.closed ?? Promise.resolve());
      expect(await readdir(dir)).toEqual([]);
      // The case being downloaded is not stored: the next download asks for it (and its recording) again.
      expect(resultCaseStamps(store.db, ENV, campaignId).size).toBe(summary.changedCases);
      expect(summary.changedCases).toBeLessThan(3);
    });
  }
});
