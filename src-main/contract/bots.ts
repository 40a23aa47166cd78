import { z } from 'zod';
import { IsoDate, TimeOfDay } from './primitives';

export const BOT_TYPES = ['INBOUND', 'OUTBOUND'] as const;
export const CONVERSATION_TYPES = ['VOICE', 'WHATSAPP'] as const;
export const BotType = z.enum(BOT_TYPES);
export const ConversationType = z.enum(CONVERSATION_TYPES);
/** A campaign's `conversation_type`: the bot's direction and channel in one (the spec's "combined kind", e.g. OUTBOUND_VOICE). */
export const CAMPAIGN_KINDS = BOT_TYPES.flatMap((bot) => CONVERSATION_TYPES.map((channel) => `${bot}_${channel}` as const));

/** `last_campaign` of a bot; the service sends `{}` when the bot has none, so every field is optional. */
export const BotLastCampaign = z.looseObject({
  name: z.string().optional(),
  status: z.string().optional(),
  percentage_completed: z.number().optional(),
  percentage_called: z.number().optional(),
  q_final_cases: z.number().int().optional(),
  q_loaded_cases: z.number().int().optional(),
  contactability: z.number().optional(),
  max_calls_per_case: z.number().int().optional(),
  phone_priority: z.number().int().optional(),
  dialing_type: z.string().optional(),
  call_from: TimeOfDay.optional(),
  call_to: TimeOfDay.optional(),
  start_date: IsoDate.optional(),
  workers: z.number().int().optional(),
});
export type BotLastCampaign = z.infer<typeof BotLastCampaign>;

/** `bot_status_last`: content only for active or inbound bots, otherwise `{}`. */
export const BotStatusLast = z.looseObject({
  cases_in_progress: z.number().int().optional(),
  total_cases: z.number().int().optional(),
  case_distribution: z
    .looseObject({
      ended_without_error: z.number().int(),
      ended_with_error: z.number().int(),
    })
    .optional(),
});
export type BotStatusLast = z.infer<typeof BotStatusLast>;

export const Bot = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  business_group_name: z.string(),
  internal_tags: z.array(z.unknown()),
  external_tags: z.array(z.unknown()),
  // Kept as strings: a new type must not make the bot list unreadable.
  bot_type: z.string(),
  conversation_type: z.string(),
  last_campaign: BotLastCampaign,
  bot_status_last: BotStatusLast,
  error: z.number().int(),
  active_wks: z.number().int(),
  inactive_wks: z.number().int(),
});
export type Bot = z.infer<typeof Bot>;

export const BotList = z.array(Bot);
