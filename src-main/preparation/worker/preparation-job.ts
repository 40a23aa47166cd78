// Running preparation off the main thread, and getting its result (or its error) back as it was.
import { Worker } from 'node:worker_threads';
import type { FileInspection } from '../inspect-file';
import type { PrepareOptions, PrepareSummary } from '../prepare-batch';
import { PrepareError } from '../prepare-batch';
import { ReadError } from '../reading/read-errors';
import { MappingError } from '../build/build-cases';

export type PreparationJob =
  | { kind: 'prepare'; dataDir: string; storeKey: string | null; file: string; options: Omit<PrepareOptions, 'onTimings'> }
  | { kind: 'inspect'; dataDir: string; storeKey: string | null; file: string; options: { sheet?: string | undefined; headerRow?: number | undefined } };

export type PreparationReply = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; messageEs?: string | undefined; code?: string | undefined } };

/** Where the worker's code is: the TypeScript source under tsx, a bundled file in the packaged app. */
function workerUrl(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './preparation-worker-boot.mjs' : './preparation-worker.js', import.meta.url);
}

/** Rebuilds the error the worker met, so callers treat it like one thrown in-process. */
function rebuildError(e: Extract<PreparationReply, { ok: false }>['error']): Error {
  if (e.name === 'ReadError') return new ReadError((e.code ?? 'damaged') as never, e.messageEs ?? e.message, e.message);
  if (e.name === 'PrepareError') return new PrepareError(e.messageEs ?? e.message, e.message);
  if (e.name === 'MappingError') return Object.assign(new MappingError([]), { message: e.message });
  return new Error(e.message);
}

function run<T>(job: PreparationJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl());
    worker.once('message', (reply: PreparationReply) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.value as T);
      else reject(rebuildError(reply.error));
    });
    worker.once('error', (err) => reject(err));
    worker.postMessage(job);
  });
}

/** The worker opens its own connection to the store: it needs the folder and its key. */
export interface StoreLocation {
  dataDir: string;
  key: Buffer | null;
}

const keyHex = (store: StoreLocation) => store.key?.toString('hex') ?? null;

export function prepareInWorker(store: StoreLocation, file: string, options: Omit<PrepareOptions, 'onTimings'>): Promise<PrepareSummary> {
  return run({ kind: 'prepare', dataDir: store.dataDir, storeKey: keyHex(store), file, options });
}

export function inspectInWorker(store: StoreLocation, file: string, options: { sheet?: string | undefined; headerRow?: number | undefined }): Promise<FileInspection> {
  return run({ kind: 'inspect', dataDir: store.dataDir, storeKey: keyHex(store), file, options });
}
