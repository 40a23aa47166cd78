// The service's own constants (src-main/contract) in the agent's words: the maps live in the domain,
// shared with the CLI and the creditor's files. A value the service adds later is shown as it comes (serviceWord).
import {
  BOT_TYPE_WORDS,
  CAMPAIGN_KIND_WORDS,
  CAMPAIGN_STATE_WORDS,
  CONVERSATION_TYPE_WORDS,
  DIALING_TYPE_WORDS,
} from '../../../../src-main/domain/service-words';
import type { Texts } from '../texts';

export default {
  campaignStates: CAMPAIGN_STATE_WORDS,
  botTypes: BOT_TYPE_WORDS,
  conversationTypes: CONVERSATION_TYPE_WORDS,
  campaignKinds: CAMPAIGN_KIND_WORDS,
  dialingTypes: DIALING_TYPE_WORDS,
} satisfies Texts;
