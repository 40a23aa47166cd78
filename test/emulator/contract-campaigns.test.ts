// Bots, campaigns and the case upload of the emulator, over real HTTP, against the shared contract:
// every answer of the upload endpoint in the spec's Errors table.
import { describe, expect, it } from 'vitest';
import {
  BotList,
  Campaign,
  CampaignCasesPage,
  CampaignListPage,
  caseKeyedJson,
  DetailErrorBody,
  LogicErrorBody,
  TokenErrorBody,
  UploadLoadedBody,
  UploadRejectionsBody,
  UploadServerErrorBody,
} from '../../src-main/contract';
import { BOTS, http, login, NO_BOTS_USER, OTHER_USER, uploadBody, useEmulator, validCase } from '../support/emulator';

const emulator = useEmulator({ pageSize: 3 });
const url = (path: string) => `${emulator.current.url}${path}`;

async function demoToken() {
  return (await login(emulator.current.url)).access;
}

async function newCampaign(token: string, extra: Record<string, unknown> = {}) {
  const res = await http(url('/api/v2/create_campaign/'), {
    token,
    body: {
      client_id: BOTS.voice,
      name: 'Mora noviembre',
      description: 'demo',
      start_date: '2026-11-23',
      call_from: '09:00',
      call_to: '20:00',
      closes_eod: false,
      dialing_type: 'HORIZONTAL_VERTICAL',
      min_phone_priority: 0,
      max_phone_priority: 2,
      max_calls_per_case: 2,
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return Campaign.parse(res.json);
}

describe('GET /api/v2/bots/', () => {
  it('lists only the bots assigned to the user', async () => {
    const res = await http(url('/api/v2/bots/'), { token: await demoToken() });
    const bots = BotList.parse(res.json);
    expect(bots.map((b) => b.id)).toEqual([BOTS.voice, BOTS.whatsapp, BOTS.inbound]);
    const inbound = bots.find((b) => b.bot_type === 'INBOUND');
    expect(inbound?.bot_status_last.total_cases).toBeGreaterThan(0);
  });

  it('answers [] to a user with no bots', async () => {
    const res = await http(url('/api/v2/bots/'), { token: (await login(emulator.current.url, NO_BOTS_USER)).access });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});

describe('POST /api/v2/create_campaign/', () => {
  it('answers a full Campaign, PAUSED, with times echoed as HH:MM:SS and created_at in UTC', async () => {
    const campaign = await newCampaign(await demoToken());
    expect(campaign.metrics.status).toBe('PAUSED');
    expect(campaign.case_stats.q_loaded_cases).toBe(0);
    expect(campaign.params).toMatchObject({
      call_from: '09:00:00',
      call_to: '20:00:00',
      dialing_type: 'HORIZONTAL_VERTICAL',
      min_phone_priority: 0,
      max_phone_priority: 2,
      max_calls_per_case: 2,
      start_date: '2026-11-23',
    });
    expect(campaign.conversation_type).toBe('OUTBOUND_VOICE');
    expect(campaign.created_at).toMatch(/Z$/);
  });

  it('refuses VERTICAL dialing with min and max priority apart', async () => {
    const res = await http(url('/api/v2/create_campaign/'), {
      token: await demoToken(),
      body: { client_id: BOTS.voice, name: 'x', dialing_type: 'VERTICAL', min_phone_priority: 0, max_phone_priority: 1 },
    });
    expect(res.status).toBe(400);
    // The service's own words on the wire (English, DRF-style): the contract's message for the rule.
    expect(res.json).toEqual({ max_phone_priority: ['VERTICAL dialing needs max_phone_priority equal to min_phone_priority'] });
  });

  it('answers 404 for a bot of another user and 400 for an inbound bot', async () => {
    const token = await demoToken();
    expect((await http(url('/api/v2/create_campaign/'), { token, body: { client_id: BOTS.othersVoice, name: 'x' } })).status).toBe(404);
    expect((await http(url('/api/v2/create_campaign/'), { token, body: { client_id: BOTS.inbound, name: 'x' } })).status).toBe(400);
  });

  it('answers 401 {token} without a token', async () => {
    const res = await http(url('/api/v2/create_campaign/'), { body: { client_id: BOTS.voice, name: 'x' } });
    expect(res.status).toBe(401);
    TokenErrorBody.parse(res.json);
  });
});

describe('campaign detail and actions', () => {
  it('start, stop and end answer the updated Campaign', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    const act = async (action: string) => Campaign.parse((await http(url(`/api/v2/campaigns/${id}/${action}/`), { token, method: 'POST' })).json);
    expect((await act('start')).metrics.status).toBe('ONGOING');
    expect((await act('stop')).metrics.status).toBe('PAUSED');
    expect((await act('end')).metrics.status).toBe('CLOSED');
    const detail = Campaign.parse((await http(url(`/api/v2/campaigns/${id}/`), { token })).json);
    expect(detail.metrics.status).toBe('CLOSED');
    const again = await http(url(`/api/v2/campaigns/${id}/start/`), { token, method: 'POST' });
    expect(again.status).toBe(400);
  });

  it("answers 404 {detail} for a missing campaign and for another user's campaign", async () => {
    const { id } = await newCampaign(await demoToken());
    const other = (await login(emulator.current.url, OTHER_USER)).access;
    for (const [path, token] of [
      [`/api/v2/campaigns/999999/`, await demoToken()],
      [`/api/v2/campaigns/${id}/`, other],
      [`/api/v2/campaigns/${id}/cases/`, other],
      [`/api/v2/campaigns/${id}/start/`, other],
    ] as const) {
      const res = await http(url(path), { token, method: path.endsWith('start/') ? 'POST' : 'GET' });
      expect(res.status, path).toBe(404);
      DetailErrorBody.parse(res.json);
    }
  });
});

describe('GET /api/v2/campaigns/{bot_id}/infinite/ (cursor pagination)', () => {
  it('walks every campaign of the bot, newest first, forward by next and back by previous', async () => {
    const token = await demoToken();
    for (let i = 0; i < 7; i++) await newCampaign(token, { client_id: BOTS.whatsapp, name: `WA ${i}` });
    const seen: number[] = [];
    const pages: string[] = [];
    let next: string | null = url(`/api/v2/campaigns/${BOTS.whatsapp}/infinite/`);
    while (next) {
      pages.push(next);
      const page = CampaignListPage.parse((await http(next, { token })).json);
      expect(page.conversation_type).toBe('OUTBOUND_WHATSAPP');
      expect(page.results.length).toBeLessThanOrEqual(3);
      seen.push(...page.results.map((c) => c.id));
      next = page.next;
    }
    expect(seen.length).toBe(7);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const last = CampaignListPage.parse((await http(pages[pages.length - 1] ?? '', { token })).json);
    expect(last.previous).not.toBeNull();
    const back = CampaignListPage.parse((await http(last.previous ?? '', { token })).json);
    expect(back.results.map((c) => c.id)).toEqual(seen.slice(3, 6));
  });
});

describe('PUT /api/v2/create_campaign/{campaign_id}/ (upload)', () => {
  it('200 {message} when every case loads, and the campaign moves from PAUSED to ONGOING', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    const res = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(5, 'A', 3) });
    expect(res.status).toBe(200);
    UploadLoadedBody.parse(res.json);
    const detail = Campaign.parse((await http(url(`/api/v2/campaigns/${id}/`), { token })).json);
    expect(detail.metrics.status).toBe('ONGOING');
    expect(detail.case_stats.q_loaded_cases).toBe(5);
  });

  it('202 {message, Errors} for a partial load, one {code: detail} per rejected case', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    const body = {
      ...uploadBody(3),
      trunk: validCase({ phone_settings: { phone_list: ['03514567890'] } }),
      mobile15: validCase({ phone_settings: { phone_list: ['1545678901'] } }),
      short: validCase({ phone_settings: { phone_list: ['4567890'] } }),
      tooMany: validCase({ phone_settings: { phone_list: ['3514567890', '3514567891', '3514567892', '3514567893'] } }),
      noPhones: validCase({ phone_settings: { phone_list: [] } }),
      noParams: (() => {
        const c = validCase();
        delete c.params;
        return c;
      })(),
      commaDebt: validCase({ products: [{ debt_code: 'X', pid: 'P', debt: '1500,00', expiration: '2026-12-31' }] }),
      badDate: validCase({ products: [{ debt_code: 'X', pid: 'P', debt: '1500.00', expiration: '31/12/2026' }] }),
      noName: (() => {
        const c = validCase();
        delete c.first_name;
        return c;
      })(),
    };
    const res = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body });
    expect(res.status).toBe(202);
    const parsed = UploadRejectionsBody.parse(res.json);
    const rejected = new Map(parsed.Errors.flat());
    // The server's own words (English, as a real service answers), one sentence per broken rule.
    expect(Object.fromEntries([...rejected].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      badDate: 'products[0].expiration: "31/12/2026" is not a real date (YYYY-MM-DD)',
      commaDebt: 'products[0].debt: debt must be a string with a decimal point, e.g. "1500.00"',
      mobile15: 'phone_settings.phone_list[0]: "1545678901" must not start with the mobile prefix 15',
      noName: 'first_name: is required',
      noParams: 'params: is required',
      noPhones: 'phone_settings.phone_list: phone_list needs at least one number',
      short: 'phone_settings.phone_list[0]: "4567890" must be a complete number: area code plus number, 10 digits',
      tooMany: 'phone_settings.phone_list: has 4 numbers; this campaign takes at most 3 (max_phone_priority + 1)',
      trunk: 'phone_settings.phone_list[0]: "03514567890" must not start with the trunk prefix 0',
    });
    const cases = CampaignCasesPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/?limit=100`), { token })).json);
    expect(cases.count).toBe(3);
  });

  it('keeps "__proto__" and "constructor" as ordinary case codes, loaded and rejected', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    const rawBody = caseKeyedJson([
      ['__proto__', validCase()],
      ['constructor', validCase({ phone_settings: { phone_list: ['0'] } })],
    ]);
    const res = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', rawBody });
    expect(res.status).toBe(202);
    expect(res.text).toContain('"constructor"');
    expect(
      UploadRejectionsBody.parse(res.json)
        .Errors.flat()
        .map(([code]) => code),
    ).toEqual(['constructor']);
    const cases = CampaignCasesPage.parse((await http(url(`/api/v2/campaigns/${id}/cases/`), { token })).json);
    expect(cases.results.map((c) => c.params.code)).toEqual(['__proto__']);
  });

  it('400 {message, Errors} when no case could be loaded', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    const res = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: { bad: validCase({ params: 'x' }) } });
    expect(res.status).toBe(400);
    expect(UploadRejectionsBody.parse(res.json).Errors.flat()).toEqual([['bad', 'params: must be of type object']]);
  });

  it('400 {error} when the campaign logic refuses: closed campaign, empty or non-object body, malformed JSON', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    for (const init of [{ body: {} }, { body: [1, 2] }, { rawBody: '{"a": ' }]) {
      const res = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', ...init });
      expect(res.status).toBe(400);
      LogicErrorBody.parse(res.json);
    }
    await http(url(`/api/v2/campaigns/${id}/end/`), { token, method: 'POST' });
    const closed = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(1) });
    expect(closed.status).toBe(400);
    expect(LogicErrorBody.parse(closed.json).error).toMatch(/closed/);
  });

  it("401 {token}, 403 for another user's campaign, 404 {detail} for a missing one", async () => {
    const { id } = await newCampaign(await demoToken());
    const unauth = await http(url(`/api/v2/create_campaign/${id}/`), { method: 'PUT', body: uploadBody(1) });
    expect(unauth.status).toBe(401);
    TokenErrorBody.parse(unauth.json);
    const forbidden = await http(url(`/api/v2/create_campaign/${id}/`), {
      token: (await login(emulator.current.url, OTHER_USER)).access,
      method: 'PUT',
      body: uploadBody(1),
    });
    expect(forbidden.status).toBe(403);
    const missing = await http(url('/api/v2/create_campaign/999999/'), { token: await demoToken(), method: 'PUT', body: uploadBody(1) });
    expect(missing.status).toBe(404);
    DetailErrorBody.parse(missing.json);
  });

  it('413 over the body limit (lowered by the fault control), loading nothing', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    await http(url('/__control/faults'), { body: { body_limit: 2000 } });
    try {
      const res = await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(20) });
      expect(res.status).toBe(413);
      expect(res.text).toBe('');
      expect((await http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(2) })).status).toBe(200);
    } finally {
      await http(url('/__control/reset'), { body: {} });
    }
    const detail = Campaign.parse((await http(url(`/api/v2/campaigns/${id}/`), { token })).json);
    expect(detail.case_stats.q_loaded_cases).toBe(2);
  });

  it('500 {message, Errors: ""} on the N-th upload when the fault control says so, loading nothing', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    await http(url('/__control/faults'), { body: { fail_upload: [2] } });
    const put = () => http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(2, `N${Math.random()}`) });
    expect((await put()).status).toBe(200);
    const failed = await put();
    expect(failed.status).toBe(500);
    expect(UploadServerErrorBody.parse(failed.json).Errors).toBe('');
    expect((await put()).status).toBe(200);
    const detail = Campaign.parse((await http(url(`/api/v2/campaigns/${id}/`), { token })).json);
    expect(detail.case_stats.q_loaded_cases).toBe(4);
  });

  it('can drop the connection after loading the cases (the ambiguous outcome)', async () => {
    const token = await demoToken();
    const { id } = await newCampaign(token);
    await http(url('/__control/faults'), { body: { drop_upload: [1] } });
    await expect(http(url(`/api/v2/create_campaign/${id}/`), { token, method: 'PUT', body: uploadBody(4) })).rejects.toThrow();
    const detail = Campaign.parse((await http(url(`/api/v2/campaigns/${id}/`), { token })).json);
    expect(detail.case_stats.q_loaded_cases).toBe(4);
  });
});
