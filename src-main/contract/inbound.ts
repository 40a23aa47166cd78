import { z } from 'zod';
import { JsonObject } from './primitives';
import { offsetPage } from './pagination';

export const InboundCase = z.looseObject({
  id: z.number().int(),
  bot: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    alias: z.string(),
    type: z.string(),
  }),
  case_uuid: z.string(),
  phone: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  case_result: z.looseObject({
    result_id: z.number().int(),
    name: z.string(),
    is_final: z.boolean(),
    contacted: z.boolean(),
  }),
  case_duration: z.string(),
  case_log: z.looseObject({
    responses: z.array(JsonObject),
    transcription: z.array(JsonObject),
  }),
  extra_metadata: JsonObject,
  recording: z.string(),
  is_complete: z.boolean(),
  status: z.string(),
  last_updated: z.string(),
  is_active: z.boolean(),
});
export type InboundCase = z.infer<typeof InboundCase>;

export const InboundCasesPage = offsetPage(InboundCase);
