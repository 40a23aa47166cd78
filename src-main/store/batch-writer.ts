// One batch written in one transaction, case by case, as every import does: the batch row, its
// cases, its row-level issues and (maybe) the creditor's template, then COMMIT — all or nothing.
// The same steps run on the caller's thread (startBatchWriter) or on a second one
// (./batch-writer-thread.ts, for big files).
import { BatchRefusal, createBatch, createImportingBatch, finishImportingBatch, importingBatchKey, touchImportingBatch, type NewBatch } from './batches-repo';
import { addToCaseTotal, caseColumns, caseColumnsWriter, KEYS_PER_WRITE, type BatchCaseInput, type CaseColumns } from './cases-repo';
import type { IssueInput } from './issue-codec';
import { addRowIssues } from './issues-repo';
import { dropImportingBatch } from './lifecycle-repo';
import { saveMappingTemplate } from './settings-repo';
import type { Db, Store } from './store';

/** A mapping template saved in the same transaction as the batch. */
export interface BatchTemplate {
  creditor: string;
  signature: string;
  mapping: unknown;
}

/** A batch being written; `finish` commits it, `abort` leaves nothing. */
export interface BatchWriter {
  batchId: number;
  /** True when SQLite works on the caller's thread (its time is then the caller's too). */
  onCallerThread: boolean;
  /** Queues a case; returns a promise to wait for when the writer is behind, else nothing. */
  write(c: BatchCaseInput): Promise<void> | undefined;
  /**
   * Row-level issues and the template, then COMMIT; tells how long SQLite worked until the batch was
   * committed, and when the writer's own checkpoints are done (the time of all of them, between
   * chunks and after the commit; null when it ran none: then SQLite's automatic checkpoints copy the
   * batch into the file, as for any write). The row issues are read as they go (a million-row file
   * whose codes are mostly blank has a million).
   */
  finish(rowIssues: Iterable<IssueInput>, template: BatchTemplate | null): Promise<{ busyMs: number; checkpoint: Promise<number | null> }>;
  abort(): Promise<void>;
}

/** The open transaction of one batch, on one connection. */
export interface BatchTransaction {
  batchId: number;
  insert(columns: CaseColumns): void;
  commit(rowIssues: Iterable<IssueInput>, template: BatchTemplate | null): void;
  rollback(): void;
  /** Time spent in SQLite so far. */
  busyMs(): number;
}

/** Adds up the time spent in SQLite (`timed`) for a writer's figures. */
function busyClock(): { timed<T>(work: () => T): T; busyMs(): number } {
  let spent = 0;
  return {
    timed(work) {
      const started = performance.now();
      try {
        return work();
      } finally {
        spent += performance.now() - started;
      }
    },
    busyMs: () => spent,
  };
}

export function beginBatch(db: Db, batch: NewBatch): BatchTransaction {
  const { timed, busyMs } = busyClock();
  const batchId = timed(() => {
    db.exec('BEGIN IMMEDIATE');
    try {
      return createBatch(db, batch);
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  });
  const cases = caseColumnsWriter(db, batchId);
  return {
    batchId,
    insert: (columns) => timed(() => cases.insert(columns)),
    commit: (rowIssues, template) =>
      timed(() => {
        addToCaseTotal(db, batchId, cases.finish());
        addRowIssues(db, batchId, rowIssues);
        if (template) saveMappingTemplate(db, template.creditor, template.signature, template.mapping);
        db.exec('COMMIT');
      }),
    rollback: () => {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
    busyMs,
  };
}

/** A staged batch whose chunk failed: a program error, never shown to the agent (the import fails and drops it). */
export class StagedBatchBroken extends Error {
  override readonly name = 'StagedBatchBroken';
  constructor(readonly batchId: number) {
    super(`A chunk of batch ${batchId} failed: the batch can only be dropped.`);
  }
}

/** A big batch being written a chunk at a time (see beginStagedBatch). */
export interface StagedBatch {
  batchId: number;
  /** One chunk of cases, in a transaction of its own. */
  insertChunk(rows: readonly CaseColumns[]): void;
  /** Issues of rows that became no case, in a transaction of their own, like a chunk of cases. */
  insertRowIssues(issues: readonly IssueInput[]): void;
  /** The last transaction: the case counts, the keys and row issues left, the template, and the batch shown. */
  commit(rowIssues: Iterable<IssueInput>, template: BatchTemplate | null): void;
  /** Takes away what was written (the batch was never shown), unless it is no longer this import's. */
  drop(): void;
  /** Time spent in SQLite so far. */
  busyMs(): number;
}

/**
 * A big batch written as chunks, each committed on its own, the batch hidden (state 'importing')
 * until the last commit shows it whole: one transaction for 100,000 cases held SQLite's write lock
 * for the whole import (seconds), and every other write of the app waited for it (up to its
 * busy_timeout, the main thread frozen meanwhile). A batch left hidden by a killed import is removed
 * by sweepStaleImports. Its keys go in as they gather (`keysPerWrite` at a time, with a chunk; nothing
 * reads a hidden batch's), and its counts by status in the last transaction, with the batch shown.
 */
export function beginStagedBatch(db: Db, batch: NewBatch, keysPerWrite = KEYS_PER_WRITE): StagedBatch {
  const { timed, busyMs } = busyClock();
  const key = timed(() => db.transaction(() => importingBatchKey(db, createImportingBatch(db, batch))).immediate());
  if (!key) throw new Error('The importing batch just created cannot be read back.');
  const batchId = key.id;
  // Swept while this writer was paused: nothing more goes in, into it or into a batch that took its id.
  const stillOurs = (alive: boolean) => {
    if (!alive) throw new BatchRefusal('batch.missing', `Batch ${batchId} was removed while it was being imported.`, batchId);
  };
  const cases = caseColumnsWriter(db, batchId, keysPerWrite);
  const chunk = db.transaction((rows: readonly CaseColumns[]) => {
    stillOurs(touchImportingBatch(db, key));
    for (const row of rows) cases.insert(row);
    cases.writeKeys();
  });
  const rowIssuesChunk = db.transaction((issues: readonly IssueInput[]) => {
    stillOurs(touchImportingBatch(db, key));
    addRowIssues(db, batchId, issues);
  });
  const last = db.transaction((rowIssues: Iterable<IssueInput>, template: BatchTemplate | null) => {
    stillOurs(finishImportingBatch(db, key));
    addToCaseTotal(db, batchId, cases.finish());
    addRowIssues(db, batchId, rowIssues);
    if (template) saveMappingTemplate(db, template.creditor, template.signature, template.mapping);
  });
  // A chunk rolled back leaves the writer counting cases and keys that are not there: the batch can
  // only be dropped then, never shown with a wrong number of cases.
  let failed = false;
  const unlessFailed = <T>(work: () => T): T => {
    if (failed) throw new StagedBatchBroken(batchId);
    try {
      return timed(work);
    } catch (err) {
      failed = true;
      throw err;
    }
  };
  return {
    batchId,
    insertChunk: (rows) => unlessFailed(() => chunk.immediate(rows)),
    insertRowIssues: (issues) => unlessFailed(() => rowIssuesChunk.immediate(issues)),
    commit: (rowIssues, template) => unlessFailed(() => last.immediate(rowIssues, template)),
    drop: () => void dropImportingBatch(db, key),
    busyMs,
  };
}

/** Writes a batch on the caller's thread (small files: a second thread would cost more than it saves). */
export function startBatchWriter(store: Store, batch: NewBatch): BatchWriter {
  const tx = beginBatch(store.db, batch);
  return {
    batchId: tx.batchId,
    onCallerThread: true,
    write(c) {
      tx.insert(caseColumns(c));
      return undefined;
    },
    async finish(rowIssues, template) {
      try {
        tx.commit(rowIssues, template);
      } catch (err) {
        tx.rollback();
        throw err;
      }
      // Small batches: SQLite's automatic checkpoints copy them, as any write.
      return { busyMs: tx.busyMs(), checkpoint: Promise.resolve(null) };
    },
    async abort() {
      tx.rollback();
    },
  };
}
