// Runs in a worker thread (see ./batch-writer-thread.ts): one batch, one transaction, on its own
// connection to the store file; after the commit, the checkpoint that copies the batch from the WAL
// into the file.
import { parentPort } from 'node:worker_threads';
import { beginBatch, type BatchTransaction } from './batch-writer';
import type { BatchWriterReply, BatchWriterRequest } from './batch-writer-thread';
import { openStore, type Store } from './store';

const WRITER_CACHE_KIB = 16 * 1024;

let store: Store | null = null;
let tx: BatchTransaction | null = null;

function handle(request: BatchWriterRequest): BatchWriterReply {
  if (request.kind === 'begin') {
    store = openStore(request.dataDir, request.storeKey === null ? null : Buffer.from(request.storeKey, 'hex'));
    // Rows go in in id order, so few pages are touched twice: a small cache spills to the WAL
    // as it fills and keeps the import's memory flat.
    store.db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
    // The commit does not checkpoint: the batch is durable once its WAL frames are synced, and
    // copying ~100 MB into the file (decrypted, encrypted again) is done after the answer (checkpoint()).
    store.db.pragma('wal_autocheckpoint = 0');
    tx = beginBatch(store.db, request.batch);
    return { kind: 'begun', batchId: tx.batchId };
  }
  if (request.kind === 'abort') {
    close();
    return { kind: 'aborted' };
  }
  if (!tx) throw new Error('No batch was begun.');
  if (request.kind === 'cases') {
    for (const row of request.rows) tx.insert(row);
    return { kind: 'written' };
  }
  tx.commit(request.rowIssues, request.template);
  const busyMs = tx.busyMs();
  tx = null;
  return { kind: 'committed', busyMs };
}

/**
 * PASSIVE: it waits for no one, so the other connections' readers and writers go on meanwhile; an
 * autocheckpoint they attempt finds this one running and skips. What a reader still holds back is
 * copied by the next checkpoint.
 */
function checkpoint(): BatchWriterReply {
  const started = performance.now();
  try {
    store?.db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    close();
  }
  return { kind: 'checkpointed', ms: performance.now() - started };
}

/** An open transaction is rolled back. */
function close(): void {
  tx?.rollback();
  store?.close();
  store = null;
  tx = null;
}

function reply(work: () => BatchWriterReply): BatchWriterReply | null {
  try {
    const answer = work();
    parentPort?.postMessage(answer);
    return answer;
  } catch (err) {
    close();
    parentPort?.postMessage({ kind: 'failed', message: (err as Error).message } satisfies BatchWriterReply);
    return null;
  }
}

parentPort?.on('message', (request: BatchWriterRequest) => {
  if (reply(() => handle(request))?.kind === 'committed') reply(checkpoint);
});
