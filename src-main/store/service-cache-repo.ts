// What the service last said about bots and campaigns, so they stay visible offline.
import type { Bot, Campaign, CampaignListItem } from '../contract';
import type { Environment } from '../domain/environments';
import type { Db } from './store';

/** Replaces the cached bot list of an environment (a bot no longer assigned disappears). */
export function saveBots(db: Db, env: Environment, bots: readonly Bot[]): void {
  const now = new Date().toISOString();
  const insert = db.prepare('INSERT INTO bots (environment, id, json, fetched_at) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    db.prepare('DELETE FROM bots WHERE environment = ?').run(env);
    for (const bot of bots) insert.run(env, bot.id, JSON.stringify(bot), now);
  }).immediate();
}

export function listBots(db: Db, env: Environment): { bots: Bot[]; fetchedAt: string | null } {
  const rows = db.prepare('SELECT json, fetched_at FROM bots WHERE environment = ? ORDER BY id').all(env) as { json: string; fetched_at: string }[];
  return { bots: rows.map((r) => JSON.parse(r.json) as Bot), fetchedAt: rows[0]?.fetched_at ?? null };
}

export function saveCampaign(db: Db, env: Environment, campaign: Campaign): void {
  db.prepare(
    `INSERT INTO campaigns (environment, id, bot_id, status, detail_json, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (environment, id) DO UPDATE SET bot_id = excluded.bot_id, status = excluded.status,
       detail_json = excluded.detail_json, fetched_at = excluded.fetched_at`,
  ).run(env, campaign.id, campaign.bot, campaign.metrics.status, JSON.stringify(campaign), new Date().toISOString());
}

export function saveCampaignListItems(db: Db, env: Environment, botId: number, items: readonly CampaignListItem[]): void {
  const now = new Date().toISOString();
  const upsert = db.prepare(
    `INSERT INTO campaigns (environment, id, bot_id, status, list_json, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (environment, id) DO UPDATE SET status = excluded.status, list_json = excluded.list_json, fetched_at = excluded.fetched_at`,
  );
  db.transaction(() => {
    for (const item of items) upsert.run(env, item.id, botId, item.status, JSON.stringify(item), now);
  }).immediate();
}

export function getCampaign(db: Db, env: Environment, id: number): Campaign | null {
  const row = db.prepare('SELECT detail_json FROM campaigns WHERE environment = ? AND id = ?').get(env, id) as { detail_json: string | null } | undefined;
  return row?.detail_json ? (JSON.parse(row.detail_json) as Campaign) : null;
}

/** The campaign's max_phone_priority as cached: from its detail, else from its list item; null when neither says. */
export function cachedMaxPhonePriority(db: Db, env: Environment, id: number): number | null {
  const row = db.prepare('SELECT detail_json, list_json FROM campaigns WHERE environment = ? AND id = ?').get(env, id) as
    { detail_json: string | null; list_json: string | null } | undefined;
  const detail = row?.detail_json ? (JSON.parse(row.detail_json) as { params?: { max_phone_priority?: number } }) : null;
  const item = row?.list_json ? (JSON.parse(row.list_json) as { max_phone_priority?: number }) : null;
  return detail?.params?.max_phone_priority ?? item?.max_phone_priority ?? null;
}
