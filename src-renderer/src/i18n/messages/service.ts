// The service's own constants (src-main/contract) in the agent's words: one map for each, keyed by the
// value as the service sends it. A value the service adds later is shown as it comes (serviceWord).
import type { Texts } from '../texts';

export default {
  campaignStates: {
    PAUSED: { en: 'Paused', es: 'En pausa' },
    SCHEDULED: { en: 'Scheduled', es: 'Programada' },
    ONGOING: { en: 'Ongoing', es: 'En curso' },
    CLOSED: { en: 'Closed', es: 'Cerrada' },
  },
  botTypes: {
    INBOUND: { en: 'Inbound', es: 'Entrante' },
    OUTBOUND: { en: 'Outbound', es: 'Saliente' },
  },
  conversationTypes: {
    VOICE: { en: 'Voice', es: 'Voz' },
    WHATSAPP: { en: 'WhatsApp', es: 'WhatsApp' },
  },
  // A campaign's kind: the bot's direction and channel in one (the spec's "combined kind").
  campaignKinds: {
    OUTBOUND_VOICE: { en: 'Outbound, voice', es: 'Saliente, por voz' },
    INBOUND_VOICE: { en: 'Inbound, voice', es: 'Entrante, por voz' },
    OUTBOUND_WHATSAPP: { en: 'Outbound, WhatsApp', es: 'Saliente, por WhatsApp' },
    INBOUND_WHATSAPP: { en: 'Inbound, WhatsApp', es: 'Entrante, por WhatsApp' },
  },
  dialingTypes: {
    VERTICAL: { en: 'Vertical', es: 'Vertical' },
    HORIZONTAL_VERTICAL: { en: 'Horizontal-vertical', es: 'Horizontal-vertical' },
  },
} satisfies Texts;
