// The campaigns store asks the surface for the bots and their campaigns, and for what the campaign
// screens do to one (check its start, start, stop or end it, create it): each asks afresh, and a
// failure reaches the screen as an ApiError with its code, for use-reported to word and report.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BotView, CampaignListItemView, CampaignView } from '../../../src-main/domain/service-views';
import { ApiError } from '../../../src-renderer/src/api/failures';
import { useReported } from '../../../src-renderer/src/composables/use-reported';
import { useCampaignsStore } from '../../../src-renderer/src/stores/campaigns';
import { useSessionStore } from '../../../src-renderer/src/stores/session';
import { fakeSurface } from '../support/fake-surface';

const BOT = { id: 4, name: 'Cobranza', botType: 'OUTBOUND' } as BotView;
const CAMPAIGN = { id: 9, name: 'Noviembre', status: 'PAUSED' } as CampaignListItemView;
const SHOWN = { id: 9, name: 'Noviembre' } as CampaignView;

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('campaigns store', () => {
  it("reads the bots, then a bot's campaigns, then one campaign", async () => {
    const calls = fakeSurface({ 'bots:list': [BOT], 'campaigns:list': [CAMPAIGN], 'campaigns:show': SHOWN });
    const campaigns = useCampaignsStore();
    expect(await campaigns.bots()).toEqual([BOT]);
    expect(await campaigns.campaignsOf(4)).toEqual([CAMPAIGN]);
    expect(await campaigns.campaign(9)).toEqual(SHOWN);
    expect(calls).toEqual([
      { name: 'bots:list', input: {} },
      { name: 'campaigns:list', input: { botId: 4 } },
      { name: 'campaigns:show', input: { campaignId: 9 } },
    ]);
  });

  it('checks a start before it, then starts, and creates a campaign from the form', async () => {
    const outcome = { campaign: SHOWN, warnings: [] };
    const calls = fakeSurface({ 'campaigns:checkStart': outcome, 'campaigns:action': outcome, 'campaigns:create': outcome });
    const campaigns = useCampaignsStore();
    await campaigns.checkStart(9);
    await campaigns.act(9, 'start');
    const form = { botId: 4, name: 'Diciembre' } as Parameters<typeof campaigns.create>[0];
    await campaigns.create(form);
    expect(calls).toEqual([
      { name: 'campaigns:checkStart', input: { campaignId: 9 } },
      { name: 'campaigns:action', input: { campaignId: 9, action: 'start' } },
      { name: 'campaigns:create', input: { campaign: form } },
    ]);
  });

  it('fails with the code the surface answered, which a screen reports the one way (the session goes offline)', async () => {
    fakeSurface({ 'campaigns:show': { failure: 'service.timeout', params: { request: 'GET /campaigns/9' } } });
    const campaigns = useCampaignsStore();
    await expect(campaigns.campaign(9)).rejects.toMatchObject({ code: 'service.timeout' });
    await expect(campaigns.campaign(9)).rejects.toBeInstanceOf(ApiError);

    const session = useSessionStore();
    session.online = true;
    const got = await useReported()(() => campaigns.campaign(9), { reachesService: true });
    expect(got.ok).toBe(false);
    expect(session.online).toBe(false);
  });
});
