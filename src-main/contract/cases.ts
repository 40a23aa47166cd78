// What the service answers about loaded cases and their calls.
import { z } from 'zod';
import { JsonObject } from './primitives';
import { offsetPage } from './pagination';

export const CaseResult = z.looseObject({
  result_id: z.number().int(),
  name: z.string(),
  is_final: z.boolean(),
});
export type CaseResult = z.infer<typeof CaseResult>;

/**
 * `params` of a campaign case. The spec lists these keys; all optional here because a case
 * keeps whatever params it was uploaded with. `code` carries the uploaded case code, which is
 * how a client reads back what was loaded.
 */
export const CampaignCaseParams = z.looseObject({
  sms_text: z.string().optional(),
  limit_date: z.string().optional(),
  company_name: z.string().optional(),
  balance_prefix: z.string().optional(),
  code: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  commitment: z.string().optional(),
  product: z.string().optional(),
  pago_minimo: z.number().optional(),
  number_of_installments: z.number().optional(),
  debt: z.number().optional(),
  got_promise: z.boolean().optional(),
  expiration: z.string().optional(),
});

export const CampaignCase = z.looseObject({
  id: z.number().int(),
  phone: z.number().int(),
  call_count: z.number().int(),
  last_updated: z.string(),
  case_result: CaseResult,
  call_duration: z.string(),
  params: CampaignCaseParams,
});
export type CampaignCase = z.infer<typeof CampaignCase>;

export const CampaignCasesPage = offsetPage(CampaignCase).extend({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  conversation_type: z.string(),
});
export type CampaignCasesPage = z.infer<typeof CampaignCasesPage>;

export const Utterance = z.looseObject({
  text: z.string(),
  confidence: z.number(),
  time: z.number(),
});
export type Utterance = z.infer<typeof Utterance>;

export const CallData = z.looseObject({
  transcription: z.array(Utterance),
  responses: z.array(Utterance),
  result_id: z.number().int(),
  got_promise: z.boolean(),
  commitment: z.string(),
});

export const Call = z.looseObject({
  id: z.number().int(),
  case_result: z.number().int(),
  result: z.string(),
  gateway_id: z.number().int(),
  gateway_status: z.string(),
  duration: z.string(),
  data: CallData,
  extra_metadata: JsonObject,
  update_url: z.string(),
  result_url: z.string(),
  is_final: z.boolean(),
  recording: z.string(),
  phone: z.string(),
  last_updated: z.string(),
});
export type Call = z.infer<typeof Call>;

export const CallsPage = offsetPage(Call);
