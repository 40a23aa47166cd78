// One upload run as plain data: what it works with (its context, fixed when it starts) and where it
// stands (its state, moved on by the steps of ./upload-steps.ts). Nothing here talks to the service.
import { formatFailure, type FailureCode, type FailureData } from '../domain/failures/failure';
import type { ServiceClient, ServiceError, UploadOutcome } from '../client';
import type { Environment } from '../domain/environments';
import { type ChunkLimits, DEFAULT_CHUNK_LIMITS } from '../preparation/payload/upload-chunks';
import { batchInEnvironment, countChunks, uploadCounts, type ChunkRow, type QueuedCase, type Store } from '../store';
import { Failure } from '../domain/failures/failure';
import type { LedgerAtUpload, LedgerOutcome } from './ledger-before-upload';
import type { DuplicatesAtUpload } from './duplicates-before-upload';
import { createPacer, sleep as realSleep, type Pacer, type Sleep } from './pacing';
import type { PauseCode, UploadPause, UploadResult } from './upload-result';

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
export const say = {
  offline: { code: 'upload.progress.offline', params: {} },
  reconciling: { code: 'upload.progress.reconciling', params: {} },
} satisfies Record<string, UploadNote>;

/** The batch's figures progress shows. */
export type RunCounts = ReturnType<typeof uploadCounts> & { chunks: number };

/** What a run works with, fixed when it starts: the deps with their defaults, and the options. */
export interface RunContext {
  store: Store;
  db: Store['db'];
  client: ServiceClient;
  environment: Environment;
  pacer: Pacer;
  sleep: Sleep;
  random: () => number;
  batchId: number;
  campaignId: number;
  options: UploadOptions;
  signal: AbortSignal | undefined;
  maxRetries: number;
  limits: ChunkLimits;
  /** The batch's counts for progress, read again only while reading is cheap (or when `now`). */
  counts: (now?: boolean) => RunCounts;
}

/** How a run ended. Set by the step that ends it; a run with no end yet goes on. */
export type RunEnd = { status: Exclude<UploadResult['status'], 'paused'> } | { status: 'paused'; pause: UploadPause };

/** What the service did with the last request of the chunk in flight: an outcome, or a client failure. */
export type Answer = { kind: 'outcome'; outcome: UploadOutcome } | { kind: 'failure'; error: ServiceError };

/** The chunk being sent: its row, its attempts, its cases and their body as last read, and its last answer. */
export interface ChunkInFlight {
  chunk: ChunkRow;
  attempt: number;
  cases: QueuedCase[];
  body: string;
  answer: Answer | null;
}

export interface UploadRun {
  /** Requests sent in this run. */
  requests: number;
  /** A case's upload state changed in this run (skipped, back in the queue, in doubt settled) or a chunk was reconciled. */
  settled: boolean;
  /** What the ledger kept out in this run. */
  suppressed: LedgerOutcome;
  inFlight: ChunkInFlight | null;
  end: RunEnd | null;
}

/**
 * The run's context, once the batch is known to belong here: a batch of another environment or bound
 * to another campaign is refused before anything is read or written (a Failure, thrown).
 */
export function runContext(deps: UploadDeps, batchId: number, campaignId: number, options: UploadOptions): RunContext {
  const db = deps.store.db;
  const batch = batchInEnvironment(db, batchId, deps.environment);
  if (batch.campaignId !== null && batch.campaignId !== campaignId) {
    throw new Failure('batch.other_campaign', { batchId, batchCampaignId: batch.campaignId, campaignId });
  }
  return {
    store: deps.store,
    db,
    client: deps.client,
    environment: deps.environment,
    pacer: deps.pacer ?? createPacer(),
    sleep: deps.sleep ?? realSleep,
    random: deps.random ?? Math.random,
    batchId,
    campaignId,
    options,
    signal: options.signal,
    maxRetries: options.maxRetries ?? 6,
    limits: options.chunkLimits ?? DEFAULT_CHUNK_LIMITS,
    counts: recountedWhenCheap(() => ({ ...uploadCounts(db, batchId), chunks: countChunks(db, batchId) })),
  };
}

export function newRun(): UploadRun {
  return { requests: 0, settled: false, suppressed: { cases: 0, phones: 0, held: [] }, inFlight: null, end: null };
}

/** The chunk in flight; a step that sends or settles is only called with one. */
export function inFlight(run: UploadRun): ChunkInFlight {
  if (!run.inFlight) throw new Error('no chunk in flight');
  return run.inFlight;
}

/** A pause as the run's end: its coarse code, the failure, and the failure's English. */
export function paused(code: PauseCode, failure: FailureData): RunEnd {
  return { status: 'paused', pause: { code, failure, message: formatFailure('en', failure.code, failure.params) } };
}

/** Tells the agent what the run is doing, with the batch's counts (only when someone listens). */
export function tell(ctx: RunContext, activity: UploadProgress['activity'], extra: Partial<UploadProgress> = {}): void {
  if (!ctx.options.onProgress) return;
  const c = ctx.counts(activity === 'done');
  ctx.options.onProgress({
    activity,
    chunks: c.chunks,
    loaded: c.loaded,
    rejected: c.rejected,
    pending: c.pending,
    inDoubt: c.inDoubt,
    ...extra,
  });
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
