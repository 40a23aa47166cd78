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
}

export interface BatchCaseRow extends BatchCaseInput {
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

/** Adds cases in one transaction: all of them or none. */
export function insertBatchCases(db: Db, batchId: number, cases: Iterable<BatchCaseInput>): number {
  const insert = db.prepare(
    `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let n = 0;
  db.transaction(() => {
    for (const c of cases) {
      insert.run(batchId, c.code, c.firstName, c.lastName, JSON.stringify(c.phones), JSON.stringify(c.products), JSON.stringify(c.params), JSON.stringify(c.sourceRows), c.status);
      n += 1;
    }
    db.prepare('UPDATE batches SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), batchId);
  })();
  return n;
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
