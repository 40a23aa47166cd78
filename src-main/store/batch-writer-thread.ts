// Writing a big batch from a second thread: SQLite's share of an import (inserting ~100,000 rows,
// then committing ~100 MB) runs on the machine's other core while the caller builds the next
// cases. Still one transaction: the batch is stored whole or not at all. After the commit the thread
// copies the batch from the WAL into the file without the caller waiting (writersSettled() waits).
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerUrl } from '../layout/app-layout';
import type { BatchTemplate, BatchWriter } from './batch-writer';
import { refusalFromData, type BatchRefusalData, type NewBatch } from './batches-repo';
import { caseColumns, type CaseColumns } from './cases-repo';
import type { IssueInput } from './issue-codec';
import type { Store } from './store';

export type BatchWriterRequest =
  | { kind: 'begin'; dataDir: string; storeKey: string | null; batch: NewBatch }
  | { kind: 'cases'; rows: CaseColumns[] }
  | { kind: 'rowIssues'; issues: IssueInput[] }
  | { kind: 'finish'; rowIssues: IssueInput[]; template: BatchTemplate | null }
  | { kind: 'abort' };

export type BatchWriterReply =
  | { kind: 'begun'; batchId: number }
  | { kind: 'written' }
  | { kind: 'committed'; busyMs: number }
  | { kind: 'checkpointed'; ms: number }
  | { kind: 'aborted' }
  /** `refusal`: a BatchRefusal (its import swept meanwhile), rebuilt whole on the caller's side. */
  /** `code`: the database's own (SQLITE_CONSTRAINT_UNIQUE), kept so the caller decides on it, not on the words. */
  | { kind: 'failed'; message: string; code?: string | undefined; refusal?: BatchRefusalData | undefined };

/**
 * Cases per message, and messages in flight before the caller waits: memory stays flat. Eight, not
 * two: the writer pauses for its checkpoints, and with two the caller waited through them (0.5 s of 5
 * at 100,000 rows; about nothing with eight). A message of narrow cases is about 0.6 MB; one of wide
 * cases (every column of the file is kept) goes once it holds CHUNK_CHARS of their text.
 */
const CHUNK = 1_000;
/**
 * Row issues per message: a million of them (a file whose codes are mostly blank) went in one
 * message, cloned whole for the thread, 0.5 GB at the import's peak.
 */
const ROW_ISSUES_CHUNK = 5_000;
const CHUNK_CHARS = 1_000_000;
const IN_FLIGHT = 8;

/** A case's text that grows with the file: its raw cells, issues, products and params. */
const wideChars = (columns: CaseColumns) => columns[8].length + columns[9].length + columns[4].length + columns[5].length;

/** Writer threads still at work in this thread (a checkpoint after their commit, most often). */
const running = new Set<Promise<void>>();

/**
 * Resolves when every writer thread started here has ended, its checkpoint done. A preparation
 * worker waits for it before it ends (ending it would cut the checkpoint short, and the next
 * connection to write would then copy the batch itself, on its own thread).
 */
export async function writersSettled(): Promise<void> {
  await Promise.all([...running]);
}

/** A writer thread's writer; `writeColumns` takes a case already turned into its row (what `write` sends). */
export interface ThreadBatchWriter extends BatchWriter {
  writeColumns(columns: CaseColumns): Promise<void> | undefined;
}

export async function startBatchWriterThread(store: Store, batch: NewBatch): Promise<ThreadBatchWriter> {
  // The TypeScript source under tsx (tests), else the bundled file beside this one (out/cli, out/main), unpacked.
  const worker = new Worker(workerUrl('batch-writer-worker', import.meta.url));
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  running.add(ended);
  void ended.then(() => running.delete(ended));
  // A checkpoint that did not run is no failure: the batch was committed, and SQLite copies it later.
  let checkpointed: (ms: number | null) => void = () => undefined;
  const checkpoint = new Promise<number | null>((resolve) => (checkpointed = resolve));
  void ended.then(() => checkpointed(null));
  let failure: Error | null = null;
  // Replies come in request order: chunk acknowledgements, and one awaited answer at a time.
  let inFlight = 0;
  let onAck: (() => void) | null = null;
  let answer: { resolve: (r: BatchWriterReply) => void; reject: (e: Error) => void } | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    onAck?.();
    answer?.reject(failure);
    answer = null;
  };
  // Ended once: each call to terminate() waits on the thread's exit with a listener of its own, and
  // after a failure every message still in flight (up to IN_FLIGHT) is answered with one more.
  let terminated: Promise<number> | null = null;
  const end = () => (terminated ??= worker.terminate());
  worker.on('message', (reply: BatchWriterReply) => {
    if (reply.kind === 'checkpointed') {
      checkpointed(reply.ms);
      return void end();
    }
    if (reply.kind === 'failed') {
      // The thread has rolled back and closed its connection: nothing is left for it to do (after a
      // commit, nobody would ask it to end).
      checkpointed(null);
      fail(reply.refusal ? refusalFromData(reply.refusal) : Object.assign(new Error(reply.message), reply.code === undefined ? {} : { code: reply.code }));
      return void end();
    }
    if (reply.kind === 'written') {
      inFlight -= 1;
      const ack = onAck;
      onAck = null;
      return ack?.();
    }
    answer?.resolve(reply);
    answer = null;
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The batch writer thread stopped (exit code ${code}).`)));
  const ask = (request: BatchWriterRequest): Promise<BatchWriterReply> =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      answer = { resolve, reject };
      worker.postMessage(request);
    });
  const ending = async (request: BatchWriterRequest) => {
    try {
      return await ask(request);
    } finally {
      await end();
    }
  };
  // After the commit the thread goes on to its checkpoint, and ends when that is done.
  const committing = async (request: BatchWriterRequest) => {
    try {
      return await ask(request);
    } catch (err) {
      await end();
      throw err;
    }
  };

  let rows: CaseColumns[] = [];
  let rowsChars = 0;
  /** Posts a message the thread acknowledges with 'written'; resolves at once, or once it is no longer behind. */
  const post = (request: BatchWriterRequest): Promise<void> | undefined => {
    worker.postMessage(request);
    inFlight += 1;
    if (inFlight < IN_FLIGHT) return undefined;
    return new Promise((resolve, reject) => (onAck = () => (failure ? reject(failure) : resolve())));
  };
  const send = () => {
    const behind = post({ kind: 'cases', rows });
    rows = [];
    rowsChars = 0;
    return behind;
  };
  let batchId: number;
  try {
    batchId = ((await ask({ kind: 'begin', dataDir: dirname(store.file), storeKey: store.key?.toString('hex') ?? null, batch })) as { batchId: number })
      .batchId;
  } catch (err) {
    await end();
    throw err;
  }
  const writeColumns = (columns: CaseColumns): Promise<void> | undefined => {
    if (failure) return Promise.reject(failure);
    rows.push(columns);
    rowsChars += wideChars(columns);
    if (rows.length < CHUNK && rowsChars < CHUNK_CHARS) return undefined;
    return send();
  };
  return {
    batchId,
    onCallerThread: false,
    write: (c) => writeColumns(caseColumns(c)),
    writeColumns,
    async finish(rowIssues, template) {
      if (rows.length > 0 && !failure) await send();
      let issues: IssueInput[] = [];
      for (const issue of rowIssues) {
        if (failure) break;
        issues.push(issue);
        if (issues.length < ROW_ISSUES_CHUNK) continue;
        const behind = post({ kind: 'rowIssues', issues });
        issues = [];
        if (behind) await behind;
      }
      const reply = await committing({ kind: 'finish', rowIssues: issues, template });
      return { busyMs: reply.kind === 'committed' ? reply.busyMs : 0, checkpoint };
    },
    async abort() {
      await ending({ kind: 'abort' }).catch(() => undefined);
    },
  };
}
