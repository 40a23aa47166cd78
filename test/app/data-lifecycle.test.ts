// The data's lifecycle through the command surface, as the screens and the CLI use it: deleting a
// batch (refused while it uploads or has cases in doubt), deleting a campaign's results, retention
// at start and on demand, and wiping the workstation.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryKeychain } from '../../src-main/keys/keychain';
import { campaignDownloadWork, inboundDownloadWork } from '../../src-main/app/work-keys';
import {
  addChunks,
  beginStagedBatch,
  caseColumns,
  findCaseByCode,
  listChunks,
  markInDoubt,
  pageBatchCases,
  recordChunkOutcome,
  storeFileState,
  unplannedCases,
} from '../../src-main/store';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext, AppContextOptions } from '../../src-main/surface/app-context-types';
import type { Envelope, ProcedureName, ProcedureOutputs, SurfaceError } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { uploadDetails } from '../../src-main/domain/upload-detail';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-lifecycle-surface-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(root, { recursive: true, force: true });
});
const emulator = useEmulator({ speed: 1 });
const DAY = 24 * 60 * 60 * 1000;
let made = 0;

function appIn(dataDir: string, options: Partial<AppContextOptions> = {}): AppContext {
  const ctx = createAppContext({ dataDir, credentials: () => DEMO_USER, ...options });
  contexts.push(ctx);
  return ctx;
}
const freshApp = (options: Partial<AppContextOptions> = {}) => appIn(join(root, `data${++made}`), options);

function surfaceOf(ctx: AppContext) {
  const surface = createSurface(ctx);
  return {
    answer: <N extends ProcedureName>(name: N, input: unknown): Promise<Envelope<ProcedureOutputs[N]>> => surface.call(name, input),
    async call<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
      const answer = await surface.call(name, input);
      if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
      return answer.value;
    },
  };
}

const failure = (answer: Envelope<unknown>): SurfaceError => {
  if (answer.ok) throw new Error('expected a failure');
  return answer.error;
};

/** A batch of the sample prepared from a file handed over by the renderer (a copy in imports). */
async function preparedFromPickedFile(ctx: AppContext, environment: 'demo' | 'test' = 'demo') {
  const api = surfaceOf(ctx);
  const received = await api.call('files:receive', { name: 'cartera-banco-del-sur.xlsx', base64: readFileSync(SAMPLE).toString('base64') });
  const summary = await api.call('batches:prepare', { environment, fileId: received.fileId, maxPhonePriority: 2 });
  return { batchId: summary.batchId, fileId: received.fileId };
}

const untilStopped = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));

async function uploadedToEmulator(ctx: AppContext, batchId: number) {
  const api = surfaceOf(ctx);
  const campaign = await api.call('campaigns:create', {
    environment: 'test',
    campaign: {
      botId: BOTS.voice,
      name: 'Retención',
      dialingType: 'HORIZONTAL_VERTICAL',
      minPhonePriority: 0,
      maxPhonePriority: 2,
      maxCallsPerCase: 2,
    },
  });
  const upload = await api.call('sync:upload', { environment: 'test', batchId, campaignId: campaign.campaign.id });
  expect(upload).toMatchObject({ status: 'done', loaded: 8 });
  return campaign.campaign.id;
}

describe('batches:delete', () => {
  it('deletes the batch with its cases (a picked file was never copied to disk)', async () => {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    const { batchId } = await preparedFromPickedFile(ctx);
    const other = await preparedFromPickedFile(ctx);
    expect(existsSync(join(ctx.options.dataDir, 'imports'))).toBe(false);

    expect(await api.call('batches:delete', { batchId })).toEqual({ batchId, cases: 11, chunks: 0, importedFileDeleted: false });
    expect(failure(await api.answer('batches:get', { batchId })).code).toBe('batch.not_found');
    expect((await api.call('batches:list', {})).map((b) => b.id)).toEqual([other.batchId]);
    expect(failure(await api.answer('batches:delete', { batchId }))).toMatchObject({ code: 'batch.not_found', params: { batchId } });
  });

  it('leaves a file the CLI named where it is (it is the user’s, not a copy)', async () => {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    const own = join(root, `own-${++made}.xlsx`);
    writeFileSync(own, readFileSync(SAMPLE));
    // The CLI's surface names the user's own file by path (files:open).
    const cli = createSurface(ctx, { localFiles: true });
    const opened = await cli.call('files:open', { path: own });
    if (!opened.ok) throw new Error(opened.error.message);
    const prepared = await cli.call('batches:prepare', { fileId: opened.value.fileId, maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const batchId = prepared.value.batchId;
    expect(await api.call('batches:delete', { batchId: batchId })).toMatchObject({ cases: 11, importedFileDeleted: false });
    expect(existsSync(own)).toBe(true);
  });

  it('refuses while the batch uploads (batch.busy), and once it stopped, deletes it', async () => {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    const { batchId } = await preparedFromPickedFile(ctx);
    const upload = ctx.track(`upload:${batchId}`, untilStopped);
    const refused = failure(await api.answer('batches:delete', { batchId }));
    expect(refused).toMatchObject({ code: 'batch.busy', params: { batchId } });
    expect(formatFailure('es', refused.code, refused.params)).toMatch(/se está subiendo/);
    expect(await api.call('batches:countCases', { batchId })).toBe(11);
    ctx.cancel(`upload:${batchId}`);
    await upload;
    expect(await api.call('batches:delete', { batchId })).toMatchObject({ cases: 11 });
  });

  it('refuses while cases are in doubt (batch.in_doubt), saying how many', async () => {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    const { batchId } = await preparedFromPickedFile(ctx);
    const ready = pageBatchCases(ctx.store.db, batchId, { status: 'ready', limit: 3 }).map((c) => c.id);
    markInDoubt(ctx.store.db, ready, uploadDetails.codesNotShown);
    const refused = failure(await api.answer('batches:delete', { batchId }));
    expect(refused).toMatchObject({ code: 'batch.in_doubt', params: { batchId, inDoubt: 3 } });
    expect(await api.call('batches:countCases', { batchId })).toBe(11);
  });
});

describe("a campaign's results", () => {
  it('are listed with the date they go, deleted with their recordings, and downloaded again from scratch', async () => {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    await api.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    const { batchId } = await preparedFromPickedFile(ctx, 'test');
    const campaignId = await uploadedToEmulator(ctx, batchId);
    await api.call('campaigns:action', { environment: 'test', campaignId, action: 'start' });
    await fetch(`${emulator.current.url}/__control/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3600 }),
    });

    expect(await api.call('results:stored', { environment: 'test', campaignId })).toEqual({
      campaignId,
      cases: 0,
      calls: 0,
      recordings: 0,
      downloadedAt: null,
      keptUntil: null,
    });
    const downloaded = await api.call('results:download', { environment: 'test', campaignId });
    expect(downloaded.recordings).toBeGreaterThan(0);
    const stored = await api.call('results:stored', { environment: 'test', campaignId });
    expect(stored).toMatchObject({ cases: 8, calls: downloaded.calls, recordings: downloaded.recordings });
    expect(Date.parse(stored.keptUntil ?? '') - Date.parse(stored.downloadedAt ?? '')).toBe(90 * DAY);
    const recordingsDir = join(ctx.options.dataDir, 'recordings', 'test');
    expect(readdirSync(recordingsDir)).toHaveLength(downloaded.recordings);

    // Not while it downloads; a campaign of the same id in Demo downloading is another campaign.
    const download = ctx.track(campaignDownloadWork('test', campaignId), untilStopped);
    const demoDownload = ctx.track(campaignDownloadWork('demo', campaignId), untilStopped);
    expect(failure(await api.answer('results:delete', { environment: 'test', campaignId }))).toMatchObject({ code: 'results.busy', params: { campaignId } });
    ctx.cancel(campaignDownloadWork('test', campaignId));
    await download;

    const deleted = await api.call('results:delete', { environment: 'test', campaignId });
    expect(deleted).toEqual({ campaignId, cases: 8, calls: downloaded.calls, recordings: downloaded.recordings, recordingFilesLeft: 0 });
    ctx.cancel(campaignDownloadWork('demo', campaignId));
    await demoDownload;
    expect(existsSync(recordingsDir)).toBe(false);
    expect(await api.call('results:cases', { environment: 'test', campaignId })).toEqual({ total: 0, cases: [] });
    expect(await api.call('results:stored', { environment: 'test', campaignId })).toMatchObject({ cases: 0, keptUntil: null });
    // The batch it came from is untouched.
    expect(await api.call('batches:countCases', { batchId })).toBe(11);

    const again = await api.call('results:download', { environment: 'test', campaignId });
    expect(again).toMatchObject({ cases: 8, changedCases: 8, calls: downloaded.calls, recordings: downloaded.recordings });
  });
});

describe('retention', () => {
  it('says when a fully uploaded batch goes, and purges what is older than the setting, at start and on demand', async () => {
    const dataDir = join(root, `data${++made}`);
    let ctx = appIn(dataDir);
    let api = surfaceOf(ctx);
    await api.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    expect((await api.call('settings:get', {})).retentionDays).toBe(90);
    expect((await api.call('settings:set', { retentionDays: 30 })).retentionDays).toBe(30);
    expect(failure(await api.answer('settings:set', { retentionDays: 0 })).code).toBe('input.invalid');

    const uploaded = await preparedFromPickedFile(ctx, 'test');
    const campaignId = await uploadedToEmulator(ctx, uploaded.batchId);
    const draft = await preparedFromPickedFile(ctx, 'test');
    const listed = await api.call('batches:list', { environment: 'test' });
    // Its last upload: the end of the upload run (just after its last chunk's answer).
    const lastUpload = ctx.store.db.prepare('SELECT uploaded_at FROM batches WHERE id = ?').pluck().get(uploaded.batchId) as string;
    const lastAnswer = ctx.store.db.prepare('SELECT max(answered_at) FROM upload_chunks WHERE batch_id = ?').pluck().get(uploaded.batchId) as string;
    expect(lastUpload >= lastAnswer).toBe(true);
    expect(listed.find((b) => b.id === uploaded.batchId)?.keptUntil).toBe(new Date(Date.parse(lastUpload) + 30 * DAY).toISOString());
    expect(listed.find((b) => b.id === draft.batchId)?.keptUntil).toBeNull();
    await api.call('results:download', { environment: 'test', campaignId, recordings: false });

    // Nothing is old yet: nothing goes.
    expect(await api.call('retention:purge', {})).toEqual({
      retentionDays: 30,
      batches: [],
      campaigns: 0,
      inboundCases: 0,
      recordingFiles: 0,
      importedFiles: 0,
    });

    // 31 days later (the store's times moved back instead of the clock forward).
    const old = new Date(Date.now() - 31 * DAY);
    ctx.store.db.prepare('UPDATE upload_chunks SET answered_at = ?').run(old.toISOString());
    ctx.store.db.prepare('UPDATE batches SET created_at = ?').run(old.toISOString());
    ctx.store.db.prepare('UPDATE batches SET uploaded_at = ? WHERE uploaded_at IS NOT NULL').run(old.toISOString());
    ctx.store.db.prepare("UPDATE sync_marks SET value = ? WHERE scope = 'results-downloaded'").run(old.toISOString());
    // A picked file an older CaseDesk copied into the folder (this one keeps none).
    const legacy = join(dataDir, 'imports', '2026-01-02T10-00-00-000Z-abcd', 'cartera.xlsx');
    mkdirSync(join(legacy, '..'), { recursive: true });
    writeFileSync(legacy, 'PK');
    utimesSync(legacy, old, old);
    const leftover = join(dataDir, 'recordings', 'test', '.outbound-9.part');
    mkdirSync(join(dataDir, 'recordings', 'test'), { recursive: true });
    writeFileSync(leftover, 'RIFF');
    utimesSync(leftover, old, old);
    await ctx.close();

    // At start.
    ctx = appIn(dataDir);
    api = surfaceOf(ctx);
    expect((await api.call('batches:list', { environment: 'test' })).map((b) => b.id)).toEqual([draft.batchId]);
    expect(await api.call('results:stored', { environment: 'test', campaignId })).toMatchObject({ cases: 0, calls: 0 });
    // The draft is kept (a draft is the agent's work), its picked file goes (a copy, received 31 days ago).
    expect(existsSync(legacy)).toBe(false);
    expect(existsSync(leftover)).toBe(false);

    // On demand, after lowering the limit: the rest is newer than a day.
    await api.call('settings:set', { retentionDays: 1 });
    expect(await api.call('retention:purge', {})).toMatchObject({ retentionDays: 1, batches: [], campaigns: 0 });
  });
});

/** The uploads (chunk answers and runs' ends) moved 31 days back, and the batches' other times with them. */
const aged = (ctx: AppContext) => {
  const old = new Date(Date.now() - 31 * DAY).toISOString();
  ctx.store.db.prepare('UPDATE upload_chunks SET answered_at = ?').run(old);
  ctx.store.db.prepare('UPDATE batches SET uploaded_at = ? WHERE uploaded_at IS NOT NULL').run(old);
  ctx.store.db.prepare('UPDATE batches SET created_at = ?, updated_at = ?').run(old, old);
};

describe('retention and cases the upload skipped (the campaign already held their codes)', () => {
  const keptUntil = async (ctx: AppContext, batchId: number) => (await surfaceOf(ctx).call('batches:get', { batchId })).keptUntil;
  const edit = (ctx: AppContext, batchId: number, code: string, changes: Record<string, unknown>) =>
    surfaceOf(ctx).call('batches:editCase', { batchId, caseId: findCaseByCode(ctx.store.db, batchId, code), changes });

  /**
   * The sample loaded into a campaign (one case left out), then the sample again into the same
   * campaign: its one new code loaded, the other seven skipped. `before` is edited in the second batch
   * before its upload.
   */
  async function skippedBatch(before?: { code: string; changes: Record<string, unknown> }) {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    await api.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    await api.call('settings:set', { retentionDays: 30 });
    const first = await preparedFromPickedFile(ctx, 'test');
    await edit(ctx, first.batchId, '20123456', { excluded: true });
    const { campaign } = await api.call('campaigns:create', {
      environment: 'test',
      campaign: {
        botId: BOTS.voice,
        name: 'Salteados',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 2,
      },
    });
    const upload = (batchId: number, reloadDuplicates = false) =>
      api.call('sync:upload', { environment: 'test', batchId, campaignId: campaign.id, reloadDuplicates });
    expect(await upload(first.batchId)).toMatchObject({ status: 'done', loaded: 7 });
    const second = await preparedFromPickedFile(ctx, 'test');
    if (before) await edit(ctx, second.batchId, before.code, before.changes);
    expect(await upload(second.batchId)).toMatchObject({ status: 'done', loaded: 1, skipped: { duplicates: 7 } });
    return { ctx, api, first: first.batchId, second: second.batchId, upload };
  }

  it('keeps a batch whose skipped case was corrected after the upload, until it is loaded again', async () => {
    const { ctx, api, first, second, upload } = await skippedBatch();
    expect(await keptUntil(ctx, second)).not.toBeNull();
    expect(await api.call('batches:get', { batchId: second })).toMatchObject({ upload: { skipped: 7 }, correctedSkipped: 0 });
    expect(await edit(ctx, second, '28999000', { firstName: 'Jorge Luis' })).toMatchObject({ uploadState: 'skipped', editable: true });
    expect(await edit(ctx, second, '31222333', { phones: ['011 4444-5556'] })).toMatchObject({ uploadState: 'skipped' });
    // The grid finds just those two, as many as the batch says it is kept for.
    const corrected = async () => (await api.call('batches:cases', { batchId: second, corrected: true })).map((c) => c.code);
    expect(await corrected()).toEqual(['28999000', '31222333']);
    expect(await api.call('batches:countCases', { batchId: second, corrected: true })).toBe(2);
    aged(ctx);

    // The batch list and the purge agree: the corrected batch has no date, and stays; the list says why.
    const listed = await api.call('batches:list', { environment: 'test' });
    expect(listed.find((b) => b.id === second)).toMatchObject({ keptUntil: null, correctedSkipped: 2 });
    expect(listed.find((b) => b.id === first)?.keptUntil).not.toBeNull();
    expect(listed.find((b) => b.id === first)?.correctedSkipped).toBe(0);
    expect((await api.call('retention:purge', {})).batches).toEqual([first]);
    expect(await api.call('batches:get', { batchId: second })).toMatchObject({ upload: { skipped: 7 }, keptUntil: null, correctedSkipped: 2 });

    // Loaded again: the correction reaches the campaign, and the batch goes 30 days after that upload.
    expect(await upload(second, true)).toMatchObject({ status: 'done', skipped: { duplicates: 0 } });
    expect(await keptUntil(ctx, second)).not.toBeNull();
    expect(await api.call('batches:get', { batchId: second })).toMatchObject({ upload: { skipped: 0 }, correctedSkipped: 0 });
    expect(await corrected()).toEqual([]);
    expect((await api.call('retention:purge', {})).batches).toEqual([]);
    aged(ctx);
    expect((await api.call('retention:purge', {})).batches).toEqual([second]);
  });

  it('lets it go once that case is excluded; a case corrected before the upload never held it', async () => {
    const { ctx, api, first, second } = await skippedBatch({ code: '31222333', changes: { phones: ['011 4444-5556'] } });
    await edit(ctx, second, '28999000', { phones: ['261 512-3457'] });
    aged(ctx);
    expect((await api.call('retention:purge', {})).batches).toEqual([first]);
    expect(await keptUntil(ctx, second)).toBeNull();

    expect((await api.call('batches:get', { batchId: second })).correctedSkipped).toBe(1);
    // The case corrected before the upload is not among them.
    expect((await api.call('batches:cases', { batchId: second, corrected: true })).map((c) => c.code)).toEqual(['28999000']);
    await edit(ctx, second, '28999000', { excluded: true });
    expect((await api.call('batches:get', { batchId: second })).correctedSkipped).toBe(0);
    expect(await api.call('batches:countCases', { batchId: second, corrected: true })).toBe(0);
    const lastUpload = ctx.store.db.prepare('SELECT max(answered_at) FROM upload_chunks WHERE batch_id = ?').pluck().get(second) as string;
    expect(await keptUntil(ctx, second)).toBe(new Date(Date.parse(lastUpload) + 30 * DAY).toISOString());
    expect((await api.call('retention:purge', {})).batches).toEqual([second]);
  });
});

describe('retention and a batch whose upload sent no request', () => {
  it('purges a batch whose every code the campaign already held, 30 days after the upload that skipped them all, and says when; a draft with nothing to send stays', async () => {
    const ctx = freshApp();
    const api = surfaceOf(ctx);
    await api.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    await api.call('settings:set', { retentionDays: 30 });
    const first = await preparedFromPickedFile(ctx, 'test');
    const campaignId = await uploadedToEmulator(ctx, first.batchId);
    // The same file again, into the same campaign: every code is held, nothing is sent.
    const second = await preparedFromPickedFile(ctx, 'test');
    const started = Date.now();
    expect(await api.call('sync:upload', { environment: 'test', batchId: second.batchId, campaignId })).toMatchObject({
      status: 'done',
      loaded: 0,
      requests: 0,
      skipped: { duplicates: 8 },
    });
    const ended = Date.now();
    expect(listChunks(ctx.store.db, second.batchId)).toEqual([]);
    // A draft whose every case to send the agent left out: nothing left to send, and never uploaded.
    const draft = await preparedFromPickedFile(ctx, 'test');
    for (const status of ['ready', 'warning'] as const) {
      for (const c of pageBatchCases(ctx.store.db, draft.batchId, { status, limit: 100 })) {
        await api.call('batches:editCase', { batchId: draft.batchId, caseId: c.id, changes: { excluded: true } });
      }
    }

    const goesOn = (await api.call('batches:list', { environment: 'test' })).find((b) => b.id === second.batchId)?.keptUntil;
    expect(Date.parse(goesOn ?? '')).toBeGreaterThanOrEqual(started + 30 * DAY);
    expect(Date.parse(goesOn ?? '')).toBeLessThanOrEqual(ended + 30 * DAY);
    expect(await api.call('batches:get', { batchId: draft.batchId })).toMatchObject({ keptUntil: null });
    expect((await api.call('retention:purge', {})).batches).toEqual([]);

    aged(ctx);
    expect((await api.call('batches:get', { batchId: second.batchId })).keptUntil).toBe(
      new Date(Date.parse(ctx.store.db.prepare('SELECT uploaded_at FROM batches WHERE id = ?').pluck().get(second.batchId) as string) + 30 * DAY).toISOString(),
    );
    expect((await api.call('retention:purge', {})).batches).toEqual([first.batchId, second.batchId]);
    expect((await api.call('batches:list', { environment: 'test' })).map((b) => b.id)).toEqual([draft.batchId]);
    expect(await api.call('batches:get', { batchId: draft.batchId })).toMatchObject({ keptUntil: null });
  });
});

describe('the daily purge', () => {
  it('runs again a day after the start, and no more once the app is closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const ctx = createAppContext({ dataDir: join(root, `data${++made}`) });
      const api = surfaceOf(ctx);
      const { batchId } = await preparedFromPickedFile(ctx);
      // Fully uploaded (as the upload engine records it), 91 days ago.
      const ids = unplannedCases(ctx.store.db, batchId).map((c) => c.id);
      addChunks(ctx.store.db, batchId, 9, [{ caseIds: ids, bytes: 1000 }]);
      recordChunkOutcome(ctx.store.db, listChunks(ctx.store.db, batchId)[0]?.id ?? 0, 'done', ids, []);
      ctx.store.db.prepare('UPDATE upload_chunks SET answered_at = ?').run(new Date(Date.now() - 91 * DAY).toISOString());
      expect((await api.call('batches:list', {})).map((b) => b.id)).toEqual([batchId]);

      vi.advanceTimersByTime(DAY);
      expect(await api.call('batches:list', {})).toEqual([]);
      expect(vi.getTimerCount()).toBe(1);
      await ctx.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an import killed while the app runs', () => {
  it('leaves no hidden batch for a day: what it wrote goes once stale, within minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const ctx = createAppContext({ dataDir: join(root, `data${++made}`) });
      // A preparation worker that died with its writer (out of memory, the app quitting and started again at once).
      const left = beginStagedBatch(ctx.store.db, { environment: 'demo', name: 'grande', sourceFile: 'g.xlsx', maxPhonePriority: 1 });
      left.insertChunk([
        caseColumns({ code: 'D1', firstName: 'Ana', lastName: 'Peña', phones: [], products: [], params: {}, sourceRows: [2], status: 'ready' }),
      ]);
      const batches = () => ctx.store.db.prepare('SELECT count(*) FROM batches').pluck().get();
      vi.advanceTimersByTime(30_000);
      expect(batches()).toBe(1);
      vi.advanceTimersByTime(2 * 60_000);
      expect(batches()).toBe(0);
      expect(vi.getTimerCount()).toBe(1);
      await ctx.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the import this app is still preparing, however long it stands still (a sleep, a clock jump), and sweeps it once that preparation ended', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const ctx = createAppContext({ dataDir: join(root, `data${++made}`) });
      const staged = beginStagedBatch(ctx.store.db, { environment: 'demo', name: 'grande', sourceFile: 'g.xlsx', maxPhonePriority: 1 });
      staged.insertChunk([
        caseColumns({ code: 'D1', firstName: 'Ana', lastName: 'Peña', phones: [], products: [], params: {}, sourceRows: [2], status: 'ready' }),
      ]);
      let finish = () => {};
      const preparing = ctx.track('prepare:f1', () => new Promise<void>((resolve) => (finish = resolve)));
      const batches = () => ctx.store.db.prepare('SELECT count(*) FROM batches').pluck().get();
      vi.advanceTimersByTime(10 * 60_000);
      expect(batches()).toBe(1);
      finish();
      await preparing;
      vi.advanceTimersByTime(60_000);
      expect(batches()).toBe(0);
      await ctx.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('workstation:wipe', () => {
  const configDir = () => join(root, `config${++made}`);

  it('says what would go, refuses a wrong word or running work, then deletes everything and the key, and starts over', async () => {
    const keychain = memoryKeychain();
    const dataDir = join(root, `data${++made}`);
    const ctx = appIn(dataDir, { keychain, env: { CASEDESK_CONFIG_DIR: configDir() }, credentials: () => null });
    const api = surfaceOf(ctx);
    const oldKey = Buffer.from(ctx.dataKey.key);
    expect(ctx.dataKey.keptIn).toBe('keychain');
    await preparedFromPickedFile(ctx);
    mkdirSync(join(dataDir, 'recordings', 'demo'), { recursive: true });
    writeFileSync(join(dataDir, 'recordings', 'demo', 'outbound-1.wav'), 'RIFF');
    await api.call('session:signIn', { environment: 'demo', email: DEMO_USER.email, password: DEMO_USER.password });
    // Not CaseDesk's (Electron keeps its own profile in the same folder): it stays.
    writeFileSync(join(dataDir, 'Preferences'), '{}');

    const plan = await api.call('workstation:wipePlan', {});
    expect(plan).toMatchObject({ dataDir, key: 'keychain', others: ['Preferences'] });
    expect(plan.entries).toEqual(expect.arrayContaining(['casedesk.sqlite', 'casedesk-key.json', 'demo-service.sqlite', 'recordings']));

    expect(failure(await api.answer('workstation:wipe', { confirmation: 'borrar' })).code).toBe('input.invalid');
    const work = ctx.track(inboundDownloadWork('test'), untilStopped);
    expect(failure(await api.answer('workstation:wipe', { confirmation: 'WIPE' }))).toMatchObject({
      code: 'workstation.busy',
      params: { running: ['download:inbound:test'] },
    });
    ctx.cancel(inboundDownloadWork('test'));
    await work;
    expect(await api.call('batches:list', {})).toHaveLength(1);

    const report = await api.call('workstation:wipe', { confirmation: 'BORRAR' });
    expect(report).toMatchObject({ key: 'keychain', keyForgotten: true, restarted: true, others: ['Preferences'] });
    expect(keychain.entries.has(JSON.parse(readFileSync(join(dataDir, 'casedesk-key.json'), 'utf8')).id as string)).toBe(true);
    expect(keychain.entries.size).toBe(1);
    // A fresh first run: a new key, an empty store, nobody signed in; only the new store and the foreign file are there.
    expect(ctx.dataKey.key.equals(oldKey)).toBe(false);
    expect(await api.call('batches:list', {})).toEqual([]);
    expect(await api.call('session:status', { environment: 'demo' })).toMatchObject({ signedIn: false });
    // The fresh start's own files, the user's Preferences, and a new audit trail that begins with the wipe.
    expect(
      readdirSync(dataDir)
        .filter((n) => !n.startsWith('casedesk'))
        .sort(),
    ).toEqual(['Preferences', 'audit']);
    expect((await api.call('audit:list', {})).entries.map((e) => e.action)).toContain('workstation.wiped');
    expect(storeFileState(dataDir)).toBe('encrypted');
    // And it works as new.
    await preparedFromPickedFile(ctx);
    expect(await api.call('batches:list', {})).toHaveLength(1);
  });

  it('with CASEDESK_DB_KEY, says the key is the caller’s and cannot be forgotten', async () => {
    const ctx = freshApp({ keychain: memoryKeychain(), env: { CASEDESK_DB_KEY: 'ab'.repeat(32), CASEDESK_CONFIG_DIR: configDir() } });
    const api = surfaceOf(ctx);
    expect(await api.call('workstation:wipePlan', {})).toMatchObject({ key: 'environment' });
    expect(await api.call('workstation:wipe', { confirmation: 'WIPE' })).toMatchObject({ key: 'environment', keyForgotten: false, restarted: true });
  });
});
