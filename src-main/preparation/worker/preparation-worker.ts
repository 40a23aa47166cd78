// Runs in a worker thread: reading a 100,000-row workbook takes seconds, and the main process must
// stay responsive meanwhile (IPC, uploads, the browser host). The worker opens its own connection to
// the same SQLite file (WAL lets both work at once).
import { parentPort } from 'node:worker_threads';
import { openStore, writersSettled } from '../../store';
import { inspectFile } from '../inspect-file';
import { prepareBatch } from '../prepare-batch';
import { workerError, type PreparationJob, type PreparationReply } from './preparation-job';

parentPort?.on('message', (job: PreparationJob) => {
  void (async () => {
    const store = openStore(job.dataDir, job.storeKey === null ? null : Buffer.from(job.storeKey, 'hex'));
    try {
      const value = job.kind === 'prepare' ? await prepareBatch(store, job.file, job.options) : await inspectFile(store, job.file, job.options);
      parentPort?.postMessage({ ok: true, value } satisfies PreparationReply);
    } catch (err) {
      parentPort?.postMessage({ ok: false, error: workerError(err) } satisfies PreparationReply);
    } finally {
      store.close();
    }
    // One job a worker: it ends once its batch writer has copied the batch into the file.
    await writersSettled();
    parentPort?.close();
  })();
});
