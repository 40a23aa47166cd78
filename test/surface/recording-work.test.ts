// recordings:get fetching a recording is long work like any download: a wipe waits for it (never
// into a half-written file), downloads:cancel stops it mid-body, and then the wipe goes ahead. The
// recording comes from a local server that trickles it; everything else from the emulator. A Stop
// during the sign-in the fetch needs first stops it too: the work is tracked from its first moment.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src-main/client';
import { paths } from '../../src-main/contract';
import { createAppContext } from '../../src-main/surface/app-context';
import { recordingsDir } from '../../src-main/app/recordings-at-rest';
import { createSurface } from '../../src-main/surface/surface';
import { trickle, useLocalServer, within, type Trickle } from '../client/helpers';
import { DEMO_USER, useEmulator } from '../support/emulator';

const emulator = useEmulator();
const audio = useLocalServer();
const WAV_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
let served: Trickle | null = null;
/** Read through a function: a test resets `served`, and the server sets it later. */
const current = (): Trickle | null => served;
/** The next sign-in, held until the test lets it go or its caller's signal stops it: a slow service, on cue. */
let signInHold: { arrived: () => void; released: Promise<void> } | null = null;
const recordingsElsewhere: FetchLike = async (input, init) => {
  const hold = input.endsWith(paths.login()) ? signInHold : null;
  if (hold) {
    signInHold = null;
    hold.arrived();
    // Stopped while held: fetch itself then refuses it, as it would a request cut off in flight.
    await new Promise<void>((resolve) => {
      void hold.released.then(resolve);
      init.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  return fetch(input.includes('-call-recording/') ? input.replace(emulator.current.url, audio.url) : input, init);
};

function holdNextSignIn(): { arrived: Promise<void>; release: () => void } {
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  signInHold = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
  return { arrived: arrival, release };
}

const dir = mkdtempSync(join(tmpdir(), 'casedesk-recording-work-'));
const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER, network: () => recordingsElsewhere });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  // A byte every 50 ms of a declared 50,000: it would outlast the test by far.
  audio.handle = (_req, res) => {
    served = trickle(res, { head: WAV_HEAD, total: 50_000, piece: Buffer.from([1]), everyMs: 50 });
  };
  expect(await surface.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url })).toMatchObject({ ok: true });
});

/** Resolves once the trickling server has sent the recording's head and a little of its body. */
async function firstBytes(): Promise<void> {
  while ((current()?.sent ?? 0) < WAV_HEAD.length + 2) await new Promise((r) => setTimeout(r, 10));
}

const filesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

describe('recordings:get as long work', () => {
  it('is tracked, refuses a wipe while it runs, stops when cancelled (no file left), and then lets the wipe go', async () => {
    const folder = recordingsDir(ctx, 'test');
    const getting = surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 4242 });
    await within(10_000, 'the first recording bytes', firstBytes());
    expect(ctx.runningWork()).toEqual(['download:recording:test:outbound:4242']);
    expect(await surface.call('workstation:wipe', { confirmation: 'WIPE' })).toMatchObject({
      ok: false,
      error: { code: 'workstation.busy', params: { running: ['download:recording:test:outbound:4242'] } },
    });
    // Another recording named is not this one.
    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 1 })).toMatchObject({
      ok: true,
      value: { cancelled: false },
    });

    const cancelledAt = Date.now();
    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 4242 })).toMatchObject({
      ok: true,
      value: { cancelled: true },
    });
    expect(await within(1_000, 'the cancelled recordings:get', getting)).toMatchObject({
      ok: false,
      error: { code: 'service.cancelled', params: { request: 'GET /api/v2/outbound-call-recording/4242/' } },
    });
    expect(Date.now() - cancelledAt).toBeLessThan(1_000);
    await within(1_000, 'the server seeing the client hang up', current()?.closed ?? Promise.resolve());
    expect(filesIn(folder)).toEqual([]);
    expect(ctx.runningWork()).toEqual([]);

    expect(await surface.call('workstation:wipe', { confirmation: 'WIPE' })).toMatchObject({ ok: true, value: { restarted: true } });
  });

  it('cancels every recording being fetched when none is named', async () => {
    served = null;
    // The wipe above forgot the address: a fresh first run.
    expect(await surface.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url })).toMatchObject({ ok: true });
    const getting = surface.call('recordings:get', { environment: 'test', kind: 'inbound', refId: 77 });
    await within(10_000, 'the first recording bytes', firstBytes());
    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test' })).toMatchObject({ ok: true, value: { cancelled: true } });
    expect(await within(1_000, 'the cancelled recordings:get', getting)).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
    expect(filesIn(recordingsDir(ctx, 'test'))).toEqual([]);
  });

  it('stops, for a cancel naming an ask, only the download that ask started', async () => {
    served = null;
    const getting = surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 4244, ask: 'card-1' });
    await within(10_000, 'the first recording bytes', firstBytes());
    // Another view of the same call: refused as a double click, it started nothing, so it stops nothing.
    expect(await surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 4244, ask: 'card-2' })).toMatchObject({
      ok: false,
      error: { code: 'results.download_running' },
    });
    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 4244, ask: 'card-2' })).toMatchObject({
      ok: true,
      value: { cancelled: false },
    });
    expect(ctx.runningWork()).toEqual(['download:recording:test:outbound:4244']);

    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 4244, ask: 'card-1' })).toMatchObject({
      ok: true,
      value: { cancelled: true },
    });
    expect(await within(1_000, 'the cancelled recordings:get', getting)).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
    expect(ctx.runningWork()).toEqual([]);
    expect(filesIn(recordingsDir(ctx, 'test'))).toEqual([]);
  });

  it('answers an ask whose stop came before it as cancelled, fetching nothing (over the browser host the two may cross)', async () => {
    served = null;
    // The card was closed before its ask reached the main process: the stop finds nothing running.
    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 4245, ask: 'card-9' })).toMatchObject({
      ok: true,
      value: { cancelled: false },
    });
    const late = await within(1_000, 'the late ask', surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 4245, ask: 'card-9' }));
    expect(late).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
    expect(ctx.runningWork()).toEqual([]);
    expect(current()).toBeNull();
    expect(filesIn(recordingsDir(ctx, 'test'))).toEqual([]);

    // The card opened again asks anew, and is not refused as already running.
    const again = surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 4245, ask: 'card-10' });
    await within(10_000, 'the first recording bytes', firstBytes());
    expect(ctx.runningWork()).toEqual(['download:recording:test:outbound:4245']);
    await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 4245, ask: 'card-10' });
    expect(await within(1_000, 'the stopped ask', again)).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
  });

  it("gives up on a recording at the context's own pace floor", async () => {
    served = null;
    const slowDir = mkdtempSync(join(tmpdir(), 'casedesk-recording-pace-'));
    // 20 bytes a second, with no grace: the default floor would wait 30 s before judging it.
    const strict = createAppContext({
      dataDir: slowDir,
      credentials: () => DEMO_USER,
      network: () => recordingsElsewhere,
      recordingPace: { minBytesPerSecond: 1024, graceMs: 0 },
    });
    try {
      const strictSurface = createSurface(strict);
      expect(await strictSurface.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url })).toMatchObject({ ok: true });
      const getting = strictSurface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 4243 });
      expect(await within(5_000, 'the recording given up as too slow', getting)).toMatchObject({ ok: false, error: { code: 'service.recording_too_slow' } });
      expect(filesIn(recordingsDir(strict, 'test'))).toEqual([]);
    } finally {
      await strict.close();
      rmSync(slowDir, { recursive: true, force: true });
    }
  });
});

const WHOLE_WAV = Buffer.concat([WAV_HEAD, Buffer.alloc(64, 1)]);
function wholeRecording(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(WHOLE_WAV.length) });
  res.end(WHOLE_WAV);
}

describe('recordings:get stopped while it signs in', () => {
  beforeEach(async () => {
    // No session: the fetch has to sign in first.
    expect(await surface.call('session:signOut', { environment: 'test' })).toMatchObject({ ok: true, value: { signedIn: false } });
  });
  afterEach(async () => {
    signInHold = null;
    await surface.call('downloads:cancel', { what: 'recording', environment: 'test' });
  });

  it('is tracked from the start: Stop ends it with service.cancelled, nothing left running, the recording never asked for', async () => {
    let asked = 0;
    audio.handle = (_req, res) => {
      asked += 1;
      wholeRecording(res);
    };
    const hold = holdNextSignIn();
    try {
      const getting = surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 5151 });
      await within(10_000, 'the sign-in', hold.arrived);
      expect(ctx.runningWork()).toEqual(['download:recording:test:outbound:5151']);
      expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 5151 })).toMatchObject({
        ok: true,
        value: { cancelled: true },
      });
      expect(await within(1_000, 'the cancelled recordings:get', getting)).toMatchObject({
        ok: false,
        error: { code: 'service.cancelled', params: { request: `POST ${paths.login()}` } },
      });
    } finally {
      hold.release();
    }
    expect(ctx.runningWork()).toEqual([]);
    expect(asked).toBe(0);
    expect(filesIn(recordingsDir(ctx, 'test'))).toEqual([]);
  });

  it('lets the same recording be asked for again right after (not refused as already running)', async () => {
    let again = false;
    let recordingAsked: () => void = () => undefined;
    const fetching = new Promise<void>((resolve) => (recordingAsked = resolve));
    // Had the first ask gone on after its Stop, its recording would never end and keep its key taken.
    audio.handle = (req, res) => {
      if (req.url?.includes('/6161/')) recordingAsked();
      if (again) wholeRecording(res);
      else trickle(res, { head: WAV_HEAD, total: 50_000, piece: Buffer.from([1]), everyMs: 50 });
    };
    const hold = holdNextSignIn();
    const first = surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 6161 });
    try {
      await within(10_000, 'the sign-in', hold.arrived);
      await surface.call('downloads:cancel', { what: 'recording', environment: 'test', kind: 'outbound', refId: 6161 });
    } finally {
      hold.release();
    }
    // Stopped: it ends. Had the Stop missed it, it goes on to fetch the recording instead.
    await within(10_000, 'the first ask ending or fetching', Promise.race([first, fetching]));

    again = true;
    expect(
      await within(10_000, 'the second recordings:get', surface.call('recordings:get', { environment: 'test', kind: 'outbound', refId: 6161 })),
    ).toMatchObject({
      ok: true,
      value: { format: 'wav', base64: WHOLE_WAV.toString('base64') },
    });
    expect(ctx.runningWork()).toEqual([]);
  });

  // The other downloads sign in the same way: a Stop then answers as a Stop at their start does.
  it.each([
    {
      what: 'campaign' as const,
      key: 'download:campaign:test:1',
      start: () => surface.call('results:download', { environment: 'test', campaignId: 1, recordings: true }),
    },
    {
      what: 'inbound' as const,
      key: 'download:inbound:test',
      start: () => surface.call('inbound:download', { environment: 'test', botId: 201, from: '2024-01-01', to: '2024-01-31', recordings: true }),
    },
  ])('stops a $what download in its sign-in too: cancelled, nothing fetched', async ({ what, key, start }) => {
    const hold = holdNextSignIn();
    try {
      const downloading = start();
      await within(10_000, 'the sign-in', hold.arrived);
      expect(ctx.runningWork()).toEqual([key]);
      expect(await surface.call('downloads:cancel', { what, campaignId: 1, environment: 'test' })).toMatchObject({ ok: true, value: { cancelled: true } });
      expect(await within(1_000, 'the cancelled download', downloading)).toMatchObject({ ok: true, value: { cases: 0, recordings: 0, cancelled: true } });
    } finally {
      hold.release();
    }
    expect(ctx.runningWork()).toEqual([]);
  });
});
