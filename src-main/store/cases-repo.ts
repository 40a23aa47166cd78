// A batch's cases: written in bulk by an import (one transaction, see batch-writer.ts), read a page at a
// time, rebuilt by edits with their history kept, and found by code. Kept until loaded.
import type { Product } from '../contract';
import type { CaseRecord } from '../domain/case-record';
import type { CaseStatus } from '../domain/case-status';
import { isDuplicateKind } from '../domain/duplicates';
import { readUploadDetail, type UploadDetail } from '../domain/upload-detail';
import { caseKeysWriter, storedSearchText, withCaseKeys } from './case-keys';
import { decodeIssues, issueColumns, namableTextsOf, namableTextsOfRow, type IssueInput } from './issue-codec';
import { keptCounts } from './kept-counts';
import { sourceRowsOf, sourceRowsSql, storedSourceRows } from './source-rows';
import { statusNumber, statusNumberSql } from './status-number';
import { addRowIssues, issuesOfCaseRow, type CaseIssueColumns, type IssueRow } from './issues-repo';
import { decodeProducts, storedProducts } from './product-codec';
import type { Db } from './store';
import { statement } from '../sqlite/statement-cache';

export type { CaseStatus } from '../domain/case-status';

/** skipped: the campaign already held its code at upload, and the agent did not choose to load it again. */
export type UploadState = 'pending' | 'loaded' | 'rejected' | 'in_doubt' | 'skipped';

/**
 * Whether the agent can still change a case: nothing of it reached the campaign. A skipped case can be
 * (its code was already there; it goes only if the agent loads it again, and then as edited).
 */
export const isEditable = (state: UploadState): boolean => state === 'pending' || state === 'skipped';

/** A case to keep: its record, what preparation found, and the rows it was built from. */
export interface BatchCaseInput extends CaseRecord {
  issues?: readonly IssueInput[];
  /** The raw rows the case was built from (see preparation's RawRow). */
  raw?: readonly unknown[];
}

export interface BatchCaseRow extends Omit<BatchCaseInput, 'issues'> {
  id: number;
  batchId: number;
  uploadState: UploadState;
  /** Why it was rejected, skipped, left in doubt or taken as loaded: a code and its params (domain/upload-detail.ts). */
  uploadDetail: UploadDetail | null;
  /** isEditable(uploadState) and not in a request that may be on its way (its chunk sent and not answered): for the faces that show the case. */
  editable: boolean;
  issueCounts: { errors: number; warnings: number; fixes: number };
}

/**
 * One case as its row's values (after batch_id, in insert order): what a writer thread is sent. The
 * kinds of its issues (the one before last) are for its keys only: since migration 29 the row does not
 * keep them (case-keys.ts).
 */
export type CaseColumns = [string, string, string, string, string, string, string, CaseStatus, string, string, number, number, number, string, string];

export function caseColumns(c: BatchCaseInput): CaseColumns {
  const raw = c.raw ?? [];
  const products = storedProducts(c.products);
  // What the issues may name (migrations 21 and 24): the rows, products and phones stored beside them.
  const i = issueColumns(c.issues, c.sourceRows, namableTextsOf(raw, products, c.phones));
  const phones = JSON.stringify(c.phones);
  return [
    c.code,
    c.firstName,
    c.lastName,
    phones,
    JSON.stringify(products),
    JSON.stringify(c.params),
    storedSourceRows(c.sourceRows, raw),
    c.status,
    JSON.stringify(raw),
    i.json,
    i.errors,
    i.warnings,
    i.fixes,
    i.kinds,
    storedSearchText(c, phones),
  ];
}

/**
 * Keys a staged batch gathers before it writes them, in the transaction of the chunk that reached
 * them: about 150 pages of the WAL, which its writer keeps to 500 between checkpoints and the app's
 * connection copies on its own thread past 1,000 (see batch-writer-worker.ts).
 */
export const KEYS_PER_WRITE = 20_000;

/**
 * Inserts cases given as their columns into one batch; `writeKeys` writes the keys they are found by
 * once `keysPerWrite` have gathered (a staged batch, chunk by chunk), `finish` those left, adds them to
 * the batch's kept counts (kept-counts.ts) and says how many cases went in since the last finish, for
 * the batch's total (addToCaseTotal).
 */
export function caseColumnsWriter(
  db: Db,
  batchId: number,
  keysPerWrite = KEYS_PER_WRITE,
): { insert(columns: CaseColumns): void; writeKeys(): void; finish(): number } {
  const insert = db.prepare(
    `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, raw_json,
       issues_json, error_count, warning_count, fix_count, search_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const keys = caseKeysWriter(db, batchId);
  let inserted = 0;
  // By status: cases, errors, warnings, fixes.
  let counts = new Map<string, [number, number, number, number]>();
  return {
    insert(columns) {
      const [code, first, last, phones, products, params, rows, status, raw, issues, errors, warnings, fixes, , search] = columns;
      const { lastInsertRowid } = insert.run(batchId, code, first, last, phones, products, params, rows, status, raw, issues, errors, warnings, fixes, search);
      inserted += 1;
      keys.add(Number(lastInsertRowid), { issueKinds: columns[13] });
      const c = counts.get(columns[7]);
      if (c) {
        c[0] += 1;
        c[1] += columns[10];
        c[2] += columns[11];
        c[3] += columns[12];
      } else counts.set(columns[7], [1, columns[10], columns[11], columns[12]]);
    },
    // A staged batch writes its cases' keys as it goes: all at the end made the last transaction, which
    // the agent waits for, 2.5 s of a million cases' 37 s; with every chunk, the writer thread (the
    // slower of the two) spent 4 s more on them (measured). Hence a few thousand cases' keys at once.
    writeKeys: () => {
      if (keys.pending() >= keysPerWrite) keys.flush();
    },
    finish: () => {
      keys.flush();
      const kept = keptCounts(db).cases;
      for (const [status, [n, errors, warnings, fixes]] of counts) kept.add(batchId, status, n, errors, warnings, fixes);
      counts = new Map();
      const n = inserted;
      inserted = 0;
      return n;
    },
  };
}

/**
 * A batch's number of cases (migration 23), added to in the transaction that shows its cases: they go
 * in only then and leave only with the batch, so the grid reads the number instead of counting.
 */
export function addToCaseTotal(db: Db, batchId: number, cases: number): void {
  db.prepare('UPDATE batches SET case_total = case_total + ? WHERE id = ?').run(cases, batchId);
}

/** Adds cases, their issues, and row-level issues in one transaction: all of them or none. */
export function insertBatchCases(db: Db, batchId: number, cases: Iterable<BatchCaseInput>, rowIssues: readonly IssueInput[] = []): number {
  let n = 0;
  db.transaction(() => {
    const writer = caseColumnsWriter(db, batchId);
    for (const c of cases) {
      writer.insert(caseColumns(c));
      n += 1;
    }
    addToCaseTotal(db, batchId, writer.finish());
    addRowIssues(db, batchId, rowIssues);
    db.prepare('UPDATE batches SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), batchId);
  }).immediate();
  return n;
}

/** The batch's cases by status, from its kept counts (migration 26). */
export function countCasesByStatus(db: Db, batchId: number): Record<CaseStatus, number> {
  const counts: Record<CaseStatus, number> = { ready: 0, warning: 0, rejected: 0, excluded: 0, suppressed: 0 };
  const rows = db.prepare('SELECT status, sum(cases) AS n FROM batch_case_counts WHERE batch_id = ? GROUP BY status HAVING n <> 0').all(batchId) as {
    status: CaseStatus;
    n: number;
  }[];
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** Who a case's debtor is and their phones, as stored: what every read of a case starts with. */
export interface RawCaseDebtor {
  id: number;
  code: string;
  first_name: string;
  last_name: string;
  phones_json: string;
}

/** Who a case's debtor is and their phones: what matching the ledger and counting a phone's debtors need. */
export interface CaseDebtor {
  id: number;
  code: string;
  firstName: string;
  lastName: string;
  phones: string[];
}

export function caseDebtor(r: RawCaseDebtor): CaseDebtor {
  return { id: r.id, code: r.code, firstName: r.first_name, lastName: r.last_name, phones: JSON.parse(r.phones_json) as string[] };
}

/** The columns of a case that are sent: what an upload reads, and the start of every case read. */
export interface RawSentCase extends RawCaseDebtor {
  products_json: string;
  params_json: string;
}

/** A case as it is sent: its values, with its id to record how it went. */
export interface SentCase extends Pick<CaseRecord, 'code' | 'firstName' | 'lastName' | 'phones' | 'products' | 'params'> {
  id: number;
}

export function sentCase(r: RawSentCase): SentCase {
  // Added to caseDebtor's object, not spread into a new one: the clean file and the upload read a million.
  return Object.assign(caseDebtor(r), {
    products: decodeProducts(r.products_json),
    params: JSON.parse(r.params_json) as Record<string, unknown>,
  });
}

interface RawCase extends RawSentCase {
  batch_id: number;
  source_rows_json: string;
  status: CaseStatus;
  upload_state: UploadState;
  upload_detail: string | null;
  error_count: number;
  warning_count: number;
  fix_count: number;
  in_flight: number;
}

// The sent columns are sentCase's, and the others are added to its object: spreading sentCase(r) into a
// new literal made a page of 200 cases slower (p95 17 ms against 1.2 ms, measured), and the grid reads
// a page on every scroll. Adding them to the same object costs what spelling every field out did.
function toCase(r: RawCase): BatchCaseRow {
  return Object.assign(sentCase(r), {
    batchId: r.batch_id,
    sourceRows: JSON.parse(r.source_rows_json) as number[],
    status: r.status,
    uploadState: r.upload_state,
    uploadDetail: readUploadDetail(r.upload_detail),
    editable: isEditable(r.upload_state) && r.in_flight !== 1,
    issueCounts: { errors: r.error_count, warnings: r.warning_count, fixes: r.fix_count },
  });
}

/**
 * 1 when the case's chunk was sent and not answered (an upload running, or killed mid-request): reading
 * the campaign back settles it, with what was sent, so such a case is not editable.
 */
const IN_FLIGHT_COLUMN = `EXISTS (SELECT 1 FROM upload_chunks k WHERE k.id = batch_cases.chunk_id AND k.state IN ('sending', 'unknown')) AS in_flight`;

const CASE_COLUMNS = `id, batch_id, code, first_name, last_name, phones_json, products_json, params_json, ${sourceRowsSql()} AS source_rows_json, status,
  upload_state, upload_detail, error_count, warning_count, fix_count, ${IN_FLIGHT_COLUMN}`;

/**
 * A page of cases in id order, after `afterId` (keyset paging: as fast on the last page as on the
 * first), optionally only one status: for reading a whole batch. The grid filters and pages with
 * case-query.ts.
 */
export function pageBatchCases(db: Db, batchId: number, opts: { status?: CaseStatus; afterId?: number; limit: number }): BatchCaseRow[] {
  const rows = opts.status
    ? db
        .prepare(`SELECT ${CASE_COLUMNS} FROM batch_cases WHERE batch_id = ? AND ${statusNumberSql()} = ? AND id > ? ORDER BY id LIMIT ?`)
        .all(batchId, statusNumber(opts.status), opts.afterId ?? 0, opts.limit)
    : db.prepare(`SELECT ${CASE_COLUMNS} FROM batch_cases WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ?`).all(batchId, opts.afterId ?? 0, opts.limit);
  return (rows as RawCase[]).map(toCase);
}

/** The cases with these ids, in id order. */
export function casesByIds(db: Db, ids: readonly number[]): BatchCaseRow[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`SELECT ${CASE_COLUMNS} FROM batch_cases WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .all(JSON.stringify(ids)) as RawCase[];
  return rows.map(toCase);
}

export function getBatchCase(db: Db, caseId: number): (BatchCaseRow & { raw: unknown[] }) | null {
  const row = statement(db, `SELECT ${CASE_COLUMNS}, raw_json FROM batch_cases WHERE id = ?`).get(caseId) as (RawCase & { raw_json: string }) | undefined;
  return row ? { ...toCase(row), raw: JSON.parse(row.raw_json) as unknown[] } : null;
}

/**
 * Only cases of `statuses`, for an export: filtered in id order (`+status` keeps SQLite off the status
 * index, whose id order is per status, so that no page sorts the rest of the batch).
 */
const OF_STATUSES = 'AND +status IN (SELECT value FROM json_each(?))';

/** Cases of a batch with their raw rows, in id order, a page at a time. */
export function pageCasesWithRaw(db: Db, batchId: number, afterId: number, limit: number): (BatchCaseRow & { raw: unknown[] })[] {
  const rows = db
    // Not SELECT *: a case's issues and search terms are as long as its row, and a whole batch is read so.
    .prepare(`SELECT ${CASE_COLUMNS}, raw_json FROM batch_cases WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ?`)
    .all(batchId, afterId, limit) as (RawCase & {
    raw_json: string;
  })[];
  // Added to toCase's object, not spread into a new one (see toCase).
  return rows.map((r) => Object.assign(toCase(r), { raw: JSON.parse(r.raw_json) as unknown[] }));
}

/** The cases of `statuses` as they are sent, in id order, a page at a time: what the clean file lists. */
export function pageSentCases(db: Db, batchId: number, afterId: number, limit: number, statuses: readonly CaseStatus[]): SentCase[] {
  const rows = db
    .prepare(
      `SELECT id, code, first_name, last_name, phones_json, products_json, params_json FROM batch_cases
       WHERE batch_id = ? ${OF_STATUSES} AND id > ? ORDER BY id LIMIT ?`,
    )
    .all(batchId, JSON.stringify(statuses), afterId, limit) as RawSentCase[];
  return rows.map(sentCase);
}

/**
 * The source rows of the cases of `statuses`, with their code and status, the names and products the
 * rows may name (migration 21), and their issues of `severities` (decoded when asked, one case at a
 * time: a page of cases of many rows holds hundreds of thousands), in id order, a page at a time: what
 * the error report lists, each case read once, without the rest of it to decode (a million of them).
 */
export function pageRawRows(
  db: Db,
  batchId: number,
  afterId: number,
  limit: number,
  statuses: readonly CaseStatus[],
  severities: ReadonlySet<IssueInput['severity']>,
): { id: number; code: string; status: CaseStatus; raw: unknown[]; firstName: string; lastName: string; products: Product[]; issues(): IssueRow[] }[] {
  const rows = db
    .prepare(
      `SELECT id, code, status, raw_json, first_name, last_name, products_json, issues_json, source_rows_json, phones_json FROM batch_cases
       WHERE batch_id = ? ${OF_STATUSES} AND id > ? ORDER BY id LIMIT ?`,
    )
    .all(batchId, JSON.stringify(statuses), afterId, limit) as (CaseIssueColumns & {
    status: CaseStatus;
    first_name: string;
    last_name: string;
    source_rows_json: string;
  })[];
  return rows.map((r) => {
    const raw = JSON.parse(r.raw_json) as unknown[];
    return {
      id: r.id,
      code: r.code,
      status: r.status,
      raw,
      firstName: r.first_name,
      lastName: r.last_name,
      products: decodeProducts(r.products_json),
      issues: () => issuesOfCaseRow(r, sourceRowsOf(r.source_rows_json, raw), severities),
    };
  });
}

/**
 * Issues a rebuild from the case's own rows cannot make again, so they survive it: "edited" (the
 * agent's own history) and what the batch's other cases and the campaign said (duplicates, a phone of
 * many debtors: see preparation/duplicates), until those are checked again.
 */
function keptThroughRebuild(kind: string): boolean {
  return kind === 'edited' || kind === 'shared-phone' || isDuplicateKind(kind);
}

/**
 * A case left out (excluded, rejected, suppressed) leaves a chunk planned but not sent (a paused upload
 * would send it else). A case whose request may be on its way is never changed (see replaceCase).
 */
const LEAVES_CHUNK_NOT_SENT = `CASE WHEN ? IN ('ready', 'warning') THEN chunk_id ELSE NULL END`;

/**
 * A skipped case whose sent values the agent changes is marked (edited_while_skipped, migration 12): the
 * campaign holds it as it was, so its batch is not finished until it is loaded again or left out (see
 * lifecycle-repo's FULLY_UPLOADED). A change while pending is not: the upload sends it, or skips it
 * as the campaign already holds the code (markSkipped clears the mark: nothing new to send).
 */
const MARKS_EDITED_WHILE_SKIPPED = `CASE WHEN upload_state = 'skipped' AND ? THEN 1 ELSE edited_while_skipped END`;

/**
 * Who changes a case: the agent (an edit, a bulk fix, imported corrections), or the do-not-contact
 * ledger giving back what it held (releaseFromLedger). Only the agent's change of a skipped case is a
 * correction that keeps its batch; the ledger's leaves the mark as it was, set or not.
 */
export type CaseChangedBy = 'agent' | 'ledger';

/**
 * Replaces a case's prepared values and its issues after an edit, a bulk fix or the ledger's release
 * (see keptThroughRebuild for the issues that stay). A case already sent, or in a request that may be
 * on its way, is never changed: null. Else the status written (a kept warning makes a ready case one
 * with warnings). `history`: what the change adds to the case's issues after the rest (an "edited" fix
 * that names the status written), stored in the same write.
 */
export function replaceCase(
  db: Db,
  caseId: number,
  c: Omit<BatchCaseInput, 'code'>,
  by: CaseChangedBy,
  history?: (status: CaseStatus) => readonly IssueInput[],
): CaseStatus | null {
  const row = statement(db, REPLACED_CASE_SQL).get(caseId) as
    (Omit<RawSentCase, 'id'> & { upload_state: UploadState; issues_json: string; source_rows_json: string; raw_json: string; in_flight: number }) | undefined;
  // On its way, the campaign gets what was sent: an edit now would be shown as loaded and never reach it.
  if (!row || !isEditable(row.upload_state) || row.in_flight === 1) return null;
  const kept = decodeIssues(row.issues_json, JSON.parse(row.source_rows_json) as number[], namableTextsOfRow(row)).filter((i) => keptThroughRebuild(i.kind));
  // A duplicate's warning stays a warning: a ready case that keeps one is a case with warnings.
  const status = c.status === 'ready' && kept.some((k) => k.severity === 'warning') ? 'warning' : c.status;
  const [, firstName, lastName, phones, products, params, sourceRows, , raw, issues, errors, warnings, fixes, , search] = caseColumns({
    ...c,
    code: row.code,
    status,
    issues: [...(c.issues ?? []), ...kept, ...(history?.(status) ?? [])],
  });
  // Only what would be sent counts: a bulk fix rebuilds every case, most of them to the same values.
  const sentChanged =
    firstName !== row.first_name || lastName !== row.last_name || phones !== row.phones_json || products !== row.products_json || params !== row.params_json;
  withCaseKeys(db, caseId, () =>
    statement(db, REPLACE_CASE_SQL).run(
      firstName,
      lastName,
      phones,
      products,
      params,
      sourceRows,
      status,
      raw,
      issues,
      errors,
      warnings,
      fixes,
      search,
      status,
      sentChanged && by === 'agent' ? 1 : 0,
      caseId,
    ),
  );
  return status;
}

const REPLACED_CASE_SQL = `SELECT code, upload_state, issues_json, ${sourceRowsSql()} AS source_rows_json, raw_json, first_name, last_name, phones_json, products_json, params_json, ${IN_FLIGHT_COLUMN} FROM batch_cases WHERE id = ?`;

const REPLACE_CASE_SQL = `UPDATE batch_cases SET first_name = ?, last_name = ?, phones_json = ?, products_json = ?, params_json = ?, source_rows_json = ?, status = ?, raw_json = ?,
  issues_json = ?, error_count = ?, warning_count = ?, fix_count = ?, issue_kinds = '', search_text = ?, chunk_id = ${LEAVES_CHUNK_NOT_SENT},
  edited_while_skipped = ${MARKS_EDITED_WHILE_SKIPPED} WHERE id = ?`;

/** Appends one issue to a case (the agent's edit history). */
export function addCaseIssue(db: Db, _batchId: number, caseId: number, issue: IssueInput): void {
  addCaseIssues(db, caseId, [issue]);
}

/**
 * Appends issues to a case, and with `phones` gives it those phones (the shared list took some off).
 * Its issues are read beside the phones they were stored with and stored again beside the new ones:
 * an issue may name a phone by its place (migration 24), and the places move when a phone goes.
 */
export function addCaseIssues(db: Db, caseId: number, issues: readonly IssueInput[], phones?: readonly string[]): void {
  const row = statement(
    db,
    `SELECT issues_json, ${sourceRowsSql()} AS source_rows_json, raw_json, products_json, phones_json FROM batch_cases WHERE id = ?`,
  ).get(caseId) as { issues_json: string; source_rows_json: string; raw_json: string; products_json: string; phones_json: string } | undefined;
  if (!row || (issues.length === 0 && phones === undefined)) return;
  const rows = JSON.parse(row.source_rows_json) as number[];
  const texts = namableTextsOfRow(row);
  const kept = decodeIssues(row.issues_json, rows, texts);
  const textsNow = phones === undefined ? texts : namableTextsOf(JSON.parse(row.raw_json), JSON.parse(row.products_json), phones);
  const i = issueColumns([...kept, ...issues], rows, textsNow);
  withCaseKeys(db, caseId, () =>
    statement(
      db,
      "UPDATE batch_cases SET phones_json = coalesce(?, phones_json), issues_json = ?, error_count = ?, warning_count = ?, fix_count = ?, issue_kinds = '' WHERE id = ?",
    ).run(phones === undefined ? null : JSON.stringify(phones), i.json, i.errors, i.warnings, i.fixes, caseId),
  );
}

/** Every case of a batch, its id and code only (the (batch_id, code) index holds both: no case row is read). */
export function batchCaseCodes(db: Db, batchId: number): { id: number; code: string }[] {
  return db.prepare('SELECT id, code FROM batch_cases WHERE batch_id = ?').all(batchId) as { id: number; code: string }[];
}

export function findCaseByCode(db: Db, batchId: number, code: string): number | null {
  const row = statement(db, 'SELECT id FROM batch_cases WHERE batch_id = ? AND code = ?').get(batchId, code) as { id: number } | undefined;
  return row?.id ?? null;
}
