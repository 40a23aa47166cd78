// Where the cases of a campaign came from: the batch case each loaded code was uploaded from, as the
// upload queue recorded it. A follow-up batch is rebuilt from those cases' kept source rows.
import type { Environment } from '../domain/environments';
import type { Db } from './store';

export interface LoadedOrigin {
  batchId: number;
  caseId: number;
}

/**
 * Codes this workstation loaded into `campaignId`, each with the batch case it was sent from. A code
 * loaded by two batches (sent again on purpose) names the newest: its rows carry the latest edits.
 */
/**
 * The batches of this environment with a chunk sent to the campaign: the cases looked for are in
 * those batches alone, each found through an index on its batch (with none named, every case of the
 * store was read: a full scan for each page of results shown).
 */
const CAMPAIGN_BATCHES = 'SELECT DISTINCT k.batch_id FROM upload_chunks k JOIN batches b ON b.id = k.batch_id WHERE k.campaign_id = ? AND b.environment = ?';

export const LOADED_ORIGINS_SQL = `SELECT c.code, c.batch_id AS batchId, c.id AS caseId FROM batch_cases c JOIN upload_chunks u ON u.id = c.chunk_id
  WHERE c.batch_id IN (${CAMPAIGN_BATCHES}) AND c.upload_state = 'loaded' AND u.campaign_id = ? ORDER BY c.batch_id, c.id`;

/**
 * CROSS JOIN fixes the order (SQLite's way): the campaign's batches, then the codes asked for, then
 * each code's case in each batch by the (batch_id, code) unique index. Left to choose, the planner
 * read every case of a batch in id order, a million for a page of results.
 */
export const LOADED_PHONES_SQL = `SELECT c.code, c.phones_json AS phones, c.batch_id AS batchId, c.id FROM (${CAMPAIGN_BATCHES}) AS s
  CROSS JOIN json_each(?) AS w CROSS JOIN batch_cases c CROSS JOIN upload_chunks u
  WHERE c.batch_id = s.batch_id AND c.code = w.value AND u.id = c.chunk_id AND c.upload_state = 'loaded' AND u.campaign_id = ?`;

export function loadedCaseOrigins(db: Db, env: Environment, campaignId: number): Map<string, LoadedOrigin> {
  const rows = db.prepare(LOADED_ORIGINS_SQL).all(campaignId, env, campaignId) as { code: string; batchId: number; caseId: number }[];
  return new Map(rows.map((r) => [r.code, { batchId: r.batchId, caseId: r.caseId }]));
}

/** What a follow-up batch copies from its original: where the rows came from and how they are read. */
export interface BatchSource {
  id: number;
  name: string;
  sourceFile: string;
  sourceSheet: string | null;
  headerRow: number | null;
  mapping: Record<string, unknown>;
  maxPhonePriority: number;
  dialingType: string;
}

export function batchSource(db: Db, batchId: number): BatchSource | null {
  const row = db
    .prepare('SELECT id, name, source_file, source_sheet, header_row, mapping_json, max_phone_priority, dialing_type FROM batches WHERE id = ?')
    .get(batchId) as
    | {
        id: number;
        name: string;
        source_file: string;
        source_sheet: string | null;
        header_row: number | null;
        mapping_json: string;
        max_phone_priority: number;
        dialing_type: string;
      }
    | undefined;
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    sourceFile: row.source_file,
    sourceSheet: row.source_sheet,
    headerRow: row.header_row,
    mapping: JSON.parse(row.mapping_json) as Record<string, unknown>,
    maxPhonePriority: row.max_phone_priority,
    dialingType: row.dialing_type,
  };
}

/**
 * The phones each of these codes was loaded into `campaignId` with, in the order sent: the order the
 * service numbers them by (SPEC-GAPS row 46). Codes this workstation did not load are absent.
 */
export function loadedPhonesByCode(db: Db, env: Environment, campaignId: number, codes: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (codes.length === 0) return found;
  const rows = db.prepare(LOADED_PHONES_SQL).all(campaignId, env, JSON.stringify([...new Set(codes)]), campaignId) as {
    code: string;
    phones: string;
    batchId: number;
    id: number;
  }[];
  // The newest load of a code wins, as in loadedCaseOrigins.
  rows.sort((a, b) => a.batchId - b.batchId || a.id - b.id);
  for (const r of rows) found.set(r.code, JSON.parse(r.phones) as string[]);
  return found;
}
