// A bot, then one of its campaigns (the prepare wizard's target, an upload card's destination): the
// campaigns follow the bot chosen, the only bot is picked for the agent, picking another bot forgets the
// campaign unless the batch is tied to it, and the two selects keep the ids, labels and names the screens
// and their end-to-end tests rely on. The service is stubbed under `call` (the page's fetch).
import { createPinia, setActivePinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSSRApp, effectScope, h, nextTick, reactive, type EffectScope } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { BotView as Bot, CampaignListItemView as CampaignListItem } from '../../../src-main/domain/service-views';
import BotCampaignSelects from '../../../src-renderer/src/components/campaigns/BotCampaignSelects.vue';
import { useBotCampaign, type BotCampaign, type BotCampaignOptions, type BotCampaignPick } from '../../../src-renderer/src/composables/use-bot-campaign';
import { i18n } from '../../../src-renderer/src/i18n';
import { pending } from '../support/pending';

const bot = (id: number, name: string, botType = 'OUTBOUND') => ({ id, name, botType }) as Bot;
const campaign = (id: number, name: string, status = 'ONGOING') => ({ id, name, status, maxPhonePriority: 2 }) as CampaignListItem;

/** The service behind `call`: each procedure's answer for an input (a promise to answer when the test says); the calls made. */
function stubService(answers: Record<string, (input: Record<string, unknown>) => unknown>) {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    const name = decodeURIComponent(url.replace('/api/call/', ''));
    const input = JSON.parse(init.body) as Record<string, unknown>;
    calls.push({ name, input });
    const answer = answers[name];
    if (!answer) throw new Error(`no answer for ${name}`);
    try {
      return Response.json({ ok: true, value: await answer(input) });
    } catch {
      return Response.json({ ok: false, error: { code: 'service.timeout', message: '', params: { request: name } } });
    }
  });
  return calls;
}

/** Lets the watchers run and the stubbed calls answer. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let scope: EffectScope;
function choose(options: Omit<BotCampaignOptions, 'loadError'>): BotCampaign {
  return scope.run(() => useBotCampaign({ loadError: (message) => `Could not load: ${message}`, ...options }))!;
}

beforeEach(() => {
  setActivePinia(createPinia());
  scope = effectScope();
});
afterEach(() => {
  scope.stop();
  vi.unstubAllGlobals();
});

describe('useBotCampaign', () => {
  it("picks the only bot for the agent and loads that bot's campaigns", async () => {
    const calls = stubService({ 'campaigns:list': () => [campaign(7, 'Mayo')] });
    const pick = reactive<BotCampaignPick>({ botId: null, campaignId: null });
    const choice = choose({ pick, bots: [bot(3, 'Voz')] });
    await settled();
    expect(pick.botId).toBe(3);
    expect(calls).toEqual([{ name: 'campaigns:list', input: { botId: 3 } }]);
    expect(choice.campaigns?.map((c) => c.name)).toEqual(['Mayo']);
  });

  it('leaves the choice to the agent when there are several bots, or a campaign is chosen already', async () => {
    stubService({ 'campaigns:list': () => [] });
    const open = reactive<BotCampaignPick>({ botId: null, campaignId: null });
    choose({ pick: open, bots: [bot(3, 'Voz'), bot(4, 'WhatsApp')] });
    const tied = reactive<BotCampaignPick>({ botId: null, campaignId: 7 });
    choose({ pick: tied, bots: [bot(3, 'Voz')], tiedCampaign: 7 });
    await settled();
    expect(open.botId).toBeNull();
    expect(tied).toEqual({ botId: null, campaignId: 7 });
  });

  it('forgets the campaign when the agent picks another bot, and keeps it when the same bot is picked again', async () => {
    const calls = stubService({ 'campaigns:list': ({ botId }) => (botId === 3 ? [campaign(7, 'Mayo')] : [campaign(8, 'Junio')]) });
    const pick = reactive<BotCampaignPick>({ botId: null, campaignId: null });
    const choice = choose({ pick, bots: [bot(3, 'Voz'), bot(4, 'WhatsApp')] });
    choice.chooseBot(3);
    await settled();
    choice.chooseCampaign(7);
    choice.chooseBot(3);
    await settled();
    expect(pick).toEqual({ botId: 3, campaignId: 7 });
    choice.chooseBot(4);
    expect(pick).toEqual({ botId: 4, campaignId: null });
    await settled();
    expect(calls.map((c) => c.input)).toEqual([{ botId: 3 }, { botId: 4 }]);
    expect(choice.campaigns?.map((c) => c.name)).toEqual(['Junio']);
  });

  it('keeps the campaign a batch is tied to when the bot changes, and loads the campaigns of a bot the screen found for it', async () => {
    const calls = stubService({ 'campaigns:list': () => [campaign(7, 'Mayo')] });
    const pick = reactive<BotCampaignPick>({ botId: null, campaignId: 7 });
    const choice = choose({ pick, bots: [bot(3, 'Voz'), bot(4, 'WhatsApp')], tiedCampaign: 7 });
    pick.botId = 3;
    await settled();
    expect(calls.map((c) => c.input)).toEqual([{ botId: 3 }]);
    expect(choice.campaigns?.map((c) => c.id)).toEqual([7]);
    choice.chooseBot(4);
    expect(pick).toEqual({ botId: 4, campaignId: 7 });
  });

  it('says it is loading while the campaigns come, and why they did not in the screen’s words', async () => {
    const answer = pending<CampaignListItem[]>();
    stubService({ 'campaigns:list': ({ botId }) => (botId === 3 ? answer.promise : Promise.reject(new Error('down'))) });
    const pick = reactive<BotCampaignPick>({ botId: null, campaignId: null });
    const choice = choose({ pick, bots: [bot(3, 'Voz'), bot(4, 'WhatsApp')] });
    choice.chooseBot(3);
    await settled();
    expect(choice.loadingCampaigns).toBe(true);
    expect(choice.campaigns).toBeNull();
    answer.resolve([campaign(7, 'Mayo')]);
    await settled();
    expect(choice.loadingCampaigns).toBe(false);
    choice.chooseBot(4);
    await settled();
    expect(choice.campaigns).toBeNull();
    expect(choice.error).toMatch(/^Could not load: /);
  });

  it('offers only the campaigns of the bot chosen last, whatever order the answers come in', async () => {
    const slow = pending<CampaignListItem[]>();
    stubService({ 'campaigns:list': ({ botId }) => (botId === 3 ? slow.promise : [campaign(8, 'Junio')]) });
    const pick = reactive<BotCampaignPick>({ botId: null, campaignId: null });
    const choice = choose({ pick, bots: [bot(3, 'Voz'), bot(4, 'WhatsApp')] });
    choice.chooseBot(3);
    await nextTick();
    choice.chooseBot(4);
    await settled();
    slow.resolve([campaign(7, 'Mayo')]);
    await settled();
    expect(choice.campaigns?.map((c) => c.name)).toEqual(['Junio']);
    expect(choice.loadingCampaigns).toBe(false);
  });

  it('fetches the bots once when the screen has none, keeps the outbound ones, and picks the only one', async () => {
    const calls = stubService({ 'bots:list': () => [bot(3, 'Voz'), bot(5, 'Entrante', 'INBOUND')], 'campaigns:list': () => [] });
    const pick = reactive<BotCampaignPick>({ botId: null, campaignId: null });
    const choice = choose({ pick });
    expect(choice.bots).toBeNull();
    const loading = choice.loadBots();
    expect(choice.loadingBots).toBe(true);
    await loading;
    await choice.loadBots();
    await settled();
    expect(choice.bots?.map((b) => b.name)).toEqual(['Voz']);
    expect(pick.botId).toBe(3);
    expect(calls.map((c) => c.name)).toEqual(['bots:list', 'campaigns:list']);
  });
});

describe('BotCampaignSelects', () => {
  afterEach(() => {
    i18n.global.locale.value = 'es';
  });

  /** A choice as the selects read it, without a service behind it. */
  const shown = (fields: Partial<BotCampaign>): BotCampaign => ({
    bots: [bot(3, 'Voz')],
    botId: null,
    campaignId: null,
    tiedCampaign: null,
    campaigns: null,
    loadingBots: false,
    loadingCampaigns: false,
    error: null,
    chooseBot: () => undefined,
    chooseCampaign: () => undefined,
    loadBots: async () => undefined,
    reloadCampaigns: async () => undefined,
    ...fields,
  });

  async function html(props: Record<string, unknown>): Promise<string> {
    const app = createSSRApp({ render: () => h(BotCampaignSelects, props) });
    app.use(PrimeVue, { theme: 'none' });
    app.use(i18n);
    return renderToString(app);
  }
  const texts = { bot: 'Bot', campaign: 'Campaign', pickBot: 'Pick a bot', pickCampaign: 'Pick a campaign' };

  it("labels both selects with the screen's ids and names, and hints about the campaign chosen", async () => {
    const markup = await html({
      choice: shown({ botId: 3, campaignId: 7, campaigns: [campaign(7, 'Mayo')] }),
      idPrefix: 'target',
      tests: { bot: 'target-bot', campaign: 'target-campaign' },
      texts,
      campaignHint: (c: CampaignListItem) => `priority ${c.maxPhonePriority}`,
    });
    for (const name of ['target-bot', 'target-campaign']) {
      expect(markup).toContain(`for="${name}"`);
      expect(markup).toMatch(new RegExp(`<span[^>]*id="${name}"[^>]*aria-labelledby="${name}-label"`));
      expect(markup).toContain(`data-test="${name}"`);
    }
    expect(markup).toMatch(/>Voz</);
    expect(markup).toMatch(/>Mayo</);
    expect(markup).toMatch(/id="target-campaign-hint"[^>]*>priority 2</);
    expect(markup).not.toContain('aria-disabled="true"');
  });

  it('names a tied campaign whose list is not there, and lets neither select change it', async () => {
    i18n.global.locale.value = 'en';
    const markup = await html({
      choice: shown({ campaignId: 7, tiedCampaign: 7 }),
      idPrefix: 'sync-1',
      tests: { bot: 'bot-select-1', campaign: 'campaign-select-1' },
      texts,
    });
    expect(markup).toMatch(/>No\. 7</);
    expect(markup.match(/aria-disabled="true"/g)).toHaveLength(2);
  });

  it('offers campaigns as the screen describes them', async () => {
    const markup = await html({
      choice: shown({ botId: 3, campaignId: 9, campaigns: [campaign(9, 'Abril', 'CLOSED')] }),
      idPrefix: 'sync-1',
      tests: { bot: 'bot-select-1', campaign: 'campaign-select-1' },
      texts,
      describeCampaign: (c: CampaignListItem) => ({ label: `${c.name} (${c.status})` }),
    });
    expect(markup).toMatch(/>Abril \(CLOSED\)</);
  });
});
