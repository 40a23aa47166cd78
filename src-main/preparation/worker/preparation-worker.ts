// Runs in a worker thread: reading a 100,000-row workbook takes seconds, and the main process must
// stay responsive meanwhile (IPC, uploads, the browser host). The worker opens its own connection to
// the same SQLite file (WAL lets both work at once).
import { parentPort } from 'node:worker_threads';
import { openStore, writersSettled } from '../../store';
import { readCorrections } from '../import-corrections';
import { inspectFile } from '../inspect-file';
import { compileSharedList } from '../ledger/compile-shared-list';
import { openFileBytes } from '../ledger/open-file-bytes';
import { readLedgerFile } from '../ledger/read-ledger-file';
import { prepareBatch } from '../prepare-batch';
import {
  NEXT_PART,
  REPLY_PART,
  stopFlag,
  workerError,
  type PreparationJob,
  type PreparationMessage,
  type PreparationReply,
  type StoreJob,
} from './preparation-job';

parentPort?.on('message', (job: PreparationJob | typeof NEXT_PART) => {
  if (job === NEXT_PART) return; // for postInParts
  void (async () => {
    try {
      if (job.kind === 'read-corrections') {
        await postInParts(await readCorrections(job.file));
      } else {
        const value =
          job.kind === 'read-ledger'
            ? await readLedgerFile(job.file, job.options)
            : job.kind === 'compile-shared-list'
              ? await compileSharedList(openFileBytes(job.fd, job.name, job.size), job.options)
              : await withStore(job);
        parentPort?.postMessage({ ok: true, value } satisfies PreparationReply);
      }
    } catch (err) {
      parentPort?.postMessage({ ok: false, error: workerError(err) } satisfies PreparationReply);
    }
    // One job a worker: it ends once its batch writer has copied the batch into the file.
    await writersSettled();
    parentPort?.close();
  })();
});

/**
 * A long list a part at a time, each once the caller took the one before (it reads every message
 * waiting in one go), then the reply that says so (see REPLY_PART).
 */
async function postInParts(list: readonly unknown[]): Promise<void> {
  for (let from = 0; from < list.length; from += REPLY_PART) {
    if (from > 0) await nextPartAsked();
    parentPort?.postMessage({ part: list.slice(from, from + REPLY_PART) } satisfies PreparationMessage);
  }
  parentPort?.postMessage({ ok: true, value: null, inParts: true } satisfies PreparationReply);
}

function nextPartAsked(): Promise<void> {
  return new Promise((resolve) => {
    const heard = (message: unknown) => {
      if (message !== NEXT_PART) return;
      parentPort?.off('message', heard);
      resolve();
    };
    parentPort?.on('message', heard);
  });
}

async function withStore(job: StoreJob): Promise<unknown> {
  const store = openStore(job.dataDir, job.storeKey === null ? null : Buffer.from(job.storeKey, 'hex'));
  try {
    if (job.kind === 'inspect') return await inspectFile(store, job.file, job.options);
    return await prepareBatch(store, job.file, {
      ...job.options,
      onProgress: (progress) => parentPort?.postMessage({ progress } satisfies PreparationMessage),
      signal: stopFlag(job.stop),
    });
  } finally {
    store.close();
  }
}
