// The service's objects as the surface hands them to screens: our own camelCase names, mapped once
// from the wire (src-main/surface/service-views.ts). Fields a real server adds and CaseDesk does not
// name are left behind: screens show only what these name. The service's own words (statuses, bot and
// dialing types) stay strings, as the service sent them.
import { z } from 'zod';

const count = z.number().int();

/** A bot's last campaign; the service sends nothing of it for a bot without one, so every field is optional. */
export const BotLastCampaignView = z.object({
  name: z.string().optional(),
  status: z.string().optional(),
  percentageCompleted: z.number().optional(),
  percentageCalled: z.number().optional(),
  finalCases: count.optional(),
  loadedCases: count.optional(),
  contactability: z.number().optional(),
  maxCallsPerCase: count.optional(),
  phonePriority: count.optional(),
  dialingType: z.string().optional(),
  callFrom: z.string().optional(),
  callTo: z.string().optional(),
  startDate: z.string().optional(),
  workers: count.optional(),
});
export type BotLastCampaignView = z.infer<typeof BotLastCampaignView>;

/** A bot's recent status: only active or inbound bots have one. */
export const BotStatusView = z.object({
  casesInProgress: count.optional(),
  totalCases: count.optional(),
  endedWithoutError: count.optional(),
  endedWithError: count.optional(),
});
export type BotStatusView = z.infer<typeof BotStatusView>;

export const BotView = z.object({
  id: count,
  name: z.string(),
  alias: z.string(),
  businessGroupName: z.string(),
  botType: z.string(),
  conversationType: z.string(),
  lastCampaign: BotLastCampaignView,
  status: BotStatusView,
  errors: count,
  activeWorkers: count,
  inactiveWorkers: count,
});
export type BotView = z.infer<typeof BotView>;

/** A campaign of a bot's list. Times and dates that cannot exist yet (no call made) are null. */
export const CampaignListItemView = z.object({
  id: count,
  name: z.string(),
  status: z.string(),
  botDuration: z.string().nullable(),
  dialingType: z.string(),
  createdAt: z.string(),
  firstCallTime: z.string().nullable(),
  endTime: z.string().nullable(),
  hours: z.number(),
  percentageCompleted: z.number(),
  maxCallsPerCase: count,
  maxPhonePriority: count,
  finalCases: count,
  contactability: z.number(),
  firstCallDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type CampaignListItemView = z.infer<typeof CampaignListItemView>;

export const CampaignView = z.object({
  id: count,
  name: z.string(),
  description: z.string(),
  botId: count,
  /** The bot's direction and channel in one (e.g. OUTBOUND_VOICE). */
  kind: z.string(),
  closesEod: z.boolean(),
  params: z.object({
    callFrom: z.string(),
    callTo: z.string(),
    maxCallsPerCase: count,
    dialingType: z.string(),
    workers: count,
    maxPhonePriority: count,
    minPhonePriority: count,
    startDate: z.string(),
  }),
  caseStats: z.object({ loaded: count, filtered: count, resting: count, final: count }),
  metrics: z.object({
    status: z.string(),
    percentageCompleted: z.number(),
    percentageCalled: z.number(),
    /** As the service words it, e.g. "42.5%". */
    successRate: z.string(),
    contactabilityRate: z.number(),
    botDuration: z.string().nullable(),
    hours: z.number(),
  }),
  createdAt: z.string(),
});
export type CampaignView = z.infer<typeof CampaignView>;

const JsonObjectView = z.record(z.string(), z.unknown());

/** A case an inbound bot took. */
export const InboundCaseView = z.object({
  id: count,
  bot: z.object({ id: count, name: z.string(), alias: z.string(), type: z.string() }),
  caseUuid: z.string(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  code: z.string(),
  result: z.object({ id: count, name: z.string(), isFinal: z.boolean(), contacted: z.boolean() }),
  duration: z.string(),
  /** The conversation's turns, as the service keeps them (their keys are the bot's). */
  log: z.object({ responses: z.array(JsonObjectView), transcription: z.array(JsonObjectView) }),
  /** The bot's own fields, keyed by data. */
  extraMetadata: JsonObjectView,
  recording: z.string(),
  isComplete: z.boolean(),
  status: z.string(),
  lastUpdated: z.string(),
  isActive: z.boolean(),
});
export type InboundCaseView = z.infer<typeof InboundCaseView>;

/** A case of a campaign's results, as downloaded. */
export const ResultCaseView = z.object({
  id: count,
  /** The case's last phone as the service names it (an index or a number: SPEC-GAPS row 46). */
  phone: count,
  callCount: count,
  lastUpdated: z.string(),
  result: z.object({ id: count, name: z.string(), isFinal: z.boolean() }),
  callDuration: z.string(),
  /** The uploaded case code; null when the case came without one. */
  code: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  commitment: z.string(),
  /** The service's own promise flag when it gives one; null when it says nothing. */
  gotPromise: z.boolean().nullable(),
  /** The params the case was loaded with, keyed as they were loaded (the creditor's names). */
  params: JsonObjectView,
});
export type ResultCaseView = z.infer<typeof ResultCaseView>;

/** A line said in a call, and when (seconds from its start). */
export const UtteranceView = z.object({ text: z.string(), confidence: z.number(), time: z.number() });
export type UtteranceView = z.infer<typeof UtteranceView>;

/** One call of a case, as downloaded. */
export const ResultCallView = z.object({
  id: count,
  /** The call's result in the service's words, and its id. */
  result: z.string(),
  resultId: count,
  gatewayId: count,
  gatewayStatus: z.string(),
  duration: z.string(),
  /** What was said: all of it, and the debtor's answers. */
  transcription: z.array(UtteranceView),
  responses: z.array(UtteranceView),
  gotPromise: z.boolean(),
  commitment: z.string(),
  extraMetadata: JsonObjectView,
  isFinal: z.boolean(),
  recording: z.string(),
  phone: z.string(),
  lastUpdated: z.string(),
});
export type ResultCallView = z.infer<typeof ResultCallView>;
