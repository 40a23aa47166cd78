// The emulator's dialing simulation, over real HTTP: which phones it calls, how often, and how many
// cases are in a call at once. Simulated time moves only through POST /__control/advance.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BotList, Campaign, paths, type Call, type CampaignCase } from '../../src-main/contract';
import { dialingSlots } from '../../src-main/emulator/dialer';
import { BOTS, http, login, uploadBody, useEmulator, offsetForLocalHour } from '../support/emulator';
import { serviceReader } from '../support/service-reader';

const emulator = useEmulator({ utcOffsetMinutes: offsetForLocalHour(1) });
let token = '';
const service = serviceReader(
  () => emulator.current,
  () => token,
);
const { url, advance, campaign, cases, calls } = service;
beforeAll(async () => {
  token = (await login(emulator.current.url)).access;
});

afterEach(() => service.endOpenCampaigns());

interface Dialing {
  dialing_type: 'VERTICAL' | 'HORIZONTAL_VERTICAL';
  min_phone_priority: number;
  max_phone_priority: number;
  max_calls_per_case: number;
}

async function createCampaign(dialing: Dialing): Promise<Campaign> {
  const body = { client_id: BOTS.voice, name: 'Dialer', description: '', call_from: '00:00', call_to: '23:59', closes_eod: false, ...dialing };
  const res = await http(url(paths.createCampaign()), { token, body });
  expect(res.status).toBe(201);
  return Campaign.parse(res.json);
}

async function upload(campaignId: number, body: Record<string, unknown>): Promise<void> {
  const res = await http(url(paths.uploadCases(campaignId)), { token, method: 'PUT', body });
  expect(res.status, res.text).toBe(200);
}

const phonesOf = (body: Record<string, unknown>, code: string | undefined) =>
  (body[code ?? ''] as { phone_settings: { phone_list: string[] } }).phone_settings.phone_list;

const PROMISE = 1;
const NO_PROMISE = 2;
const WRONG_NUMBER = 7;
const NO_CONTACT = 9;
const REACHED_UNRESOLVED = 10;
/** Results of a call where a person answered (the emulator's catalogue). */
const REACHED = [1, 2, 3, 7];

/**
 * Checks one case's calls against the dialing rules, written out independently of the emulator:
 * the phone indexes in play are min..max (VERTICAL: min only) that the case has; each round calls
 * each of them once, for max_calls_per_case rounds; a phone that turned out wrong is skipped from
 * then on; dialing stops at the first final result or when no attempt is left.
 */
function expectDialedByTheRules(c: CampaignCase, history: Call[], phones: string[], d: Dialing): void {
  const last = d.dialing_type === 'VERTICAL' ? d.min_phone_priority : d.max_phone_priority;
  const inPlay: number[] = [];
  for (let p = d.min_phone_priority; p <= last && p < phones.length; p++) inPlay.push(p);
  const rounds = Array.from({ length: d.max_calls_per_case }, () => inPlay).flat();

  const dead = new Set<number>();
  let made = 0;
  let roundsLeft = false;
  for (const index of rounds) {
    if (dead.has(index)) continue;
    const call = history[made];
    if (!call) {
      roundsLeft = true;
      break;
    }
    expect(call.phone, `case ${c.params.code} call ${made}`).toBe(phones[index]);
    if (call.case_result === WRONG_NUMBER) dead.add(index);
    made += 1;
  }
  expect(history.length, `case ${c.params.code}: calls beyond the allowed attempts`).toBe(made);
  expect(c.call_count).toBe(history.length);
  expect(c.call_count).toBeLessThanOrEqual(inPlay.length * d.max_calls_per_case);
  for (const phone of phones) expect(history.filter((h) => h.phone === phone).length).toBeLessThanOrEqual(d.max_calls_per_case);

  // Once final: only the last call is final, and the case result says why dialing stopped.
  expect(c.case_result.is_final).toBe(true);
  history.forEach((h, i) => expect(h.is_final, `case ${c.params.code} call ${i}`).toBe(i === history.length - 1));
  const lastResult = history.at(-1)?.case_result;
  if (lastResult === PROMISE || lastResult === NO_PROMISE) {
    expect(c.case_result.result_id).toBe(lastResult);
  } else {
    expect(roundsLeft, `case ${c.params.code} stopped with attempts left`).toBe(false);
    // "Sin contacto" only when nobody ever answered: a case reached once says so (SPEC-GAPS row 45).
    const reached = history.some((h) => REACHED.includes(h.case_result));
    expect(c.case_result.result_id).toBe(reached ? REACHED_UNRESOLVED : NO_CONTACT);
  }
}

describe('dialingSlots (the order of attempts of a case)', () => {
  const base = { min_phone_priority: 1, max_calls_per_case: 3 };

  it('VERTICAL: only the phone at min_phone_priority, max_calls_per_case times', () => {
    expect(dialingSlots({ ...base, dialing_type: 'VERTICAL', max_phone_priority: 1 }, 3)).toEqual([
      { phoneIndex: 1, attempt: 0 },
      { phoneIndex: 1, attempt: 1 },
      { phoneIndex: 1, attempt: 2 },
    ]);
  });

  it('HORIZONTAL_VERTICAL: one attempt per phone min..max per round, round after round', () => {
    const slots = dialingSlots({ ...base, dialing_type: 'HORIZONTAL_VERTICAL', max_phone_priority: 3, max_calls_per_case: 2 }, 5);
    expect(slots.map((s) => [s.phoneIndex, s.attempt])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it('only the phones the case has: a short list narrows the range, a list below min leaves nothing to dial', () => {
    const hv = { ...base, dialing_type: 'HORIZONTAL_VERTICAL', max_phone_priority: 3, max_calls_per_case: 2 };
    expect(dialingSlots(hv, 3).map((s) => s.phoneIndex)).toEqual([1, 2, 1, 2]);
    expect(dialingSlots(hv, 1)).toEqual([]);
    expect(dialingSlots({ ...base, dialing_type: 'VERTICAL', max_phone_priority: 1 }, 1)).toEqual([]);
  });
});

describe('which phones get called', () => {
  it("VERTICAL with priority 1 calls only each case's second phone; a case without one ends with no call", async () => {
    const dialing: Dialing = { dialing_type: 'VERTICAL', min_phone_priority: 1, max_phone_priority: 1, max_calls_per_case: 3 };
    const { id } = await createCampaign(dialing);
    const body = { ...uploadBody(15, 'V', 2), ...uploadBody(3, 'ONE', 1) };
    await upload(id, body);
    await advance(3 * 3600);

    const all = await cases(id);
    expect(all.length).toBe(18);
    for (const c of all) {
      const phones = phonesOf(body, c.params.code);
      const history = await calls(id, c.id);
      expect(history.filter((h) => !(h.phone === phones[1]))).toEqual([]);
      expectDialedByTheRules(c, history, phones, dialing);
    }
    const withoutSecondPhone = all.filter((c) => c.params.code?.startsWith('ONE'));
    expect(withoutSecondPhone.map((c) => [c.call_count, c.case_result.result_id, c.case_result.is_final])).toEqual(Array(3).fill([0, NO_CONTACT, true]));
    expect(all.reduce((n, c) => n + c.call_count, 0)).toBeGreaterThan(15);
  });

  it('HORIZONTAL_VERTICAL 1..2 goes across phones 1 and 2 round by round and never dials phone 0', async () => {
    const dialing: Dialing = { dialing_type: 'HORIZONTAL_VERTICAL', min_phone_priority: 1, max_phone_priority: 2, max_calls_per_case: 2 };
    const { id } = await createCampaign(dialing);
    const body = { ...uploadBody(16, 'H', 3), ...uploadBody(6, 'S', 2) };
    await upload(id, body);
    await advance(3 * 3600);

    let acrossBoth = 0;
    for (const c of await cases(id)) {
      const phones = phonesOf(body, c.params.code);
      const history = await calls(id, c.id);
      expect(history.some((h) => h.phone === phones[0])).toBe(false);
      expectDialedByTheRules(c, history, phones, dialing);
      if (history[0]?.phone === phones[1] && history[1]?.phone === phones[2]) acrossBoth += 1;
    }
    // Not a vacuous pass: several cases really went on to the second phone of the round.
    expect(acrossBoth).toBeGreaterThan(3);
  });
});

describe('attempt limits and completion', () => {
  it('every case ends final within its attempts, and the campaign closes only when the last case is final', async () => {
    const dialing: Dialing = { dialing_type: 'HORIZONTAL_VERTICAL', min_phone_priority: 0, max_phone_priority: 2, max_calls_per_case: 3 };
    const { id } = await createCampaign(dialing);
    const body = uploadBody(20, 'A', 3);
    await upload(id, body);

    await advance(120);
    const early = await campaign(id);
    expect(early.case_stats.q_resting_cases).toBeGreaterThan(0);
    expect(early.metrics.status).toBe('ONGOING');

    for (let hour = 0; hour < 4 && (await campaign(id)).metrics.status !== 'CLOSED'; hour++) {
      const now = await cases(id);
      // While any case rests, the campaign is still running.
      if (now.some((c) => !c.case_result.is_final)) expect((await campaign(id)).metrics.status).toBe('ONGOING');
      await advance(3600);
    }
    const done = await campaign(id);
    expect(done.metrics.status).toBe('CLOSED');
    expect(done.case_stats).toMatchObject({ q_loaded_cases: 20, q_final_cases: 20, q_resting_cases: 0 });
    for (const c of await cases(id)) {
      expect(c.call_count).toBeLessThanOrEqual(3 * 3);
      expectDialedByTheRules(c, await calls(id, c.id), phonesOf(body, c.params.code), dialing);
    }
  });
});

describe('workers', () => {
  const inCall = (campaignId: number) =>
    (emulator.current.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ? AND busy_until IS NOT NULL').get(campaignId) as { n: number }).n;

  it('at most `workers` cases are in a call at once, and all workers are used while cases wait', async () => {
    const created = await createCampaign({ dialing_type: 'VERTICAL', min_phone_priority: 0, max_phone_priority: 0, max_calls_per_case: 2 });
    const workers = created.params.workers;
    expect(workers).toBeGreaterThan(0);
    await upload(created.id, uploadBody(4 * workers, 'W', 1));

    await advance(1);
    expect(inCall(created.id)).toBe(workers);
    // Nobody has finished a call yet: the calls are all still ringing or talking.
    expect((await cases(created.id)).filter((c) => c.call_count > 0)).toEqual([]);
    const bots = BotList.parse((await http(url(paths.bots()), { token })).json);
    expect(bots.find((b) => b.id === BOTS.voice)?.bot_status_last.cases_in_progress).toBe(workers);

    let most = 0;
    for (let step = 0; step < 1000 && (await campaign(created.id)).metrics.status !== 'CLOSED'; step++) {
      await advance(10);
      const n = inCall(created.id);
      expect(n).toBeLessThanOrEqual(workers);
      most = Math.max(most, n);
    }
    expect(most).toBe(workers);
    expect((await campaign(created.id)).metrics.status).toBe('CLOSED');
  });
});
