// Preparing a file, as plain data: what the caller asks (its options), what it is told (progress,
// timings), and what each step of ./prepare-steps.ts hands the next (read, inspected, building, written).
import type { Environment } from '../domain/environments';
import { Failure, type FailureCode, type FailureParams } from '../domain/failures/failure';
import type { MappingFile } from '../domain/mapping-file';
import type { BatchTemplate, NewBatch } from '../store';
import type { BuildClock, casesOfSheet } from './build/build-cases';
import type { PhoneCaseCounts } from './duplicates/flag-duplicates';
import type { DuplicateSources } from './duplicates/find-duplicates';
import type { SharedList } from './ledger/apply-ledger';
import type { PrepareSummary } from './preparation-types';
import type { RowSheet, RowTable } from './reading/read-table';

export interface PrepareOptions {
  environment: Environment;
  /** A mapping file; else a saved template for this header; else suggestions. */
  mapping?: MappingFile;
  sheet?: string;
  /** 1-based header row; found automatically when absent. */
  headerRow?: number;
  /** Target: an existing campaign (its cached max_phone_priority is used unless given)… */
  campaignId?: number;
  /** …or a campaign still to be created, described by its phone priority. */
  maxPhonePriority?: number;
  /**
   * Whose file this is: a given mapping is saved as this creditor's template, and the ledger's entries
   * scoped to this creditor apply (a template's creditor when not given).
   */
  creditor?: string;
  /** The organization's do-not-contact list (read-only), applied beside this workstation's own entries. */
  sharedLedger?: SharedList | null;
  /** YYYY-MM-DD, for the ledger's expiry dates; this machine's day by default. */
  today?: string;
  /** Told where the time went (benchmarks); the writer thread's checkpoints are told later, when its last is done. */
  onTimings?: (t: PrepareTimings) => void;
  onCheckpoint?: (ms: number | null) => void;
  /** Where SQLite writes the batch: on a second thread (big files, by default) or on this one. */
  writer?: 'thread' | 'inline';
  /** Told how far the build is (cases built of the file's cases), about four times a second. */
  onProgress?: (progress: PrepareProgress) => void;
  /** Stops the build between two cases (prepare.cancelled): the batch begun is not kept. An AbortSignal, or a worker's flag. */
  signal?: { readonly aborted: boolean };
}

/** How far preparing a file is: its cases built and stored, of how many the file has. */
export interface PrepareProgress {
  done: number;
  total: number;
}

/**
 * Where the time went. With the writer thread, `writeMs` is that thread's own time in SQLite, spent
 * while this one was building; `writeAfterBuildMs` is how long the last writes and the commit
 * kept the caller waiting once every case was built (a wait: checkpoints between those last chunks
 * are in it). The writer thread's checkpoints, which copy the batch into the file between its chunks
 * and once after the commit, are told apart (onCheckpoint), not in `writeMs`.
 */
export interface PrepareTimings {
  readMs: number;
  buildMs: number;
  writeMs: number;
  writeAfterBuildMs: number;
  /** The build split by stage (see PrepareStages). */
  stages: PrepareStages;
}

/**
 * The caller's time by stage: rows grouped by code and normalised into cases; cases checked (their
 * rules, the ledger, duplicates and shared phones); cases encoded into the store's columns and handed
 * to the writer (with the inline writer, SQLite's inserts too); waiting for a writer thread behind.
 */
export interface PrepareStages {
  normaliseMs: number;
  checkMs: number;
  encodeMs: number;
  waitMs: number;
}

/** A file that reads but cannot be prepared as it is (which sheet, which header, which target). */
export class PrepareError<C extends Extract<FailureCode, `prepare.${string}`> = Extract<FailureCode, `prepare.${string}`>> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'PrepareError';
  }
}

/** The file read into rows, how long reading took, and when the build (inspecting included) began. */
export interface ReadFile {
  table: RowTable;
  readMs: number;
  buildStarted: number;
}

/** Where the cases are in the sheet, how its columns map, and what the batch targets. */
export interface InspectedFile extends ReadFile {
  sheet: RowSheet;
  /** 0-based. */
  headerIndex: number;
  headers: string[];
  signature: string;
  mapping: MappingFile;
  source: PrepareSummary['mappingSource'];
  maxPhonePriority: number;
  creditor: string | null;
}

/** The summary, counted on the way to the store: reading 100,000 stored cases back costs a second. */
export interface PrepareTally {
  ready: number;
  rejected: number;
  warnings: number;
  fixes: number;
  rows: number;
  suppressedCases: number;
  suppressedPhones: number;
  duplicates: number;
}

/** What each case is checked against and counted into on its way to the writer (one small object: it is read per case). */
export interface CaseChecks {
  duplicates: DuplicateSources;
  phoneCases: PhoneCaseCounts;
  tally: PrepareTally;
}

/** The build under way: its cases (built one by one as they are asked for), the batch they go to, and its figures. */
export interface BuildingBatch extends InspectedFile {
  built: ReturnType<typeof casesOfSheet>;
  batch: NewBatch;
  template: BatchTemplate | null;
  checks: CaseChecks;
  clock: BuildClock;
  stages: PrepareStages;
}

/** The batch written and committed: its id, and how long SQLite worked and when. */
export interface WrittenBatch extends BuildingBatch {
  batchId: number;
  onCallerThread: boolean;
  busyMs: number;
  lastCaseBuilt: number;
  checkpoint: Promise<number | null>;
}
