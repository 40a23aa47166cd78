import { z } from 'zod';
import { IsoDate, IsoDateTime, TimeOfDay, TimeOfDayShort } from './primitives';
import { cursorPage } from './pagination';
import { DIALING_TYPES } from './dialing-types';

export { DIALING_TYPES };
export const DialingType = z.enum(DIALING_TYPES);
export type DialingType = z.infer<typeof DialingType>;

/** States named by the spec. Others may exist (the state after `end` is not shown): status stays a string. */
export const CAMPAIGN_STATES = ['PAUSED', 'SCHEDULED', 'ONGOING', 'CLOSED'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_ACTIONS = ['start', 'stop', 'end'] as const;
export const CampaignAction = z.enum(CAMPAIGN_ACTIONS);
export type CampaignAction = z.infer<typeof CampaignAction>;

const Priority = z.number().int().nonnegative();

/**
 * Body of POST /api/v2/create_campaign/. The spec does not say which fields are required;
 * CaseDesk always sends all of them, and the emulator requires client_id and name only.
 */
export const CreateCampaignRequest = z
  .object({
    client_id: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string().optional(),
    start_date: IsoDate.optional(),
    call_from: TimeOfDayShort.optional(),
    call_to: TimeOfDayShort.optional(),
    closes_eod: z.boolean().optional(),
    dialing_type: DialingType.optional(),
    min_phone_priority: Priority.optional(),
    max_phone_priority: Priority.optional(),
    max_calls_per_case: z.number().int().positive().optional(),
  })
  .superRefine((body, ctx) => {
    for (const { rule, path, problem, message } of dialingRuleIssues(body)) ctx.addIssue({ code: 'custom', path, message, params: { rule, ...problem } });
  });
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;

/** The dialing-type rules of the create request, as data so forms and the emulator say the same thing. */
/** A dialing rule the body breaks: `rule` is what callers decide on. */
export interface DialingRuleIssue {
  rule: 'vertical-same-priority' | 'max-below-min' | 'window-order';
  path: string[];
  /**
   * The rule as an input's problem and its figures (src-main/domain/failures/input-problem.ts), so
   * the surface words it from the catalog in the agent's language.
   */
  problem: { problem: 'same_as' | 'too_small' | 'order' } & Record<string, string | number | string[]>;
  /**
   * English, for the wire only: the emulator answers a refused create with it (as the service answers
   * in its own words). No screen shows it: the forms word `rule`, the surface `problem`.
   */
  message: string;
}

export function dialingRuleIssues(body: {
  dialing_type?: DialingType | undefined;
  min_phone_priority?: number | undefined;
  max_phone_priority?: number | undefined;
  call_from?: string | undefined;
  call_to?: string | undefined;
}): DialingRuleIssue[] {
  const issues: DialingRuleIssue[] = [];
  const min = body.min_phone_priority;
  const max = body.max_phone_priority;
  if (body.dialing_type === 'VERTICAL' && min !== undefined && max !== undefined && min !== max) {
    issues.push({
      rule: 'vertical-same-priority',
      path: ['max_phone_priority'],
      problem: { problem: 'same_as', field: 'min_phone_priority', value: min },
      message: 'VERTICAL dialing needs max_phone_priority equal to min_phone_priority',
    });
  }
  if (min !== undefined && max !== undefined && max < min) {
    issues.push({
      rule: 'max-below-min',
      path: ['max_phone_priority'],
      problem: { problem: 'too_small', measure: 'value', bound: 'at_least', limit: min },
      message: 'max_phone_priority must not be below min_phone_priority',
    });
  }
  if (body.call_from !== undefined && body.call_to !== undefined && body.call_to <= body.call_from) {
    issues.push({
      rule: 'window-order',
      path: ['call_to'],
      problem: { problem: 'order', after: 'call_from' },
      message: 'call_to must be later than call_from',
    });
  }
  return issues;
}

export const CampaignParams = z.looseObject({
  call_from: TimeOfDay,
  call_to: TimeOfDay,
  max_calls_per_case: z.number().int(),
  dialing_type: z.string(),
  workers: z.number().int(),
  max_phone_priority: z.number().int(),
  min_phone_priority: z.number().int(),
  start_date: IsoDate,
});
export type CampaignParams = z.infer<typeof CampaignParams>;

export const CaseStats = z.looseObject({
  q_loaded_cases: z.number().int(),
  q_filtered_cases: z.number().int(),
  q_resting_cases: z.number().int(),
  q_final_cases: z.number().int(),
});
export type CaseStats = z.infer<typeof CaseStats>;

export const CampaignMetrics = z.looseObject({
  status: z.string(),
  percentage_completed: z.number(),
  percentage_called: z.number(),
  /** e.g. "42.5%" */
  success_rate: z.string(),
  contactability_rate: z.number(),
  bot_duration: z.string().nullable(),
  hours: z.number(),
});
export type CampaignMetrics = z.infer<typeof CampaignMetrics>;

/** Create response, detail, and status-action response. */
export const Campaign = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  bot: z.number().int(),
  conversation_type: z.string(),
  closes_eod: z.boolean(),
  params: CampaignParams,
  case_stats: CaseStats,
  metrics: CampaignMetrics,
  created_at: IsoDateTime,
});
export type Campaign = z.infer<typeof Campaign>;

/** Item of the cursor list. Times and dates that cannot exist yet (no call made) may be null. */
export const CampaignListItem = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  bot_duration: z.string().nullable(),
  dialing_type: z.string(),
  created_at: z.string(),
  first_call_time: z.string().nullable(),
  end_time: z.string().nullable(),
  hours: z.number(),
  percentage_completed: z.number(),
  max_calls_per_case: z.number().int(),
  max_phone_priority: z.number().int(),
  q_final_cases: z.number().int(),
  contactability: z.number(),
  first_call_date: IsoDate.nullable(),
  end_date: IsoDate.nullable(),
});
export type CampaignListItem = z.infer<typeof CampaignListItem>;

export const CampaignListPage = cursorPage(CampaignListItem).extend({
  conversation_type: z.string(),
});
export type CampaignListPage = z.infer<typeof CampaignListPage>;
