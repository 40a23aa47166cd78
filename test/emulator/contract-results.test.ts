// Cases, calls, recordings and inbound cases of the emulator, over real HTTP, against the shared contract.
import { describe, expect, it } from 'vitest';
import {
  AUDIO_NOT_FOUND,
  CallsPage,
  Campaign,
  CampaignCase,
  CampaignCasesPage,
  DEFAULT_INBOUND_FILTER_PARAMS as F,
  DetailErrorBody,
  InboundCase,
  InboundCasesPage,
  TokenErrorBody,
} from '../../src-main/contract';
import { BOTS, http, login, NO_BOTS_USER, OTHER_USER, uploadBody, useEmulator } from '../support/emulator';

// speed: dial at any hour, so the test does not depend on the time of day it runs.
const emulator = useEmulator({ pageSize: 3, speed: 1 });
const url = (path: string) => `${emulator.current.url}${path}`;

/** A campaign with `n` cases that has been dialing for a simulated hour. */
async function dialedCampaign(token: string, n: number) {
  const created = await http(url('/api/v2/create_campaign/'), {
    token,
    body: {
      client_id: BOTS.voice,
      name: 'Resultados',
      dialing_type: 'HORIZONTAL_VERTICAL',
      min_phone_priority: 0,
      max_phone_priority: 1,
      max_calls_per_case: 2,
    },
  });
  const { id } = Campaign.parse(created.json);
  expect((await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(n, 'R', 2) })).status).toBe(200);
  await http(url('/__control/advance'), { body: { seconds: 3600 } });
  return id;
}

/** Follows `next` links verbatim, as a client must. */
async function allPages<T>(
  first: string,
  token: string,
  parse: (json: unknown) => { next: string | null; results: T[] },
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let pages = 0;
  for (let next: string | null = first; next; pages++) {
    const page = parse((await http(next, { token })).json);
    items.push(...page.results);
    next = page.next;
  }
  return { items, pages };
}

describe('campaign cases (offset pagination)', () => {
  it('pages through hundreds of cases three at a time, each once, with a count', async () => {
    const token = (await login(emulator.current.url)).access;
    const id = await dialedCampaign(token, 250);
    const first = CampaignCasesPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/`), { token })).json);
    expect(first).toMatchObject({ count: 250, previous: null, campaign_id: id, campaign_name: 'Resultados', conversation_type: 'OUTBOUND_VOICE' });
    const { items, pages } = await allPages(url(`/api/v2/campaigns/${id}/cases/`), token, (j) => CampaignCasesPage.parse(j));
    expect(pages).toBe(84);
    expect(new Set(items.map((c) => c.params.code)).size).toBe(250);
    expect(first.next).toBe(url(`/api/v2/campaigns/${id}/cases/?limit=3&offset=3`));
    const second = CampaignCasesPage.parse((await http(first.next ?? '', { token })).json);
    expect(second.previous).toBe(url(`/api/v2/campaigns/${id}/cases/?limit=3`));
  });

  it('shows one case with its result and its calls with transcripts', async () => {
    const token = (await login(emulator.current.url)).access;
    const id = await dialedCampaign(token, 6);
    const page = CampaignCasesPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/?limit=10`), { token })).json);
    const called = page.results.find((c) => c.call_count > 0);
    expect(called).toBeDefined();
    const one = CampaignCase.parse((await http(url(`/api/v2/campaigns/${id}/cases/${called?.id}/`), { token })).json);
    expect(one.params.code).toBe(called?.params.code);
    const calls = CallsPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/${one.id}/calls/`), { token })).json);
    expect(calls.count).toBe(one.call_count);
    for (const call of calls.results) {
      expect(call.recording).toBe(url(`/api/v2/outbound-call-recording/${call.id}/`));
      if (call.result === 'ANSWERED') expect(call.data.transcription.length).toBeGreaterThan(0);
    }
  });

  it('answers 404 {detail} for a case of another campaign and 401 {token} without a token', async () => {
    const token = (await login(emulator.current.url)).access;
    const a = await dialedCampaign(token, 1);
    const b = await dialedCampaign(token, 1);
    const caseOfB = CampaignCasesPage.parse((await http(url(`/api/v2/campaigns/${b}/cases/`), { token })).json).results[0];
    for (const path of [`/api/v2/campaigns/${a}/cases/${caseOfB?.id}/`, `/api/v2/campaigns/${a}/cases/${caseOfB?.id}/calls/`]) {
      const res = await http(url(path), { token });
      expect(res.status).toBe(404);
      DetailErrorBody.parse(res.json);
      const unauth = await http(url(path));
      expect(unauth.status).toBe(401);
      TokenErrorBody.parse(unauth.json);
    }
  });
});

describe('outbound recordings', () => {
  it('downloads a WAV for a call, and 404 {detail} for a missing call or another user', async () => {
    const token = (await login(emulator.current.url)).access;
    const id = await dialedCampaign(token, 3);
    const page = CampaignCasesPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/`), { token })).json);
    const withCall = page.results.find((c) => c.call_count > 0);
    const call = CallsPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/${withCall?.id}/calls/`), { token })).json).results[0];
    const audio = await http(call?.recording ?? '', { token });
    expect(audio.status).toBe(200);
    expect(audio.contentType).toBe('audio/wav');
    expect(new TextDecoder().decode(audio.bytes.slice(0, 4))).toBe('RIFF');
    const other = await http(call?.recording ?? '', { token: (await login(emulator.current.url, OTHER_USER)).access });
    expect(other.status).toBe(404);
    DetailErrorBody.parse(other.json);
    expect((await http(url('/api/v2/outbound-call-recording/999999/'), { token })).status).toBe(404);
    expect((await http(call?.recording ?? '')).status).toBe(401);
  });
});

describe('inbound cases', () => {
  it("lists the inbound cases of the user's bots, newest first, filtered by bot and dates", async () => {
    const token = (await login(emulator.current.url)).access;
    const { items } = await allPages(url('/api/v2/inbound-case/'), token, (j) => InboundCasesPage.parse(j));
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(items.filter((c) => !(c.bot.id === BOTS.inbound))).toEqual([]);
    const dates = items.map((c) => c.last_updated);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The filter's dates are the service's calendar days (UTC−03:00, SPEC-GAPS row 13), not UTC's.
    const day = new Date(Date.parse(dates[5] ?? '') - 3 * 3_600_000).toISOString().slice(0, 10);
    const filtered = await allPages(url(`/api/v2/inbound-case/?${F.updatedFrom}=${day}&${F.updatedTo}=${day}&${F.bot}=${BOTS.inbound}`), token, (j) =>
      InboundCasesPage.parse(j),
    );
    expect(filtered.items.map((c) => c.id)).toContain(items[5]?.id);
    expect(filtered.items.length).toBeLessThan(items.length);
    const none = InboundCasesPage.parse((await http(url(`/api/v2/inbound-case/?${F.bot}=${BOTS.voice}`), { token })).json);
    expect(none.count).toBe(0);
    expect((await http(url(`/api/v2/inbound-case/?${F.updatedFrom}=ayer`), { token })).status).toBe(400);
  });

  it('answers an empty list to a user with no inbound bot', async () => {
    const res = await http(url('/api/v2/inbound-case/'), { token: (await login(emulator.current.url, NO_BOTS_USER)).access });
    expect(InboundCasesPage.parse(res.json)).toMatchObject({ count: 0, results: [] });
  });

  it('shows one inbound case, and its recording or the plain text "Audio Not Found"', async () => {
    const token = (await login(emulator.current.url)).access;
    const { items } = await allPages(url('/api/v2/inbound-case/'), token, (j) => InboundCasesPage.parse(j));
    const withAudio = items.find((c) => c.recording !== '');
    const without = items.find((c) => c.recording === '');
    expect(withAudio && without).toBeTruthy();
    const one = InboundCase.parse((await http(url(`/api/v2/inbound-case/${withAudio?.id}/`), { token })).json);
    expect(one.case_log.transcription.length).toBeGreaterThan(0);
    const audio = await http(url(`/api/v2/inbound-call-recording/${withAudio?.id}/`), { token });
    expect(audio.status).toBe(200);
    expect(new TextDecoder().decode(audio.bytes.slice(8, 12))).toBe('WAVE');
    const missing = await http(url(`/api/v2/inbound-call-recording/${without?.id}/`), { token });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(AUDIO_NOT_FOUND);
    const foreign = await http(url(`/api/v2/inbound-case/${one.id}/`), { token: (await login(emulator.current.url, OTHER_USER)).access });
    expect(foreign.status).toBe(404);
    DetailErrorBody.parse(foreign.json);
  });

  it('receives new inbound calls as simulated time passes', async () => {
    const token = (await login(emulator.current.url)).access;
    const before = InboundCasesPage.parse((await http(url('/api/v2/inbound-case/'), { token })).json).count;
    await http(url('/__control/advance'), { body: { seconds: 3 * 3600 } });
    const after = InboundCasesPage.parse((await http(url('/api/v2/inbound-case/'), { token })).json).count;
    expect(after).toBeGreaterThan(before);
  });
});
