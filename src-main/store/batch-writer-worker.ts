// Runs in a worker thread (see ./batch-writer-thread.ts): one batch, one transaction, on its own
// connection to the store file.
import { parentPort } from 'node:worker_threads';
import { addRowIssues, caseColumnsWriter, createBatch, type CaseColumns } from './batches-repo';
import type { BatchWriterReply, BatchWriterRequest } from './batch-writer-thread';
import { saveMappingTemplate } from './settings-repo';
import { openStore, type Store } from './store';

const WRITER_CACHE_KIB = 16 * 1024;

let store: Store | null = null;
let batchId = 0;
let insert: ((columns: CaseColumns) => void) | null = null;
/** Time spent writing, for the caller's figures. */
let busyMs = 0;

function handle(request: BatchWriterRequest): BatchWriterReply {
  switch (request.kind) {
    case 'begin': {
      store = openStore(request.dataDir);
      // Rows go in in id order, so few pages are touched twice: a small cache spills to the WAL
      // as it fills and keeps the import's memory flat.
      store.db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
      store.db.exec('BEGIN IMMEDIATE');
      batchId = createBatch(store.db, request.batch);
      insert = caseColumnsWriter(store.db, batchId);
      return { kind: 'begun', batchId };
    }
    case 'cases': {
      if (!insert) throw new Error('No batch was begun.');
      for (const row of request.rows) insert(row);
      return { kind: 'written' };
    }
    case 'finish': {
      if (!store) throw new Error('No batch was begun.');
      addRowIssues(store.db, batchId, request.rowIssues);
      if (request.template) saveMappingTemplate(store.db, request.template.creditor, request.template.signature, request.template.mapping);
      store.db.exec('COMMIT');
      close();
      return { kind: 'committed', busyMs };
    }
    case 'abort':
      close();
      return { kind: 'aborted' };
  }
}

/** Closing with the transaction still open rolls it back. */
function close(): void {
  if (store?.db.inTransaction) store.db.exec('ROLLBACK');
  store?.close();
  store = null;
  insert = null;
}

parentPort?.on('message', (request: BatchWriterRequest) => {
  try {
    const started = performance.now();
    const reply = handle(request);
    busyMs += performance.now() - started;
    parentPort?.postMessage(reply.kind === 'committed' ? { ...reply, busyMs } : reply);
  } catch (err) {
    close();
    parentPort?.postMessage({ kind: 'failed', message: (err as Error).message } satisfies BatchWriterReply);
  }
});
