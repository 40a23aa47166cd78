// The contact calendar applied to a campaign: the organization's contact hours (setting or policy),
// Argentina's holidays, and today on the service's calendar.
import type { Campaign, CampaignAction } from '../contract';
import { argentineHolidays } from '../domain/argentine-holidays';
import { campaignScheduleWarnings, nextContactDay, serviceToday, type CampaignSchedule, type CampaignScheduleWarning } from '../domain/contact-calendar';
import type { AppParts } from './app-parts';
import { readSettings } from './settings';

export async function scheduleWarnings(
  ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy' | 'store'>,
  schedule: CampaignSchedule,
  now = new Date(),
): Promise<CampaignScheduleWarning[]> {
  return campaignScheduleWarnings(schedule, readSettings(ctx).contactHours, await argentineHolidays(), serviceToday(now));
}

/** The day a new campaign's start date is set to: the next one the contact calendar allows calling. */
export async function suggestedStartDate(ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy' | 'store'>, now = new Date()): Promise<string> {
  return nextContactDay(readSettings(ctx).contactHours, await argentineHolidays(), now);
}

/** Starting checks the campaign as the service holds it; stopping and ending start no calls. */
export async function actionWarnings(
  ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy' | 'store'>,
  action: CampaignAction,
  campaign: Campaign,
): Promise<CampaignScheduleWarning[]> {
  if (action !== 'start') return [];
  const { start_date: startDate, call_from: callFrom, call_to: callTo } = campaign.params;
  return scheduleWarnings(ctx, { startDate, callFrom, callTo });
}
