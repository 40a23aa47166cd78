// Another connection holding SQLite's write lock for a while, from a thread of its own (as the batch
// writer thread holds it for a chunk): a write on this thread must wait for it, not fail at once.
import { Worker } from 'node:worker_threads';

const HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3-multiple-ciphers');
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
parentPort.postMessage('locked');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
db.exec('COMMIT');
db.close();
`;

/** Resolves once a plain store's write lock is taken; `released` once it is given back, `ms` later. */
export async function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const worker = new Worker(HOLDER, { eval: true, workerData: { file, ms } });
  const released = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return { released };
}
