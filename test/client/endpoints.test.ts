// Every endpoint of the service through the client, against the emulator over real HTTP.
import { describe, expect, it } from 'vitest';
import { collect, createServiceClient, serviceDate, ServiceError, type CampaignCasesPageData } from '../../src-main/client';
import pkg from '../../package.json' with { type: 'json' };
import { BOTS, NO_BOTS_USER, OTHER_USER, useEmulator } from '../support/emulator';
import { bodyOf, campaignRequest, connect, dialedCampaign } from './helpers';

// Page size 3: every list spans many pages. speed: dial at any hour.
const emulator = useEmulator({ pageSize: 3, speed: 1 });
const base = () => emulator.current.url;

describe('bots', () => {
  it("lists the user's bots, and [] for a user with none", async () => {
    const { client, requests } = await connect(base());
    const bots = await client.bots();
    expect(bots.map((b) => b.id).sort()).toEqual([BOTS.voice, BOTS.whatsapp, BOTS.inbound]);
    expect(bots.find((b) => b.id === BOTS.voice)).toMatchObject({ bot_type: 'OUTBOUND', conversation_type: 'VOICE' });
    const sent = requests.sent.find((r) => r.url.endsWith('/api/v2/bots/'));
    expect(sent?.headers['user-agent']).toBe(`CaseDesk/${pkg.version}`);
    expect(sent?.headers.authorization).toMatch(/^Bearer /);

    const nobody = await connect(base(), NO_BOTS_USER);
    expect(await nobody.client.bots()).toEqual([]);
    expect(await collect(nobody.client.inboundCases())).toEqual([]);
  });
});

describe('campaigns', () => {
  it('creates a campaign, reads it, and starts, stops and ends it', async () => {
    const { client } = await connect(base());
    const created = await client.createCampaign(campaignRequest('Ciclo de vida'));
    expect(created).toMatchObject({ name: 'Ciclo de vida', bot: BOTS.voice, conversation_type: 'OUTBOUND_VOICE', params: { max_phone_priority: 1 } });
    expect(typeof created.metrics.status).toBe('string'); // any state after create (SPEC-GAPS row 1)
    expect(await client.campaign(created.id)).toMatchObject({ id: created.id, name: 'Ciclo de vida' });

    expect(await client.uploadCases(created.id, bodyOf(2, 'V'))).toMatchObject({ kind: 'loaded' });
    const stopped = await client.campaignAction(created.id, 'stop');
    expect(stopped.metrics.status).toBe('PAUSED');
    expect((await client.campaignAction(created.id, 'start')).metrics.status).toBe('ONGOING');
    const ended = await client.campaignAction(created.id, 'end');
    expect(ended.metrics.status).toBe('CLOSED');

    const again = await client.campaignAction(created.id, 'start').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ServiceError);
    expect(again).toMatchObject({ kind: 'client', status: 400 });
    expect((again as ServiceError).serverMessage).toBeTruthy();
  });

  it("says 404 (kind client) for a missing campaign and for another user's campaign", async () => {
    const { client } = await connect(base());
    const mine = await client.createCampaign(campaignRequest('Ajena'));
    await expect(client.campaign(999_999)).rejects.toMatchObject({ kind: 'client', status: 404, ambiguous: false });
    const other = await connect(base(), OTHER_USER);
    await expect(other.client.campaign(mine.id)).rejects.toMatchObject({ kind: 'client', status: 404 });
    await expect(other.client.createCampaign(campaignRequest('No es mío'))).rejects.toMatchObject({ kind: 'client', status: 404 });
  });

  it('lists 40 campaigns of a bot by cursor, three a page, each once, newest first', async () => {
    const { client, requests } = await connect(base());
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await client.createCampaign(campaignRequest(`Lista ${i}`, BOTS.whatsapp))).id);
    const pagesBefore = requests.count('/infinite/');
    const listed = await collect(client.campaigns(BOTS.whatsapp));
    expect(listed.map((c) => c.id)).toEqual([...ids].reverse());
    expect(requests.count('/infinite/') - pagesBefore).toBe(14);
    const pages = await collect(client.campaignPages(BOTS.whatsapp));
    expect(pages.filter((p) => !(p.conversation_type === 'OUTBOUND_WHATSAPP'))).toEqual([]);
    expect(pages[0]?.previous).toBeNull();
  });
});

describe('cases and calls', () => {
  it('pages through 300 uploaded cases three at a time, with the count for progress', async () => {
    const { client } = await connect(base());
    const { id } = await client.createCampaign(campaignRequest('Trescientos'));
    expect(await client.uploadCases(id, bodyOf(300, 'T'))).toEqual({ kind: 'loaded', message: expect.any(String) });
    let done = 0;
    const progress: CampaignCasesPageData[] = [];
    for await (const page of client.campaignCasePages(id)) {
      done += page.results.length;
      progress.push(page);
      expect(page.count).toBe(300);
    }
    expect(done).toBe(300);
    expect(progress).toHaveLength(100);
    const cases = await collect(client.campaignCases(id));
    expect(new Set(cases.map((c) => c.params.code))).toEqual(new Set(Array.from({ length: 300 }, (_, i) => `T${i}`)));
  });

  it('reads one case and its calls', async () => {
    const { client } = await connect(base());
    const id = await dialedCampaign(base(), client, 4);
    const called = (await collect(client.campaignCases(id))).find((c) => c.call_count > 0);
    expect(called).toBeDefined();
    const one = await client.campaignCase(id, called?.id ?? 0);
    expect(one.params.code).toBe(called?.params.code);
    const calls = await collect(client.caseCalls(id, one.id));
    expect(calls).toHaveLength(one.call_count);
    expect(calls.filter((c) => !(typeof c.result === 'string' && c.recording.includes('/outbound-call-recording/')))).toEqual([]);
    await expect(client.campaignCase(id, 999_999)).rejects.toMatchObject({ kind: 'client', status: 404 });
  });
});

describe('inbound cases', () => {
  it("lists inbound cases, reads one, and filters by bot and dates in the service's calendar", async () => {
    const { client } = await connect(base());
    const all = await collect(client.inboundCases());
    expect(all.length).toBeGreaterThanOrEqual(20);
    const first = all[0];
    expect(await client.inboundCase(first?.id ?? 0)).toMatchObject({ id: first?.id, case_uuid: first?.case_uuid });

    // Every day: the service counts days in its own zone (UTC−03:00), so a case at 23:00 local is
    // dated the next day in UTC; the local filter must keep it too.
    const days = new Set(all.map((c) => serviceDate(c.last_updated, -180)));
    for (const day of days) {
      const expected = all.filter((c) => serviceDate(c.last_updated, -180) === day).map((c) => c.id);
      const filtered = await collect(client.inboundCases({ botId: BOTS.inbound, from: day, to: day }));
      expect(
        filtered.map((c) => c.id),
        day,
      ).toEqual(expected);
    }
    const [newest, oldest] = [[...days][0] ?? '', [...days].at(-1) ?? ''];
    expect(await collect(client.inboundCases({ from: oldest, to: newest }))).toHaveLength(all.length);
    expect(await collect(client.inboundCases({ botId: BOTS.voice }))).toEqual([]);
    await expect(client.inboundCase(999_999)).rejects.toMatchObject({ kind: 'client', status: 404 });
  });

  it('still filters right when the service does not know the filter names (they are a setting)', async () => {
    const { session, requests } = await connect(base());
    const client = createServiceClient({
      baseUrl: base(),
      session,
      fetch: requests.fetch,
      inboundFilterParams: { bot: 'bot_id', updatedFrom: 'desde', updatedTo: 'hasta' },
    });
    const all = await collect(client.inboundCases());
    const day = serviceDate(all[3]?.last_updated ?? '', -180);
    const filtered = await collect(client.inboundCases({ from: day, to: day, botId: BOTS.inbound }));
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    expect(filtered.filter((c) => !(serviceDate(c.last_updated, -180) === day))).toEqual([]);
    expect(requests.sent.at(-1)?.url).toContain('desde=');
    await expect(collect(client.inboundCases({ from: 'ayer' }))).rejects.toThrow(RangeError);
  });
});
