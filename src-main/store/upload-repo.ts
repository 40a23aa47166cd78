// The upload queue: chunks of a batch and each case's upload state. Every change is committed
// before and after each request, so a killed process resumes exactly where it stopped.
import type { FailureData } from '../domain/failures/failure';
import { readUploadDetail, storedUploadDetail, uploadDetails, type UploadDetail } from '../domain/upload-detail';
import { sentCase, type RawSentCase, type SentCase } from './cases-repo';
import type { Db } from './store';

export type ChunkState = 'pending' | 'sending' | 'done' | 'partial' | 'failed' | 'unknown';

export interface ChunkRow {
  id: number;
  batchId: number;
  campaignId: number;
  seq: number;
  state: ChunkState;
  caseCount: number;
  bodyBytes: number;
  attempts: number;
  /** Why it last stopped or failed, as stored: a code of the catalog and its params in JSON (prose in chunks of an earlier CaseDesk). */
  lastError: string | null;
}

/** A case waiting to be sent. */
export type QueuedCase = SentCase;

const CHUNK_COLUMNS = `id, batch_id AS batchId, campaign_id AS campaignId, seq, state, case_count AS caseCount,
  body_bytes AS bodyBytes, attempts, last_error AS lastError`;

export function listChunks(db: Db, batchId: number): ChunkRow[] {
  return db.prepare(`SELECT ${CHUNK_COLUMNS} FROM upload_chunks WHERE batch_id = ? ORDER BY seq`).all(batchId) as ChunkRow[];
}

/** How many chunks the batch's uploads made (a split chunk's old row, under a negative seq, not counted). */
export function countChunks(db: Db, batchId: number): number {
  return db.prepare('SELECT count(*) FROM upload_chunks WHERE batch_id = ? AND seq > 0').pluck().get(batchId) as number;
}

/**
 * Cases of the batch that are ready to go and belong to no chunk yet, in id order, after `afterId`
 * and at most `limit` of them: planning a million-case batch reads it a page at a time.
 */
export function unplannedCases(db: Db, batchId: number, afterId = 0, limit = -1): QueuedCase[] {
  const rows = db
    .prepare(
      `SELECT id, code, first_name, last_name, phones_json, products_json, params_json FROM batch_cases
       WHERE batch_id = ? AND id > ? AND status IN ('ready', 'warning') AND upload_state = 'pending' AND chunk_id IS NULL ORDER BY id LIMIT ?`,
    )
    .all(batchId, afterId, limit) as RawSentCase[];
  return rows.map(sentCase);
}

/**
 * The first chunk, in upload order, still to send: pending, failed or partly loaded, with a case
 * still waiting in it. One lookup of the chunk-cases index per chunk it passes, not a read of its cases.
 */
export const NEXT_CHUNK_SQL = `SELECT ${CHUNK_COLUMNS} FROM upload_chunks u WHERE batch_id = ? AND seq > 0 AND state IN ('pending', 'failed', 'partial')
  AND EXISTS (SELECT 1 FROM batch_cases c WHERE c.chunk_id = u.id AND c.upload_state = 'pending') ORDER BY seq LIMIT 1`;

export function nextChunkToSend(db: Db, batchId: number): ChunkRow | undefined {
  return db.prepare(NEXT_CHUNK_SQL).get(batchId) as ChunkRow | undefined;
}

/** The chunk's cases still waiting to be loaded (a resent chunk carries only what is really missing). */
export const CHUNK_CASES_SQL =
  "SELECT id, code, first_name, last_name, phones_json, products_json, params_json FROM batch_cases WHERE chunk_id = ? AND upload_state = 'pending' ORDER BY id";

export function chunkCases(db: Db, chunkId: number): QueuedCase[] {
  const rows = db.prepare(CHUNK_CASES_SQL).all(chunkId) as RawSentCase[];
  return rows.map(sentCase);
}

/** Appends chunks (each a list of case ids) after the batch's last one, in one transaction. */
export function addChunks(db: Db, batchId: number, campaignId: number, chunks: readonly { caseIds: number[]; bytes: number }[]): void {
  const insert = db.prepare('INSERT INTO upload_chunks (batch_id, campaign_id, seq, case_count, body_bytes) VALUES (?, ?, ?, ?, ?)');
  // Only a case still waiting for a chunk: one excluded or planned since its page was read stays out.
  const assign = db.prepare("UPDATE batch_cases SET chunk_id = ? WHERE id = ? AND chunk_id IS NULL AND upload_state = 'pending'");
  db.transaction(() => {
    let seq = ((db.prepare('SELECT max(seq) AS s FROM upload_chunks WHERE batch_id = ?').get(batchId) as { s: number | null }).s ?? 0) + 1;
    for (const chunk of chunks) {
      const { lastInsertRowid } = insert.run(batchId, campaignId, seq++, chunk.caseIds.length, chunk.bytes);
      for (const id of chunk.caseIds) assign.run(Number(lastInsertRowid), id);
    }
  }).immediate();
}

/** Intent, committed before the request: the chunk is on its way. */
export function markSending(db: Db, chunkId: number): void {
  db.prepare("UPDATE upload_chunks SET state = 'sending', attempts = attempts + 1, sent_at = ? WHERE id = ?").run(new Date().toISOString(), chunkId);
}

/** `why`: a code of the failures' or the upload details' catalog and its params, never a failure's message (it may quote the service, or a debtor echoed back). */
export function setChunkState(db: Db, chunkId: number, state: ChunkState, why: FailureData | UploadDetail | null = null): void {
  const lastError = why === null ? null : JSON.stringify({ code: why.code, params: why.params });
  db.prepare('UPDATE upload_chunks SET state = ?, last_error = ?, answered_at = ? WHERE id = ?').run(state, lastError, new Date().toISOString(), chunkId);
}

/** The service's answer for a chunk, in one transaction: which cases loaded, which were rejected and why. */
export function recordChunkOutcome(
  db: Db,
  chunkId: number,
  state: ChunkState,
  loadedIds: readonly number[],
  rejected: readonly { id: number; detail: UploadDetail }[],
): void {
  const loaded = db.prepare("UPDATE batch_cases SET upload_state = 'loaded', upload_detail = NULL WHERE id = ?");
  const reject = db.prepare("UPDATE batch_cases SET upload_state = 'rejected', upload_detail = ? WHERE id = ?");
  db.transaction(() => {
    for (const id of loadedIds) loaded.run(id);
    for (const r of rejected) reject.run(storedUploadDetail(r.detail), r.id);
    setChunkState(db, chunkId, state);
  }).immediate();
}

/** Where a split moves the chunks after it while it renumbers them: far below any chunk's id. */
const SEQ_ASIDE = 1_000_000_000;

/** A chunk split in two (413): its cases move to two new chunks placed where it was. */
export function splitChunk(db: Db, chunk: ChunkRow, halves: readonly { caseIds: number[]; bytes: number }[]): void {
  db.transaction(() => {
    // In two steps: SQLite checks UNIQUE (batch_id, seq) row by row, and seq + 2 is the next chunk but one.
    // Out of the way first (below every seq in use, a split chunk's -id included), then to their places.
    db.prepare('UPDATE upload_chunks SET seq = -seq - ? WHERE batch_id = ? AND seq > ?').run(SEQ_ASIDE, chunk.batchId, chunk.seq);
    db.prepare('UPDATE upload_chunks SET seq = -seq - ? + ? WHERE batch_id = ? AND seq < -?').run(SEQ_ASIDE, halves.length, chunk.batchId, SEQ_ASIDE);
    const split = storedUploadDetail(uploadDetails.split);
    const insert = db.prepare('INSERT INTO upload_chunks (batch_id, campaign_id, seq, case_count, body_bytes, last_error) VALUES (?, ?, ?, ?, ?, ?)');
    const assign = db.prepare('UPDATE batch_cases SET chunk_id = ? WHERE id = ?');
    // The old row keeps its place in history under a negative seq; it no longer owns cases.
    db.prepare("UPDATE upload_chunks SET state = 'failed', seq = -id, last_error = ?, case_count = 0 WHERE id = ?").run(split, chunk.id);
    halves.forEach((half, i) => {
      const { lastInsertRowid } = insert.run(chunk.batchId, chunk.campaignId, chunk.seq + i + 1, half.caseIds.length, half.bytes, split);
      for (const id of half.caseIds) assign.run(Number(lastInsertRowid), id);
    });
  }).immediate();
}

/**
 * An upload run of the batch ended (whatever its outcome) having sent a request or changed a case's
 * upload state: when retention times it from, with its chunks' answers. Such a run may send no request
 * at all (every case skipped because the campaign held its code).
 */
export function markUploadRunEnded(db: Db, batchId: number, at = new Date().toISOString()): void {
  db.prepare('UPDATE batches SET uploaded_at = ? WHERE id = ?').run(at, batchId);
}

/**
 * An upload run ended having done nothing (no request, no case's upload state changed): the batch's
 * time stays where the last run that did something put it. Only a batch with no upload time at all
 * takes this run's end: a first run killed after skipping every case, before its end was written,
 * would otherwise leave it untimed, kept forever.
 */
export function markIdleUploadRunEnded(db: Db, batchId: number, at = new Date().toISOString()): void {
  db.prepare(
    `UPDATE batches SET uploaded_at = ? WHERE id = ? AND uploaded_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM upload_chunks u WHERE u.batch_id = batches.id AND u.answered_at IS NOT NULL)`,
  ).run(at, batchId);
}

/** Cases whose outcome could not be decided: the agent (or an explicit CLI flag) must choose. */
export function markInDoubt(db: Db, caseIds: readonly number[], detail: UploadDetail): void {
  const stmt = db.prepare("UPDATE batch_cases SET upload_state = 'in_doubt', upload_detail = ? WHERE id = ?");
  const stored = storedUploadDetail(detail);
  db.transaction(() => {
    for (const id of caseIds) stmt.run(stored, id);
  }).immediate();
}

export function casesInDoubt(db: Db, batchId: number): { id: number; code: string; chunkId: number | null }[] {
  return db.prepare("SELECT id, code, chunk_id AS chunkId FROM batch_cases WHERE batch_id = ? AND upload_state = 'in_doubt' ORDER BY id").all(batchId) as {
    id: number;
    code: string;
    chunkId: number | null;
  }[];
}

/** The agent's decision on in-doubt cases: send them again, or take them as loaded. */
export function resolveInDoubt(db: Db, batchId: number, decision: 'resend' | 'assume-loaded'): number {
  return db
    .transaction(() => {
      if (decision === 'assume-loaded') {
        return db
          .prepare("UPDATE batch_cases SET upload_state = 'loaded', upload_detail = ? WHERE batch_id = ? AND upload_state = 'in_doubt'")
          .run(storedUploadDetail(uploadDetails.takenAsLoaded), batchId).changes;
      }
      // Back to the queue: out of their old chunk, into new ones at the next plan.
      return db
        .prepare("UPDATE batch_cases SET upload_state = 'pending', upload_detail = NULL, chunk_id = NULL WHERE batch_id = ? AND upload_state = 'in_doubt'")
        .run(batchId).changes;
    })
    .immediate();
}

/** Loaded codes of this campaign from other batches: how many times each is expected on the server. */
export function loadedCodeCounts(db: Db, env: string, campaignId: number, exceptBatchId: number): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT c.code, count(*) AS n FROM batch_cases c JOIN upload_chunks u ON u.id = c.chunk_id JOIN batches b ON b.id = c.batch_id
       WHERE b.environment = ? AND u.campaign_id = ? AND c.batch_id <> ? AND c.upload_state = 'loaded' GROUP BY c.code`,
    )
    .all(env, campaignId, exceptBatchId) as { code: string; n: number }[];
  return new Map(rows.map((r) => [r.code, r.n]));
}

/**
 * How many cases of each code the campaign held before this batch, as far as this workstation knows:
 * its other batches' loaded cases, or the downloaded results when they show more (another workstation
 * loaded the code). Reading a chunk back compares against this, so a duplicate the agent chose to load
 * again is not taken as loaded because someone else's copy is there.
 */
export function codesHeldBefore(db: Db, env: string, campaignId: number, exceptBatchId: number): Map<string, number> {
  const counts = loadedCodeCounts(db, env, campaignId, exceptBatchId);
  const seen = db
    .prepare('SELECT code, count(*) AS n FROM result_cases WHERE environment = ? AND campaign_id = ? AND code IS NOT NULL GROUP BY code')
    .all(env, campaignId) as { code: string; n: number }[];
  for (const r of seen) if (r.n > (counts.get(r.code) ?? 0)) counts.set(r.code, r.n);
  return counts;
}

/**
 * The batch's sendable cases (ready or with warnings) by upload state, from its kept counts (migration
 * 26). skipped: the campaign already held their codes (store/duplicates-repo.ts); not sent unless the
 * agent asks.
 */
const UPLOAD_COUNTS_SQL = `SELECT coalesce(sum(CASE upload_state WHEN 'pending' THEN cases END), 0) AS pending,
              coalesce(sum(CASE upload_state WHEN 'loaded' THEN cases END), 0) AS loaded,
              coalesce(sum(CASE upload_state WHEN 'rejected' THEN cases END), 0) AS rejected,
              coalesce(sum(CASE upload_state WHEN 'in_doubt' THEN cases END), 0) AS inDoubt,
              coalesce(sum(CASE upload_state WHEN 'skipped' THEN cases END), 0) AS skipped
       FROM batch_case_counts WHERE batch_id = ? AND status IN ('ready', 'warning')`;

export function uploadCounts(db: Db, batchId: number): { pending: number; loaded: number; rejected: number; inDoubt: number; skipped: number } {
  const r = db.prepare(UPLOAD_COUNTS_SQL).get(batchId) as { pending: number; loaded: number; rejected: number; inDoubt: number; skipped: number };
  return r;
}

/** The batch's cases the service did not take, each with why (a case rejected with no detail stored says so in an earlier CaseDesk's words). */
export function rejectedCases(db: Db, batchId: number): { code: string; detail: UploadDetail }[] {
  const rows = db
    .prepare("SELECT code, upload_detail AS detail FROM batch_cases WHERE batch_id = ? AND upload_state = 'rejected' ORDER BY id")
    .all(batchId) as {
    code: string;
    detail: string | null;
  }[];
  return rows.map((r) => ({ code: r.code, detail: readUploadDetail(r.detail ?? '') as UploadDetail }));
}
