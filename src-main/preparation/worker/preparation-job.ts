// Running preparation off the main thread, and getting its result (or its error) back as it was.
import { workerUrl } from '../../layout/app-layout';
import { basename } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { FileInspection } from '../inspect-file';
import type { CorrectionsRead } from '../import-corrections';
import type { CompiledSharedList, CompileOptions } from '../ledger/compile-shared-list';
import { LedgerFileError, type LedgerFileContents, type ReadLedgerOptions } from '../ledger/read-ledger-file';
import type { PrepareOptions, PrepareProgress, PrepareSummary } from '../prepare-batch';
import type { SourceFile } from '../preparation-types';
import { PrepareError } from '../prepare-batch';
import { ReadError, type ReadErrorPlace } from '../reading/read-errors';
import { isTextFile } from '../reading/read-table';
import { MappingError } from '../build/mapped-rows';
import { Failure, isFailureCode, type FailureParamValue } from '../../domain/failures/failure';
import { refusalData, refusalFromData, type BatchRefusalData } from '../../store';
import { errorClassName } from '../../domain/error-class';

/** Jobs that work with the store: the worker opens its own connection to it. */
export type StoreJob =
  | {
      kind: 'prepare';
      dataDir: string;
      storeKey: string | null;
      file: SourceFile;
      options: WorkerPrepareOptions;
      /** One Int32 the caller sets to 1 to stop: read between cases, while the worker's loop never yields to messages. */
      stop: SharedArrayBuffer;
    }
  | { kind: 'inspect'; dataDir: string; storeKey: string | null; file: SourceFile; options: { sheet?: string | undefined; headerRow?: number | undefined } };

/**
 * Jobs that only parse: a do-not-contact list, a corrected error report. Their result is plain data;
 * the caller writes it into the store on its own thread.
 */
export type ReadJob = { kind: 'read-ledger'; file: SourceFile; options: ReadLedgerOptions } | { kind: 'read-corrections'; file: SourceFile };

/**
 * The organization's list, compiled from a file the caller holds open (`fd`: descriptors are the
 * process's, so the worker reads the very file the caller checked, and never closes it).
 */
export type CompileJob = { kind: 'compile-shared-list'; fd: number; name: string; size: number; options: CompileOptions };

export type PreparationJob = StoreJob | ReadJob | CompileJob;

/** What crosses to the worker: no callbacks. */
export type WorkerPrepareOptions = Omit<PrepareOptions, 'onTimings' | 'onCheckpoint' | 'onProgress' | 'signal'>;

/** `inParts`: the value is a list, posted before the reply a part at a time (REPLY_PART items each). */
export type PreparationReply = { ok: true; value: unknown; inParts?: true } | { ok: false; error: WorkerError };

/** What the worker posts: how far it is (preparing only), the parts of a long list, then its one reply. */
export type PreparationMessage = PreparationReply | { progress: PrepareProgress } | { part: unknown[] };

/**
 * Items of a list the worker posts in one message. The receiving thread rebuilds each message in one
 * go: 90,909 corrected cases in one held the main thread for over a second.
 */
export const REPLY_PART = 2_000;
/** What the caller posts back once it has taken a part: the worker then posts the next. */
export const NEXT_PART = 'next-part';

/** A stop flag as prepareBatch reads it (an AbortSignal is one too). */
export function stopFlag(buffer: SharedArrayBuffer): { readonly aborted: boolean } {
  const flag = new Int32Array(buffer);
  return {
    get aborted() {
      return Atomics.load(flag, 0) === 1;
    },
  };
}

/** What the caller of a worker's preparation is told and may do: its progress, and stopping it. */
export interface PrepareControl {
  onProgress?: (progress: PrepareProgress) => void;
  signal?: AbortSignal;
  /** How long a stopped worker may take to reply before it is ended (STOP_GRACE_MS; tests shorten it). */
  graceMs?: number;
}

/**
 * How long a stopped preparation may take to reply before its worker is ended: reading a workbook
 * does not look at the flag (the cases' loop does). A batch its writer had begun is swept as any
 * importing batch whose writer is gone.
 */
const STOP_GRACE_MS = 3000;

/** An error as it crosses the thread: a failure's code, params and place travel whole. */
export interface WorkerError {
  name: string;
  message: string;
  code?: string | undefined;
  params?: Record<string, FailureParamValue> | undefined;
  place?: ReadErrorPlace | undefined;
  /** A store's refusal (its batch writer's import swept meanwhile): no failure of the catalog, but a code all the same. */
  refusal?: BatchRefusalData | undefined;
  /** Where it was thrown in the worker, for the diagnostic log (any error's). */
  stack?: string | undefined;
  /** What caused an error outside the catalog, for the diagnostic log. */
  cause?: WorkerError | undefined;
}

/** JavaScript's own error classes, which a rebuilt error takes again by name. */
const BUILT_IN_ERRORS: Record<string, ErrorConstructor> = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

/** What the worker posts for an error it met (structured clone keeps only plain data). */
export function workerError(err: unknown, depth = 0): WorkerError {
  const e = err as Error;
  const refusal = refusalData(err);
  if (refusal) return { name: e.name, message: e.message, stack: e.stack, refusal };
  if (!(err instanceof Failure)) return otherError(err, depth);
  const placed = err instanceof ReadError || err instanceof LedgerFileError;
  return { name: err.name, message: err.message, stack: err.stack, code: err.code, params: err.params, ...(placed ? { place: err.place } : {}) };
}

/**
 * The worker's heap. The 100,000-case benchmark workbook prepares within 256 MB of it (not within
 * 128), and an .ods of 20 million cells (READ_LIMITS.maxCells) within this; a file that needs more
 * is refused as too big instead of taking the machine's memory (without a limit a worker reached
 * 4.5 GB). The cell budget refuses known bombs long before; this catches the rest.
 */
export const PREPARATION_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 3072 };

/**
 * A text file's heap. Its rows are decoded and split when built (readRowTable), so what stays is an
 * index of its records, a code a case and the batch being built: its bytes (up to 1 GB) are an
 * ArrayBuffer handed over to the worker, outside this heap. A 1,000,000-row CSV keeps under 250 MB. V8 lets a
 * heap grow to several times what it keeps when the limit is far (1 GB for that CSV under 3 GB); this
 * one keeps the whole process near 600 MB at no cost in time (measured in `npm run bench -- prepare`).
 */
export const TEXT_PREPARATION_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 768 };

/** The heap preparing or inspecting `file` gets: a text file's, or a workbook's (SheetJS holds the sheet). */
export function preparationLimitsFor(file: SourceFile): ResourceLimits {
  return isTextFile(file.bytes) ? TEXT_PREPARATION_LIMITS : PREPARATION_WORKER_LIMITS;
}

/**
 * An error outside the catalog (a bug, a library's surprise): the surface reports it as internal, and
 * the diagnostic log keeps its class and the worker's frames, so they must cross the thread too.
 */
function otherError(err: unknown, depth: number): WorkerError {
  if (!(err instanceof Error)) return { name: err === null ? 'null' : typeof err, message: String(err) };
  const name = errorClassName(err);
  const cause = depth < 3 && err.cause !== undefined ? workerError(err.cause, depth + 1) : undefined;
  return { name, message: err.message, stack: err.stack, ...(cause ? { cause } : {}) };
}

/** Rebuilds the error the worker met, so callers treat it like one thrown in-process. */
export function rebuildError(e: WorkerError): Error {
  const err = rebuilt(e);
  // Its frames are the worker's, where it was thrown, not this rebuild's.
  if (e.stack !== undefined) err.stack = e.stack;
  return err;
}

function rebuilt(e: WorkerError): Error {
  if (e.refusal) return refusalFromData(e.refusal);
  if (!isFailureCode(e.code)) return rebuildOther(e);
  const params = e.params ?? {};
  // The params were checked when the failure was made in the worker: the same code, the same params.
  if (e.name === 'ReadError') return new ReadError(e.code as never, params as never, e.place);
  if (e.name === 'PrepareError') return new PrepareError(e.code as never, params as never);
  // Its place was a LedgerFileError's, which always names the file.
  if (e.name === 'LedgerFileError') return new LedgerFileError(e.code as never, params as never, e.place as LedgerFileError['place']);
  if (e.name === 'MappingError') return new MappingError(Array.isArray(params.missing) ? params.missing : []);
  return new Failure(e.code, params as never);
}

function rebuildOther(e: WorkerError): Error {
  const Built = Object.hasOwn(BUILT_IN_ERRORS, e.name) ? BUILT_IN_ERRORS[e.name]! : Error;
  const err = new Built(e.message, e.cause ? { cause: rebuildError(e.cause) } : undefined);
  // A class of the worker's own code keeps its name.
  if (Built === Error && e.name !== 'Error') err.name = e.name;
  return err;
}

function run<T>(job: PreparationJob, limits: ResourceLimits, control: PrepareControl = {}): Promise<T> {
  // Beside this file, or its unpacked copy in an installed app (a worker's script is not read from app.asar).
  const worker = new Worker(workerUrl('preparation-worker', import.meta.url), { resourceLimits: limits });
  const fileName = 'file' in job ? job.file.name : job.name;
  // Once every case is built (done === total) the batch is being committed: a stop is too late then,
  // and ending the worker would leave it stored without its last warnings.
  let committing = false;
  let late: ReturnType<typeof setTimeout> | undefined;
  const stopped = () => job.kind === 'prepare' && stopFlag(job.stop).aborted && !committing;
  const onProgress = (progress: PrepareProgress) => {
    if (progress.total > 0 && progress.done === progress.total) {
      committing = true;
      clearTimeout(late);
    }
    control.onProgress?.(progress);
  };
  const reply = awaitReply<T>(worker, fileName, limits, { onProgress, stopped });
  const { signal } = control;
  if (signal && job.kind === 'prepare') {
    const stop = () => {
      if (committing) return;
      Atomics.store(new Int32Array(job.stop), 0, 1);
      late = setTimeout(() => void worker.terminate(), control.graceMs ?? STOP_GRACE_MS);
      void reply.catch(() => undefined).finally(() => clearTimeout(late));
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    void reply.catch(() => undefined).finally(() => signal.removeEventListener('abort', stop));
  }
  // The bytes move to the worker instead of being copied (a 100 MB file stays 100 MB).
  worker.postMessage(job, 'file' in job ? [job.file.bytes.buffer as ArrayBuffer] : []);
  return reply;
}

function outOfMemory(fileName: string, limits: ResourceLimits): ReadError {
  const file = basename(fileName);
  const mb = limits.maxOldGenerationSizeMb ?? 0;
  return new ReadError('read.too_much_memory', { file, limitMb: mb }, { file });
}

/**
 * The worker's one reply. A worker that dies instead of replying rejects too: out of memory, as a
 * read error about the file; any other death (it exited, it crashed) as the internal failure it is.
 * After a reply that went well the worker ends by itself: its batch writer may still be copying the
 * batch into the file (see writersSettled).
 */
/** Workers that replied and have not ended yet: their batch writer is copying the batch into the file. */
const finishing = new Set<Promise<void>>();

/**
 * Resolves when every preparation worker that replied has ended. The app waits for it before it
 * closes or wipes the store: writersSettled() sees only this thread's writers, not a worker's.
 */
export async function preparationsSettled(): Promise<void> {
  await Promise.all([...finishing]);
}

export function awaitReply<T>(
  worker: Worker,
  fileName: string,
  limits: ResourceLimits,
  { onProgress, stopped = () => false }: { onProgress?: ((progress: PrepareProgress) => void) | undefined; stopped?: () => boolean } = {},
): Promise<T> {
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const linger = () => {
    finishing.add(ended);
    void ended.then(() => finishing.delete(ended));
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const parts: unknown[] = [];
    const settle = (finish: () => void, end = true) => {
      if (settled) return;
      settled = true;
      finish();
      if (end) void worker.terminate();
    };
    const onMessage = (message: PreparationMessage) => {
      if ('progress' in message) {
        if (!settled) onProgress?.(message.progress);
        return;
      }
      if ('part' in message) {
        for (const item of message.part) parts.push(item);
        // Asked after this turn: the thread answers anything else waiting before the next part comes.
        setImmediate(() => {
          if (!settled) worker.postMessage(NEXT_PART);
        });
        return;
      }
      worker.off('message', onMessage);
      if (message.ok)
        settle(() => {
          linger();
          resolve((message.inParts ? parts : message.value) as T);
        }, false);
      else settle(() => reject(rebuildError(message.error)));
    };
    worker.on('message', onMessage);
    worker.once('error', (err: Error & { code?: unknown }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory(fileName, limits) : err)),
    );
    worker.once('exit', (exitCode) =>
      settle(() =>
        reject(
          stopped()
            ? new PrepareError('prepare.cancelled', { file: basename(fileName) })
            : new Error(`The preparation worker stopped without replying (exit code ${exitCode}).`),
        ),
      ),
    );
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
export function prepareInWorker(
  store: StoreLocation,
  file: SourceFile,
  options: WorkerPrepareOptions,
  control: PrepareControl = {},
  limits = preparationLimitsFor(file),
): Promise<PrepareSummary> {
  const stop = new SharedArrayBuffer(4);
  return run({ kind: 'prepare', dataDir: store.dataDir, storeKey: keyHex(store), file: transferable(file), options, stop }, limits, control);
}

/** Inspects `file` in a worker thread. Its bytes are handed over: the caller's view of them is emptied. */
export function inspectInWorker(
  store: StoreLocation,
  file: SourceFile,
  options: { sheet?: string | undefined; headerRow?: number | undefined },
  limits = preparationLimitsFor(file),
): Promise<FileInspection> {
  return run({ kind: 'inspect', dataDir: store.dataDir, storeKey: keyHex(store), file: transferable(file), options }, limits);
}

/** Reads a do-not-contact list in a worker thread. Its bytes are handed over: the caller's view of them is emptied. */
export function readLedgerInWorker(file: SourceFile, options: ReadLedgerOptions, limits = PREPARATION_WORKER_LIMITS): Promise<LedgerFileContents> {
  return run({ kind: 'read-ledger', file: transferable(file), options }, limits);
}

/** Reads a corrected error report in a worker thread. Its bytes are handed over: the caller's view of them is emptied. */
export function readCorrectionsInWorker(file: SourceFile, limits = PREPARATION_WORKER_LIMITS): Promise<CorrectionsRead> {
  return run({ kind: 'read-corrections', file: transferable(file) }, limits);
}

/** Compiles the organization's list from the open file `fd` in a worker thread; the caller keeps it open until this ends. */
export function compileSharedListInWorker(
  file: { fd: number; name: string; size: number },
  options: CompileOptions,
  limits = PREPARATION_WORKER_LIMITS,
): Promise<CompiledSharedList> {
  return run({ kind: 'compile-shared-list', ...file, options }, limits);
}
