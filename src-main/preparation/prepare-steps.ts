// The steps of preparing a file (./prepare-batch.ts strings them): each takes what the step before it
// handed on (./prepare-run.ts) and adds its own part, so each can be called, and tested, alone.
import { ColumnMapping, DEFAULT_FORMAT, MappingFile } from '../domain/mapping-file';
import {
  cachedMaxPhonePriority,
  findMappingTemplate,
  listLedgerEntries,
  startBatchWriter,
  startBatchWriterThread,
  type BatchCaseInput,
  type IssueInput,
  type NewBatch,
  type Store,
} from '../store';
import { casesOfSheet, packRaw, type BuildClock, type BuiltCase } from './build/build-cases';
import type { RowError } from './build/prepared-issue';
import { flagDuplicates, flagSharedPhones, PhoneCaseCounts } from './duplicates/flag-duplicates';
import { duplicateSources } from './duplicates/recheck-duplicates';
import { batchLedgerIndex } from './ledger/apply-ledger';
import { localDay } from './ledger/ledger-types';
import { findHeaderRow, headerNames, headerSignature, normalizeHeader } from './mapping/headers';
import { KNOWN_HEADERS, suggestMapping } from './mapping/suggest';
import type { PrepareSummary, SourceFile } from './preparation-types';
import { readRowTable, type Cell, type RowSheet, type RowSource, type RowTable } from './reading/read-table';
import {
  PrepareError,
  type BuildingBatch,
  type CaseChecks,
  type InspectedFile,
  type PrepareOptions,
  type PrepareStages,
  type PrepareTimings,
  type ReadFile,
  type WrittenBatch,
} from './prepare-run';

/** How often progress is told, at most. */
const PROGRESS_EVERY_MS = 250;

/**
 * From this many cases and rows without a case, the writer thread pays for its start (a fraction of a
 * second). The rows count too: 995,000 of them under 5,000 cases took the caller's one transaction.
 */
const THREADED_FROM_CASES = 10_000;

/** Reads the file's bytes into rows. */
export async function readSource(file: SourceFile): Promise<ReadFile> {
  const readStarted = performance.now();
  // A text file's rows are split when the build asks for them: a million rows are never all held.
  const table = await readRowTable(file.bytes, file.name);
  const readMs = performance.now() - readStarted;
  return { table, readMs, buildStarted: performance.now() };
}

/**
 * Which sheet, which header row, which mapping (given, a saved template, else suggested), and the
 * target's phone priority: a file that cannot be prepared as it is throws a PrepareError saying why.
 */
export function inspectSheet(store: Store, read: ReadFile, opts: PrepareOptions): InspectedFile {
  const sheet = pickSheet(read.table, opts.sheet ?? opts.mapping?.sheet);
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
  const { mapping, source, templateCreditor } = chooseMapping(store, headers, signature, opts);
  const maxPhonePriority = targetPriority(store, opts, mapping);
  const creditor = opts.creditor?.trim() || templateCreditor;
  return { ...read, sheet, headerIndex, headers, signature, mapping, source, maxPhonePriority, creditor };
}

/** The mapping given, else the template saved for this header, else the one suggested by the header's names. */
function chooseMapping(
  store: Store,
  headers: string[],
  signature: string,
  opts: PrepareOptions,
): { mapping: MappingFile; source: PrepareSummary['mappingSource']; templateCreditor: string | null } {
  if (opts.mapping) return { mapping: opts.mapping, source: 'file', templateCreditor: null };
  const template = findMappingTemplate(store.db, signature);
  const parsed = template ? MappingFile.safeParse(template.mapping) : null;
  if (parsed?.success) return { mapping: parsed.data, source: 'template', templateCreditor: template?.creditor ?? null };
  const suggestion = suggestMapping(headers);
  const columns = ColumnMapping.safeParse(suggestion.columns);
  if (!columns.success) {
    const missing = [...new Set(columns.error.issues.map((i) => String(i.path[0])))];
    throw new PrepareError('prepare.columns_not_recognised', { columns: missing });
  }
  return { mapping: { ...DEFAULT_FORMAT, columns: columns.data }, source: 'suggested', templateCreditor: null };
}

/** The sheet asked for, else the first that looks like a table. */
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

/** Groups the rows by code (the cases are built later, one by one), and reads what the checks need. */
export function startBuild(store: Store, inspected: InspectedFile, opts: PrepareOptions): BuildingBatch {
  const { table, sheet, headerIndex, headers, mapping, maxPhonePriority, creditor, source, signature } = inspected;
  // Own entries first: an agent's own reason is the one shown when both lists name a phone.
  const ledger = batchLedgerIndex(listLedgerEntries(store.db), opts.sharedLedger, { today: opts.today ?? localDay(), creditor });
  const clock: BuildClock = { normaliseMs: 0, checkMs: 0 };
  const stages: PrepareStages = { normaliseMs: 0, checkMs: 0, encodeMs: 0, waitMs: 0 };
  let stageStarted = performance.now();
  const built = casesOfSheet(
    sheet.rows,
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
  // A template is saved when the agent names the creditor it belongs to.
  const template = source === 'file' && opts.creditor ? { creditor: opts.creditor, signature, mapping } : null;
  const tally = { ready: 0, rejected: 0, warnings: 0, fixes: 0, rows: built.rowErrors.length, suppressedCases: 0, suppressedPhones: 0, duplicates: 0 };
  return { ...inspected, built, batch, template, checks: { duplicates, phoneCases, tally }, clock, stages };
}

/** One built case checked against the other batches and the campaign, counted, and made ready for the writer. */
export function preparedCase(checks: CaseChecks, c: BuiltCase): BatchCaseInput {
  const { tally } = checks;
  if (flagDuplicates(c, checks.duplicates)) tally.duplicates += 1;
  checks.phoneCases.addCase(c.phones);
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
}

/**
 * Builds the cases one by one and writes each as soon as it is built (memory stays flat however long
 * the file), then the row issues and the template, and commits. A stop or a failure on the way leaves
 * no batch.
 */
export async function writeCases(store: Store, building: BuildingBatch, opts: PrepareOptions): Promise<WrittenBatch> {
  const { built, stages, table, checks } = building;
  // Big files: SQLite writes on the other core while the next cases are built.
  const threaded = opts.writer === 'thread' || (opts.writer === undefined && built.count + built.rowErrors.length >= THREADED_FROM_CASES);
  const writer = threaded ? await startBatchWriterThread(store, building.batch) : startBatchWriter(store, building.batch);
  try {
    opts.onProgress?.({ done: 0, total: built.count });
    let done = 0;
    let toldAt = performance.now();
    for (const c of built.cases()) {
      if (opts.signal?.aborted) throw new PrepareError('prepare.cancelled', { file: table.fileName });
      if (opts.onProgress && (++done & 255) === 0 && performance.now() - toldAt >= PROGRESS_EVERY_MS) {
        toldAt = performance.now();
        opts.onProgress({ done, total: built.count });
      }
      const checked = performance.now();
      const input = preparedCase(checks, c);
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
    const lastCaseBuilt = performance.now();
    if (opts.signal?.aborted) throw new PrepareError('prepare.cancelled', { file: table.fileName });
    // Every case built: from here the batch is committed and warned whole, and a stop no longer
    // applies (told as done === total, so a worker's caller stops waiting to end it).
    opts.onProgress?.({ done: built.count, total: built.count });
    const { busyMs, checkpoint } = await writer.finish(rowIssuesOf(built.rowErrors), building.template);
    return { ...building, batchId: writer.batchId, onCallerThread: writer.onCallerThread, busyMs, lastCaseBuilt, checkpoint };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** Warns the cases that share a phone with many debtors, tells the timings, and sums the batch up. */
export function finishPrepare(store: Store, written: WrittenBatch, opts: PrepareOptions): PrepareSummary {
  const { batchId, stages, clock, built, lastCaseBuilt, busyMs } = written;
  const { tally, phoneCases } = written.checks;
  // A phone's debtors are known once every case went by: the few cases with such a phone get their warning now.
  const flagging = performance.now();
  tally.warnings += flagSharedPhones(store, batchId, phoneCases);
  stages.checkMs += performance.now() - flagging;
  stages.normaliseMs += clock.normaliseMs;
  stages.checkMs += clock.checkMs;
  // Row issues, the template and the commit (pages written out) are part of writing too.
  const writeAfterBuildMs = performance.now() - lastCaseBuilt;
  // On the caller's thread, SQLite's time before the last case was built was not building.
  const buildMs = lastCaseBuilt - written.buildStarted - (written.onCallerThread ? busyMs - writeAfterBuildMs : 0);
  const timings: PrepareTimings = { readMs: written.readMs, buildMs, writeMs: busyMs, writeAfterBuildMs, stages };
  opts.onTimings?.(timings);
  if (opts.onCheckpoint) void written.checkpoint.then(opts.onCheckpoint);
  return {
    batchId,
    cases: built.count,
    ready: tally.ready,
    rejected: tally.rejected,
    warnings: tally.warnings,
    fixes: tally.fixes,
    rowErrors: written.built.rowErrors.length,
    rows: tally.rows,
    sheet: written.sheet.name,
    headerRow: written.headerIndex + 1,
    mappingSource: written.source,
    suppressed: { cases: tally.suppressedCases, phones: tally.suppressedPhones },
    duplicates: tally.duplicates,
    notices: [],
  };
}

/**
 * The rows that became no case, as the store keeps their issues, made one at a time as the writer
 * takes them: a million-row file whose codes are mostly blank has a million.
 */
function* rowIssuesOf(rowErrors: readonly RowError[]): Generator<IssueInput> {
  for (const e of rowErrors) yield { severity: 'error', field: 'code', rows: [e.row], kind: e.kind, params: e.params };
}
