// Running preparation off the main thread, and getting its result (or its error) back as it was.
import { Worker } from 'node:worker_threads';
import type { FileInspection } from '../inspect-file';
import type { PrepareOptions, PrepareSummary } from '../prepare-batch';
import type { SourceFile } from '../preparation-types';
import { PrepareError } from '../prepare-batch';
import { ReadError } from '../reading/read-errors';
import { MappingError } from '../build/build-cases';

export type PreparationJob =
  | { kind: 'prepare'; dataDir: string; storeKey: string | null; file: SourceFile; options: Omit<PrepareOptions, 'onTimings'> }
  | { kind: 'inspect'; dataDir: string; storeKey: string | null; file: SourceFile; options: { sheet?: string | undefined; headerRow?: number | undefined } };

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
    // The bytes move to the worker instead of being copied (a 100 MB file stays 100 MB).
    worker.postMessage(job, [job.file.bytes.buffer as ArrayBuffer]);
  });
}

/** The worker opens its own connection to the store: it needs the folder and its key. */
export interface StoreLocation {
  dataDir: string;
  key: Buffer | null;
}

const keyHex = (store: StoreLocation) => store.key?.toString('hex') ?? null;

/** The file with bytes that own their whole buffer, so that buffer can be handed to the worker. */
function transferable(file: SourceFile): SourceFile {
  const { bytes } = file;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? file : { name: file.name, bytes: bytes.slice() };
}

/** Prepares `file` in a worker thread. Its bytes are handed over: the caller's view of them is emptied. */
export function prepareInWorker(store: StoreLocation, file: SourceFile, options: Omit<PrepareOptions, 'onTimings'>): Promise<PrepareSummary> {
  return run({ kind: 'prepare', dataDir: store.dataDir, storeKey: keyHex(store), file: transferable(file), options });
}

/** Inspects `file` in a worker thread. Its bytes are handed over: the caller's view of them is emptied. */
export function inspectInWorker(store: StoreLocation, file: SourceFile, options: { sheet?: string | undefined; headerRow?: number | undefined }): Promise<FileInspection> {
  return run({ kind: 'inspect', dataDir: store.dataDir, storeKey: keyHex(store), file: transferable(file), options });
}
