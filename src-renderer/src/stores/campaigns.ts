// The bots and their campaigns as the service holds them: what the campaign screens and the bot and
// campaign selects ask for. Each asks afresh (a campaign's state changes under the screen); the screen
// keeps its own loading and failure line (use-reported), as it shows them its own way.
import { defineStore } from 'pinia';
import type { CampaignAction } from '../../../src-main/domain/campaign-states';
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';

export type NewCampaignInput = ProcedureInput<'campaigns:create'>['campaign'];
export type ScheduleToCheck = ProcedureInput<'campaigns:checkSchedule'>;

export const useCampaignsStore = defineStore('campaigns', () => {
  /** The agent's bots, inbound ones included. */
  const bots = () => call('bots:list', {});
  /** One bot's campaigns, in the service's order. */
  const campaignsOf = (botId: number) => call('campaigns:list', { botId });
  const campaign = (campaignId: number) => call('campaigns:show', { campaignId });
  /** The campaign as it is now, and what starting it warns about (asked before the start is confirmed). */
  const checkStart = (campaignId: number) => call('campaigns:checkStart', { campaignId });
  const act = (campaignId: number, action: CampaignAction) => call('campaigns:action', { campaignId, action });
  /** What a schedule warns about (a Sunday, a holiday), and the next day cases may be called. */
  const checkSchedule = (schedule: ScheduleToCheck) => call('campaigns:checkSchedule', schedule);
  const create = (campaign: NewCampaignInput) => call('campaigns:create', { campaign });

  return { bots, campaignsOf, campaign, checkStart, act, checkSchedule, create };
});
