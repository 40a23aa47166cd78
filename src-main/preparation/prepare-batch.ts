// From a creditor's file to a stored draft batch: read, find the header, map, build cases,
// flag duplicates (codes in other unsent batches or already in the campaign), and store the batch.
import type { Environment } from '../domain/environments';
import { Failure, type FailureCode, type FailureParams } from '../domain/failures/failure';
import { cachedMaxPhonePriority, findMappingTemplate, listLedgerEntries, startBatchWriter, startBatchWriterThread, type NewBatch, type Store } from '../store';
import { casesOfSheet, packRaw, type BuildClock, type BuiltCase } from './build/build-cases';
import { flagDuplicates, flagSharedPhones, PhoneCaseCounts } from './duplicates/flag-duplicates';
import { duplicateSources } from './duplicates/recheck-duplicates';
import { batchLedgerIndex, type SharedList } from './ledger/apply-ledger';
import { localDay } from './ledger/ledger-types';
import { findHeaderRow, headerNames, headerSignature, normalizeHeader } from './mapping/headers';
import { ColumnMapping, DEFAULT_FORMAT, MappingFile } from '../domain/mapping-file';
import { KNOWN_HEADERS, suggestMapping } from './mapping/suggest';
import type { PrepareSummary, SourceFile } from './preparation-types';
import { readRowTable, type Cell, type RowSheet, type RowSource, type RowTable } from './reading/read-table';

export type { PrepareSummary } from './preparation-types';

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
  /** Told where the time went (benchmarks); the checkpoint after the commit is told later, when done. */
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

/** How often progress is told, at most. */
const PROGRESS_EVERY_MS = 250;

/**
 * Where the time went. With the writer thread, `writeMs` is that thread's own busy time, spent
 * while this one was building; `writeAfterBuildMs` is how long the last writes and the commit
 * kept the caller waiting once every case was built. Neither counts the checkpoint that copies the
 * batch into the file after the commit (on the writer thread, nobody waiting).
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

/** From this many cases the writer thread pays for its start (a fraction of a second). */
const THREADED_FROM_CASES = 10_000;

/** A file that reads but cannot be prepared as it is (which sheet, which header, which target). */
export class PrepareError<C extends Extract<FailureCode, `prepare.${string}`> = Extract<FailureCode, `prepare.${string}`>> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'PrepareError';
  }
}

function pickSheet(table: RowTable, wanted: string | undefined): RowSheet {
  if (wanted !== undefined) {
    const sheet = table.sheets.find((s) => s.name === wanted);
    if (!sheet) {
      throw new PrepareError('prepare.no_such_sheet', { file: table.fileName, sheet: wanted, sheets: table.sheets.map((s) => `"${s.name}"`) });
    }
    return sheet;
  }
  // The first sheet that looks like a table.
  return table.sheets.find((s) => findHeaderRow(s.rows, KNOWN_HEADERS) !== null) ?? (table.sheets[0] as RowSheet);
}

/** Whether a row from `from` on passes `test`, stopping at the first that does. */
function someRow(rows: RowSource, from: number, test: (row: readonly Cell[]) => boolean): boolean {
  for (let r = from; r < rows.length; r++) if (test(rows.at(r) ?? [])) return true;
  return false;
}

/** The target's max_phone_priority: given, or the cached campaign's. */
function targetPriority(store: Store, opts: PrepareOptions, mapping: MappingFile | undefined): number {
  if (opts.maxPhonePriority !== undefined) return opts.maxPhonePriority;
  if (opts.campaignId !== undefined) {
    const cached = cachedMaxPhonePriority(store.db, opts.environment, opts.campaignId);
    if (cached !== null) return cached;
    throw new PrepareError('prepare.campaign_not_here', { campaignId: opts.campaignId });
  }
  if (mapping?.max_phone_priority !== undefined) return mapping.max_phone_priority;
  throw new PrepareError('prepare.no_target', {});
}

export async function prepareBatch(store: Store, file: SourceFile, opts: PrepareOptions): Promise<PrepareSummary> {
  const readStarted = performance.now();
  // A text file's rows are split when the build asks for them: a million rows are never all held.
  const table = await readRowTable(file.bytes, file.name);
  const readMs = performance.now() - readStarted;
  const buildStarted = performance.now();
  const sheet = pickSheet(table, opts.sheet ?? opts.mapping?.sheet);
  const headerRow1 = opts.headerRow ?? opts.mapping?.header_row;
  const { rows } = sheet;
  const headerIndex = headerRow1 !== undefined ? headerRow1 - 1 : findHeaderRow(rows, KNOWN_HEADERS);
  // A header row with nothing under it is not found as a header; say what it really is.
  const lonelyHeader = headerIndex === null && someRow(rows, 0, (r) => r.filter((c) => KNOWN_HEADERS.has(normalizeHeader(c))).length >= 2);
  if (lonelyHeader) throw new PrepareError('prepare.header_only', { sheet: sheet.name });
  if (headerIndex === null || headerIndex < 0 || headerIndex >= rows.length) {
    throw new PrepareError('prepare.no_header_row', { sheet: sheet.name });
  }
  const headers = headerNames(rows.at(headerIndex) ?? []);
  if (!someRow(rows, headerIndex + 1, (r) => r.some((c) => c !== null && c !== ''))) {
    throw new PrepareError('prepare.header_only', { sheet: sheet.name });
  }
  const signature = headerSignature(headers);
  let source: PrepareSummary['mappingSource'];
  let mapping: MappingFile;
  let templateCreditor: string | null = null;
  if (opts.mapping) {
    mapping = opts.mapping;
    source = 'file';
  } else {
    const template = findMappingTemplate(store.db, signature);
    const parsed = template ? MappingFile.safeParse(template.mapping) : null;
    if (parsed?.success) {
      mapping = parsed.data;
      source = 'template';
      templateCreditor = template?.creditor ?? null;
    } else {
      const suggestion = suggestMapping(headers);
      const columns = ColumnMapping.safeParse(suggestion.columns);
      if (!columns.success) {
        const missing = [...new Set(columns.error.issues.map((i) => String(i.path[0])))];
        throw new PrepareError('prepare.columns_not_recognised', { columns: missing });
      }
      mapping = { ...DEFAULT_FORMAT, columns: columns.data };
      source = 'suggested';
    }
  }
  const maxPhonePriority = targetPriority(store, opts, mapping);
  const creditor = opts.creditor?.trim() || templateCreditor;
  // Own entries first: an agent's own reason is the one shown when both lists name a phone.
  const ledger = batchLedgerIndex(listLedgerEntries(store.db), opts.sharedLedger, { today: opts.today ?? localDay(), creditor });
  const clock: BuildClock = { normaliseMs: 0, checkMs: 0 };
  const stages: PrepareStages = { normaliseMs: 0, checkMs: 0, encodeMs: 0, waitMs: 0 };
  let stageStarted = performance.now();
  const built = casesOfSheet(
    rows,
    headerIndex,
    headers,
    mapping.columns,
    {
      ledger,
      decimalSeparator: mapping.decimal_separator,
      dateOrder: mapping.date_order,
      defaultAreaCode: mapping.default_area_code,
      date1904: table.date1904,
      maxPhonePriority,
    },
    clock,
  );
  stages.normaliseMs += performance.now() - stageStarted;
  stageStarted = performance.now();
  // Read before the first case is written: this batch is never its own duplicate.
  const duplicates = duplicateSources(store, opts.environment, null, opts.campaignId ?? null);
  const phoneCases = new PhoneCaseCounts();
  stages.checkMs += performance.now() - stageStarted;

  const batch: NewBatch = {
    environment: opts.environment,
    name: `${table.fileName} · ${sheet.name}`,
    // The agent's name for the file, never where it was: a path says nothing the batch needs.
    sourceFile: table.fileName,
    sourceSheet: sheet.name,
    headerRow: headerIndex + 1,
    // The format travels with the batch: edits and bulk fixes re-apply it.
    mapping: { ...mapping, date_1904: table.date1904 },
    campaignId: opts.campaignId ?? null,
    maxPhonePriority,
    creditor,
  };
  const rowIssues = built.rowErrors.map((e) => ({
    severity: 'error' as const,
    field: 'code',
    rows: [e.row],
    kind: e.kind,
    params: e.params,
  }));
  // A template is saved when the agent names the creditor it belongs to.
  const template = source === 'file' && opts.creditor ? { creditor: opts.creditor, signature, mapping } : null;
  // The summary is counted on the way to the store: reading 100,000 stored cases back costs a second.
  const tally = { ready: 0, rejected: 0, warnings: 0, fixes: 0, rows: rowIssues.length, suppressedCases: 0, suppressedPhones: 0, duplicates: 0 };
  const prepared = (c: BuiltCase) => {
    if (flagDuplicates(c, duplicates)) tally.duplicates += 1;
    phoneCases.addCase(c.phones);
    const { code, firstName, lastName, phones, products, params, sourceRows, status, issues } = c;
    if (status === 'ready' || status === 'warning') tally.ready += 1;
    else if (status === 'rejected') tally.rejected += 1;
    else if (status === 'suppressed') tally.suppressedCases += 1;
    for (const i of issues) {
      if (i.kind === 'suppressed-phone') tally.suppressedPhones += 1;
      if (i.severity === 'warning') tally.warnings += 1;
      else if (i.severity !== 'error') tally.fixes += 1;
    }
    tally.rows += sourceRows.length;
    return { code, firstName, lastName, phones, products, params, sourceRows, status, issues, raw: packRaw(c.raw, c) };
  };

  // Big files: SQLite writes on the other core while the next cases are built.
  const threaded = opts.writer === 'thread' || (opts.writer === undefined && built.count >= THREADED_FROM_CASES);
  const writer = threaded ? await startBatchWriterThread(store, batch) : startBatchWriter(store, batch);
  let lastCaseBuilt: number;
  let busyMs: number;
  let checkpoint: Promise<number | null>;
  try {
    opts.onProgress?.({ done: 0, total: built.count });
    let done = 0;
    let toldAt = performance.now();
    // Each case is written as soon as it is built: memory stays flat however long the file.
    for (const c of built.cases()) {
      if (opts.signal?.aborted) throw new PrepareError('prepare.cancelled', { file: table.fileName });
      if (opts.onProgress && (++done & 255) === 0 && performance.now() - toldAt >= PROGRESS_EVERY_MS) {
        toldAt = performance.now();
        opts.onProgress({ done, total: built.count });
      }
      const checked = performance.now();
      const input = prepared(c);
      const encoding = performance.now();
      const wait = writer.write(input);
      const encoded = performance.now();
      stages.checkMs += encoding - checked;
      stages.encodeMs += encoded - encoding;
      if (wait) {
        await wait;
        stages.waitMs += performance.now() - encoded;
      }
    }
    lastCaseBuilt = performance.now();
    if (opts.signal?.aborted) throw new PrepareError('prepare.cancelled', { file: table.fileName });
    // Every case built: from here the batch is committed and warned whole, and a stop no longer
    // applies (told as done === total, so a worker's caller stops waiting to end it).
    opts.onProgress?.({ done: built.count, total: built.count });
    ({ busyMs, checkpoint } = await writer.finish(rowIssues, template));
  } catch (err) {
    await writer.abort();
    throw err;
  }
  const batchId = writer.batchId;
  // A phone's debtors are known once every case went by: the few cases with such a phone get their warning now.
  const flagging = performance.now();
  tally.warnings += flagSharedPhones(store, batchId, phoneCases);
  stages.checkMs += performance.now() - flagging;
  stages.normaliseMs += clock.normaliseMs;
  stages.checkMs += clock.checkMs;
  // Row issues, the template and the commit (pages written out) are part of writing too.
  const writeAfterBuildMs = performance.now() - lastCaseBuilt;
  // On the caller's thread, SQLite's time before the last case was built was not building.
  const buildMs = lastCaseBuilt - buildStarted - (writer.onCallerThread ? busyMs - writeAfterBuildMs : 0);
  const timings: PrepareTimings = { readMs, buildMs, writeMs: busyMs, writeAfterBuildMs, stages };
  opts.onTimings?.(timings);
  if (opts.onCheckpoint) void checkpoint.then(opts.onCheckpoint);
  return {
    batchId,
    cases: built.count,
    ready: tally.ready,
    rejected: tally.rejected,
    warnings: tally.warnings,
    fixes: tally.fixes,
    rowErrors: rowIssues.length,
    rows: tally.rows,
    sheet: sheet.name,
    headerRow: headerIndex + 1,
    mappingSource: source,
    suppressed: { cases: tally.suppressedCases, phones: tally.suppressedPhones },
    duplicates: tally.duplicates,
    notices: [],
  };
}
