// Draft batches and their cases: what the agent prepared offline, kept until it is loaded.
import type { Product } from '../contract';
import type { Environment } from '../domain/environments';
import type { Db } from './store';
import { caseKeysWriter, searchText, withCaseKeys } from './case-keys';
import { isDuplicateKind } from '../domain/duplicates';

import type { CaseStatus } from '../domain/case-status';

export type { CaseStatus } from '../domain/case-status';
/** skipped: the campaign already held its code at upload, and the agent did not choose to load it again. */
export type UploadState = 'pending' | 'loaded' | 'rejected' | 'in_doubt' | 'skipped';

export interface NewBatch {
  environment: Environment;
  name: string;
  sourceFile: string;
  sourceSheet?: string | null;
  headerRow?: number | null;
  mapping?: unknown;
  campaignId?: number | null;
  campaignDraft?: unknown;
  maxPhonePriority: number;
  dialingType?: string;
  /** Whose cases these are: the ledger's creditor-scoped entries apply to them. */
  creditor?: string | null;
}

export interface BatchRow {
  id: number;
  environment: Environment;
  name: string;
  sourceFile: string;
  campaignId: number | null;
  maxPhonePriority: number;
  dialingType: string;
  state: string;
  createdAt: string;
}

/** An issue found while preparing: the store keeps it with its case (or with no case, for a row). */
export interface IssueInput {
  severity: 'error' | 'warning' | 'fix';
  field: string;
  rows: number[];
  kind: string;
  /** What the message is made from (rendered when shown); row-level issues carry their words instead. */
  params?: Record<string, unknown> | undefined;
  messageEs?: string | undefined;
  messageEn?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
}

export interface BatchCaseInput {
  code: string;
  firstName: string;
  lastName: string;
  phones: string[];
  products: Product[];
  params: Record<string, unknown>;
  /** Spreadsheet rows (1-based, as the agent sees them) the case came from. */
  sourceRows: number[];
  status: CaseStatus;
  issues?: readonly IssueInput[];
  /** The raw rows the case was built from (see preparation's RawRow). */
  raw?: readonly unknown[];
}

export interface BatchCaseRow extends Omit<BatchCaseInput, 'issues'> {
  id: number;
  batchId: number;
  uploadState: UploadState;
  uploadDetail: string | null;
  issueCounts: { errors: number; warnings: number; fixes: number };
}

export function createBatch(db: Db, b: NewBatch): number {
  const now = new Date().toISOString();
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO batches (environment, name, source_file, source_sheet, header_row, mapping_json, campaign_id, campaign_draft_json,
         max_phone_priority, dialing_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      b.environment,
      b.name,
      b.sourceFile,
      b.sourceSheet ?? null,
      b.headerRow ?? null,
      JSON.stringify(b.mapping ?? {}),
      b.campaignId ?? null,
      b.campaignDraft === undefined ? null : JSON.stringify(b.campaignDraft),
      b.maxPhonePriority,
      b.dialingType ?? 'VERTICAL',
      now,
      now,
    );
  // Its own statement: the column came with migration 7, and older schemas still create batches in tests.
  if (b.creditor) db.prepare('UPDATE batches SET creditor = ? WHERE id = ?').run(b.creditor, lastInsertRowid);
  return Number(lastInsertRowid);
}

const BATCH_COLUMNS = `id, environment, name, source_file AS sourceFile, campaign_id AS campaignId, max_phone_priority AS maxPhonePriority,
  dialing_type AS dialingType, state, created_at AS createdAt`;

export function getBatch(db: Db, id: number): BatchRow | null {
  return (db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches WHERE id = ?`).get(id) as BatchRow | undefined) ?? null;
}

export function listBatches(db: Db, env: Environment): BatchRow[] {
  return db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches WHERE environment = ? ORDER BY id DESC`).all(env) as BatchRow[];
}

/**
 * The batch, only if it belongs to `env`: a batch prepared for Test can never be sent to Production.
 * Throws with a message the agent understands.
 */
/** The agent asked for something the stored batches do not allow: a stable code, said plainly. */
export class BatchRefusal extends Error {
  override readonly name = 'BatchRefusal';
  constructor(
    readonly code: 'batch.missing' | 'batch.other_environment' | 'batch.other_campaign' | 'work.busy',
    message: string,
  ) {
    super(message);
  }
}

export function batchInEnvironment(db: Db, id: number, env: Environment): BatchRow {
  const batch = getBatch(db, id);
  if (!batch) throw new BatchRefusal('batch.missing', `Batch ${id} does not exist.`);
  if (batch.environment !== env)
    throw new BatchRefusal('batch.other_environment', `Batch ${id} was prepared for ${batch.environment}; it cannot be used in ${env}.`);
  return batch;
}

const SEVERITY_CODE = { error: 'e', warning: 'w', fix: 'f' } as const;
const SEVERITY_OF = { e: 'error', w: 'warning', f: 'fix' } as const;

/**
 * A case's issues as stored: [severity, kind, field, rows, params] each, or [severity, kind, field,
 * rows, before, after] when the params are just those two (most fixes: 100,000 cases carry about
 * 300,000, and the key names were a fifth of the bytes). `before` and `after` are the params' own,
 * so they are not stored twice; words are rendered when shown.
 */
function encodeIssues(issues: readonly IssueInput[]): string {
  return JSON.stringify(issues.map((i) => (i.messageEs !== undefined ? i : encodeIssue(i))));
}

function encodeIssue(i: IssueInput): unknown[] {
  const params = i.params ?? {};
  const { before, after } = params;
  let keys = 0;
  for (const _key in params) keys += 1;
  if (keys === 2 && typeof before === 'string' && typeof after === 'string') return [SEVERITY_CODE[i.severity], i.kind, i.field, i.rows, before, after];
  return [SEVERITY_CODE[i.severity], i.kind, i.field, i.rows, params];
}

/** Stored issues back as objects; issues stored as objects (before encoding, or with words) stay as they are. */
export function decodeIssues(json: string): IssueInput[] {
  return (JSON.parse(json) as unknown[]).map((x) => {
    if (!Array.isArray(x)) return x as IssueInput;
    const [s, kind, field, rows, fifth, sixth] = x as ['e' | 'w' | 'f', string, string, number[], unknown, unknown];
    const params = x.length === 6 ? { before: fifth, after: sixth } : (fifth as Record<string, unknown>);
    const before = typeof params.before === 'string' ? params.before : undefined;
    const after = typeof params.after === 'string' ? params.after : undefined;
    return { severity: SEVERITY_OF[s], kind, field, rows, params, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
  });
}

/** The columns a case's issues are kept in (see migration 4). */
export function issueColumns(issues: readonly IssueInput[] = []) {
  let errors = 0;
  let warnings = 0;
  let fixes = 0;
  const kinds = new Set<string>();
  for (const i of issues) {
    if (i.severity === 'error') errors += 1;
    else if (i.severity === 'warning') warnings += 1;
    else fixes += 1;
    kinds.add(i.kind);
  }
  return { json: encodeIssues(issues), errors, warnings, fixes, kinds: kinds.size ? ` ${[...kinds].join(' ')} ` : '' };
}

/** One case as its row's values (after batch_id, in insert order): what a writer thread is sent. */
export type CaseColumns = [string, string, string, string, string, string, string, CaseStatus, string, string, number, number, number, string, string];

export function caseColumns(c: BatchCaseInput): CaseColumns {
  const i = issueColumns(c.issues);
  return [
    c.code,
    c.firstName,
    c.lastName,
    JSON.stringify(c.phones),
    JSON.stringify(c.products),
    JSON.stringify(c.params),
    JSON.stringify(c.sourceRows),
    c.status,
    JSON.stringify(c.raw ?? []),
    i.json,
    i.errors,
    i.warnings,
    i.fixes,
    i.kinds,
    searchText(c),
  ];
}

/** Inserts cases given as their columns into one batch, with the keys they are found by (call inside a transaction). */
export function caseColumnsWriter(db: Db, batchId: number): (columns: CaseColumns) => void {
  const insert = db.prepare(
    `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, raw_json,
       issues_json, error_count, warning_count, fix_count, issue_kinds, search_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeKeys = caseKeysWriter(db, batchId);
  return (columns) => {
    const { lastInsertRowid } = insert.run(batchId, ...columns);
    writeKeys(Number(lastInsertRowid), { issueKinds: columns[13] });
  };
}

/** A writer of cases into one batch, for imports that build cases one at a time (call inside a transaction). */
export function caseWriter(db: Db, batchId: number): (c: BatchCaseInput) => void {
  const insert = caseColumnsWriter(db, batchId);
  return (c) => insert(caseColumns(c));
}

/** Row-level issues: rows that became no case (e.g. a totals row with no code). */
export function addRowIssues(db: Db, batchId: number, issues: readonly IssueInput[]): void {
  const insert = db.prepare(
    `INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, message_es, message_en, before_value, after_value)
     VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const i of issues)
    insert.run(batchId, i.severity, i.field, JSON.stringify(i.rows), i.kind, i.messageEs ?? i.kind, i.messageEn ?? i.kind, i.before ?? null, i.after ?? null);
}

/** Adds cases, their issues, and row-level issues in one transaction: all of them or none. */
export function insertBatchCases(db: Db, batchId: number, cases: Iterable<BatchCaseInput>, rowIssues: readonly IssueInput[] = []): number {
  let n = 0;
  db.transaction(() => {
    const write = caseWriter(db, batchId);
    for (const c of cases) {
      write(c);
      n += 1;
    }
    addRowIssues(db, batchId, rowIssues);
    db.prepare('UPDATE batches SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), batchId);
  })();
  return n;
}

export interface IssueRow extends IssueInput {
  /** Row-level issues have negative ids; a case's are case id × 10,000 + position. */
  id: number;
  caseId: number | null;
  code: string | null;
}

/** Issues of a batch: row-level ones first, then each case's in case order. */
export function listIssues(db: Db, batchId: number, opts: { severity?: IssueInput['severity']; caseId?: number; rowsOnly?: boolean } = {}): IssueRow[] {
  const out: IssueRow[] = [];
  if (opts.caseId === undefined) {
    const rows = db
      .prepare(
        'SELECT id, severity, field, rows_json, kind, message_es, message_en, before_value, after_value FROM case_issues WHERE batch_id = ? AND case_id IS NULL ORDER BY id',
      )
      .all(batchId) as {
      id: number;
      severity: IssueInput['severity'];
      field: string;
      rows_json: string;
      kind: string;
      message_es: string;
      message_en: string;
      before_value: string | null;
      after_value: string | null;
    }[];
    for (const r of rows) {
      if (opts.severity && r.severity !== opts.severity) continue;
      out.push({
        id: -r.id,
        caseId: null,
        code: null,
        severity: r.severity,
        field: r.field,
        rows: JSON.parse(r.rows_json) as number[],
        kind: r.kind,
        messageEs: r.message_es,
        messageEn: r.message_en,
        before: r.before_value ?? undefined,
        after: r.after_value ?? undefined,
      });
    }
  }
  if (opts.rowsOnly) return out;
  const cases = (
    opts.caseId === undefined
      ? db.prepare("SELECT id, code, issues_json FROM batch_cases WHERE batch_id = ? AND issues_json <> '[]' ORDER BY id").all(batchId)
      : db.prepare('SELECT id, code, issues_json FROM batch_cases WHERE batch_id = ? AND id = ?').all(batchId, opts.caseId)
  ) as { id: number; code: string; issues_json: string }[];
  for (const c of cases) {
    decodeIssues(c.issues_json).forEach((i, n) => {
      if (opts.severity && i.severity !== opts.severity) return;
      out.push({ ...i, before: i.before ?? undefined, after: i.after ?? undefined, id: c.id * 10_000 + n, caseId: c.id, code: c.code });
    });
  }
  return out;
}

export function countIssuesBySeverity(db: Db, batchId: number): { errors: number; warnings: number; fixes: number; rowErrors: number } {
  const cases = db
    .prepare(
      'SELECT coalesce(sum(error_count), 0) AS errors, coalesce(sum(warning_count), 0) AS warnings, coalesce(sum(fix_count), 0) AS fixes FROM batch_cases WHERE batch_id = ?',
    )
    .get(batchId) as { errors: number; warnings: number; fixes: number };
  const rowErrors = (db.prepare('SELECT count(*) AS n FROM case_issues WHERE batch_id = ? AND case_id IS NULL').get(batchId) as { n: number }).n;
  return { ...cases, rowErrors };
}

export function countCasesByStatus(db: Db, batchId: number): Record<CaseStatus, number> {
  const counts: Record<CaseStatus, number> = { ready: 0, warning: 0, rejected: 0, excluded: 0, suppressed: 0 };
  const rows = db.prepare('SELECT status, count(*) AS n FROM batch_cases WHERE batch_id = ? GROUP BY status').all(batchId) as {
    status: CaseStatus;
    n: number;
  }[];
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

interface RawCase {
  id: number;
  batch_id: number;
  code: string;
  first_name: string;
  last_name: string;
  phones_json: string;
  products_json: string;
  params_json: string;
  source_rows_json: string;
  status: CaseStatus;
  upload_state: UploadState;
  upload_detail: string | null;
  error_count: number;
  warning_count: number;
  fix_count: number;
}

function toCase(r: RawCase): BatchCaseRow {
  return {
    id: r.id,
    batchId: r.batch_id,
    code: r.code,
    firstName: r.first_name,
    lastName: r.last_name,
    phones: JSON.parse(r.phones_json) as string[],
    products: JSON.parse(r.products_json) as Product[],
    params: JSON.parse(r.params_json) as Record<string, unknown>,
    sourceRows: JSON.parse(r.source_rows_json) as number[],
    status: r.status,
    uploadState: r.upload_state,
    uploadDetail: r.upload_detail,
    issueCounts: { errors: r.error_count, warnings: r.warning_count, fixes: r.fix_count },
  };
}

const CASE_COLUMNS = `id, batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status,
  upload_state, upload_detail, error_count, warning_count, fix_count`;

/**
 * A page of cases in id order, after `afterId` (keyset paging: as fast on the last page as on the
 * first), optionally only one status: for reading a whole batch. The grid filters and pages with
 * case-query.ts.
 */
export function pageBatchCases(db: Db, batchId: number, opts: { status?: CaseStatus; afterId?: number; limit: number }): BatchCaseRow[] {
  const rows = opts.status
    ? db
        .prepare(`SELECT ${CASE_COLUMNS} FROM batch_cases WHERE batch_id = ? AND status = ? AND id > ? ORDER BY id LIMIT ?`)
        .all(batchId, opts.status, opts.afterId ?? 0, opts.limit)
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

/** A batch's first upload fixes its campaign: the same cases can never go to a second one by mistake. */
export function bindBatchToCampaign(db: Db, batchId: number, campaignId: number): void {
  db.prepare('UPDATE batches SET campaign_id = ?, updated_at = ? WHERE id = ? AND campaign_id IS NULL').run(campaignId, new Date().toISOString(), batchId);
}

export interface BatchSettingsRow {
  id: number;
  environment: Environment;
  mapping: Record<string, unknown>;
  maxPhonePriority: number;
}

export function batchSettings(db: Db, batchId: number): BatchSettingsRow | null {
  const row = db.prepare('SELECT id, environment, mapping_json, max_phone_priority FROM batches WHERE id = ?').get(batchId) as
    { id: number; environment: Environment; mapping_json: string; max_phone_priority: number } | undefined;
  return row
    ? { id: row.id, environment: row.environment, mapping: JSON.parse(row.mapping_json) as Record<string, unknown>, maxPhonePriority: row.max_phone_priority }
    : null;
}

export function setBatchMapping(db: Db, batchId: number, mapping: unknown): void {
  db.prepare('UPDATE batches SET mapping_json = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(mapping), new Date().toISOString(), batchId);
}

export function getBatchCase(db: Db, caseId: number): (BatchCaseRow & { raw: unknown[] }) | null {
  const row = db.prepare('SELECT * FROM batch_cases WHERE id = ?').get(caseId) as (RawCase & { raw_json: string }) | undefined;
  return row ? { ...toCase(row), raw: JSON.parse(row.raw_json) as unknown[] } : null;
}

/** Cases of a batch with their raw rows, in id order, a page at a time. */
export function pageCasesWithRaw(db: Db, batchId: number, afterId: number, limit: number): (BatchCaseRow & { raw: unknown[] })[] {
  const rows = db.prepare('SELECT * FROM batch_cases WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ?').all(batchId, afterId, limit) as (RawCase & {
    raw_json: string;
  })[];
  return rows.map((r) => ({ ...toCase(r), raw: JSON.parse(r.raw_json) as unknown[] }));
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
 * Replaces a case's prepared values and its issues after an edit or a bulk fix (see keptThroughRebuild
 * for the issues that stay). A case already sent is never changed: null. Else the status written (a kept
 * warning makes a ready case one with warnings).
 */
export function replaceCase(db: Db, caseId: number, c: Omit<BatchCaseInput, 'code'>): CaseStatus | null {
  const row = db.prepare('SELECT code, upload_state, issues_json FROM batch_cases WHERE id = ?').get(caseId) as
    { code: string; upload_state: UploadState; issues_json: string } | undefined;
  if (!row || row.upload_state !== 'pending') return null;
  const kept = decodeIssues(row.issues_json).filter((i) => keptThroughRebuild(i.kind));
  const i = issueColumns([...(c.issues ?? []), ...kept]);
  // A duplicate's warning stays a warning: a ready case that keeps one is a case with warnings.
  const status = c.status === 'ready' && kept.some((k) => k.severity === 'warning') ? 'warning' : c.status;
  withCaseKeys(db, caseId, () =>
    db
      .prepare(
        `UPDATE batch_cases SET first_name = ?, last_name = ?, phones_json = ?, products_json = ?, params_json = ?, source_rows_json = ?, status = ?, raw_json = ?,
         issues_json = ?, error_count = ?, warning_count = ?, fix_count = ?, issue_kinds = ?, search_text = ? WHERE id = ?`,
      )
      .run(
        c.firstName,
        c.lastName,
        JSON.stringify(c.phones),
        JSON.stringify(c.products),
        JSON.stringify(c.params),
        JSON.stringify(c.sourceRows),
        status,
        JSON.stringify(c.raw ?? []),
        i.json,
        i.errors,
        i.warnings,
        i.fixes,
        i.kinds,
        searchText({ ...c, code: row.code }),
        caseId,
      ),
  );
  return status;
}

/** Appends one issue to a case (the agent's edit history). */
export function addCaseIssue(db: Db, _batchId: number, caseId: number, issue: IssueInput): void {
  const row = db.prepare('SELECT issues_json FROM batch_cases WHERE id = ?').get(caseId) as { issues_json: string } | undefined;
  if (!row) return;
  const i = issueColumns([...decodeIssues(row.issues_json), issue]);
  withCaseKeys(db, caseId, () =>
    db
      .prepare('UPDATE batch_cases SET issues_json = ?, error_count = ?, warning_count = ?, fix_count = ?, issue_kinds = ? WHERE id = ?')
      .run(i.json, i.errors, i.warnings, i.fixes, i.kinds, caseId),
  );
}

export function findCaseByCode(db: Db, batchId: number, code: string): number | null {
  const row = db.prepare('SELECT id FROM batch_cases WHERE batch_id = ? AND code = ?').get(batchId, code) as { id: number } | undefined;
  return row?.id ?? null;
}

/** A campaign to create at the next sync, prepared offline with the batch. */
export function setCampaignDraft(db: Db, batchId: number, draft: unknown | null): void {
  db.prepare('UPDATE batches SET campaign_draft_json = ?, updated_at = ? WHERE id = ?').run(
    draft === null ? null : JSON.stringify(draft),
    new Date().toISOString(),
    batchId,
  );
}

export function getCampaignDraft(db: Db, batchId: number): unknown | null {
  const row = db.prepare('SELECT campaign_draft_json FROM batches WHERE id = ?').get(batchId) as { campaign_draft_json: string | null } | undefined;
  return row?.campaign_draft_json ? (JSON.parse(row.campaign_draft_json) as unknown) : null;
}
