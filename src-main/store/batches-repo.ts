// Batches: one row per prepared file, with what it was prepared with (mapping, priority, campaign and
// its draft). Their cases are in cases-repo.ts, their issues in issues-repo.ts.
import type { Environment } from '../domain/environments';
import type { Db } from './store';

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

/** A batch whose cases are still going in (see batch-writer.ts's beginStagedBatch): no one else sees it. */
export const IMPORTING = 'importing';

export function getBatch(db: Db, id: number): BatchRow | null {
  return (db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches WHERE id = ? AND state <> '${IMPORTING}'`).get(id) as BatchRow | undefined) ?? null;
}

export function listBatches(db: Db, env: Environment): BatchRow[] {
  return db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches WHERE environment = ? AND state <> '${IMPORTING}' ORDER BY id DESC`).all(env) as BatchRow[];
}

/** Creates a batch that stays hidden while its cases go in, each chunk in a transaction of its own. */
export function createImportingBatch(db: Db, b: NewBatch): number {
  const id = createBatch(db, b);
  db.prepare(`UPDATE batches SET state = '${IMPORTING}' WHERE id = ?`).run(id);
  return id;
}

/**
 * Which importing batch a writer owns: its id and when it was created. The sweep may delete a batch
 * whose writer was only paused (a suspended CLI, a machine asleep). Ids are never given again since
 * store migration 11, but the largest one deleted before it may be, once: the id alone could then
 * name that other batch.
 */
export interface ImportingBatchKey {
  id: number;
  createdAt: string;
}

export function importingBatchKey(db: Db, id: number): ImportingBatchKey | null {
  const createdAt = db.prepare(`SELECT created_at FROM batches WHERE id = ? AND state = '${IMPORTING}'`).pluck().get(id) as string | undefined;
  return createdAt === undefined ? null : { id, createdAt };
}

/** An importing batch is still alive: its writer says so with every chunk it commits. False: it is gone (swept). */
export function touchImportingBatch(db: Db, key: ImportingBatchKey): boolean {
  return (
    db
      .prepare(`UPDATE batches SET updated_at = ? WHERE id = ? AND created_at = ? AND state = '${IMPORTING}'`)
      .run(new Date().toISOString(), key.id, key.createdAt).changes === 1
  );
}

/** The last step of an import, in its last transaction: the batch is shown, whole. False: it is gone (swept). */
export function finishImportingBatch(db: Db, key: ImportingBatchKey): boolean {
  return (
    db
      .prepare(`UPDATE batches SET state = 'draft', updated_at = ? WHERE id = ? AND created_at = ? AND state = '${IMPORTING}'`)
      .run(new Date().toISOString(), key.id, key.createdAt).changes === 1
  );
}

/** Importing batches no writer has touched since `before`: left by an import that was killed. */
export function staleImportingBatches(db: Db, before: Date): number[] {
  return db.prepare(`SELECT id FROM batches WHERE state = '${IMPORTING}' AND updated_at < ? ORDER BY id`).pluck().all(before.toISOString()) as number[];
}

export type BatchRefusalCode = 'batch.missing' | 'batch.other_environment' | 'batch.other_campaign' | 'work.busy';

/** The agent asked for something the stored batches do not allow: a stable code, said plainly. */
export class BatchRefusal extends Error {
  override readonly name = 'BatchRefusal';
  constructor(
    readonly code: BatchRefusalCode,
    message: string,
    /** The batch refused, when the caller may not know it (an import's own batch, swept). */
    readonly batchId: number | null = null,
  ) {
    super(message);
  }
}

/** A refusal as it crosses a thread (structured clone keeps no class): rebuilt by refusalFromData. */
export interface BatchRefusalData {
  code: BatchRefusalCode;
  message: string;
  batchId: number | null;
}

export function refusalData(err: unknown): BatchRefusalData | undefined {
  return err instanceof BatchRefusal ? { code: err.code, message: err.message, batchId: err.batchId } : undefined;
}

export function refusalFromData(data: BatchRefusalData): BatchRefusal {
  return new BatchRefusal(data.code, data.message, data.batchId);
}

/**
 * The batch, only if it belongs to `env`: a batch prepared for Test can never be sent to Production.
 * Throws with a message the agent understands.
 */
export function batchInEnvironment(db: Db, id: number, env: Environment): BatchRow {
  const batch = getBatch(db, id);
  if (!batch) throw new BatchRefusal('batch.missing', `Batch ${id} does not exist.`);
  if (batch.environment !== env)
    throw new BatchRefusal('batch.other_environment', `Batch ${id} was prepared for ${batch.environment}; it cannot be used in ${env}.`);
  return batch;
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

/** What an edit or a bulk fix re-applies; null for no batch, or one still being imported (no one changes its cases). */
export function batchSettings(db: Db, batchId: number): BatchSettingsRow | null {
  const row = db.prepare(`SELECT id, environment, mapping_json, max_phone_priority FROM batches WHERE id = ? AND state <> '${IMPORTING}'`).get(batchId) as
    { id: number; environment: Environment; mapping_json: string; max_phone_priority: number } | undefined;
  return row
    ? { id: row.id, environment: row.environment, mapping: JSON.parse(row.mapping_json) as Record<string, unknown>, maxPhonePriority: row.max_phone_priority }
    : null;
}

export function setBatchMapping(db: Db, batchId: number, mapping: unknown): void {
  db.prepare('UPDATE batches SET mapping_json = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(mapping), new Date().toISOString(), batchId);
}

/** How many phones a case of the batch keeps (the index of its last one), as the campaign it goes to takes them. */
export function setBatchMaxPhonePriority(db: Db, batchId: number, maxPhonePriority: number): void {
  db.prepare('UPDATE batches SET max_phone_priority = ?, updated_at = ? WHERE id = ?').run(maxPhonePriority, new Date().toISOString(), batchId);
}

/**
 * Cases an upload would still send that hold more phones than `phones`: a campaign that takes fewer
 * (its max_phone_priority + 1) would reject each of them.
 */
export function countCasesOverPhoneLimit(db: Db, batchId: number, phones: number): number {
  return db
    .prepare(
      `SELECT count(*) FROM batch_cases WHERE batch_id = ? AND status IN ('ready', 'warning') AND upload_state = 'pending' AND json_array_length(phones_json) > ?`,
    )
    .pluck()
    .get(batchId, phones) as number;
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

/** Whether a corrected report left the batch's shared-phone warnings to be counted again (migration 35). */
export function sharedRecountPending(db: Db, batchId: number): boolean {
  const row = db.prepare('SELECT shared_recount_pending AS pending FROM batches WHERE id = ?').get(batchId) as { pending: number } | undefined;
  return row?.pending === 1;
}

export function setSharedRecountPending(db: Db, batchId: number, pending: boolean): void {
  db.prepare('UPDATE batches SET shared_recount_pending = ? WHERE id = ?').run(pending ? 1 : 0, batchId);
}

/** The batch's number of cases, as it keeps it (migration 23). */
export function batchCaseTotal(db: Db, batchId: number): number {
  return (db.prepare('SELECT case_total AS total FROM batches WHERE id = ?').get(batchId) as { total: number } | undefined)?.total ?? 0;
}
