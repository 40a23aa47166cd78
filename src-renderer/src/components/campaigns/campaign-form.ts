// The new-campaign form's problems as plain data: each field's first, from the surface's own schema
// and dialing rules (what the service would say), in the agent's language. The view only shows them.
import { NewCampaign, newCampaignRuleIssues, type NewCampaignRuleIssue, type NewCampaignRules } from '../../../../src-main/domain/new-campaign';
import { inputProblem } from '../../../../src-main/domain/failures/input-problem';
import { problemWords } from '../../api/failures';

export type CampaignField =
  'name' | 'description' | 'startDate' | 'callFrom' | 'callTo' | 'dialingType' | 'minPhonePriority' | 'maxPhonePriority' | 'maxCallsPerCase';

/** The campaign as the form would send it: fields left empty are left out. */
export type CampaignBody = NewCampaignRules & Record<string, unknown>;

export type Translate = (key: string) => string;

/** The dialing rules, by their code, in the agent's language. */
const RULES: Record<NewCampaignRuleIssue['rule'], string> = {
  'vertical-same-priority': 'campaigns.form.rules.verticalSamePriority',
  'max-below-min': 'campaigns.form.rules.maxBelowMin',
  'window-order': 'campaigns.form.rules.toAfterFrom',
};
const ruleOf = (params: unknown): NewCampaignRuleIssue['rule'] | null => {
  const rule = (params as { rule?: unknown } | undefined)?.rule;
  return typeof rule === 'string' && rule in RULES ? (rule as NewCampaignRuleIssue['rule']) : null;
};
const FIELD_MESSAGES: Partial<Record<CampaignField, string>> = {
  name: 'campaigns.form.errors.name',
  startDate: 'campaigns.form.errors.date',
  callFrom: 'campaigns.form.errors.time',
  callTo: 'campaigns.form.errors.time',
  minPhonePriority: 'campaigns.form.errors.priority',
  maxPhonePriority: 'campaigns.form.errors.priority',
  maxCallsPerCase: 'campaigns.form.errors.attempts',
};

/** Field → its first problem: the fields left empty (`missing`), then the dialing rules, then the schema's. */
export function campaignProblems(body: CampaignBody, missing: readonly CampaignField[], t: Translate): Partial<Record<CampaignField, string>> {
  const found: Partial<Record<CampaignField, string>> = {};
  const add = (field: CampaignField, text: string) => (found[field] ??= text);
  for (const field of missing) add(field, t('campaigns.form.errors.required'));
  for (const issue of newCampaignRuleIssues(body)) add(issue.path[0] as CampaignField, t(RULES[issue.rule]));
  const parsed = NewCampaign.safeParse(body, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name') as CampaignField;
      const rule = issue.code === 'custom' ? ruleOf(issue.params) : null;
      const key = rule ? RULES[rule] : FIELD_MESSAGES[field];
      // A field without words of its own says its problem as the catalog words it, never zod's English.
      add(field, key ? t(key) : problemWords(inputProblem(issue)));
    }
  }
  return found;
}
