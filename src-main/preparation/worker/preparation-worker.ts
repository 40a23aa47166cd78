// Runs in a worker thread: reading a 100,000-row workbook takes seconds, and the main process must
// stay responsive meanwhile (IPC, uploads, the browser host). The worker opens its own connection to
// the same SQLite file (WAL lets both work at once).
import { parentPort } from 'node:worker_threads';
import { openStore, writersSettled } from '../../store';
import { importCorrections } from '../import-corrections';
import { inspectFile } from '../inspect-file';
import { compileSharedList } from '../ledger/compile-shared-list';
import { openFileBytes } from '../ledger/open-file-bytes';
import { readLedgerFile } from '../ledger/read-ledger-file';
import { prepareBatch } from '../prepare-batch';
import { stopFlag, workerError, type PreparationJob, type PreparationMessage, type PreparationReply, type StoreJob } from './preparation-job';

parentPort?.on('message', (job: PreparationJob) => {
  void (async () => {
    try {
      const value =
        job.kind === 'read-ledger'
          ? await readLedgerFile(job.file, job.options)
          : job.kind === 'compile-shared-list'
            ? await compileSharedList(openFileBytes(job.fd, job.name, job.size), job.options)
            : await withStore(job);
      parentPort?.postMessage({ ok: true, value } satisfies PreparationReply);
    } catch (err) {
      parentPort?.postMessage({ ok: false, error: workerError(err) } satisfies PreparationReply);
    }
    // One job a worker: it ends once its batch writer has copied the batch into the file.
    await writersSettled();
    parentPort?.close();
  })();
});

async function withStore(job: StoreJob): Promise<unknown> {
  const store = openStore(job.dataDir, job.storeKey === null ? null : Buffer.from(job.storeKey, 'hex'));
  try {
    if (job.kind === 'inspect') return await inspectFile(store, job.file, job.options);
    if (job.kind === 'import-corrections') {
      return await importCorrections(store, job.batchId, job.file, job.shared, {
        onProgress: (done, total) => parentPort?.postMessage({ progress: { done, total } } satisfies PreparationMessage),
        signal: stopFlag(job.stop),
      });
    }
    return await prepareBatch(store, job.file, {
      ...job.options,
      onProgress: (progress) => parentPort?.postMessage({ progress } satisfies PreparationMessage),
      signal: stopFlag(job.stop),
    });
  } finally {
    store.close();
  }
}
