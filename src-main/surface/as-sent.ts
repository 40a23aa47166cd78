// The procedures whose answer is a service object. Their handlers return it as the service sent it;
// the surface hands screens its view (service-views.ts), and only the CLI asks for it as sent: its
// --json prints the service's objects unchanged, for the scripts that read them.
import type { Bot, Campaign, CampaignListItem, InboundCase } from '../contract';
import type { CampaignScheduleWarning } from '../domain/contact-calendar';
import type { ProcedureName, ProcedureOutputs } from './procedures';
import { botView, campaignListItemView, campaignView, inboundCaseView } from './service-views';

/** A campaign as the service answered, and what its start day and call window warn about. */
export interface CampaignOutcomeAsSent {
  campaign: Campaign;
  warnings: CampaignScheduleWarning[];
}

export interface AsSentOutputs {
  'bots:list': Bot[];
  'campaigns:list': CampaignListItem[];
  'campaigns:show': Campaign;
  'inbound:list': InboundCase[];
  'campaigns:create': CampaignOutcomeAsSent;
  'campaigns:action': CampaignOutcomeAsSent;
  'campaigns:checkStart': CampaignOutcomeAsSent;
}
export type AsSentName = keyof AsSentOutputs;

/** What each handler returns: the view, or for the procedures above the object as sent. */
export type HandlerOutputs = Omit<ProcedureOutputs, AsSentName> & AsSentOutputs;

const outcomeView = ({ campaign, warnings }: CampaignOutcomeAsSent) => ({ campaign: campaignView(campaign), warnings });

const VIEWS: { [N in AsSentName]: (sent: AsSentOutputs[N]) => ProcedureOutputs[N] } = {
  'bots:list': (bots) => bots.map(botView),
  'campaigns:list': (items) => items.map(campaignListItemView),
  'campaigns:show': campaignView,
  'inbound:list': (cases) => cases.map(inboundCaseView),
  'campaigns:create': outcomeView,
  'campaigns:action': outcomeView,
  'campaigns:checkStart': outcomeView,
};

export function isAsSent(name: ProcedureName): name is AsSentName {
  return Object.hasOwn(VIEWS, name);
}

/** A handler's answer as the procedure's callers see it. */
export function viewOf<N extends ProcedureName>(name: N, value: HandlerOutputs[N]): ProcedureOutputs[N] {
  if (!isAsSent(name)) return value as unknown as ProcedureOutputs[N];
  return (VIEWS[name] as (sent: unknown) => unknown)(value) as ProcedureOutputs[N];
}
