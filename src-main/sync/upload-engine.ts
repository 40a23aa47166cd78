// Exactly-once uploads. Every ready case is loaded once, or the agent is told precisely why not,
// whatever happens to the network, the server or the process:
// - a chunk's intent is committed before its request and its outcome in one transaction after it;
// - an answer that may not have come back (timeout, reset, 500, a killed process) is never blindly
//   re-sent: the campaign's cases are read back first (./reconcile.ts) and only what is missing goes;
// - when reading back cannot decide, the cases are put "in doubt" for the agent (or a CLI flag).
import { Failure, formatFailure, type FailureCode, type FailureData, type FailureParamValue } from '../domain/failures/failure';
import { isServiceError, serviceFailure, type ServiceClient, type ServiceError, type UploadOutcome } from '../client';
import type { Environment } from '../domain/environments';
import { uploadDetails } from '../domain/upload-detail';
import { uploadEntry } from '../preparation/build/build-cases';
import { uploadChunks, type ChunkLimits, DEFAULT_CHUNK_LIMITS } from '../preparation/payload/upload-chunks';
import {
  addChunks,
  batchInEnvironment,
  bindBatchToCampaign,
  casesInDoubt,
  chunkCases,
  countChunks,
  listChunks,
  nextChunkToSend,
  codesHeldBefore,
  markIdleUploadRunEnded,
  markInDoubt,
  markSending,
  markUploadRunEnded,
  recordChunkOutcome,
  resolveInDoubt,
  setChunkState,
  splitChunk,
  unplannedCases,
  uploadCounts,
  type ChunkRow,
  type QueuedCase,
  type Store,
} from '../store';
import { applyLedgerBeforeUpload, type LedgerAtUpload, type LedgerOutcome } from './ledger-before-upload';
import { HELD_NAMED } from '../domain/ledger';
import { skipDuplicatesBeforeUpload, type DuplicatesAtUpload } from './duplicates-before-upload';
import { backoffMs, createPacer, sleep as realSleep, type Pacer, type Sleep } from './pacing';
import { judge, readBackCodes } from './reconcile';
import { uploadResult, type PauseCode, type UploadPause, type UploadResult } from './upload-result';

export type { PauseCode, UploadPause, UploadResult } from './upload-result';

export interface UploadDeps {
  store: Store;
  client: ServiceClient;
  environment: Environment;
  /** One per service, shared by every upload to it. */
  pacer?: Pacer;
  sleep?: Sleep;
  random?: () => number;
}

export interface UploadOptions {
  chunkLimits?: ChunkLimits;
  /** Retries of one chunk on server errors before the upload pauses. */
  maxRetries?: number;
  /** How long to wait for the network to come back before pausing (default: until cancelled). */
  maxOfflineMs?: number;
  /** What to do with cases already in doubt from an earlier run. */
  inDoubt?: 'ask' | 'resend' | 'assume-loaded';
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  /** The do-not-contact ledger is applied again before anything is planned or sent (own entries always). */
  ledger?: LedgerAtUpload;
  /** Codes the campaign already holds are skipped, unless `reload` (the agent's choice for this batch). */
  duplicates?: DuplicatesAtUpload;
}

export interface UploadProgress {
  activity: 'planning' | 'waiting' | 'sending' | 'retrying' | 'offline' | 'reconciling' | 'done';
  chunk?: number;
  chunks: number;
  loaded: number;
  rejected: number;
  pending: number;
  inDoubt: number;
  /** Why it is waiting, as a code of the catalog and its params: each face words it in its language. */
  note?: UploadNote;
}

/** A progress note: one of the catalog's upload.progress.* codes, never the service's own text. */
export type UploadNote = FailureData<Extract<FailureCode, `upload.progress.${string}`>>;

/**
 * Why a chunk is sent again, as a note: the HTTP status the service answered, or that it did not answer
 * in time. Never the failure's message: it may carry the server's words (or a debtor's, echoed back).
 */
export function retryNote(err: Pick<ServiceError, 'kind' | 'status'>): UploadNote {
  if (err.kind === 'timeout') return { code: 'upload.progress.timed_out', params: {} };
  return { code: 'upload.progress.server_failed', params: { status: err.status ?? '5xx' } };
}

/** What the engine tells the agent while it works (progress notes, not failures): codes the faces word. */
const say = {
  offline: { code: 'upload.progress.offline', params: {} },
  reconciling: { code: 'upload.progress.reconciling', params: {} },
} satisfies Record<string, UploadNote>;

/** A client failure, briefly, for "keeps failing (…)": its status, else its kind. */
const briefly = (err: ServiceError) => (err.status !== undefined ? `HTTP ${err.status}` : err.kind);

class Pause extends Error {
  constructor(
    readonly code: PauseCode,
    readonly failure: FailureData,
  ) {
    super(formatFailure('en', failure.code, failure.params));
  }
}
const pause = (code: PauseCode, failure: FailureCode, params: Record<string, FailureParamValue> = {}) => new Pause(code, { code: failure, params });
const paused = (code: PauseCode, failure: FailureData): UploadPause => ({ code, failure, message: formatFailure('en', failure.code, failure.params) });
class NeedsDecision extends Error {}

/**
 * Uploads to one campaign take turns (per store file, in this process): two batches holding the same
 * code, started together, would each see it not yet loaded and both send it. The second starts once the
 * first has finished, and its duplicate check then sees what the first loaded. (Two processes on one
 * store, e.g. the app and the CLI, are not covered: the service has no lookup by code, SPEC-GAPS row 19.)
 */
const campaignTurns = new Map<string, Promise<unknown>>();

export async function uploadBatch(deps: UploadDeps, batchId: number, campaignId: number, options: UploadOptions = {}): Promise<UploadResult> {
  const key = `${deps.store.file}\n${deps.environment}\n${campaignId}`;
  const before = campaignTurns.get(key) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(() => uploadInTurn(deps, batchId, campaignId, options));
  campaignTurns.set(key, turn);
  try {
    return await turn;
  } finally {
    if (campaignTurns.get(key) === turn) campaignTurns.delete(key);
  }
}

async function uploadInTurn(deps: UploadDeps, batchId: number, campaignId: number, options: UploadOptions): Promise<UploadResult> {
  const { store, client, environment } = deps;
  const db = store.db;
  const sleep = deps.sleep ?? realSleep;
  const random = deps.random ?? Math.random;
  const pacer = deps.pacer ?? createPacer();
  const signal = options.signal;
  const maxRetries = options.maxRetries ?? 6;
  const limits = options.chunkLimits ?? DEFAULT_CHUNK_LIMITS;
  let requests = 0;
  /** A case's upload state changed in this run (skipped, back in the queue, in doubt settled) or a chunk was reconciled. */
  let settled = false;
  let suppressed: LedgerOutcome = { cases: 0, phones: 0, held: [] };

  const batch = batchInEnvironment(db, batchId, environment);
  if (batch.campaignId !== null && batch.campaignId !== campaignId) {
    throw new Failure('batch.other_campaign', { batchId, batchCampaignId: batch.campaignId, campaignId });
  }

  const counted = recountedWhenCheap(() => ({ ...uploadCounts(db, batchId), chunks: countChunks(db, batchId) }));
  const progress = (activity: UploadProgress['activity'], extra: Partial<UploadProgress> = {}) => {
    if (!options.onProgress) return;
    const c = counted(activity === 'done');
    options.onProgress({
      activity,
      chunks: c.chunks,
      loaded: c.loaded,
      rejected: c.rejected,
      pending: c.pending,
      inDoubt: c.inDoubt,
      ...extra,
    });
  };

  // Every way a run ends goes through here. Its end times the batch's retention (beside its chunks'
  // answers) only if the run sent a request or changed a case's upload state (skipping every case
  // counts); a run that did neither leaves the last such run's time, so running again postpones nothing.
  const result = (status: UploadResult['status'], pause?: UploadPause): UploadResult => {
    if (requests > 0 || settled) markUploadRunEnded(db, batchId);
    else markIdleUploadRunEnded(db, batchId);
    return uploadResult(db, batchId, status, { requests, suppressed }, pause);
  };

  /** Waits out an offline spell, trying `attempt` until it stops failing for lack of network. */
  async function whileOnline<T>(attempt: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (err) {
        if (!isServiceError(err) || err.kind !== 'offline' || err.ambiguous) throw err;
        if (Date.now() - started > (options.maxOfflineMs ?? Infinity)) throw pause('offline', 'upload.unreachable');
        progress('offline', { note: say.offline });
        await sleep(Math.min(30_000, 1000 + backoffMs(Math.min(n, 5), random)), signal);
      }
    }
  }

  /** Reads back the campaign and settles a chunk whose answer never came. */
  async function reconcile(chunk: ChunkRow): Promise<void> {
    settled = true;
    setChunkState(db, chunk.id, 'unknown', say.reconciling);
    progress('reconciling', { chunk: chunk.seq, note: say.reconciling });
    const cases = chunkCases(db, chunk.id);
    if (cases.length === 0) return setChunkState(db, chunk.id, 'done');
    const readBack = await whileOnline(() => readBackCodes(client, campaignId, signal));
    if (!readBack.decidable) {
      markInDoubt(
        db,
        cases.map((c) => c.id),
        readBack.reason,
      );
      setChunkState(db, chunk.id, 'unknown', readBack.reason);
      throw new NeedsDecision();
    }
    const verdict = judge(cases, readBack.counts, codesHeldBefore(db, environment, campaignId, batchId));
    recordChunkOutcome(db, chunk.id, verdict.missing.length === 0 ? 'done' : 'pending', verdict.loaded, []);
  }

  function outcomeOf(chunk: ChunkRow, cases: QueuedCase[], outcome: UploadOutcome): 'next' | 'split' {
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
        return 'next';
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
        return 'next';
      }
      case 'refused':
        setChunkState(db, chunk.id, 'failed', { code: 'upload.refused', params: { detail: outcome.error } });
        throw pause('refused', 'upload.refused', { detail: outcome.error });
      case 'forbidden':
        setChunkState(db, chunk.id, 'failed', { code: 'upload.forbidden', params: { campaignId } });
        throw pause('forbidden', 'upload.forbidden', { campaignId });
      case 'not-found':
        setChunkState(db, chunk.id, 'failed', { code: 'upload.campaign_not_found', params: { campaignId, detail: outcome.detail } });
        throw pause('not-found', 'upload.campaign_not_found', { campaignId, detail: outcome.detail });
      case 'too-large': {
        if (cases.length === 1) {
          const only = cases[0] as QueuedCase;
          recordChunkOutcome(db, chunk.id, 'partial', [], [{ id: only.id, detail: uploadDetails.tooLarge }]);
          return 'next';
        }
        const half = Math.ceil(cases.length / 2);
        const halves = [cases.slice(0, half), cases.slice(half)].map((part) => ({ caseIds: part.map((c) => c.id), bytes: Buffer.byteLength(bodyOf(part)) }));
        splitChunk(db, chunk, halves);
        return 'split';
      }
      case 'server-error':
        return 'next'; // handled by the caller: a 500 may have loaded cases
    }
  }

  async function sendChunk(chunk: ChunkRow): Promise<void> {
    for (let attempt = 0; ;) {
      const cases = chunkCases(db, chunk.id);
      if (cases.length === 0) return setChunkState(db, chunk.id, 'done');
      const body = bodyOf(cases); // built before the wait: the pacing is the only cost
      progress('waiting', { chunk: chunk.seq });
      await pacer.wait(signal);
      markSending(db, chunk.id);
      progress('sending', { chunk: chunk.seq });
      requests += 1;
      let outcome: UploadOutcome;
      try {
        outcome = await client.uploadCases(campaignId, body);
      } catch (err) {
        pacer.answered();
        if (!isServiceError(err)) throw err;
        if (err.kind === 'auth') {
          setChunkState(db, chunk.id, 'pending', { code: 'upload.session_expired', params: {} });
          throw pause('session-expired', 'upload.session_expired');
        }
        if (err.ambiguous) {
          await reconcile(chunk);
          // A service that breaks the contract (a redirect, a page that is not JSON…) would do it again:
          // what it loaded is now known, so stop there instead of sending the rest into it.
          if (err.kind === 'contract') throw new Pause('contract', serviceFailure(err));
          attempt += 1;
          if (attempt > maxRetries) throw pause('server', 'upload.failing', { detail: briefly(err) });
          continue;
        }
        if (err.kind === 'offline') {
          // Never reached the service: nothing to reconcile, just wait for the network.
          setChunkState(db, chunk.id, 'pending', say.offline);
          await whileOnline(async () => {
            await client.bots();
          });
          continue;
        }
        if (err.kind === 'server' || err.kind === 'timeout') {
          setChunkState(db, chunk.id, 'pending', retryNote(err));
          attempt += 1;
          if (attempt > maxRetries) throw pause('server', 'upload.failing', { detail: briefly(err) });
          progress('retrying', { chunk: chunk.seq, note: retryNote(err) });
          await sleep(backoffMs(attempt, random), signal);
          continue;
        }
        setChunkState(db, chunk.id, 'failed', serviceFailure(err));
        throw new Pause(err.kind === 'contract' ? 'contract' : 'refused', serviceFailure(err));
      }
      pacer.answered();
      if (outcome.kind === 'server-error') {
        // A 500 may come after some cases were stored: find out before sending again.
        await reconcile(chunk);
        attempt += 1;
        if (attempt > maxRetries) throw pause('server', 'upload.failing', { detail: `HTTP 500 ${outcome.message}` });
        progress('retrying', { chunk: chunk.seq, note: retryNote({ kind: 'server', status: 500 }) });
        await sleep(backoffMs(attempt, random), signal);
        continue;
      }
      if (outcomeOf(chunk, cases, outcome) === 'split') return;
      return;
    }
  }

  try {
    if ((options.inDoubt === 'resend' || options.inDoubt === 'assume-loaded') && resolveInDoubt(db, batchId, options.inDoubt) > 0) settled = true;
    if (casesInDoubt(db, batchId).length > 0) return result('needs-decision');
    // A chunk left "sending" or "unknown" by a killed or interrupted run: reconcile before anything
    // else, so a case it did not load is back among the pending ones the checks below see.
    for (const chunk of listChunks(db, batchId)) {
      if (chunk.state === 'sending' || chunk.state === 'unknown') await reconcile(chunk);
    }
    progress('planning');
    // Before planning: a case the ledger now lists never enters a chunk (or leaves the one it was in)…
    suppressed = applyLedgerBeforeUpload(store, batchId, options.ledger);
    // …a code the campaign already holds (another batch may have loaded it meanwhile) is not sent again…
    if (skipDuplicatesBeforeUpload(store, batchId, campaignId, options.duplicates).changed > 0) settled = true;
    // …and the ledger once more, for skipped cases the agent chose to load again (and cases it released
    // that the campaign holds were skipped just above).
    const again = applyLedgerBeforeUpload(store, batchId, options.ledger);
    suppressed = {
      cases: suppressed.cases + again.cases,
      phones: suppressed.phones + again.phones,
      held: [...suppressed.held, ...again.held].slice(0, HELD_NAMED),
    };
    bindBatchToCampaign(db, batchId, campaignId);
    planChunks(db, batchId, campaignId, limits);
    for (let next = nextChunkToSend(db, batchId); next; next = nextChunkToSend(db, batchId)) await sendChunk(next);
    progress('done');
    return result('done');
  } catch (err) {
    if (err instanceof Pause) return result('paused', { code: err.code, failure: err.failure, message: err.message });
    if (err instanceof NeedsDecision) return result('needs-decision');
    if (signal?.aborted) return result('cancelled');
    if (isServiceError(err) && err.kind === 'auth') return result('paused', paused('session-expired', { code: 'upload.session_expired', params: {} }));
    if (isServiceError(err)) {
      const code = err.kind === 'offline' ? 'offline' : err.kind === 'contract' ? 'contract' : 'server';
      return result('paused', paused(code, serviceFailure(err)));
    }
    throw err;
  }
}

/** A count cheaper than this is read at every step. */
const CHEAP_COUNT_MS = 2;

/**
 * Counts read at every step while they are cheap; once a count costs more than CHEAP_COUNT_MS, read
 * again only after ten times its cost (or when `now`): a million-case batch's (0.15 s each) at most
 * every 1.5 s, instead of three times a request.
 */
export function recountedWhenCheap<T>(count: () => T, clock: () => number = () => performance.now()): (now?: boolean) => T {
  let last: { value: T; at: number; cost: number } | null = null;
  return (now = false) => {
    const started = clock();
    if (last && !now && last.cost >= CHEAP_COUNT_MS && started - last.at < 10 * last.cost) return last.value;
    const value = count();
    const at = clock();
    last = { value, at, cost: at - started };
    return value;
  };
}

/** Cases planned a page at a time, and their chunks stored as they fill: a million-case batch is never held whole. */
const PLANNING_PAGE = 10_000;
const CHUNKS_PER_WRITE = 50;

/**
 * The batch's ready cases not yet in a chunk, cut into chunks in id order and stored. A run stopped
 * half way leaves the rest unplanned, and the next run plans it.
 */
function planChunks(db: Store['db'], batchId: number, campaignId: number, limits: ChunkLimits): void {
  const ids = new Map<string, number>();
  let planned: { caseIds: number[]; bytes: number }[] = [];
  function* entries() {
    for (let afterId = 0; ;) {
      const page = unplannedCases(db, batchId, afterId, PLANNING_PAGE);
      if (page.length === 0) return;
      afterId = (page.at(-1) as QueuedCase).id;
      for (const c of page) {
        ids.set(c.code, c.id);
        yield [c.code, entryOf(c)] as const;
      }
    }
  }
  for (const chunk of uploadChunks(entries(), limits)) {
    planned.push({ caseIds: chunk.codes.map((code) => ids.get(code) as number), bytes: chunk.bytes });
    for (const code of chunk.codes) ids.delete(code);
    if (planned.length < CHUNKS_PER_WRITE) continue;
    addChunks(db, batchId, campaignId, planned);
    planned = [];
  }
  if (planned.length > 0) addChunks(db, batchId, campaignId, planned);
}

function entryOf(c: QueuedCase) {
  return uploadEntry({ firstName: c.firstName, lastName: c.lastName, phones: c.phones, products: c.products as never, params: c.params });
}

function bodyOf(cases: readonly QueuedCase[]): string {
  const [only] = [
    ...uploadChunks(
      cases.map((c) => [c.code, entryOf(c)] as const),
      { maxCases: 1000, maxBytes: Number.MAX_SAFE_INTEGER },
    ),
  ];
  return only?.json ?? '{}';
}
