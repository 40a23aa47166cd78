// Draft batches and their cases: what the agent prepared offline, kept until it is loaded.
import type { Product } from '../contract';
import type { Environment } from '../domain/environments';
import type { Db } from './store';

export type CaseStatus = 'ready' | 'warning' | 'rejected' | 'excluded';
export type UploadState = 'pending' | 'loaded' | 'rejected' | 'in_doubt';

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
  messageEs: string;
  messageEn: string;
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
}

export function createBatch(db: Db, b: NewBatch): number {
  const now = new Date().toISOString();
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO batches (environment, name, source_file, source_sheet, header_row, mapping_json, campaign_id, campaign_draft_json,
         max_phone_priority, dialing_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(b.environment, b.name, b.sourceFile, b.sourceSheet ?? null, b.headerRow ?? null, JSON.stringify(b.mapping ?? {}), b.campaignId ?? null,
      b.campaignDraft === undefined ? null : JSON.stringify(b.campaignDraft), b.maxPhonePriority, b.dialingType ?? 'VERTICAL', now, now);
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
export function batchInEnvironment(db: Db, id: number, env: Environment): BatchRow {
  const batch = getBatch(db, id);
  if (!batch) throw new Error(`Batch ${id} does not exist.`);
  if (batch.environment !== env) throw new Error(`Batch ${id} was prepared for ${batch.environment}; it cannot be used in ${env}.`);
  return batch;
}

/** Adds cases, their issues, and row-level issues in one transaction: all of them or none. */
export function insertBatchCases(db: Db, batchId: number, cases: Iterable<BatchCaseInput>, rowIssues: readonly IssueInput[] = []): number {
  const insert = db.prepare(
    `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, raw_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertIssue = db.prepare(
    `INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, message_es, message_en, before_value, after_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const addIssue = (caseId: number | null, i: IssueInput) =>
    insertIssue.run(batchId, caseId, i.severity, i.field, JSON.stringify(i.rows), i.kind, i.messageEs, i.messageEn, i.before ?? null, i.after ?? null);
  let n = 0;
  db.transaction(() => {
    for (const c of cases) {
      const { lastInsertRowid } = insert.run(batchId, c.code, c.firstName, c.lastName, JSON.stringify(c.phones), JSON.stringify(c.products), JSON.stringify(c.params), JSON.stringify(c.sourceRows), c.status, JSON.stringify(c.raw ?? []));
      for (const i of c.issues ?? []) addIssue(Number(lastInsertRowid), i);
      n += 1;
    }
    for (const i of rowIssues) addIssue(null, i);
    db.prepare('UPDATE batches SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), batchId);
  })();
  return n;
}

export interface IssueRow extends IssueInput {
  id: number;
  caseId: number | null;
  code: string | null;
}

/** Issues of a batch, in case order; row-level issues (no case) first. */
export function listIssues(db: Db, batchId: number, opts: { severity?: IssueInput['severity']; caseId?: number } = {}): IssueRow[] {
  const rows = db
    .prepare(
      `SELECT i.id, i.case_id, c.code, i.severity, i.field, i.rows_json, i.kind, i.message_es, i.message_en, i.before_value, i.after_value
       FROM case_issues i LEFT JOIN batch_cases c ON c.id = i.case_id
       WHERE i.batch_id = ? AND (? IS NULL OR i.severity = ?) AND (? IS NULL OR i.case_id = ?)
       ORDER BY coalesce(i.case_id, 0), i.id`,
    )
    .all(batchId, opts.severity ?? null, opts.severity ?? null, opts.caseId ?? null, opts.caseId ?? null) as {
    id: number; case_id: number | null; code: string | null; severity: IssueInput['severity']; field: string; rows_json: string; kind: string;
    message_es: string; message_en: string; before_value: string | null; after_value: string | null;
  }[];
  return rows.map((r) => ({
    id: r.id, caseId: r.case_id, code: r.code, severity: r.severity, field: r.field, rows: JSON.parse(r.rows_json) as number[], kind: r.kind,
    messageEs: r.message_es, messageEn: r.message_en, before: r.before_value ?? undefined, after: r.after_value ?? undefined,
  }));
}

export function countIssuesBySeverity(db: Db, batchId: number): { errors: number; warnings: number; fixes: number; rowErrors: number } {
  const r = db
    .prepare(
      `SELECT coalesce(sum(severity = 'error' AND case_id IS NOT NULL), 0) AS errors, coalesce(sum(severity = 'warning'), 0) AS warnings,
              coalesce(sum(severity = 'fix'), 0) AS fixes, coalesce(sum(case_id IS NULL), 0) AS rowErrors
       FROM case_issues WHERE batch_id = ?`,
    )
    .get(batchId) as { errors: number; warnings: number; fixes: number; rowErrors: number };
  return r;
}

/** Codes of `codes` that an earlier batch already loaded to this campaign in this environment. */
export function codesLoadedBefore(db: Db, env: Environment, campaignId: number): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT c.code, c.batch_id FROM batch_cases c JOIN batches b ON b.id = c.batch_id
       WHERE b.environment = ? AND b.campaign_id = ? AND c.upload_state = 'loaded'`,
    )
    .all(env, campaignId) as { code: string; batch_id: number }[];
  return new Map(rows.map((r) => [r.code, r.batch_id]));
}

export function countCasesByStatus(db: Db, batchId: number): Record<CaseStatus, number> {
  const counts: Record<CaseStatus, number> = { ready: 0, warning: 0, rejected: 0, excluded: 0 };
  const rows = db.prepare('SELECT status, count(*) AS n FROM batch_cases WHERE batch_id = ? GROUP BY status').all(batchId) as { status: CaseStatus; n: number }[];
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
  };
}

/** A page of cases in id order, after `afterId` (keyset paging: as fast on the last page as on the first). */
export function pageBatchCases(db: Db, batchId: number, opts: { status?: CaseStatus; afterId?: number; limit: number }): BatchCaseRow[] {
  const rows = (
    opts.status
      ? db.prepare('SELECT * FROM batch_cases WHERE batch_id = ? AND status = ? AND id > ? ORDER BY id LIMIT ?').all(batchId, opts.status, opts.afterId ?? 0, opts.limit)
      : db.prepare('SELECT * FROM batch_cases WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ?').all(batchId, opts.afterId ?? 0, opts.limit)
  ) as RawCase[];
  return rows.map(toCase);
}

export function deleteBatch(db: Db, id: number): void {
  db.prepare('DELETE FROM batches WHERE id = ?').run(id);
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
  const row = db.prepare('SELECT id, environment, mapping_json, max_phone_priority FROM batches WHERE id = ?').get(batchId) as { id: number; environment: Environment; mapping_json: string; max_phone_priority: number } | undefined;
  return row ? { id: row.id, environment: row.environment, mapping: JSON.parse(row.mapping_json) as Record<string, unknown>, maxPhonePriority: row.max_phone_priority } : null;
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
  const rows = db.prepare('SELECT * FROM batch_cases WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ?').all(batchId, afterId, limit) as (RawCase & { raw_json: string })[];
  return rows.map((r) => ({ ...toCase(r), raw: JSON.parse(r.raw_json) as unknown[] }));
}

/**
 * Replaces a case's prepared values and its issues after an edit or a bulk fix. Issues of kind
 * "edited" are the agent's own history and stay. A case already sent is never changed.
 */
export function replaceCase(db: Db, caseId: number, c: Omit<BatchCaseInput, 'code'>): boolean {
  const row = db.prepare('SELECT batch_id, upload_state FROM batch_cases WHERE id = ?').get(caseId) as { batch_id: number; upload_state: UploadState } | undefined;
  if (!row || row.upload_state !== 'pending') return false;
  const insertIssue = db.prepare(
    `INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, message_es, message_en, before_value, after_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare(
      `UPDATE batch_cases SET first_name = ?, last_name = ?, phones_json = ?, products_json = ?, params_json = ?, source_rows_json = ?, status = ?, raw_json = ? WHERE id = ?`,
    ).run(c.firstName, c.lastName, JSON.stringify(c.phones), JSON.stringify(c.products), JSON.stringify(c.params), JSON.stringify(c.sourceRows), c.status, JSON.stringify(c.raw ?? []), caseId);
    db.prepare("DELETE FROM case_issues WHERE case_id = ? AND kind <> 'edited'").run(caseId);
    for (const i of c.issues ?? []) insertIssue.run(row.batch_id, caseId, i.severity, i.field, JSON.stringify(i.rows), i.kind, i.messageEs, i.messageEn, i.before ?? null, i.after ?? null);
  })();
  return true;
}

export function addCaseIssue(db: Db, batchId: number, caseId: number, i: IssueInput): void {
  db.prepare(
    `INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, message_es, message_en, before_value, after_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(batchId, caseId, i.severity, i.field, JSON.stringify(i.rows), i.kind, i.messageEs, i.messageEn, i.before ?? null, i.after ?? null);
}

export function findCaseByCode(db: Db, batchId: number, code: string): number | null {
  const row = db.prepare('SELECT id FROM batch_cases WHERE batch_id = ? AND code = ?').get(batchId, code) as { id: number } | undefined;
  return row?.id ?? null;
}
