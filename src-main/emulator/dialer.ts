// Simulated dialing. Deterministic for a given seed: what happens on attempt k of a case depends only
// on (seed, campaign, case, k), never on timing, so tests and demos repeat.
import { hashSeed, seededRandom } from './call-audio';
import { outboundCallScript, type CallOutcome, type CallScript } from './call-scripts';
import { OUTCOME_RESULTS, outOfAttempts, pickOutcome } from './case-results';
import { caseTotals, closeCampaign, type CampaignCore, type CampaignRow } from './campaigns';
import { isoUtc, isWithinCallWindow, localParts } from './sim-clock';
import type { CaseRow } from './emulator-db';

export interface DialerCore extends CampaignCore {
  randomSeed: number;
  companyName: string;
  /** Dial at any hour and date (set by --speed): the demo should not wait for office hours. */
  ignoreCallWindow: boolean;
}

interface Slot {
  phoneIndex: number;
  attempt: number;
}

/**
 * The order in which a case's phones are tried. VERTICAL: only the phone at min_phone_priority.
 * HORIZONTAL_VERTICAL: one attempt on each phone from min to max priority, then the next round.
 * Each phone gets up to max_calls_per_case attempts.
 */
export function dialingSlots(
  campaign: Pick<CampaignRow, 'dialing_type' | 'min_phone_priority' | 'max_phone_priority' | 'max_calls_per_case'>,
  phoneCount: number,
): Slot[] {
  const last = campaign.dialing_type === 'VERTICAL' ? campaign.min_phone_priority : campaign.max_phone_priority;
  const phones: number[] = [];
  for (let p = campaign.min_phone_priority; p <= last && p < phoneCount; p++) phones.push(p);
  const slots: Slot[] = [];
  for (let attempt = 0; attempt < campaign.max_calls_per_case; attempt++) {
    for (const phoneIndex of phones) slots.push({ phoneIndex, attempt });
  }
  return slots;
}

/** The call a case makes at slot `slot`: fixed by the seed. */
function plannedCall(
  core: DialerCore,
  campaignId: number,
  row: CaseRow,
  slot: number,
  callDate: string,
): { outcome: CallOutcome; script: CallScript; ringSeconds: number; audioSeed: number } {
  const seed = hashSeed(core.randomSeed, campaignId, row.id, slot);
  const random = seededRandom(seed);
  const outcome = pickOutcome(random);
  const products = JSON.parse(row.products) as { pid: string; debt: string }[];
  const debt = products.reduce((sum, p) => sum + Number(p.debt), 0).toFixed(2);
  const script = outboundCallScript({
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: core.companyName,
    debt,
    product: products[0]?.pid ?? 'su deuda',
    callDate,
    outcome,
    random,
  });
  const ringSeconds = outcome === 'no_answer' ? 30 : outcome === 'busy' || outcome === 'failed' ? 3 : 4 + Math.floor(random() * 12);
  return { outcome, script, ringSeconds, audioSeed: seed };
}

/** Advances every running campaign to simulated time `now`. */
export function dialStep(core: DialerCore, now: number = core.clock.now()): void {
  const local = localParts(now, core.utcOffsetMinutes);
  const running = core.db.prepare("SELECT * FROM campaigns WHERE status IN ('ONGOING', 'SCHEDULED')").all() as CampaignRow[];
  for (const campaign of running) {
    core.db.transaction(() => stepCampaign(core, campaign, now, local))();
  }
}

function stepCampaign(core: DialerCore, campaign: CampaignRow, now: number, local: { date: string; time: string }): void {
  const db = core.db;
  const due = db.prepare('SELECT * FROM cases WHERE campaign_id = ? AND busy_until IS NOT NULL AND busy_until <= ?').all(campaign.id, now) as CaseRow[];
  for (const row of due) finishCall(core, campaign, row, now);
  // "Closes at end of day": the end of the first day it could dial, not of the day cases arrived.
  const firstDay = campaign.running_since !== null && campaign.running_since > campaign.start_date ? campaign.running_since : campaign.start_date;
  if (campaign.closes_eod === 1 && campaign.running_since !== null && local.date > firstDay) {
    closeCampaign(core, campaign.id);
    return;
  }

  const dateOk = local.date >= campaign.start_date;
  const windowOk = isWithinCallWindow(local.time, campaign.call_from, campaign.call_to);
  if (core.ignoreCallWindow || (dateOk && windowOk)) {
    if (campaign.status === 'SCHEDULED') {
      db.prepare("UPDATE campaigns SET status = 'ONGOING', running_since = ? WHERE id = ?").run(local.date, campaign.id);
    }
    const busy = (db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ? AND busy_until IS NOT NULL').get(campaign.id) as { n: number }).n;
    const free = campaign.workers - busy;
    if (free > 0) {
      const next = db
        .prepare('SELECT * FROM cases WHERE campaign_id = ? AND is_final = 0 AND busy_until IS NULL ORDER BY slot, id LIMIT ?')
        .all(campaign.id, free) as CaseRow[];
      for (const row of next) startCall(core, campaign, row, now, local.date);
    }
  }
  const t = caseTotals(db, campaign.id);
  if (t.loaded > 0 && t.final === t.loaded) closeCampaign(core, campaign.id);
}

/** The next slot at or after `from` whose phone is not known to be wrong, or null. */
function nextLiveSlot(slots: Slot[], from: number, dead: number[]): number | null {
  for (let i = from; i < slots.length; i++) {
    const slot = slots[i];
    if (slot && !dead.includes(slot.phoneIndex)) return i;
  }
  return null;
}

function startCall(core: DialerCore, campaign: CampaignRow, row: CaseRow, now: number, today: string): void {
  const phones = JSON.parse(row.phones) as string[];
  const slots = dialingSlots(campaign, phones.length);
  const slot = nextLiveSlot(slots, row.slot, JSON.parse(row.dead_phones) as number[]);
  if (slot === null) {
    markExhausted(core, row, now);
    return;
  }
  const plan = plannedCall(core, campaign.id, row, slot, today);
  const endsAt = now + (plan.ringSeconds + plan.script.durationSeconds) * 1000;
  core.db.prepare('UPDATE cases SET slot = ?, busy_until = ? WHERE id = ?').run(slot, endsAt, row.id);
  if (campaign.first_call_at === null) {
    core.db.prepare('UPDATE campaigns SET first_call_at = ? WHERE id = ? AND first_call_at IS NULL').run(isoUtc(now), campaign.id);
    campaign.first_call_at = isoUtc(now);
  }
}

function finishCall(core: DialerCore, campaign: CampaignRow, row: CaseRow, now: number): void {
  const phones = JSON.parse(row.phones) as string[];
  const slots = dialingSlots(campaign, phones.length);
  const slot = slots[row.slot];
  if (!slot) return;
  const plan = plannedCall(core, campaign.id, row, row.slot, localParts(row.busy_until ?? now, core.utcOffsetMinutes).date);
  const result = OUTCOME_RESULTS[plan.outcome];
  const phone = phones[slot.phoneIndex] ?? '';
  const dead = JSON.parse(row.dead_phones) as number[];
  if (plan.outcome === 'wrong_number') dead.push(slot.phoneIndex);
  const more = nextLiveSlot(slots, row.slot + 1, dead) !== null;
  const final = result.isFinal || !more;
  const caseResult = result.isFinal || more ? result : outOfAttempts(row.contacted === 1 || result.contacted);
  const stamp = isoUtc(now);
  core.db
    .prepare(
      `INSERT INTO calls (case_id, campaign_id, phone, outcome, result_id, is_final, duration_s, data, gateway_id, audio_seed, last_updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      row.id,
      campaign.id,
      phone,
      plan.outcome,
      result.id,
      final ? 1 : 0,
      plan.script.durationSeconds,
      JSON.stringify({
        transcription: plan.script.transcription,
        responses: plan.script.responses,
        result_id: result.id,
        got_promise: plan.script.gotPromise,
        commitment: plan.script.commitment,
      }),
      1 + (plan.audioSeed % 8),
      plan.audioSeed,
      stamp,
    );
  core.db
    .prepare(
      `UPDATE cases SET call_count = call_count + 1, slot = ?, dead_phones = ?, result_id = ?, is_final = ?,
        contacted = max(contacted, ?), got_promise = max(got_promise, ?), commitment = CASE WHEN ? <> '' THEN ? ELSE commitment END,
        talk_seconds = talk_seconds + ?, last_phone = ?, busy_until = NULL, last_updated = ? WHERE id = ?`,
    )
    .run(
      row.slot + 1,
      JSON.stringify(dead),
      caseResult.id,
      final ? 1 : 0,
      result.contacted ? 1 : 0,
      plan.script.gotPromise ? 1 : 0,
      plan.script.commitment,
      plan.script.commitment,
      plan.script.durationSeconds,
      phone,
      stamp,
      row.id,
    );
}

function markExhausted(core: DialerCore, row: CaseRow, now: number): void {
  core.db
    .prepare('UPDATE cases SET is_final = 1, result_id = ?, last_updated = ? WHERE id = ?')
    .run(outOfAttempts(row.contacted === 1).id, isoUtc(now), row.id);
}

/** Runs the simulation forward by `seconds` of simulated time in small steps (tests, control endpoint). */
export function advanceDialing(core: DialerCore, seconds: number, stepSeconds = 5): void {
  let left = seconds * 1000;
  while (left > 0) {
    const step = Math.min(stepSeconds * 1000, left);
    core.clock.advance(step);
    left -= step;
    dialStep(core);
  }
}
