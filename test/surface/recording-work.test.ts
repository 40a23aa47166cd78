// recordings:get fetching a recording is long work like any download: a wipe waits for it (never
// into a half-written file), downloads:cancel stops it mid-body, and then the wipe goes ahead. The
// recording comes from a local server that trickles it; everything else from the emulator.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src-main/client';
import { createAppContext } from '../../src-main/surface/app-context';
import { recordingsDir } from '../../src-main/surface/recordings-at-rest';
import { createSurface } from '../../src-main/surface/surface';
import { trickle, useLocalServer, within, type Trickle } from '../client/helpers';
import { DEMO_USER, useEmulator } from '../support/emulator';

const emulator = useEmulator();
const audio = useLocalServer();
const WAV_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
let served: Trickle | null = null;
/** Read through a function: a test resets `served`, and the server sets it later. */
const current = (): Trickle | null => served;
const recordingsElsewhere: FetchLike = (input, init) =>
  fetch(input.includes('-call-recording/') ? input.replace(emulator.current.url, audio.url) : input, init);

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
    await within(
      10_000,
      'the first recording bytes',
      (async () => {
        while ((current()?.sent ?? 0) < WAV_HEAD.length + 2) await new Promise((r) => setTimeout(r, 10));
      })(),
    );
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
    await within(
      10_000,
      'the first recording bytes',
      (async () => {
        while ((current()?.sent ?? 0) < WAV_HEAD.length + 2) await new Promise((r) => setTimeout(r, 10));
      })(),
    );
    expect(await surface.call('downloads:cancel', { what: 'recording', environment: 'test' })).toMatchObject({ ok: true, value: { cancelled: true } });
    expect(await within(1_000, 'the cancelled recordings:get', getting)).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
    expect(filesIn(recordingsDir(ctx, 'test'))).toEqual([]);
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
