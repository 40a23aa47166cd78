// The steps of an upload run, each a function of the run's context and state (./upload-run.ts) that
// moves the state on: the store's writes and the requests it makes are its only other effects. A step
// that ends the run sets `run.end` and returns; a failure it cannot place (a bug, a cancel) is thrown
// and placed by endOf.
import type { FailureCode, FailureParamValue } from '../domain/failures/failure';
import { isServiceError, serviceFailure, type ServiceError, type UploadOutcome } from '../client';
import { uploadDetails } from '../domain/upload-detail';
import { HELD_NAMED } from '../domain/ledger';
import {
  bindBatchToCampaign,
  casesInDoubt,
  chunkCases,
  codesHeldBefore,
  listChunks,
  markIdleUploadRunEnded,
  markInDoubt,
  markSending,
  markUploadRunEnded,
  nextChunkToSend,
  recordChunkOutcome,
  resolveInDoubt,
  setChunkState,
  splitChunk,
  type ChunkRow,
  type QueuedCase,
} from '../store';
import { applyLedgerBeforeUpload } from './ledger-before-upload';
import { skipDuplicatesBeforeUpload } from './duplicates-before-upload';
import { backoffMs } from './pacing';
import { judge, readBackCodes } from './reconcile';
import { bodyOf, planChunks } from './upload-planning';
import { uploadResult, type PauseCode, type UploadResult } from './upload-result';
import { inFlight, paused, retryNote, say, tell, type RunContext, type RunEnd, type UploadRun } from './upload-run';

/** A client failure, briefly, for "keeps failing (…)": its status, else its kind. */
const briefly = (err: ServiceError) => (err.status !== undefined ? `HTTP ${err.status}` : err.kind);

const pausedBy = (code: PauseCode, failure: FailureCode, params: Record<string, FailureParamValue> = {}): RunEnd => paused(code, { code: failure, params });

/** Cases in doubt from an earlier run are settled as the agent chose; any left stop the run for a decision. */
export function settleInDoubt(ctx: RunContext, run: UploadRun): void {
  const decision = ctx.options.inDoubt;
  if ((decision === 'resend' || decision === 'assume-loaded') && resolveInDoubt(ctx.db, ctx.batchId, decision) > 0) run.settled = true;
  if (casesInDoubt(ctx.db, ctx.batchId).length > 0) run.end = { status: 'needs-decision' };
}

/**
 * A chunk left "sending" or "unknown" by a killed or interrupted run is reconciled before anything
 * else, so a case it did not load is back among the pending ones the checks see.
 */
export async function reconcileLeftovers(ctx: RunContext, run: UploadRun): Promise<void> {
  for (const chunk of listChunks(ctx.db, ctx.batchId)) {
    if (chunk.state !== 'sending' && chunk.state !== 'unknown') continue;
    await reconcileChunk(ctx, run, chunk);
    if (run.end) return;
  }
}

/** The checks before planning: the ledger, the campaign's duplicates, and the ledger once more. */
export function checkBeforePlanning(ctx: RunContext, run: UploadRun): void {
  const { store, batchId, options } = ctx;
  tell(ctx, 'planning');
  // A case the ledger now lists never enters a chunk (or leaves the one it was in)…
  const first = applyLedgerBeforeUpload(store, batchId, options.ledger);
  run.suppressed = first;
  // …a code the campaign already holds (another batch may have loaded it meanwhile) is not sent again…
  if (skipDuplicatesBeforeUpload(store, batchId, ctx.campaignId, options.duplicates).changed > 0) run.settled = true;
  // …and the ledger once more, for skipped cases the agent chose to load again (and cases it released
  // that the campaign holds were skipped just above).
  const again = applyLedgerBeforeUpload(store, batchId, options.ledger);
  run.suppressed = {
    cases: first.cases + again.cases,
    phones: first.phones + again.phones,
    held: [...first.held, ...again.held].slice(0, HELD_NAMED),
  };
}

/** The batch is bound to the campaign and its ready cases not yet in a chunk are planned into chunks. */
export function planRun(ctx: RunContext): void {
  bindBatchToCampaign(ctx.db, ctx.batchId, ctx.campaignId);
  planChunks(ctx.db, ctx.batchId, ctx.campaignId, ctx.limits);
  // The chunks just planned: counted afresh, never the count from before planning (a slow count is
  // otherwise kept a while, recountedWhenCheap), so the first request says "1 of N", not "1 of 0".
  ctx.counts(true);
}

/** The next chunk to send becomes the one in flight, with no attempt yet; false when none is left. */
export function takeNextChunk(ctx: RunContext, run: UploadRun): boolean {
  const chunk = nextChunkToSend(ctx.db, ctx.batchId);
  run.inFlight = chunk ? { chunk, attempt: 0, cases: [], body: '', answer: null } : null;
  return run.inFlight !== null;
}

/** Sends the chunk in flight until it is settled (loaded, rejected, split, emptied) or the run ends. */
export async function sendInFlight(ctx: RunContext, run: UploadRun): Promise<void> {
  while (loadChunk(ctx, run)) {
    await sendChunk(ctx, run);
    if ((await settleAnswer(ctx, run)) === 'settled') return;
  }
}

/**
 * The chunk's cases as they stand now (a reconcile may have loaded some) and their body, built before
 * the wait so the pacing is the only cost. A chunk left with none is done: false.
 */
export function loadChunk(ctx: RunContext, run: UploadRun): boolean {
  const flight = inFlight(run);
  const cases = chunkCases(ctx.db, flight.chunk.id);
  if (cases.length === 0) {
    setChunkState(ctx.db, flight.chunk.id, 'done');
    return false;
  }
  flight.cases = cases;
  flight.body = bodyOf(cases);
  return true;
}

/** Waits the service's spacing, marks the chunk sending and sends it; the answer is the chunk's. */
export async function sendChunk(ctx: RunContext, run: UploadRun): Promise<void> {
  const flight = inFlight(run);
  tell(ctx, 'waiting', { chunk: flight.chunk.seq });
  await ctx.pacer.wait(ctx.signal);
  markSending(ctx.db, flight.chunk.id);
  tell(ctx, 'sending', { chunk: flight.chunk.seq });
  run.requests += 1;
  try {
    flight.answer = { kind: 'outcome', outcome: await ctx.client.uploadCases(ctx.campaignId, flight.body) };
  } catch (err) {
    if (!isServiceError(err)) throw err;
    flight.answer = { kind: 'failure', error: err };
  } finally {
    ctx.pacer.answered();
  }
}

/** What the last answer means for the chunk: sent 'again', or 'settled' (the run may have ended). */
export async function settleAnswer(ctx: RunContext, run: UploadRun): Promise<'again' | 'settled'> {
  const flight = inFlight(run);
  const answer = flight.answer;
  if (answer === null) throw new Error('no answer to settle');
  if (answer.kind === 'failure') return settleFailure(ctx, run, answer.error);
  if (answer.outcome.kind === 'server-error') {
    // A 500 may come after some cases were stored: find out before sending again.
    await reconcileChunk(ctx, run, flight.chunk);
    if (run.end || !anotherAttempt(ctx, run, `HTTP 500 ${answer.outcome.message}`)) return 'settled';
    await backOff(ctx, run, retryNote({ kind: 'server', status: 500 }));
    return 'again';
  }
  recordOutcome(ctx, run, answer.outcome);
  return 'settled';
}

/** A client failure instead of an answer: wait, reconcile, retry, or pause, by its kind. */
export async function settleFailure(ctx: RunContext, run: UploadRun, err: ServiceError): Promise<'again' | 'settled'> {
  const { db } = ctx;
  const { chunk } = inFlight(run);
  if (err.kind === 'auth') {
    setChunkState(db, chunk.id, 'pending', { code: 'upload.session_expired', params: {} });
    run.end = pausedBy('session-expired', 'upload.session_expired');
    return 'settled';
  }
  if (err.ambiguous) {
    await reconcileChunk(ctx, run, chunk);
    if (run.end) return 'settled';
    // A service that breaks the contract (a redirect, a page that is not JSON…) would do it again:
    // what it loaded is now known, so stop there instead of sending the rest into it.
    if (err.kind === 'contract') {
      run.end = paused('contract', serviceFailure(err));
      return 'settled';
    }
    return anotherAttempt(ctx, run, briefly(err)) ? 'again' : 'settled';
  }
  if (err.kind === 'offline') {
    // Never reached the service: nothing to reconcile, just wait for the network.
    setChunkState(db, chunk.id, 'pending', say.offline);
    await whileOnline(ctx, run, async () => {
      await ctx.client.bots();
    });
    return run.end ? 'settled' : 'again';
  }
  if (err.kind === 'server' || err.kind === 'timeout') {
    setChunkState(db, chunk.id, 'pending', retryNote(err));
    if (!anotherAttempt(ctx, run, briefly(err))) return 'settled';
    await backOff(ctx, run, retryNote(err));
    return 'again';
  }
  setChunkState(db, chunk.id, 'failed', serviceFailure(err));
  run.end = paused(err.kind === 'contract' ? 'contract' : 'refused', serviceFailure(err));
  return 'settled';
}

/** Counts one more attempt at the chunk; past the retries allowed the run pauses ("keeps failing") and false. */
export function anotherAttempt(ctx: RunContext, run: UploadRun, detail: string): boolean {
  const flight = inFlight(run);
  flight.attempt += 1;
  if (flight.attempt <= ctx.maxRetries) return true;
  run.end = pausedBy('server', 'upload.failing', { detail });
  return false;
}

/** Says why the chunk goes again and waits a backoff that grows with its attempts. */
async function backOff(ctx: RunContext, run: UploadRun, note: ReturnType<typeof retryNote>): Promise<void> {
  const flight = inFlight(run);
  tell(ctx, 'retrying', { chunk: flight.chunk.seq, note });
  await ctx.sleep(backoffMs(flight.attempt, ctx.random), ctx.signal);
}

/** What the service answered, stored for the chunk's cases; a refusal of the whole upload pauses the run. */
export function recordOutcome(ctx: RunContext, run: UploadRun, outcome: UploadOutcome): void {
  const { db, campaignId } = ctx;
  const { chunk, cases } = inFlight(run);
  const byCode = new Map(cases.map((c) => [c.code, c.id]));
  switch (outcome.kind) {
    case 'loaded':
      recordChunkOutcome(
        db,
        chunk.id,
        'done',
        cases.map((c) => c.id),
        [],
      );
      return;
    case 'partial':
    case 'rejected': {
      const rejected = outcome.rejected.flatMap(([code, detail]) => {
        const id = byCode.get(code);
        return id === undefined ? [] : [{ id, detail: uploadDetails.serviceSaid(detail) }];
      });
      const rejectedIds = new Set(rejected.map((r) => r.id));
      const others = cases.filter((c) => !rejectedIds.has(c.id)).map((c) => c.id);
      if (outcome.kind === 'partial') {
        recordChunkOutcome(db, chunk.id, 'partial', others, rejected);
      } else {
        // 400 loads nothing: a case the service did not name is still not loaded, and says why.
        const why = uploadDetails.requestRefused(outcome.message);
        recordChunkOutcome(db, chunk.id, 'partial', [], [...rejected, ...others.map((id) => ({ id, detail: why }))]);
      }
      return;
    }
    case 'refused':
      setChunkState(db, chunk.id, 'failed', { code: 'upload.refused', params: { detail: outcome.error } });
      run.end = pausedBy('refused', 'upload.refused', { detail: outcome.error });
      return;
    case 'forbidden':
      setChunkState(db, chunk.id, 'failed', { code: 'upload.forbidden', params: { campaignId } });
      run.end = pausedBy('forbidden', 'upload.forbidden', { campaignId });
      return;
    case 'not-found':
      setChunkState(db, chunk.id, 'failed', { code: 'upload.campaign_not_found', params: { campaignId, detail: outcome.detail } });
      run.end = pausedBy('not-found', 'upload.campaign_not_found', { campaignId, detail: outcome.detail });
      return;
    case 'too-large':
      return splitTooLarge(ctx, chunk, cases);
    case 'server-error':
      return; // settleAnswer's: a 500 may have loaded cases
  }
}

/** 413: the chunk becomes its two halves, sent in its place; a single case too large is rejected. */
export function splitTooLarge(ctx: RunContext, chunk: ChunkRow, cases: readonly QueuedCase[]): void {
  if (cases.length === 1) {
    const only = cases[0] as QueuedCase;
    recordChunkOutcome(ctx.db, chunk.id, 'partial', [], [{ id: only.id, detail: uploadDetails.tooLarge }]);
    return;
  }
  const half = Math.ceil(cases.length / 2);
  const halves = [cases.slice(0, half), cases.slice(half)].map((part) => ({ caseIds: part.map((c) => c.id), bytes: Buffer.byteLength(bodyOf(part)) }));
  splitChunk(ctx.db, chunk, halves);
  // One chunk more: the next progress says it.
  ctx.counts(true);
}

/** Reads back the campaign and settles a chunk whose answer never came; undecidable, its cases go in doubt. */
export async function reconcileChunk(ctx: RunContext, run: UploadRun, chunk: ChunkRow): Promise<void> {
  const { db } = ctx;
  run.settled = true;
  setChunkState(db, chunk.id, 'unknown', say.reconciling);
  tell(ctx, 'reconciling', { chunk: chunk.seq, note: say.reconciling });
  const cases = chunkCases(db, chunk.id);
  if (cases.length === 0) return setChunkState(db, chunk.id, 'done');
  const readBack = await whileOnline(ctx, run, () => readBackCodes(ctx.client, ctx.campaignId, ctx.signal));
  if (readBack === undefined) return;
  if (!readBack.decidable) {
    markInDoubt(
      db,
      cases.map((c) => c.id),
      readBack.reason,
    );
    setChunkState(db, chunk.id, 'unknown', readBack.reason);
    run.end = { status: 'needs-decision' };
    return;
  }
  const verdict = judge(cases, readBack.counts, codesHeldBefore(db, ctx.environment, ctx.campaignId, ctx.batchId));
  recordChunkOutcome(db, chunk.id, verdict.missing.length === 0 ? 'done' : 'pending', verdict.loaded, []);
}

/**
 * Tries `attempt` until it stops failing for lack of network, waiting out the offline spell; past
 * maxOfflineMs the run pauses ("unreachable") and this gives undefined. Other failures are thrown.
 */
export async function whileOnline<T>(ctx: RunContext, run: UploadRun, attempt: () => Promise<T>): Promise<T | undefined> {
  const started = Date.now();
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isServiceError(err) || err.kind !== 'offline' || err.ambiguous) throw err;
      if (Date.now() - started > (ctx.options.maxOfflineMs ?? Infinity)) {
        run.end = pausedBy('offline', 'upload.unreachable');
        return undefined;
      }
      tell(ctx, 'offline', { note: say.offline });
      await ctx.sleep(Math.min(30_000, 1000 + backoffMs(Math.min(n, 5), ctx.random)), ctx.signal);
    }
  }
}

/** Every chunk went: the run is done. */
export function finishSending(ctx: RunContext, run: UploadRun): void {
  tell(ctx, 'done');
  run.end = { status: 'done' };
}

/**
 * How a failure thrown out of a step ends the run: cancelled (the agent stopped it), or paused on a
 * service failure. Anything else is a bug, thrown on.
 */
export function endOf(ctx: RunContext, err: unknown): RunEnd {
  if (ctx.signal?.aborted) return { status: 'cancelled' };
  if (isServiceError(err) && err.kind === 'auth') return pausedBy('session-expired', 'upload.session_expired');
  if (isServiceError(err)) {
    const code = err.kind === 'offline' ? 'offline' : err.kind === 'contract' ? 'contract' : 'server';
    return paused(code, serviceFailure(err));
  }
  throw err;
}

/**
 * Every way a run ends goes through here. Its end times the batch's retention (beside its chunks'
 * answers) only if the run sent a request or changed a case's upload state (skipping every case
 * counts); a run that did neither leaves the last such run's time, so running again postpones nothing.
 */
export function finish(ctx: RunContext, run: UploadRun, end: RunEnd): UploadResult {
  const { db, batchId } = ctx;
  if (run.requests > 0 || run.settled) markUploadRunEnded(db, batchId);
  else markIdleUploadRunEnded(db, batchId);
  const figures = { requests: run.requests, suppressed: run.suppressed };
  return end.status === 'paused' ? uploadResult(db, batchId, 'paused', figures, end.pause) : uploadResult(db, batchId, end.status, figures);
}
