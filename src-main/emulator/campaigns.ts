// Campaigns: creation, the state machine of the spec, and the Campaign resources built from live cases.
import type { BotLastCampaign, BotStatusLast, Campaign, CampaignAction, CampaignListItem, CreateCampaignRequest } from '../contract';
import { formatDuration } from './call-scripts';
import type { Db } from './emulator-db';
import { isoUtc, localParts, withSeconds, type SimClock } from './sim-clock';

export interface CampaignCore {
  db: Db;
  clock: SimClock;
  utcOffsetMinutes: number;
  /**
   * The spec has two stories for the state after create: PAUSED (the endpoint's description) or
   * SCHEDULED / ONGOING by date and window (the getting-started guide). 'paused' is the default;
   * 'guide' lets client tests meet the other answer.
   */
  createStatus: 'paused' | 'guide';
  /** Workers are returned but cannot be set through the interface; this is what new campaigns get. */
  workers: number;
}

export interface CampaignRow {
  id: number;
  bot_id: number;
  name: string;
  description: string;
  closes_eod: number;
  call_from: string;
  call_to: string;
  max_calls_per_case: number;
  dialing_type: string;
  workers: number;
  min_phone_priority: number;
  max_phone_priority: number;
  start_date: string;
  status: string;
  created_at: string;
  running_since: string | null;
  first_call_at: string | null;
  ended_at: string | null;
}

export interface CaseTotals {
  loaded: number;
  final: number;
  called: number;
  contacted: number;
  promises: number;
  talkSeconds: number;
  inProgress: number;
}

export function getCampaign(db: Db, id: number): CampaignRow | null {
  return (db.prepare('SELECT * FROM campaigns WHERE id = ?').get(id) as CampaignRow | undefined) ?? null;
}

export function createCampaign(core: CampaignCore, body: CreateCampaignRequest): CampaignRow {
  const now = core.clock.now();
  const today = localParts(now, core.utcOffsetMinutes).date;
  const min = body.min_phone_priority ?? 0;
  const row = {
    bot_id: body.client_id,
    name: body.name,
    description: body.description ?? '',
    closes_eod: body.closes_eod ? 1 : 0,
    call_from: withSeconds(body.call_from ?? '09:00'),
    call_to: withSeconds(body.call_to ?? '20:00'),
    max_calls_per_case: body.max_calls_per_case ?? 1,
    dialing_type: body.dialing_type ?? 'VERTICAL',
    workers: core.workers,
    min_phone_priority: min,
    max_phone_priority: body.max_phone_priority ?? min,
    start_date: body.start_date ?? today,
    created_at: isoUtc(now),
    status: 'PAUSED',
  };
  if (core.createStatus === 'guide') row.status = statusByGuide(core, row.start_date, row.call_from, row.call_to);
  const { lastInsertRowid } = core.db
    .prepare(
      `INSERT INTO campaigns (bot_id, name, description, closes_eod, call_from, call_to, max_calls_per_case, dialing_type,
        workers, min_phone_priority, max_phone_priority, start_date, status, created_at, running_since)
       VALUES (@bot_id, @name, @description, @closes_eod, @call_from, @call_to, @max_calls_per_case, @dialing_type,
        @workers, @min_phone_priority, @max_phone_priority, @start_date, @status, @created_at, NULL)`,
    )
    .run(row);
  const created = getCampaign(core.db, Number(lastInsertRowid));
  if (!created) throw new Error('campaign vanished after insert');
  if (created.status === 'ONGOING') markRunning(core, created);
  return getCampaign(core.db, created.id) ?? created;
}

function statusByGuide(core: CampaignCore, startDate: string, callFrom: string, callTo: string): string {
  const local = localParts(core.clock.now(), core.utcOffsetMinutes);
  if (startDate > local.date) return 'SCHEDULED';
  if (startDate === local.date && local.time >= callFrom && local.time < callTo) return 'ONGOING';
  return 'SCHEDULED';
}

function markRunning(core: CampaignCore, row: CampaignRow): void {
  const today = localParts(core.clock.now(), core.utcOffsetMinutes).date;
  core.db.prepare("UPDATE campaigns SET status = 'ONGOING', running_since = ? WHERE id = ?").run(today, row.id);
}

export type ActionOutcome = { ok: true; row: CampaignRow } | { ok: false; message: string };

/** start / stop / end, as the spec's transition table has them. Repeating an action is harmless. */
export function applyAction(core: CampaignCore, row: CampaignRow, action: CampaignAction): ActionOutcome {
  if (row.status === 'CLOSED') {
    return { ok: false, message: `Campaign ${row.id} is closed; it cannot ${action}.` };
  }
  if (action === 'start' && row.status !== 'ONGOING') markRunning(core, row);
  if (action === 'stop' && row.status !== 'PAUSED') {
    core.db.prepare("UPDATE campaigns SET status = 'PAUSED', running_since = NULL WHERE id = ?").run(row.id);
  }
  if (action === 'end') closeCampaign(core, row.id);
  const updated = getCampaign(core.db, row.id);
  return updated ? { ok: true, row: updated } : { ok: false, message: 'campaign vanished' };
}

export function closeCampaign(core: CampaignCore, campaignId: number): void {
  core.db
    .prepare("UPDATE campaigns SET status = 'CLOSED', ended_at = ?, running_since = NULL WHERE id = ? AND status <> 'CLOSED'")
    .run(isoUtc(core.clock.now()), campaignId);
  // Calls still ringing are cut off and leave no record; their cases must not stay "in a call".
  core.db.prepare('UPDATE cases SET busy_until = NULL WHERE campaign_id = ? AND busy_until IS NOT NULL').run(campaignId);
}

/** First loaded cases move a PAUSED campaign to ONGOING (the spec's upload description). */
export function afterCasesLoaded(core: CampaignCore, row: CampaignRow): void {
  if (row.status === 'PAUSED') markRunning(core, row);
}

export function caseTotals(db: Db, campaignId: number): CaseTotals {
  const r = db
    .prepare(
      `SELECT count(*) AS loaded, coalesce(sum(is_final), 0) AS final, coalesce(sum(call_count > 0), 0) AS called,
              coalesce(sum(contacted), 0) AS contacted, coalesce(sum(got_promise), 0) AS promises,
              coalesce(sum(talk_seconds), 0) AS talkSeconds, coalesce(sum(busy_until IS NOT NULL), 0) AS inProgress
       FROM cases WHERE campaign_id = ?`,
    )
    .get(campaignId) as CaseTotals;
  return r;
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

export function campaignView(core: CampaignCore, row: CampaignRow, conversationType: string): Campaign {
  const t = caseTotals(core.db, row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    bot: row.bot_id,
    conversation_type: conversationType,
    closes_eod: row.closes_eod === 1,
    params: {
      call_from: row.call_from,
      call_to: row.call_to,
      max_calls_per_case: row.max_calls_per_case,
      dialing_type: row.dialing_type,
      workers: row.workers,
      max_phone_priority: row.max_phone_priority,
      min_phone_priority: row.min_phone_priority,
      start_date: row.start_date,
    },
    case_stats: {
      q_loaded_cases: t.loaded,
      // The emulator never filters cases out by its own rules.
      q_filtered_cases: 0,
      q_resting_cases: t.loaded - t.final,
      q_final_cases: t.final,
    },
    metrics: {
      status: row.status,
      percentage_completed: pct(t.final, t.loaded),
      percentage_called: pct(t.called, t.loaded),
      success_rate: `${pct(t.promises, t.loaded).toFixed(2)}%`,
      contactability_rate: pct(t.contacted, t.called),
      bot_duration: t.called === 0 ? null : formatDuration(t.talkSeconds),
      hours: Math.round((t.talkSeconds / 3600) * 100) / 100,
    },
    created_at: row.created_at,
  };
}

export function campaignListItem(core: CampaignCore, row: CampaignRow): CampaignListItem {
  const t = caseTotals(core.db, row.id);
  const first = row.first_call_at ? localParts(Date.parse(row.first_call_at), core.utcOffsetMinutes) : null;
  const end = row.ended_at ? localParts(Date.parse(row.ended_at), core.utcOffsetMinutes) : null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    bot_duration: t.called === 0 ? null : formatDuration(t.talkSeconds),
    dialing_type: row.dialing_type,
    created_at: row.created_at,
    first_call_time: first?.time ?? null,
    end_time: end?.time ?? null,
    hours: Math.round((t.talkSeconds / 3600) * 100) / 100,
    percentage_completed: pct(t.final, t.loaded),
    max_calls_per_case: row.max_calls_per_case,
    max_phone_priority: row.max_phone_priority,
    q_final_cases: t.final,
    contactability: pct(t.contacted, t.called),
    first_call_date: first?.date ?? null,
    end_date: end?.date ?? null,
  };
}

/** The bot list's `last_campaign` and `bot_status_last` for an outbound bot. */
export function outboundBotLive(core: CampaignCore, botId: number): { last_campaign: BotLastCampaign; bot_status_last: BotStatusLast } | null {
  const row = core.db.prepare('SELECT * FROM campaigns WHERE bot_id = ? ORDER BY id DESC LIMIT 1').get(botId) as CampaignRow | undefined;
  if (!row) return null;
  const t = caseTotals(core.db, row.id);
  const active = core.db.prepare("SELECT id FROM campaigns WHERE bot_id = ? AND status = 'ONGOING'").all(botId) as { id: number }[];
  let bot_status_last: BotStatusLast = {};
  if (active.length > 0) {
    const totals = active.map((c) => caseTotals(core.db, c.id));
    const sum = (f: (x: CaseTotals) => number) => totals.reduce((acc, x) => acc + f(x), 0);
    bot_status_last = {
      cases_in_progress: sum((x) => x.inProgress),
      total_cases: sum((x) => x.loaded),
      case_distribution: { ended_without_error: sum((x) => x.final), ended_with_error: 0 },
    };
  }
  return {
    last_campaign: {
      name: row.name,
      status: row.status,
      percentage_completed: pct(t.final, t.loaded),
      percentage_called: pct(t.called, t.loaded),
      q_final_cases: t.final,
      q_loaded_cases: t.loaded,
      contactability: pct(t.contacted, t.called),
      max_calls_per_case: row.max_calls_per_case,
      phone_priority: row.max_phone_priority,
      dialing_type: row.dialing_type,
      call_from: row.call_from,
      call_to: row.call_to,
      start_date: row.start_date,
      workers: row.workers,
    },
    bot_status_last,
  };
}
