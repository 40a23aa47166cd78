// Bots, campaigns and inbound cases: asked of the service, kept in the store for offline use.
import { collect } from '../../client';
import { saveBots, saveCampaign, saveCampaignListItems, saveInboundCases } from '../../store';
import type { HandlersOf } from './handler';
import type { AppContext } from '../app-context-types';
import { connectionFor } from './session-handlers';

/** What these handlers reach of the app context. */
type ServiceContext = Pick<AppContext, 'baseUrl' | 'connect' | 'connections' | 'currentEnvironment' | 'options' | 'store'>;

export const serviceHandlers: HandlersOf<'bots:list' | 'campaigns:list' | 'campaigns:show' | 'inbound:list', ServiceContext> = {
  async 'bots:list'(ctx, input) {
    const env = input.environment ?? ctx.currentEnvironment();
    const bots = await (await connectionFor(ctx, env)).client.bots();
    saveBots(ctx.store.db, env, bots);
    return bots;
  },

  async 'campaigns:list'(ctx, { environment, botId }) {
    const env = environment ?? ctx.currentEnvironment();
    const items = await collect((await connectionFor(ctx, env)).client.campaigns(botId));
    saveCampaignListItems(ctx.store.db, env, botId, items);
    return items;
  },

  async 'campaigns:show'(ctx, { environment, campaignId }) {
    const env = environment ?? ctx.currentEnvironment();
    const campaign = await (await connectionFor(ctx, env)).client.campaign(campaignId);
    saveCampaign(ctx.store.db, env, campaign);
    return campaign;
  },

  async 'inbound:list'(ctx, { environment, botId, from, to }) {
    const env = environment ?? ctx.currentEnvironment();
    const cases = await collect((await connectionFor(ctx, env)).client.inboundCases({ botId, from, to }));
    saveInboundCases(ctx.store.db, env, cases);
    return cases;
  },
};
