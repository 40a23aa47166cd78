// The data's lifecycle in the store: deleting a batch or a campaign's results, and finding what
// retention purges. The store runs with secure_delete, so deleted rows are overwritten in place; the
// WAL still holds earlier copies of their pages until truncateWal folds it in and empties it: every
// deletion here commits, then runs it, so nothing of the deleted debtors stays in either file.
import type { Environment } from '../domain/environments';
import type { Db } from './store';
import { importingBatchKey, staleImportingBatches, type ImportingBatchKey } from './batches-repo';
import { keptCounts } from './kept-counts';
import { TO_SEND_SQL } from './upload-state-indexes';

/** A writer commits a chunk every few milliseconds: an import silent for this long was killed. */
export const STALE_IMPORT_MS = 60_000;

/**
 * Batches a killed import left hidden (batch-writer.ts's beginStagedBatch) go, once stale. Found and
 * deleted again in one transaction: a writer that was only paused cannot show its batch in between.
 */
export function sweepStaleImports(db: Db, now = new Date()): number[] {
  const before = new Date(now.getTime() - STALE_IMPORT_MS);
  // Most often there is none: no write lock taken for nothing.
  if (staleImportingBatches(db, before).length === 0) return [];
  const ids = db
    .transaction(() => {
      const stale = staleImportingBatches(db, before);
      for (const id of stale) deleteRowsOfBatch(db, id);
      return stale;
    })
    .immediate();
  if (ids.length > 0) truncateWal(db);
  return ids;
}

/**
 * An import's own hidden batch, taken away by its writer (an abort, a failure), only while it is still
 * that import's: once swept, its id may be another batch's. False when it was not.
 */
export function dropImportingBatch(db: Db, key: ImportingBatchKey): boolean {
  const dropped = db.transaction(() => importingBatchKey(db, key.id)?.createdAt === key.createdAt && deleteRowsOfBatch(db, key.id) !== null).immediate();
  if (dropped) truncateWal(db);
  return dropped;
}

/** Folds the WAL into the database file and truncates it to nothing; false when a reader kept it busy. */
export function truncateWal(db: Db): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
  return result?.busy === 0;
}

/** Runs `deletion` in one transaction, then empties the WAL (a checkpoint cannot run inside one). */
function thenTruncate<T>(db: Db, deletion: () => T): T {
  const result = db.transaction(deletion).immediate();
  truncateWal(db);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Batches

/**
 * casesInDoubtCount's query (exported for its query-plan test): two counts, each through a partial
 * index (the unsettled cases, migration 32; the cases waiting in a chunk, migration 20). One OR over
 * both reads every case of the batch.
 */
export const CASES_IN_DOUBT_SQL = `SELECT (SELECT count(*) FROM batch_cases WHERE batch_id = ? AND upload_state = 'in_doubt')
  + (SELECT count(*) FROM batch_cases WHERE chunk_id IN (SELECT id FROM upload_chunks WHERE batch_id = ? AND state IN ('sending', 'unknown'))
     AND chunk_id IS NOT NULL AND upload_state = 'pending') AS n`;

/**
 * Cases whose fate on the service is unknown: marked in doubt, or waiting in a chunk that was sent
 * and never answered (an upload killed mid-request, maybe by another process). Deleting them would
 * forget cases the service may hold.
 */
export function casesInDoubtCount(db: Db, batchId: number): number {
  return (db.prepare(CASES_IN_DOUBT_SQL).get(batchId, batchId) as { n: number }).n;
}

export interface DeletedBatchRows {
  batchId: number;
  cases: number;
  /** Row-level issues (a case's own issues live in its row). */
  rowIssues: number;
  chunks: number;
  /** The file the batch was prepared from, as it was given (the caller decides whether it is ours to delete). */
  sourceFile: string;
}

/** Deletes a batch with its cases, issues and upload chunks, in one transaction; null when there is no such batch. */
export function deleteBatchRows(db: Db, batchId: number): DeletedBatchRows | null {
  return thenTruncate(db, () => deleteRowsOfBatch(db, batchId));
}

/** deleteBatchRows' work, inside the caller's transaction. */
function deleteRowsOfBatch(db: Db, batchId: number): DeletedBatchRows | null {
  const batch = db.prepare('SELECT source_file AS sourceFile FROM batches WHERE id = ?').get(batchId) as { sourceFile: string } | undefined;
  if (!batch) return null;
  // Children first, explicitly: the counts are the agent's receipt, and nothing rests on the foreign-keys pragma.
  const rowIssues = db.prepare('DELETE FROM case_issues WHERE batch_id = ?').run(batchId).changes;
  // The keys hold search terms (names, phones): they go with their cases.
  db.prepare('DELETE FROM case_keys WHERE batch_id = ?').run(batchId);
  keptCounts(db).drop(batchId);
  const cases = db.prepare('DELETE FROM batch_cases WHERE batch_id = ?').run(batchId).changes;
  const chunks = db.prepare('DELETE FROM upload_chunks WHERE batch_id = ?').run(batchId).changes;
  db.prepare('DELETE FROM batches WHERE id = ?').run(batchId);
  return { batchId, cases, rowIssues, chunks, sourceFile: batch.sourceFile };
}

/**
 * A ready case skipped and changed since (edited_while_skipped), as a condition on the batch_cases row
 * named `alias`: one of FULLY_UPLOADED's checks, what correctedSkippedCount counts and what the batch
 * grid's "corrected" filter shows (case-query.ts), so the notice's count and the filtered list agree.
 */
export const correctedSkippedWhere = (alias: string): string =>
  `${alias}.edited_while_skipped = 1 AND +${alias}.upload_state = 'skipped' AND +${alias}.status IN ('ready', 'warning')`;
const CORRECTED_SKIPPED = correctedSkippedWhere('c');

/**
 * Nothing of the batch left to send: no ready case pending or in doubt, and no ready case skipped
 * whose sent values the agent changed after the upload skipped it (an edit, a bulk fix, imported
 * corrections: edited_while_skipped, migration 12; a phone the ledger gave back is no correction). The
 * campaign holds it as it was, and the correction goes only if it is loaded again (then the rules
 * above), or the agent leaves it out (excluded). A case edited before it was skipped is finished.
 * The first check reads the partial index of the cases to send (migration 32), empty once a batch is
 * uploaded; the second, the partial index of marked cases (none, most often): the unary + keeps the
 * planner from taking another index, which would read every skipped case's row.
 */
const FULLY_UPLOADED = `NOT EXISTS (SELECT 1 FROM batch_cases c INDEXED BY batch_cases_to_send WHERE c.batch_id = b.id AND ${TO_SEND_SQL('c')})
  AND NOT EXISTS (SELECT 1 FROM batch_cases c WHERE c.batch_id = b.id AND ${CORRECTED_SKIPPED})`;

/**
 * A batch's last upload: the later of its last upload run's end (migration 13: a run that sent or
 * settled something, see markUploadRunEnded) and its newest chunk answer, whichever it has (a run that
 * sent nothing has no answer; a batch uploaded before migration 13, or whose run was killed after its
 * last answer, may have no run end). Null for a batch never uploaded. Over the batch's rows joined to
 * its chunks (max of two values is null when either is).
 */
const LAST_UPLOAD = 'coalesce(max(b.uploaded_at, max(u.answered_at)), b.uploaded_at, max(u.answered_at))';

/** fullyUploadedAt's query (exported for its query-plan test). */
export const FULLY_UPLOADED_AT_SQL = `SELECT ${LAST_UPLOAD} AS at FROM batches b LEFT JOIN upload_chunks u ON u.batch_id = b.id WHERE b.id = ? AND ${FULLY_UPLOADED}`;

/** batchesUploadedBefore's query (exported for its query-plan test). A batch with no last upload is not less than the cutoff: never purged. */
export const BATCHES_UPLOADED_BEFORE_SQL = `SELECT b.id, ${LAST_UPLOAD} AS lastUploadAt FROM batches b LEFT JOIN upload_chunks u ON u.batch_id = b.id
  WHERE ${FULLY_UPLOADED} GROUP BY b.id HAVING lastUploadAt < ? ORDER BY b.id`;

/**
 * When a fully uploaded batch (see FULLY_UPLOADED) last uploaded (see LAST_UPLOAD). Null for a batch
 * not fully uploaded, or never uploaded (a draft is kept until deleted).
 */
export function fullyUploadedAt(db: Db, batchId: number): string | null {
  const row = db.prepare(FULLY_UPLOADED_AT_SQL).get(batchId) as { at: string | null } | undefined;
  return row?.at ?? null;
}

/** correctedSkippedCount's query (exported for its query-plan test): the partial index, as FULLY_UPLOADED's check. */
export const CORRECTED_SKIPPED_COUNT_SQL = `SELECT count(*) AS n FROM batch_cases c WHERE c.batch_id = ? AND ${CORRECTED_SKIPPED}`;

/**
 * Skipped cases of the batch changed after the upload skipped them, neither loaded again nor excluded:
 * while there is one, retention keeps the batch (see FULLY_UPLOADED), and the agent is told why.
 */
export function correctedSkippedCount(db: Db, batchId: number): number {
  return (db.prepare(CORRECTED_SKIPPED_COUNT_SQL).get(batchId) as { n: number }).n;
}

/** Fully uploaded batches whose last upload is before `cutoff` (ISO time): what retention purges, by the same rule the batch list's "goes on" date is. */
export function batchesUploadedBefore(db: Db, cutoff: string): { id: number; lastUploadAt: string }[] {
  return db.prepare(BATCHES_UPLOADED_BEFORE_SQL).all(cutoff) as { id: number; lastUploadAt: string }[];
}

// ---------------------------------------------------------------------------------------------------
// A campaign's results

/** The sync mark that times a campaign's results: set at each download, read by retention. */
export const RESULTS_DOWNLOADED_SCOPE = 'results-downloaded';
const NO_OUTBOUND_RECORDING_SCOPE = 'no-recording:outbound';
const NO_INBOUND_RECORDING_SCOPE = 'no-recording:inbound';

export function markResultsDownloaded(db: Db, env: Environment, campaignId: number, at = new Date().toISOString()): void {
  db.prepare(
    `INSERT INTO sync_marks (environment, scope, key, value, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (environment, scope, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(env, RESULTS_DOWNLOADED_SCOPE, String(campaignId), at, at);
}

export interface StoredResults {
  cases: number;
  calls: number;
  recordings: number;
  /** The last download of the campaign's results, or null when none is stored. */
  downloadedAt: string | null;
}

export function storedResults(db: Db, env: Environment, campaignId: number): StoredResults {
  const count = (sql: string) => (db.prepare(sql).get(env, campaignId) as { n: number }).n;
  const mark = db
    .prepare('SELECT value FROM sync_marks WHERE environment = ? AND scope = ? AND key = ?')
    .get(env, RESULTS_DOWNLOADED_SCOPE, String(campaignId)) as { value: string } | undefined;
  return {
    cases: count('SELECT count(*) AS n FROM result_cases WHERE environment = ? AND campaign_id = ?'),
    calls: count('SELECT count(*) AS n FROM result_calls WHERE environment = ? AND campaign_id = ?'),
    recordings: count(
      `SELECT count(*) AS n FROM recordings r JOIN result_calls c ON c.environment = r.environment AND c.id = r.ref_id WHERE r.kind = 'outbound' AND c.environment = ? AND c.campaign_id = ?`,
    ),
    downloadedAt: mark?.value ?? null,
  };
}

export interface DeletedResultRows {
  cases: number;
  calls: number;
  /** Files of the recordings whose rows were deleted (the caller removes those that are the store's). */
  recordingFiles: string[];
}

/**
 * Deletes a campaign's stored results: cases, calls (with transcripts), its outbound recordings'
 * rows, and its sync marks, so the next download starts over. One transaction.
 */
export function deleteCampaignResultRows(db: Db, env: Environment, campaignId: number): DeletedResultRows {
  return thenTruncate(db, (): DeletedResultRows => {
    const callIds = `SELECT id FROM result_calls WHERE environment = ? AND campaign_id = ?`;
    const recordingFiles = (
      db.prepare(`SELECT path FROM recordings WHERE environment = ? AND kind = 'outbound' AND ref_id IN (${callIds})`).all(env, env, campaignId) as {
        path: string;
      }[]
    ).map((r) => r.path);
    db.prepare(`DELETE FROM recordings WHERE environment = ? AND kind = 'outbound' AND ref_id IN (${callIds})`).run(env, env, campaignId);
    db.prepare(
      `DELETE FROM sync_marks WHERE environment = ? AND scope = ? AND key IN (SELECT CAST(id AS TEXT) FROM result_calls WHERE environment = ? AND campaign_id = ?)`,
    ).run(env, NO_OUTBOUND_RECORDING_SCOPE, env, campaignId);
    db.prepare('DELETE FROM sync_marks WHERE environment = ? AND scope = ? AND key = ?').run(env, RESULTS_DOWNLOADED_SCOPE, String(campaignId));
    const calls = db.prepare('DELETE FROM result_calls WHERE environment = ? AND campaign_id = ?').run(env, campaignId).changes;
    const cases = db.prepare('DELETE FROM result_cases WHERE environment = ? AND campaign_id = ?').run(env, campaignId).changes;
    return { cases, calls, recordingFiles };
  });
}

/** Campaigns whose results were last downloaded before `cutoff`. */
export function campaignsDownloadedBefore(db: Db, cutoff: string): { environment: Environment; campaignId: number }[] {
  return db
    .prepare('SELECT environment, CAST(key AS INTEGER) AS campaignId FROM sync_marks WHERE scope = ? AND value < ? ORDER BY environment, campaignId')
    .all(RESULTS_DOWNLOADED_SCOPE, cutoff) as { environment: Environment; campaignId: number }[];
}

// ---------------------------------------------------------------------------------------------------
// Inbound cases and recordings

export interface DeletedInboundRows {
  cases: number;
  recordingFiles: string[];
}

/** Inbound cases downloaded (or last changed on a download) before `cutoff`, with their recordings. */
export function deleteInboundCasesBefore(db: Db, cutoff: string): DeletedInboundRows {
  return thenTruncate(db, (): DeletedInboundRows => {
    const expired = `SELECT environment, id FROM inbound_cases WHERE downloaded_at < ?`;
    const recordingFiles = (
      db.prepare(`SELECT path FROM recordings WHERE kind = 'inbound' AND (environment, ref_id) IN (${expired})`).all(cutoff) as { path: string }[]
    ).map((r) => r.path);
    db.prepare(`DELETE FROM recordings WHERE kind = 'inbound' AND (environment, ref_id) IN (${expired})`).run(cutoff);
    db.prepare(
      `DELETE FROM sync_marks WHERE scope = ? AND (environment, key) IN (SELECT environment, CAST(id AS TEXT) FROM inbound_cases WHERE downloaded_at < ?)`,
    ).run(NO_INBOUND_RECORDING_SCOPE, cutoff);
    const cases = db.prepare('DELETE FROM inbound_cases WHERE downloaded_at < ?').run(cutoff).changes;
    return { cases, recordingFiles };
  });
}

/**
 * Recordings downloaded before `cutoff` whose call or inbound case is no longer stored (fetched one
 * at a time, or left by an older version): nothing else would ever delete them.
 */
export function deleteOrphanRecordingsBefore(db: Db, cutoff: string): string[] {
  return thenTruncate(db, (): string[] => {
    const orphan = `downloaded_at < ? AND NOT EXISTS (
        SELECT 1 FROM result_calls c WHERE r.kind = 'outbound' AND c.environment = r.environment AND c.id = r.ref_id
        UNION ALL SELECT 1 FROM inbound_cases i WHERE r.kind = 'inbound' AND i.environment = r.environment AND i.id = r.ref_id)`;
    const files = (db.prepare(`SELECT path FROM recordings r WHERE ${orphan}`).all(cutoff) as { path: string }[]).map((r) => r.path);
    db.prepare(`DELETE FROM recordings AS r WHERE ${orphan}`).run(cutoff);
    return files;
  });
}

/** Every recording file the store still points to (a file on disk that none points to is a leftover). */
export function recordingFilesInUse(db: Db): Set<string> {
  return new Set((db.prepare('SELECT path FROM recordings').all() as { path: string }[]).map((r) => r.path));
}
