// Downloaded results: campaign cases, their calls with transcripts, inbound cases, recordings,
// and where each incremental download stopped.
import { Call, CampaignCase, InboundCase } from '../contract';
import type { Environment } from '../domain/environments';
import type { Db } from './store';

export function saveResultCases(db: Db, env: Environment, campaignId: number, cases: readonly CampaignCase[]): void {
  const upsert = db.prepare(
    `INSERT INTO result_cases (environment, campaign_id, id, code, is_final, last_updated, json) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (environment, campaign_id, id) DO UPDATE SET code = excluded.code, is_final = excluded.is_final,
       last_updated = excluded.last_updated, json = excluded.json`,
  );
  db.transaction(() => {
    for (const c of cases) upsert.run(env, campaignId, c.id, c.params.code ?? null, c.case_result.is_final ? 1 : 0, c.last_updated, JSON.stringify(c));
  }).immediate();
}

/** last_updated of every stored case of a campaign: what an incremental sync compares against. */
export function resultCaseStamps(db: Db, env: Environment, campaignId: number): Map<number, string> {
  const rows = db.prepare('SELECT id, last_updated FROM result_cases WHERE environment = ? AND campaign_id = ?').all(env, campaignId) as {
    id: number;
    last_updated: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.last_updated]));
}

/** How many cases of a campaign are stored. */
export function countResultCases(db: Db, env: Environment, campaignId: number): number {
  return db.prepare('SELECT count(*) FROM result_cases WHERE environment = ? AND campaign_id = ?').pluck().get(env, campaignId) as number;
}

export function getResultCase(db: Db, env: Environment, campaignId: number, caseId: number): CampaignCase | null {
  const json = db.prepare('SELECT json FROM result_cases WHERE environment = ? AND campaign_id = ? AND id = ?').pluck().get(env, campaignId, caseId) as
    string | undefined;
  return json === undefined ? null : CampaignCase.parse(JSON.parse(json));
}

export function pageResultCases(db: Db, env: Environment, campaignId: number, offset: number, limit: number): CampaignCase[] {
  const rows = db
    .prepare('SELECT json FROM result_cases WHERE environment = ? AND campaign_id = ? ORDER BY id LIMIT ? OFFSET ?')
    .all(env, campaignId, limit, offset) as { json: string }[];
  return rows.map((r) => CampaignCase.parse(JSON.parse(r.json)));
}

/**
 * Every stored case of a campaign with its stored calls, a page at a time in case id order: what the
 * results summary, the promises list and a follow-up batch are made from (offline).
 */
export function* eachResultCaseWithCalls(db: Db, env: Environment, campaignId: number, pageSize = 500): Generator<{ found: CampaignCase; calls: Call[] }> {
  const casesAfter = db.prepare('SELECT id, json FROM result_cases WHERE environment = ? AND campaign_id = ? AND id > ? ORDER BY id LIMIT ?');
  const callsBetween = db.prepare(
    'SELECT case_id AS caseId, json FROM result_calls WHERE environment = ? AND campaign_id = ? AND case_id BETWEEN ? AND ? ORDER BY case_id, id',
  );
  for (let afterId = -1; ;) {
    const page = casesAfter.all(env, campaignId, afterId, pageSize) as { id: number; json: string }[];
    if (page.length === 0) return;
    const first = page[0]?.id ?? 0;
    afterId = page[page.length - 1]?.id ?? afterId;
    const calls = new Map<number, Call[]>();
    for (const row of callsBetween.all(env, campaignId, first, afterId) as { caseId: number; json: string }[]) {
      const list = calls.get(row.caseId);
      const call = JSON.parse(row.json) as Call;
      if (list) list.push(call);
      else calls.set(row.caseId, [call]);
    }
    for (const row of page) yield { found: JSON.parse(row.json) as CampaignCase, calls: calls.get(row.id) ?? [] };
  }
}

/** Ids and stamps of the calls already stored for one case of a campaign (no JSON parsed), prepared once. */
export function storedCallStamps(db: Db, env: Environment, campaignId: number): (caseId: number) => { id: number; lastUpdated: string }[] {
  const statement = db.prepare(
    'SELECT id, last_updated AS lastUpdated FROM result_calls WHERE environment = ? AND campaign_id = ? AND case_id = ? ORDER BY id',
  );
  return (caseId) => statement.all(env, campaignId, caseId) as { id: number; lastUpdated: string }[];
}

export function saveCalls(db: Db, env: Environment, campaignId: number, caseId: number, calls: readonly Call[]): void {
  const upsert = db.prepare(
    `INSERT INTO result_calls (environment, campaign_id, case_id, id, last_updated, json) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (environment, id) DO UPDATE SET last_updated = excluded.last_updated, json = excluded.json`,
  );
  db.transaction(() => {
    for (const call of calls) upsert.run(env, campaignId, caseId, call.id, call.last_updated, JSON.stringify(call));
  }).immediate();
}

/** The stored calls of some cases of a campaign, by case, each case's in id order: one query for a page. */
export function callsOfCases(db: Db, env: Environment, campaignId: number, caseIds: readonly number[]): Map<number, Call[]> {
  const found = new Map<number, Call[]>(caseIds.map((id) => [id, []]));
  for (let i = 0; i < caseIds.length; i += 500) {
    const some = caseIds.slice(i, i + 500);
    const rows = db
      .prepare(
        `SELECT case_id AS caseId, json FROM result_calls WHERE environment = ? AND campaign_id = ? AND case_id IN (${some.map(() => '?').join(', ')})
         ORDER BY case_id, id`,
      )
      .all(env, campaignId, ...some) as { caseId: number; json: string }[];
    for (const row of rows) found.get(row.caseId)?.push(Call.parse(JSON.parse(row.json)));
  }
  return found;
}

export function listCalls(db: Db, env: Environment, campaignId: number, caseId: number): Call[] {
  const rows = db
    .prepare('SELECT json FROM result_calls WHERE environment = ? AND campaign_id = ? AND case_id = ? ORDER BY id')
    .all(env, campaignId, caseId) as { json: string }[];
  return rows.map((r) => Call.parse(JSON.parse(r.json)));
}

/** New or changed inbound cases; `downloaded_at` (what retention measures from) is now. */
export function saveInboundCases(db: Db, env: Environment, cases: readonly InboundCase[]): void {
  const now = new Date().toISOString();
  const upsert = db.prepare(
    `INSERT INTO inbound_cases (environment, id, bot_id, last_updated, json, downloaded_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (environment, id) DO UPDATE SET bot_id = excluded.bot_id, last_updated = excluded.last_updated, json = excluded.json,
       downloaded_at = excluded.downloaded_at`,
  );
  db.transaction(() => {
    for (const c of cases) upsert.run(env, c.id, c.bot.id, c.last_updated, JSON.stringify(c), now);
  }).immediate();
}

/** Reads the stored last_updated of an inbound case (prepared once, for a download's many lookups). */
export function inboundCaseStamps(db: Db, env: Environment): (id: number) => string | undefined {
  const read = db.prepare('SELECT last_updated FROM inbound_cases WHERE environment = ? AND id = ?').pluck();
  return (id) => read.get(env, id) as string | undefined;
}

export function pageInboundCases(
  db: Db,
  env: Environment,
  filter: { botId?: number; from?: string; to?: string },
  offset: number,
  limit: number,
): InboundCase[] {
  const rows = db
    .prepare(
      `SELECT json FROM inbound_cases WHERE environment = ? AND (? IS NULL OR bot_id = ?)
         AND (? IS NULL OR substr(last_updated, 1, 10) >= ?) AND (? IS NULL OR substr(last_updated, 1, 10) <= ?)
       ORDER BY last_updated DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(env, filter.botId ?? null, filter.botId ?? null, filter.from ?? null, filter.from ?? null, filter.to ?? null, filter.to ?? null, limit, offset) as {
    json: string;
  }[];
  // Checked as it is read back: what the store holds is the contract's, not taken on trust.
  return rows.map((r) => InboundCase.parse(JSON.parse(r.json)));
}

export interface RecordingRow {
  kind: 'outbound' | 'inbound';
  refId: number;
  path: string;
  size: number;
  contentType: string;
  format: string;
}

/**
 * Recordings are kept by their whole path: when the data folder moved (data-folder-move.ts), those under
 * its old recordings folder are pointed at the new one. Returns how many rows changed.
 */
export function moveRecordingPaths(db: Db, fromRoot: string, toRoot: string): number {
  // Compared in JavaScript: SQLite's substr counts characters, not UTF-16 units, and paths may hold any.
  const rows = db.prepare('SELECT rowid AS id, path FROM recordings').all() as { id: number; path: string }[];
  const moved = rows.filter((r) => r.path.startsWith(fromRoot));
  const update = db.prepare('UPDATE recordings SET path = ? WHERE rowid = ?');
  db.transaction(() => {
    for (const r of moved) update.run(toRoot + r.path.slice(fromRoot.length), r.id);
  }).immediate();
  return moved.length;
}

export function saveRecording(db: Db, env: Environment, r: RecordingRow): void {
  db.prepare(
    `INSERT INTO recordings (environment, kind, ref_id, path, size, content_type, format, downloaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (environment, kind, ref_id) DO UPDATE SET path = excluded.path, size = excluded.size,
       content_type = excluded.content_type, format = excluded.format, downloaded_at = excluded.downloaded_at`,
  ).run(env, r.kind, r.refId, r.path, r.size, r.contentType, r.format, new Date().toISOString());
}

export function getRecording(db: Db, env: Environment, kind: 'outbound' | 'inbound', refId: number): RecordingRow | null {
  const row = db
    .prepare('SELECT kind, ref_id AS refId, path, size, content_type AS contentType, format FROM recordings WHERE environment = ? AND kind = ? AND ref_id = ?')
    .get(env, kind, refId) as RecordingRow | undefined;
  return row ?? null;
}

export function getSyncMark(db: Db, env: Environment, scope: string, key: string): string | null {
  const row = db.prepare('SELECT value FROM sync_marks WHERE environment = ? AND scope = ? AND key = ?').get(env, scope, key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setSyncMark(db: Db, env: Environment, scope: string, key: string, value: string): void {
  db.prepare(
    `INSERT INTO sync_marks (environment, scope, key, value, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (environment, scope, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(env, scope, key, value, new Date().toISOString());
}
