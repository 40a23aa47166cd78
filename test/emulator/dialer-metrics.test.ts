// What the dialing simulation reports back, over real HTTP: campaign metrics that add up to the
// cases and calls behind them, a recording for every call, and case codes read back as uploaded.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Campaign, CampaignListPage, paths, TokenErrorBody } from '../../src-main/contract';
import { BOTS, http, login, uploadBody, useEmulator, validCase, offsetForLocalHour } from '../support/emulator';
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

async function createCampaign(extra: Record<string, unknown> = {}): Promise<Campaign> {
  const body = {
    client_id: BOTS.voice,
    name: 'Métricas',
    description: '',
    call_from: '00:00',
    call_to: '23:59',
    closes_eod: false,
    dialing_type: 'HORIZONTAL_VERTICAL',
    min_phone_priority: 0,
    max_phone_priority: 1,
    max_calls_per_case: 2,
    ...extra,
  };
  const res = await http(url(paths.createCampaign()), { token, body });
  expect(res.status).toBe(201);
  return Campaign.parse(res.json);
}

const seconds = (hms: string) => {
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};
const hms = (total: number) => [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60].map((n) => String(n).padStart(2, '0')).join(':');
/** part/whole as a percentage with 2 decimals, in integer arithmetic. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100);

/** Checks every metric of the campaign against its cases and their calls; returns what it saw. */
async function expectMetricsAddUp(id: number, uploaded: number) {
  const detail = await campaign(id);
  const all = await cases(id);
  const histories = await Promise.all(all.map((c) => calls(id, c.id)));
  const final = all.filter((c) => c.case_result.is_final).length;
  const called = all.filter((c) => c.call_count > 0).length;
  const talk = histories.flat().reduce((sum, h) => sum + seconds(h.duration), 0);

  expect(detail.case_stats.q_loaded_cases).toBe(uploaded);
  expect(all.length).toBe(uploaded);
  expect(detail.case_stats.q_final_cases).toBe(final);
  expect(detail.case_stats.q_final_cases + detail.case_stats.q_resting_cases).toBe(uploaded);
  expect(detail.metrics.percentage_completed).toBe(percent(final, uploaded));
  expect(detail.metrics.percentage_called).toBe(percent(called, uploaded));
  expect(detail.metrics.bot_duration).toBe(called === 0 ? null : hms(talk));
  expect(Math.abs(detail.metrics.hours - talk / 3600)).toBeLessThanOrEqual(0.005 + 1e-9);

  all.forEach((c, i) => expect(histories[i]?.length, `calls of case ${c.params.code}`).toBe(c.call_count));
  expect(histories.flat().length).toBe(all.reduce((sum, c) => sum + c.call_count, 0));
  for (const [i, c] of all.entries()) {
    expect(c.params.got_promise).toBe(histories[i]?.some((h) => h.data.got_promise) ?? false);
    if (c.params.got_promise) expect(c.params.commitment).toMatch(/^\d{4}-\d{2}-\d{2} por \$ /);
    else expect(c.params.commitment).toBe('');
  }

  const list = CampaignListPage.parse((await http(url(paths.campaignList(BOTS.voice)), { token })).json);
  const item = list.results.find((r) => r.id === id);
  expect(item).toMatchObject({
    status: detail.metrics.status,
    q_final_cases: detail.case_stats.q_final_cases,
    percentage_completed: detail.metrics.percentage_completed,
    bot_duration: detail.metrics.bot_duration,
  });
  return { detail, final, called, histories };
}

describe('campaign metrics add up', () => {
  it('from creation to the last final case, detail and list item agree with the cases and calls', async () => {
    const created = await createCampaign();
    expect(created.case_stats).toEqual({ q_loaded_cases: 0, q_filtered_cases: 0, q_resting_cases: 0, q_final_cases: 0 });
    expect(created.metrics).toMatchObject({ percentage_completed: 0, percentage_called: 0, bot_duration: null });

    const res = await http(url(paths.uploadCases(created.id)), { token, method: 'PUT', body: uploadBody(30, 'M', 2) });
    expect(res.status).toBe(200);
    const loaded = await expectMetricsAddUp(created.id, 30);
    expect(loaded).toMatchObject({ final: 0, called: 0 });
    expect(loaded.detail.metrics.bot_duration).toBeNull();

    // Part way: some cases called, some final, some still resting.
    await advance(150);
    const midway = await expectMetricsAddUp(created.id, 30);
    expect(midway.called).toBeGreaterThan(0);
    expect(midway.final).toBeGreaterThan(0);
    expect(midway.final).toBeLessThan(30);
    expect(midway.detail.metrics.bot_duration).toMatch(/^\d{2}:[0-5]\d:[0-5]\d$/);

    await advance(3 * 3600);
    const done = await expectMetricsAddUp(created.id, 30);
    expect(done.detail.metrics.status).toBe('CLOSED');
    expect(done.detail.metrics).toMatchObject({ percentage_completed: 100, percentage_called: 100 });
    expect(done.detail.case_stats).toMatchObject({ q_final_cases: 30, q_resting_cases: 0 });
    // With 30 cases some promise to pay (the emulator's odds are one in five per answered call).
    expect(done.histories.flat().some((h) => h.data.got_promise)).toBe(true);
  });
});

describe('recordings', () => {
  it('every call has a WAV recording behind its `recording` URL', async () => {
    const { id } = await createCampaign();
    expect((await http(url(paths.uploadCases(id)), { token, method: 'PUT', body: uploadBody(10, 'R', 2) })).status).toBe(200);
    await advance(2 * 3600);
    const all = (await Promise.all((await cases(id)).map((c) => calls(id, c.id)))).flat();
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const call of all) {
      expect(call.recording).toBe(url(paths.outboundRecording(call.id)));
      const audio = await http(call.recording, { token });
      expect(audio.status).toBe(200);
      expect(audio.contentType).toMatch(/^audio\/wav/);
      const ascii = (from: number) => String.fromCharCode(...audio.bytes.subarray(from, from + 4));
      expect([ascii(0), ascii(8)]).toEqual(['RIFF', 'WAVE']);
    }
    const first = all[0];
    if (!first) throw new Error('no call');
    const anonymous = await http(first.recording);
    expect(anonymous.status).toBe(401);
    TokenErrorBody.parse(anonymous.json);
  });
});

describe('case codes', () => {
  it('every case carries its uploaded code in params.code, "__proto__" and "constructor" included', async () => {
    const { id } = await createCampaign();
    const codes = ['__proto__', 'constructor', 'toString', 'C-001'];
    // Written by hand: an object literal would turn "__proto__" into a prototype, not a key.
    const rawBody = `{${codes.map((code) => `${JSON.stringify(code)}:${JSON.stringify(validCase())}`).join(',')}}`;
    const res = await http(url(paths.uploadCases(id)), { token, method: 'PUT', rawBody });
    expect(res.status, res.text).toBe(200);
    expect((await campaign(id)).case_stats.q_loaded_cases).toBe(4);
    expect((await cases(id)).map((c) => c.params.code)).toEqual(codes);

    await advance(3600);
    const after = await cases(id);
    expect(after.map((c) => c.params.code)).toEqual(codes);
    expect(after.filter((c) => !(c.case_result.is_final && c.call_count > 0))).toEqual([]);
  });
});
