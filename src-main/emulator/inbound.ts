// Simulated inbound calls: debtors who call an inbound bot. Some have no recording, as in real life.
import { randomUUID } from 'node:crypto';
import type { InboundCase } from '../contract';
import { inboundBotIds, seedBot } from './accounts';
import { hashSeed, seededRandom } from './call-audio';
import { formatDuration, inboundCallScript } from './call-scripts';
import type { DialerCore } from './dialer';
import { getMeta, setMeta } from './emulator-db';
import { isoUtc, localParts } from './sim-clock';

const FIRST_NAMES = ['María', 'Juan', 'Lucía', 'Carlos', 'Sofía', 'Diego', 'Valentina', 'Martín', 'Camila', 'Jorge', 'Florencia', 'Pablo'];
const LAST_NAMES = ['González', 'Rodríguez', 'Fernández', 'López', 'Martínez', 'Pérez', 'Gómez', 'Sánchez', 'Romero', 'Díaz', 'Álvarez', 'Torres'];
const AREA_CODES = ['11', '351', '341', '261', '2214', '3865'];

/** One simulated inbound call every this many simulated seconds, per inbound bot. */
const INBOUND_EVERY_SECONDS = 20 * 60;

interface InboundRow {
  id: number;
  bot_id: number;
  case_uuid: string;
  phone: string;
  first_name: string;
  last_name: string;
  code: string;
  result_id: number;
  is_final: number;
  contacted: number;
  duration_s: number;
  log: string;
  has_recording: number;
  audio_seed: number;
  status: string;
  last_updated: string;
}

function addInboundCase(core: DialerCore, botId: number, at: number, n: number): void {
  const seed = hashSeed(core.randomSeed, 'inbound', botId, n);
  const random = seededRandom(seed);
  const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)] ?? 'María';
  const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)] ?? 'González';
  const area = AREA_CODES[Math.floor(random() * AREA_CODES.length)] ?? '11';
  const phone = area + String(Math.floor(random() * 10 ** (10 - area.length))).padStart(10 - area.length, '4');
  const debt = (1000 + Math.floor(random() * 200_000) / 100).toFixed(2);
  const script = inboundCallScript({
    firstName: first,
    lastName: last,
    companyName: core.companyName,
    random,
    callDate: localParts(at, core.utcOffsetMinutes).date,
    debt,
  });
  core.db
    .prepare(
      `INSERT INTO inbound_cases (bot_id, case_uuid, phone, first_name, last_name, code, result_id, is_final, contacted, duration_s, log, has_recording, audio_seed, status, last_updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?, ?, ?, 'FINISHED', ?)`,
    )
    .run(
      botId,
      randomUUID(),
      phone,
      first,
      last,
      String(20_000_000 + Math.floor(random() * 26_000_000)),
      script.gotPromise ? 1 : 2,
      script.durationSeconds,
      JSON.stringify({ responses: script.responses, transcription: script.transcription }),
      random() < 0.8 ? 1 : 0,
      seed,
      isoUtc(at),
    );
}

/** On a new emulator: some history per inbound bot over the last ten days. */
export function seedInboundHistory(core: DialerCore, perBot = 24): void {
  const now = core.clock.now();
  for (const botId of inboundBotIds(core.db)) {
    for (let n = 0; n < perBot; n++) addInboundCase(core, botId, now - (perBot - n) * 10 * 3600_000, n);
  }
  setMeta(core.db, 'inbound_count', String(perBot));
  setMeta(core.db, 'inbound_next_at', String(now + INBOUND_EVERY_SECONDS * 1000));
}

/** New inbound calls as simulated time passes. */
export function inboundStep(core: DialerCore, now: number = core.clock.now()): void {
  let nextAt = Number(getMeta(core.db, 'inbound_next_at') ?? now);
  let count = Number(getMeta(core.db, 'inbound_count') ?? 0);
  if (nextAt > now) return;
  core.db.transaction(() => {
    while (nextAt <= now) {
      for (const botId of inboundBotIds(core.db)) addInboundCase(core, botId, nextAt, count);
      count += 1;
      nextAt += INBOUND_EVERY_SECONDS * 1000;
    }
    setMeta(core.db, 'inbound_count', String(count));
    setMeta(core.db, 'inbound_next_at', String(nextAt));
  })();
}

export interface InboundFilter {
  botIds: number[];
  botId?: number | undefined;
  /** Local dates, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export function getInboundRow(core: DialerCore, id: number): InboundRow | null {
  return (core.db.prepare('SELECT * FROM inbound_cases WHERE id = ?').get(id) as InboundRow | undefined) ?? null;
}

export function listInbound(core: DialerCore, filter: InboundFilter, offset: number, limit: number): { count: number; rows: InboundRow[] } {
  const bots = filter.botId === undefined ? filter.botIds : filter.botIds.filter((b) => b === filter.botId);
  if (bots.length === 0) return { count: 0, rows: [] };
  // Local dates → UTC bounds, so "updated from 2026-11-20" means the service's calendar day.
  const offsetMs = core.utcOffsetMinutes * 60_000;
  const fromIso = filter.from ? isoUtc(Date.parse(`${filter.from}T00:00:00Z`) - offsetMs) : '0000';
  const toIso = filter.to ? isoUtc(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000 - offsetMs) : '9999';
  const where = `bot_id IN (${bots.map(() => '?').join(',')}) AND last_updated >= ? AND last_updated < ?`;
  const args = [...bots, fromIso, toIso];
  const count = (core.db.prepare(`SELECT count(*) AS n FROM inbound_cases WHERE ${where}`).get(...args) as { n: number }).n;
  const rows = core.db
    .prepare(`SELECT * FROM inbound_cases WHERE ${where} ORDER BY last_updated DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as InboundRow[];
  return { count, rows };
}

export function inboundView(core: DialerCore, row: InboundRow, origin: string): InboundCase {
  const bot = seedBot(core.db, row.bot_id);
  const log = JSON.parse(row.log) as InboundCase['case_log'];
  return {
    id: row.id,
    bot: { id: row.bot_id, name: bot?.name ?? '', alias: bot?.alias ?? '', type: bot?.bot_type ?? 'INBOUND' },
    case_uuid: row.case_uuid,
    phone: row.phone,
    first_name: row.first_name,
    last_name: row.last_name,
    code: row.code,
    case_result: {
      result_id: row.result_id,
      name: row.result_id === 1 ? 'Promesa de pago' : 'Consulta de saldo',
      is_final: row.is_final === 1,
      contacted: row.contacted === 1,
    },
    case_duration: formatDuration(row.duration_s),
    case_log: log,
    extra_metadata: {},
    recording: row.has_recording ? `${origin}/api/v2/inbound-call-recording/${row.id}/` : '',
    is_complete: row.is_final === 1,
    status: row.status,
    last_updated: row.last_updated,
    is_active: false,
  };
}

export type { InboundRow };

/** The bot list's live fields for an inbound bot: always present, per the spec. */
export function inboundBotLive(
  core: DialerCore,
  botId: number,
): {
  last_campaign: Record<string, never>;
  bot_status_last: { cases_in_progress: number; total_cases: number; case_distribution: { ended_without_error: number; ended_with_error: number } };
} {
  const r = core.db
    .prepare('SELECT count(*) AS total, coalesce(sum(is_final = 0), 0) AS open, coalesce(sum(is_final), 0) AS done FROM inbound_cases WHERE bot_id = ?')
    .get(botId) as { total: number; open: number; done: number };
  return {
    last_campaign: {},
    bot_status_last: { cases_in_progress: r.open, total_cases: r.total, case_distribution: { ended_without_error: r.done, ended_with_error: 0 } },
  };
}
