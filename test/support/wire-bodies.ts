// Service answers as a real server words them, for tests that feed the client, the contract or the store.
import type { Bot } from '../../src-main/contract';

/** A bot with no campaign yet: its last campaign and status are empty objects, as the service sends them. */
export function aBotBody(fields: Partial<Bot> & Record<string, unknown> = {}): Bot {
  return {
    id: 1,
    name: 'b',
    alias: 'b',
    business_group_name: '',
    internal_tags: [],
    external_tags: [],
    bot_type: 'OUTBOUND',
    conversation_type: 'VOICE',
    last_campaign: {},
    bot_status_last: {},
    error: 0,
    active_wks: 0,
    inactive_wks: 0,
    ...fields,
  } as Bot;
}
