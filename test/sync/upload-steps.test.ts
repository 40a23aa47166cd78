// Each step of an upload run alone: a run's state in, the state (and the store) out. A real store,
// and a client that answers what each test scripts: no service, no waiting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError, type ServiceClient, type UploadOutcome } from '../../src-main/client';
import {
  countChunks,
  createBatch,
  insertBatchCases,
  listChunks,
  markInDoubt,
  markSending,
  openStore,
  rejectedCases,
  uploadCounts,
  type Store,
} from '../../src-main/store';
import { createPacer } from '../../src-main/sync/pacing';
import {
  newRun,
  recountedWhenCheap,
  runContext,
  type RunContext,
  type UploadOptions,
  type UploadProgress,
  type UploadRun,
} from '../../src-main/sync/upload-run';
import {
  anotherAttempt,
  checkBeforePlanning,
  endOf,
  finish,
  loadChunk,
  planRun,
  reconcileChunk,
  reconcileLeftovers,
  recordOutcome,
  sendChunk,
  sendInFlight,
  settleAnswer,
  settleFailure,
  settleInDoubt,
  takeNextChunk,
  whileOnline,
} from '../../src-main/sync/upload-steps';
import { TEST_STORE_KEY } from '../support/store-key';
import { aCase } from './upload-fixture';

interface StepWorld {
  store: Store;
  batchId: number;
  codes: string[];
  /** What the client was sent, and what it answers next (an outcome, or a failure thrown). */
  sent: string[];
  answers: (UploadOutcome | ServiceError)[];
  /** The codes the campaign holds, as reading it back shows them (null: a case without a code). */
  held: (string | null)[];
  bots: (ServiceError | null)[];
  progress: UploadProgress[];
  sleeps: number[];
  ctx(options?: UploadOptions): RunContext;
}

const stores: StepWorld[] = [];
afterEach(() => {
  for (const w of stores.splice(0)) w.store.close();
});

function stepWorld(n: number): StepWorld {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-steps-'));
  const store = openStore(dir, TEST_STORE_KEY);
  const close = store.close.bind(store);
  store.close = () => {
    close();
    rmSync(dir, { recursive: true, force: true });
  };
  const batchId = createBatch(store.db, { environment: 'test', name: 'lote', sourceFile: 'x.xlsx', maxPhonePriority: 0 });
  const codes = Array.from({ length: n }, (_, i) => `C${i}`);
  insertBatchCases(
    store.db,
    batchId,
    codes.map((code) => aCase(code)),
  );
  const w: StepWorld = {
    store,
    batchId,
    codes,
    sent: [],
    answers: [],
    held: [],
    bots: [],
    progress: [],
    sleeps: [],
    ctx: (options = {}) => {
      const client = {
        uploadCases: async (_campaignId: number, body: string) => {
          w.sent.push(body);
          const next = w.answers.shift() ?? { kind: 'loaded', message: 'ok' };
          if (next instanceof ServiceError) throw next;
          return next;
        },
        campaignCasePages: async function* () {
          yield { results: w.held.map((code) => ({ params: code === null ? {} : { code } })) };
        },
        bots: async () => {
          const next = w.bots.shift();
          if (next) throw next;
          return [];
        },
      } as unknown as ServiceClient;
      const sleep = async (ms: number) => {
        w.sleeps.push(ms);
      };
      return runContext({ store, client, environment: 'test', pacer: createPacer(1000, { sleep, now: () => 0 }), sleep, random: () => 0.5 }, batchId, 7, {
        chunkLimits: { maxCases: 2, maxBytes: 2_000_000 },
        onProgress: (p) => w.progress.push(p),
        ...options,
      });
    },
  };
  stores.push(w);
  return w;
}

/** A run planned, with its first chunk in flight and its cases loaded. */
function inFlightRun(w: StepWorld, options?: UploadOptions): { ctx: RunContext; run: UploadRun } {
  const ctx = w.ctx(options);
  const run = newRun();
  planRun(ctx);
  takeNextChunk(ctx, run);
  loadChunk(ctx, run);
  return { ctx, run };
}

const failure = (kind: ServiceError['kind'], extra: { status?: number; ambiguous?: boolean } = {}) => new ServiceError({ kind, message: 'no', ...extra });

describe('the upload steps', () => {
  it('runContext refuses a batch bound to another campaign', () => {
    const w = stepWorld(1);
    const ctx = w.ctx();
    planRun(ctx);
    expect(() => runContext({ store: w.store, client: ctx.client, environment: 'test' }, w.batchId, 8, {})).toThrow(
      expect.objectContaining({ code: 'batch.other_campaign', params: { batchId: w.batchId, batchCampaignId: 7, campaignId: 8 } }),
    );
  });

  it('settleInDoubt ends the run for a decision when cases are in doubt, or settles them as the agent chose', () => {
    const w = stepWorld(2);
    const ids = (w.store.db.prepare('SELECT id FROM batch_cases WHERE batch_id = ?').pluck().all(w.batchId) as number[]).slice(0, 1);
    markInDoubt(w.store.db, ids, { code: 'upload.detail.codes_not_shown', params: {} });
    const asking = newRun();
    settleInDoubt(w.ctx(), asking);
    expect(asking).toMatchObject({ end: { status: 'needs-decision' }, settled: false });
    const resending = newRun();
    settleInDoubt(w.ctx({ inDoubt: 'resend' }), resending);
    expect(resending).toMatchObject({ end: null, settled: true });
    expect(uploadCounts(w.store.db, w.batchId)).toMatchObject({ pending: 2, inDoubt: 0 });
  });

  it('checkBeforePlanning says it is planning and counts what the ledger kept out (nothing here)', () => {
    const w = stepWorld(3);
    const run = newRun();
    checkBeforePlanning(w.ctx(), run);
    expect(w.progress.map((p) => p.activity)).toEqual(['planning']);
    expect(run).toMatchObject({ suppressed: { cases: 0, phones: 0, held: [] }, settled: false, end: null });
  });

  it('planRun cuts the ready cases into chunks; takeNextChunk puts each in flight in turn, with no attempt yet', () => {
    const w = stepWorld(5);
    const ctx = w.ctx();
    const run = newRun();
    planRun(ctx);
    expect(listChunks(w.store.db, w.batchId).map((c) => [c.seq, c.caseCount])).toEqual([
      [1, 2],
      [2, 2],
      [3, 1],
    ]);
    expect(takeNextChunk(ctx, run)).toBe(true);
    expect(run.inFlight).toMatchObject({ chunk: { seq: 1 }, attempt: 0, answer: null });
  });

  it('loadChunk reads the chunk cases and their body; a chunk left with none is done', () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    expect(run.inFlight?.cases.map((c) => c.code)).toEqual(['C0', 'C1']);
    expect(Object.keys(JSON.parse(run.inFlight?.body ?? ''))).toEqual(['C0', 'C1']);
    w.store.db.prepare('UPDATE batch_cases SET chunk_id = NULL').run();
    expect(loadChunk(ctx, run)).toBe(false);
    expect(listChunks(w.store.db, w.batchId)[0]?.state).toBe('done');
  });

  it('sendChunk waits its turn, marks the chunk sending, counts the request and keeps the answer', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.answers.push({ kind: 'partial', message: 'some', rejected: [['C1', 'bad phone']] });
    await sendChunk(ctx, run);
    expect(w.progress.map((p) => [p.activity, p.chunk])).toEqual([
      ['waiting', 1],
      ['sending', 1],
    ]);
    expect(run.requests).toBe(1);
    expect(run.inFlight?.answer).toEqual({ kind: 'outcome', outcome: { kind: 'partial', message: 'some', rejected: [['C1', 'bad phone']] } });
    expect(listChunks(w.store.db, w.batchId)[0]).toMatchObject({ state: 'sending', attempts: 1 });
    expect(w.sent).toEqual([run.inFlight?.body]);
  });

  it('sendChunk keeps a service failure as the answer, and throws anything else', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.answers.push(failure('server', { status: 502 }));
    await sendChunk(ctx, run);
    expect(run.inFlight?.answer).toMatchObject({ kind: 'failure', error: { kind: 'server', status: 502 } });
    const bug = new TypeError('a bug');
    ctx.client.uploadCases = async () => {
      throw bug;
    };
    await expect(sendChunk(ctx, run)).rejects.toBe(bug);
  });

  it('settleAnswer stores a 202: the cases named rejected with the service words, the rest loaded', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.answers.push({ kind: 'partial', message: 'some', rejected: [['C1', 'bad phone']] });
    await sendChunk(ctx, run);
    expect(await settleAnswer(ctx, run)).toBe('settled');
    expect(uploadCounts(w.store.db, w.batchId)).toMatchObject({ loaded: 1, rejected: 1, pending: 0 });
    expect(rejectedCases(w.store.db, w.batchId)).toEqual([{ code: 'C1', detail: { code: 'upload.detail.service_said', params: { reason: 'bad phone' } } }]);
  });

  it('settleAnswer on a 500 reads back, then sends again after a backoff, saying why', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.answers.push({ kind: 'server-error', message: 'boom', errors: '' });
    w.held = ['C0'];
    await sendChunk(ctx, run);
    expect(await settleAnswer(ctx, run)).toBe('again');
    expect(run).toMatchObject({ settled: true, end: null, inFlight: { attempt: 1 } });
    expect(uploadCounts(w.store.db, w.batchId)).toMatchObject({ loaded: 1, pending: 1 });
    expect(w.progress.filter((p) => p.note).map((p) => [p.activity, p.note?.code])).toEqual([
      ['reconciling', 'upload.progress.reconciling'],
      ['retrying', 'upload.progress.server_failed'],
    ]);
    expect(w.sleeps.at(-1)).toBe(1000); // half of 2 s, the second attempt's ceiling
    expect(loadChunk(ctx, run)).toBe(true);
    expect(run.inFlight?.cases.map((c) => c.code)).toEqual(['C1']);
  });

  it('anotherAttempt pauses the run once the chunk had its retries', () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w, { maxRetries: 1 });
    expect(anotherAttempt(ctx, run, 'HTTP 502')).toBe(true);
    expect(anotherAttempt(ctx, run, 'HTTP 502')).toBe(false);
    expect(run.end).toEqual({
      status: 'paused',
      pause: { code: 'server', failure: { code: 'upload.failing', params: { detail: 'HTTP 502' } }, message: expect.stringContaining('HTTP 502') },
    });
  });

  it('settleFailure: an expired session pauses with the chunk pending; a 502 retries; a timeout that may have loaded reads back', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    expect(await settleFailure(ctx, run, failure('auth'))).toBe('settled');
    expect(run.end).toMatchObject({ status: 'paused', pause: { code: 'session-expired', failure: { code: 'upload.session_expired' } } });
    expect(listChunks(w.store.db, w.batchId)[0]?.state).toBe('pending');

    const retrying = inFlightRun(stepWorld(2));
    expect(await settleFailure(retrying.ctx, retrying.run, failure('server', { status: 502 }))).toBe('again');
    expect(retrying.run).toMatchObject({ end: null, settled: false, inFlight: { attempt: 1 } });

    const w3 = stepWorld(2);
    const ambiguous = inFlightRun(w3);
    w3.held = ['C0', 'C1'];
    expect(await settleFailure(ambiguous.ctx, ambiguous.run, failure('timeout', { ambiguous: true }))).toBe('again');
    expect(uploadCounts(w3.store.db, w3.batchId)).toMatchObject({ loaded: 2, pending: 0 });
    expect(loadChunk(ambiguous.ctx, ambiguous.run)).toBe(false);
  });

  it('settleFailure offline waits for the network, then sends again; pauses "unreachable" past maxOfflineMs', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.bots = [failure('offline'), null];
    expect(await settleFailure(ctx, run, failure('offline'))).toBe('again');
    expect(w.progress.at(-1)).toMatchObject({ activity: 'offline', note: { code: 'upload.progress.offline' } });
    expect(run.inFlight?.attempt).toBe(0);

    const w2 = stepWorld(2);
    const giving = inFlightRun(w2, { maxOfflineMs: -1 });
    w2.bots = [failure('offline')];
    expect(await settleFailure(giving.ctx, giving.run, failure('offline'))).toBe('settled');
    expect(giving.run.end).toMatchObject({ status: 'paused', pause: { code: 'offline', failure: { code: 'upload.unreachable' } } });
  });

  it('whileOnline throws on what is not a lack of network', async () => {
    const w = stepWorld(1);
    const ctx = w.ctx();
    await expect(whileOnline(ctx, newRun(), () => Promise.reject(failure('client', { status: 400 })))).rejects.toMatchObject({ kind: 'client' });
  });

  it('recordOutcome: a 400 {error} fails the chunk and pauses; a 413 splits it in halves; one case too large is rejected', () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    recordOutcome(ctx, run, { kind: 'refused', error: 'closed' });
    expect(run.end).toMatchObject({ status: 'paused', pause: { code: 'refused', failure: { code: 'upload.refused', params: { detail: 'closed' } } } });
    expect(listChunks(w.store.db, w.batchId)[0]?.state).toBe('failed');

    const w2 = stepWorld(3);
    const big = inFlightRun(w2, { chunkLimits: { maxCases: 3, maxBytes: 2_000_000 } });
    recordOutcome(big.ctx, big.run, { kind: 'too-large' });
    expect(big.run.end).toBeNull();
    // The split chunk keeps its place in history (a negative seq, no cases); its halves take its place.
    expect(listChunks(w2.store.db, w2.batchId).map((c) => [c.seq > 0 ? c.seq : 'aside', c.caseCount, c.state])).toEqual([
      ['aside', 0, 'failed'],
      [2, 2, 'pending'],
      [3, 1, 'pending'],
    ]);

    const w3 = stepWorld(1);
    const one = inFlightRun(w3);
    recordOutcome(one.ctx, one.run, { kind: 'too-large' });
    expect(rejectedCases(w3.store.db, w3.batchId)).toEqual([{ code: 'C0', detail: { code: 'upload.detail.too_large', params: {} } }]);
  });

  it('reconcileChunk puts the cases in doubt and ends the run when the campaign cannot show codes', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.held = [null];
    await reconcileChunk(ctx, run, run.inFlight?.chunk as NonNullable<UploadRun['inFlight']>['chunk']);
    expect(run).toMatchObject({ settled: true, end: { status: 'needs-decision' } });
    expect(uploadCounts(w.store.db, w.batchId)).toMatchObject({ inDoubt: 2 });
  });

  it('reconcileLeftovers settles a chunk a killed run left "sending"', async () => {
    const w = stepWorld(4);
    const ctx = w.ctx();
    planRun(ctx);
    const [first] = listChunks(w.store.db, w.batchId);
    markSending(w.store.db, first?.id as number);
    w.held = ['C0', 'C1'];
    const run = newRun();
    await reconcileLeftovers(ctx, run);
    expect(listChunks(w.store.db, w.batchId).map((c) => c.state)).toEqual(['done', 'pending']);
    expect(run).toMatchObject({ settled: true, end: null, requests: 0 });
  });

  it('sendInFlight sends a chunk until it is settled: a 502, then loaded', async () => {
    const w = stepWorld(2);
    const { ctx, run } = inFlightRun(w);
    w.answers.push(failure('server', { status: 502 }), { kind: 'loaded', message: 'ok' });
    await sendInFlight(ctx, run);
    expect(run).toMatchObject({ requests: 2, end: null, inFlight: { attempt: 1 } });
    expect(uploadCounts(w.store.db, w.batchId)).toMatchObject({ loaded: 2, pending: 0 });
    expect(takeNextChunk(ctx, run)).toBe(false);
  });

  it('endOf: a cancel, a service failure, or thrown on', () => {
    const w = stepWorld(1);
    const controller = new AbortController();
    controller.abort();
    expect(endOf(w.ctx({ signal: controller.signal }), new Error('aborted'))).toEqual({ status: 'cancelled' });
    expect(endOf(w.ctx(), failure('offline'))).toMatchObject({ status: 'paused', pause: { code: 'offline' } });
    expect(endOf(w.ctx(), failure('auth'))).toMatchObject({ status: 'paused', pause: { code: 'session-expired' } });
    expect(() => endOf(w.ctx(), new TypeError('a bug'))).toThrow(TypeError);
  });

  it('finish answers the batch as it stands, with what the run did; an idle run leaves no upload time', () => {
    const w = stepWorld(2);
    const ctx = w.ctx();
    const uploadedAt = () => w.store.db.prepare('SELECT uploaded_at FROM batches WHERE id = ?').pluck().get(w.batchId);
    planRun(ctx);
    w.store.db.prepare("UPDATE upload_chunks SET answered_at = 'x'").run();
    expect(finish(ctx, newRun(), { status: 'cancelled' })).toMatchObject({ status: 'cancelled', pending: 2, requests: 0 });
    expect(uploadedAt()).toBeNull();
    const busy = { ...newRun(), requests: 1 };
    expect(finish(ctx, busy, { status: 'done' })).toMatchObject({ status: 'done', requests: 1 });
    expect(uploadedAt()).not.toBeNull();
  });
});

describe('the counts the progress says', () => {
  it('are read afresh once the run is planned, however slow a count is: the first request says 1 of 5, not 1 of 0', async () => {
    const w = stepWorld(10);
    const base = w.ctx();
    // Every count "takes" 5 ms: read again only after 50 ms, which this clock never reaches alone.
    let now = 0;
    const slowClock = () => (now += 5);
    const ctx: RunContext = {
      ...base,
      counts: recountedWhenCheap(() => ({ ...uploadCounts(w.store.db, w.batchId), chunks: countChunks(w.store.db, w.batchId) }), slowClock),
    };
    const run = newRun();
    checkBeforePlanning(ctx, run);
    planRun(ctx);
    takeNextChunk(ctx, run);
    loadChunk(ctx, run);
    await sendChunk(ctx, run);
    expect(w.progress.map((p) => [p.activity, p.chunks])).toEqual([
      ['planning', 0],
      ['waiting', 5],
      ['sending', 5],
    ]);
  });
});
