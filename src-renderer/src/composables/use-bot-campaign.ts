// Where cases go: a bot, then one of that bot's campaigns. The prepare wizard and the upload queue both
// ask for it; this holds what they share: the campaigns of the bot chosen (loaded as the bot changes),
// the only bot picked for the agent, and the campaign forgotten when the agent picks another bot.
import { computed, reactive, ref, toValue, watch, type MaybeRefOrGetter } from 'vue';
import type { BotView as Bot, CampaignListItemView as CampaignListItem } from '../../../src-main/domain/service-views';
import { useCampaignsStore } from '../stores/campaigns';
import { useAction, useReported } from './use-reported';

/** The screen's own record of the choice (its form, its card's state); written here as the agent picks. */
export interface BotCampaignPick {
  botId: number | null;
  campaignId: number | null;
}

export interface BotCampaignOptions {
  pick: MaybeRefOrGetter<BotCampaignPick>;
  /** The bots on offer, when the screen has them; without them, `loadBots` fetches the agent's outbound bots. */
  bots?: MaybeRefOrGetter<readonly Bot[]>;
  /** The campaign the choice is tied to (a batch already partly uploaded there): picking a bot keeps it. */
  tiedCampaign?: MaybeRefOrGetter<number | null>;
  /** The screen's sentence around a failed load's words. */
  loadError: (message: string) => string;
}

/** The choice as the selects show it (`reactive`: read its fields without `.value`). */
export interface BotCampaign {
  /** Null until they are known. */
  readonly bots: readonly Bot[] | null;
  readonly botId: number | null;
  readonly campaignId: number | null;
  readonly tiedCampaign: number | null;
  /** The chosen bot's campaigns; null while there is no bot, while they load, or when they could not be. */
  readonly campaigns: readonly CampaignListItem[] | null;
  readonly loadingBots: boolean;
  readonly loadingCampaigns: boolean;
  /** Why the bots or the campaigns are not there, in the screen's words. */
  readonly error: string | null;
  /** The agent picks a bot: a campaign chosen before belonged to the bot before, so it goes (unless tied). */
  chooseBot(botId: number | null): void;
  chooseCampaign(campaignId: number | null): void;
  /** Fetches the bots once, when the screen gave none. */
  loadBots(): Promise<void>;
  /** The bot's campaigns read again (their states change: loading cases starts a paused one). */
  reloadCampaigns(): Promise<void>;
}

export function useBotCampaign(options: BotCampaignOptions): BotCampaign {
  const pick = () => toValue(options.pick);
  const tiedCampaign = computed(() => toValue(options.tiedCampaign) ?? null);
  const campaignsStore = useCampaignsStore();

  const loadedBots = ref<Bot[] | null>(null);
  const botsAction = useAction({ reachesService: true, words: options.loadError });
  const bots = computed(() => (options.bots === undefined ? loadedBots.value : toValue(options.bots)));

  async function loadBots(): Promise<void> {
    if (options.bots !== undefined || loadedBots.value) return;
    const got = await botsAction.run(() => campaignsStore.bots());
    if (got.ok) loadedBots.value = got.value.filter((b) => b.botType !== 'INBOUND');
  }

  function chooseBot(botId: number | null): void {
    if (botId === pick().botId) return;
    pick().botId = botId;
    if (tiedCampaign.value === null) pick().campaignId = null;
  }

  function chooseCampaign(campaignId: number | null): void {
    pick().campaignId = campaignId;
  }

  const campaigns = ref<CampaignListItem[] | null>(null);
  const loadingCampaigns = ref(false);
  const campaignsError = ref<string | null>(null);
  const report = useReported();
  /** Which load is the latest: an answer for a bot the agent has since left is dropped. */
  let latestLoad = 0;

  async function loadCampaigns(botId: number | null): Promise<void> {
    const load = ++latestLoad;
    campaigns.value = null;
    campaignsError.value = null;
    loadingCampaigns.value = botId !== null;
    if (botId === null) return;
    const got = await report(() => campaignsStore.campaignsOf(botId), { reachesService: true });
    if (load !== latestLoad) return;
    loadingCampaigns.value = false;
    if (got.ok) campaigns.value = got.value;
    else campaignsError.value = options.loadError(got.text);
  }

  // Whoever sets the bot (the agent, or the screen finding a tied campaign's bot), its campaigns follow.
  watch(() => pick().botId, loadCampaigns, { immediate: true });
  // A single bot is picked for the agent, when nothing is chosen yet.
  watch(
    bots,
    (list) => {
      const only = list?.length === 1 ? list[0] : undefined;
      if (only && pick().botId === null && pick().campaignId === null) chooseBot(only.id);
    },
    { immediate: true },
  );

  return reactive({
    bots,
    botId: computed(() => pick().botId),
    campaignId: computed(() => pick().campaignId),
    tiedCampaign,
    campaigns,
    loadingBots: botsAction.busy,
    loadingCampaigns,
    error: computed(() => campaignsError.value ?? botsAction.error.value),
    chooseBot,
    chooseCampaign,
    loadBots,
    reloadCampaigns: () => loadCampaigns(pick().botId),
  });
}
