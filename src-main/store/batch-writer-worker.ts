// Runs in a worker thread (see ./batch-writer-thread.ts): one batch on its own connection to the
// store file, a chunk of cases a transaction, the batch hidden until the last one (beginStagedBatch).
import { parentPort } from 'node:worker_threads';
import { beginStagedBatch, type StagedBatch } from './batch-writer';
import { refusalData } from './batches-repo';
import type { BatchWriterReply, BatchWriterRequest } from './batch-writer-thread';
import { openStore, type Store } from './store';

const WRITER_CACHE_KIB = 16 * 1024;
/**
 * Frames (pages) the WAL may gather before this thread copies them into the file: half the 1,000 at
 * which another connection's commit checkpoints by itself, on its own thread (the main thread's).
 * How many cases that is depends on how wide they are (every column of the file is kept): it is
 * measured at each checkpoint, and a message's cases are split into transactions to keep to it.
 */
const WAL_FRAMES_BUDGET = 500;
const CASES_PER_CHECKPOINT = { first: 250, least: 50, most: 5_000 };

let store: Store | null = null;
let batch: StagedBatch | null = null;
let casesPerCheckpoint = CASES_PER_CHECKPOINT.first;
let casesSinceCheckpoint = 0;
let checkpointMs = 0;

function handle(request: BatchWriterRequest): BatchWriterReply {
  if (request.kind === 'begin') {
    store = openStore(request.dataDir, request.storeKey === null ? null : Buffer.from(request.storeKey, 'hex'));
    // Rows go in in id order, so few pages are touched twice: a small cache keeps the import's memory flat.
    store.db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
    // This thread checkpoints itself (checkpoint()), timed apart from the writing.
    store.db.pragma('wal_autocheckpoint = 0');
    // A chunk's commit need not reach the disk: the batch is hidden until the last one, synced (FULL).
    store.db.pragma('synchronous = NORMAL');
    batch = beginStagedBatch(store.db, request.batch);
    return { kind: 'begun', batchId: batch.batchId };
  }
  if (request.kind === 'abort') {
    close(true);
    return { kind: 'aborted' };
  }
  if (!batch || !store) throw new Error('No batch was begun.');
  if (request.kind === 'cases') {
    for (let from = 0; from < request.rows.length;) {
      const take = Math.max(1, casesPerCheckpoint - casesSinceCheckpoint);
      const rows = request.rows.slice(from, from + take);
      batch.insertChunk(rows);
      from += rows.length;
      casesSinceCheckpoint += rows.length;
      if (casesSinceCheckpoint >= casesPerCheckpoint) checkpoint();
    }
    return { kind: 'written' };
  }
  if (request.kind === 'rowIssues') {
    batch.insertRowIssues(request.issues);
    // A message of them is a few hundred pages: the WAL kept to its budget, as between cases.
    checkpoint();
    return { kind: 'written' };
  }
  store.db.pragma('synchronous = FULL');
  batch.commit(request.rowIssues, request.template);
  const busyMs = batch.busyMs();
  batch = null;
  return { kind: 'committed', busyMs };
}

/**
 * PASSIVE: it waits for no one, so the other connections' readers and writers go on meanwhile; an
 * automatic checkpoint they attempt finds this one running and skips it.
 */
function checkpoint(): void {
  const started = performance.now();
  const [result] = (store?.db.pragma('wal_checkpoint(PASSIVE)') ?? []) as { log: number }[];
  checkpointMs += performance.now() - started;
  // `log`: the frames in the WAL, which starts over after a complete checkpoint: mostly the cases
  // written since the last one (more when a reader held it back: then fewer cases till the next).
  if (result && result.log > 0 && casesSinceCheckpoint > 0) {
    const fit = Math.floor((WAL_FRAMES_BUDGET * casesSinceCheckpoint) / result.log);
    casesPerCheckpoint = Math.min(CASES_PER_CHECKPOINT.most, Math.max(CASES_PER_CHECKPOINT.least, fit));
  }
  casesSinceCheckpoint = 0;
}

/** The last checkpoint, after the answer: what the batch's last chunks left in the WAL. */
function lastCheckpoint(): BatchWriterReply {
  try {
    checkpoint();
  } finally {
    close(false);
  }
  return { kind: 'checkpointed', ms: checkpointMs };
}

/** A batch still hidden is taken away (`drop`: an abort or a failure; never after its last commit). */
function close(drop: boolean): void {
  try {
    if (drop) batch?.drop();
  } finally {
    store?.close();
    store = null;
    batch = null;
  }
}

function reply(work: () => BatchWriterReply): BatchWriterReply | null {
  try {
    const answer = work();
    parentPort?.postMessage(answer);
    return answer;
  } catch (err) {
    try {
      close(true);
    } catch {
      // The failure to report is the first one; a batch left hidden is swept at a later start.
    }
    const code = (err as { code?: unknown }).code;
    parentPort?.postMessage({
      kind: 'failed',
      message: (err as Error).message,
      code: typeof code === 'string' ? code : undefined,
      refusal: refusalData(err),
    } satisfies BatchWriterReply);
    return null;
  }
}

parentPort?.on('message', (request: BatchWriterRequest) => {
  if (reply(() => handle(request))?.kind === 'committed') reply(lastCheckpoint);
});
