// A campaign to create, in our own names: what the new-campaign form and the CLI fill in, what the
// surface takes (and turns into the service's create request, surface/service-views.ts). The dialing
// rules are the contract's, said here with these names, so forms and the service say the same thing.
import { z } from 'zod';
import { dialingRuleIssues, IsoDate, TimeOfDayShort, type DialingRuleIssue } from '../contract';
import { DIALING_TYPES } from '../contract/dialing-types';

/** How a campaign tries a case's phones: the service's names for them, a list of words. */
export { DIALING_TYPES };
export const DialingType = z.enum(DIALING_TYPES);
export type DialingType = z.infer<typeof DialingType>;

const Priority = z.number().int().nonnegative();

/** The form's fields, as the rules below name them. */
export const NEW_CAMPAIGN_FIELDS = [
  'name',
  'description',
  'startDate',
  'callFrom',
  'callTo',
  'dialingType',
  'minPhonePriority',
  'maxPhonePriority',
  'maxCallsPerCase',
] as const;
export type NewCampaignField = (typeof NEW_CAMPAIGN_FIELDS)[number];

/** The rule fields by the wire's name: the contract's rules speak of those. */
const RULE_FIELDS: Record<string, NewCampaignField> = {
  dialing_type: 'dialingType',
  min_phone_priority: 'minPhonePriority',
  max_phone_priority: 'maxPhonePriority',
  call_from: 'callFrom',
  call_to: 'callTo',
};
const ruleField = (name: string) => RULE_FIELDS[name] ?? name;

export interface NewCampaignRuleIssue {
  rule: DialingRuleIssue['rule'];
  path: NewCampaignField[];
  /** The rule as an input's problem and its figures (domain/failures/input-problem.ts), fields by our names. */
  problem: DialingRuleIssue['problem'];
}

export interface NewCampaignRules {
  dialingType?: DialingType | undefined;
  minPhonePriority?: number | undefined;
  maxPhonePriority?: number | undefined;
  callFrom?: string | undefined;
  callTo?: string | undefined;
}

/** The dialing rules a new campaign breaks, as data: `rule` is what callers decide on. */
export function newCampaignRuleIssues(c: NewCampaignRules): NewCampaignRuleIssue[] {
  const wire = {
    dialing_type: c.dialingType,
    min_phone_priority: c.minPhonePriority,
    max_phone_priority: c.maxPhonePriority,
    call_from: c.callFrom,
    call_to: c.callTo,
  };
  return dialingRuleIssues(wire).map(({ rule, path, problem }) => {
    const named: DialingRuleIssue['problem'] = { ...problem };
    for (const key of ['field', 'after'] as const) {
      const value = named[key];
      if (typeof value === 'string') named[key] = ruleField(value);
    }
    return { rule, path: path.map((p) => ruleField(p) as NewCampaignField), problem: named };
  });
}

/**
 * A campaign to create for a bot. The service does not say which fields are required; CaseDesk
 * always sends all of them (the CLI may leave some to the service's defaults).
 */
export const NewCampaign = z
  .object({
    botId: z.number().int().positive(),
    name: z.string().min(1),
    description: z.string().optional(),
    startDate: IsoDate.optional(),
    callFrom: TimeOfDayShort.optional(),
    callTo: TimeOfDayShort.optional(),
    closesEod: z.boolean().optional(),
    dialingType: DialingType.optional(),
    minPhonePriority: Priority.optional(),
    maxPhonePriority: Priority.optional(),
    maxCallsPerCase: z.number().int().positive().optional(),
  })
  .superRefine((c, ctx) => {
    for (const { rule, path, problem } of newCampaignRuleIssues(c)) ctx.addIssue({ code: 'custom', path, params: { rule, ...problem } });
  });
export type NewCampaign = z.infer<typeof NewCampaign>;
