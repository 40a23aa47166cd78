// Exactly-once uploads under every fault the emulator can make: each run ends with the service
// holding exactly the batch's ready cases minus the rejected ones, and every rejection reported.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import { listChunks } from '../../src-main/store';
import { ServiceError } from '../../src-main/client';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { retryNote, uploadBatch } from '../../src-main/sync/upload-engine';
import { control } from '../client/helpers';
import { useEmulator } from '../support/emulator';
import { expectExactlyOnce, uploadWorld, type UploadWorld } from './upload-fixture';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

async function world(n: number, opts: Parameters<typeof uploadWorld>[2] = {}, base = emulator.current.url): Promise<UploadWorld> {
  const w = await uploadWorld(base, n, opts);
  worlds.push(w);
  return w;
}

const run = (w: UploadWorld, extra: Parameters<typeof uploadBatch>[3] = {}) =>
  uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, w.batchId, w.campaignId, {
    chunkLimits: { maxCases: 100, maxBytes: 2_000_000 },
    ...extra,
  });

describe('uploadBatch', () => {
  it("loads every ready case once, in chunks, waiting the spec's second between requests", async () => {
    const w = await world(250);
    const result = await run(w);
    expect(result).toMatchObject({ status: 'done', loaded: 250, rejected: [], pending: 0, requests: 3 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
    expect(w.waits.filter((ms) => ms > 900)).toHaveLength(2);
  });

  it('reports each case the service rejects (202) with its reason, and loads the rest', async () => {
    const w = await world(120, { badCodes: ['C00003', 'C00110'] });
    const result = await run(w);
    expect(result.status).toBe('done');
    expect(result.loaded).toBe(118);
    expect(result.rejected.map((r) => r.code)).toEqual(['C00003', 'C00110']);
    expect(result.rejected[0]?.detail).toEqual({ code: 'upload.detail.service_said', params: { reason: expect.stringMatching(/15/) } });
    expect(
      expectExactlyOnce(
        emulator.current,
        w.campaignId,
        w.codes.filter((c) => c !== 'C00003' && c !== 'C00110'),
      ),
    ).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('survives a 500 on chunk 2: reads back, finds nothing loaded, sends it again', async () => {
    const w = await world(300);
    await control(emulator.current.url, 'faults', { fail_upload: [2] });
    const result = await run(w);
    expect(result).toMatchObject({ status: 'done', loaded: 300, requests: 4 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('says why it waits as codes of the catalog with params, never in words of its own or the service', async () => {
    const w = await world(300);
    await control(emulator.current.url, 'faults', { fail_upload: [2] });
    const notes: unknown[] = [];
    const result = await run(w, { onProgress: (p) => p.note && notes.push({ activity: p.activity, ...p.note }) });
    expect(result).toMatchObject({ status: 'done', loaded: 300 });
    expect(notes).toEqual([
      { activity: 'reconciling', code: 'upload.progress.reconciling', params: {} },
      { activity: 'retrying', code: 'upload.progress.server_failed', params: { status: 500 } },
    ]);
  });

  // 500 cases are 5 chunks: moving the chunks after a split one once broke the (batch, seq) uniqueness.
  it('splits chunks in halves on 413 until they fit', async () => {
    const w = await world(500);
    await control(emulator.current.url, 'faults', { body_limit: 12_000 });
    const result = await run(w);
    expect(result).toMatchObject({ status: 'done', loaded: 500 });
    expect(result.requests).toBeGreaterThan(5);
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('does not send twice when the connection drops after the server loaded a chunk', async () => {
    const w = await world(300);
    await control(emulator.current.url, 'faults', { drop_upload: [1, 3] });
    const result = await run(w);
    expect(result).toMatchObject({ status: 'done', loaded: 300 });
    // Chunks 1 and 3 were loaded without an answer: read back, not re-sent.
    expect(result.requests).toBe(3);
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('refreshes an access token that expires mid-upload and goes on', async () => {
    const w = await world(300);
    let expired = false;
    const result = await run(w, {
      onProgress: (p) => {
        if (p.activity === 'sending' && p.chunk === 2 && !expired) {
          expired = true;
          void control(emulator.current.url, 'expire-tokens', { access: true });
        }
      },
    });
    expect(expired).toBe(true);
    expect(result).toMatchObject({ status: 'done', loaded: 300 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('pauses when the session cannot be refreshed, keeping every case, and resumes after signing in again', async () => {
    const w = await world(200);
    await control(emulator.current.url, 'expire-tokens', { access: true, refresh: true });
    const paused = await run(w);
    expect(paused).toMatchObject({ status: 'paused', pause: { code: 'session-expired' }, pending: 200 });
    const again = await uploadWorld(emulator.current.url, 0);
    worlds.push(again);
    const resumed = await uploadBatch({ store: w.store, client: again.client, environment: 'test', pacer: w.pacer, sleep: w.sleep }, w.batchId, w.campaignId, {
      chunkLimits: { maxCases: 100, maxBytes: 2_000_000 },
    });
    expect(resumed).toMatchObject({ status: 'done', loaded: 200 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('goes on through a slow server', async () => {
    const w = await world(200);
    await control(emulator.current.url, 'faults', { latency_ms: 150 });
    const result = await run(w);
    expect(result).toMatchObject({ status: 'done', loaded: 200 });
  });

  it("pauses with the service's words on 400 {error} (a closed campaign), 403 and 404", async () => {
    const w = await world(50);
    await w.client.campaignAction(w.campaignId, 'end');
    const closed = await run(w);
    expect(closed).toMatchObject({ status: 'paused', pause: { code: 'refused' }, pending: 50 });
    expect(closed.pause?.message).toMatch(/closed/);
  });

  it('refuses to send a batch of one environment to another, or to a second campaign', async () => {
    const w = await world(5);
    await expect(uploadBatch({ store: w.store, client: w.client, environment: 'production' }, w.batchId, w.campaignId)).rejects.toMatchObject({
      code: 'batch.other_environment',
    });
    await run(w);
    await expect(uploadBatch({ store: w.store, client: w.client, environment: 'test' }, w.batchId, w.campaignId + 1)).rejects.toMatchObject({
      code: 'batch.other_campaign',
      params: { batchId: w.batchId, campaignId: w.campaignId + 1 },
    });
  });

  it('keeps "__proto__" and "constructor" as ordinary codes', async () => {
    const w = await world(0, { codes: ['__proto__', 'constructor', 'toString'] });
    const result = await run(w);
    expect(result).toMatchObject({ status: 'done', loaded: 3 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });
});

describe('uploadBatch across a restart of the service', () => {
  let restartable: RunningEmulator | null = null;
  afterEach(async () => {
    await restartable?.close();
    restartable = null;
  });

  it('resumes after the server restarts mid-upload, and after the network is gone for a while', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dbFile = join(mkdtempSync(join(tmpdir(), 'casedesk-restart-')), 'service.sqlite');
    restartable = await startEmulator({ tickMs: 0, faults: true, dbFile });
    const port = restartable.port;
    const w = await world(400, {}, restartable.url);
    let chunkStarts = 0;
    let outage = 0;
    const offline: unknown[] = [];
    // The pacer's sleep runs between chunks: stop the service before chunk 2, and bring it back
    // only after the engine has met the closed port a few times.
    const engineSleep = async () => {
      outage += 1;
      if (outage === 3 && restartable === null) restartable = await startEmulator({ tickMs: 0, faults: true, dbFile, port });
    };
    const pacerSleep = async () => {
      chunkStarts += 1;
      if (chunkStarts === 1 && restartable) {
        await restartable.close();
        restartable = null;
        outage = 0;
      }
    };
    const { createPacer } = await import('../../src-main/sync/pacing');
    const result = await uploadBatch(
      { store: w.store, client: w.client, environment: 'test', pacer: createPacer(1000, { sleep: pacerSleep }), sleep: engineSleep },
      w.batchId,
      w.campaignId,
      { chunkLimits: { maxCases: 100, maxBytes: 2_000_000 }, onProgress: (p) => p.activity === 'offline' && offline.push(p.note) },
    );
    expect(result).toMatchObject({ status: 'done', loaded: 400 });
    expect(offline.length).toBeGreaterThan(0);
    expect(new Set(offline.map((note) => JSON.stringify(note)))).toEqual(new Set([JSON.stringify({ code: 'upload.progress.offline', params: {} })]));
    expect(restartable).not.toBeNull();
    expect(expectExactlyOnce(restartable as RunningEmulator, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
    expect(listChunks(w.store.db, w.batchId).filter((c) => !(c.state === 'done'))).toEqual([]);
  });
});

describe('retryNote', () => {
  it("keeps only the status or that the service did not answer: never the failure's message, which may carry the server's words", () => {
    const said = 'GARCÍA, Ana 3515551234 owes 120000';
    const server = new ServiceError({ kind: 'server', status: 503, message: `the service said: ${said}`, serverMessage: said });
    const late = new ServiceError({ kind: 'timeout', message: `no answer for ${said}`, ambiguous: true });
    expect(retryNote(server)).toEqual({ code: 'upload.progress.server_failed', params: { status: 503 } });
    expect(retryNote(late)).toEqual({ code: 'upload.progress.timed_out', params: {} });
    for (const note of [retryNote(server), retryNote(late)])
      for (const lang of ['en', 'es'] as const) expect(formatFailure(lang, note.code, note.params)).not.toMatch(/GARC|3515551234|120000/);
    expect(formatFailure('es', 'upload.progress.server_failed', { status: 503 })).toBe('El servicio falló (HTTP 503); se reintenta.');
  });
});
