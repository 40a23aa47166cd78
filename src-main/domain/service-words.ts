// The service's constants in the agent's words, one map of each, shared by the screens (through the
// renderer's catalog), the CLI and the files written for the creditor. A value the service adds later
// is shown as it comes. The spec lists no call states (SPEC-GAPS): those below are the ones seen.

export interface StateWords {
  en: string;
  es: string;
}

export const CAMPAIGN_STATE_WORDS = {
  PAUSED: { en: 'Paused', es: 'En pausa' },
  SCHEDULED: { en: 'Scheduled', es: 'Programada' },
  ONGOING: { en: 'Ongoing', es: 'En curso' },
  CLOSED: { en: 'Closed', es: 'Cerrada' },
} as const satisfies Record<string, StateWords>;

export const BOT_TYPE_WORDS = {
  INBOUND: { en: 'Inbound', es: 'Entrante' },
  OUTBOUND: { en: 'Outbound', es: 'Saliente' },
} as const satisfies Record<string, StateWords>;

export const CONVERSATION_TYPE_WORDS = {
  VOICE: { en: 'Voice', es: 'Voz' },
  WHATSAPP: { en: 'WhatsApp', es: 'WhatsApp' },
} as const satisfies Record<string, StateWords>;

/** A campaign's kind: the bot's direction and channel in one (the spec's "combined kind"). */
export const CAMPAIGN_KIND_WORDS = {
  OUTBOUND_VOICE: { en: 'Outbound, voice', es: 'Saliente, por voz' },
  INBOUND_VOICE: { en: 'Inbound, voice', es: 'Entrante, por voz' },
  OUTBOUND_WHATSAPP: { en: 'Outbound, WhatsApp', es: 'Saliente, por WhatsApp' },
  INBOUND_WHATSAPP: { en: 'Inbound, WhatsApp', es: 'Entrante, por WhatsApp' },
} as const satisfies Record<string, StateWords>;

export const DIALING_TYPE_WORDS = {
  VERTICAL: { en: 'Vertical', es: 'Vertical' },
  HORIZONTAL_VERTICAL: { en: 'Horizontal-vertical', es: 'Horizontal-vertical' },
} as const satisfies Record<string, StateWords>;

export const CALL_STATE_WORDS = {
  ANSWERED: { en: 'Answered', es: 'Atendida' },
  NOT_ANSWERED: { en: 'Not answered', es: 'No atendida' },
  NO_ANSWER: { en: 'No answer', es: 'No contesta' },
  VOICEMAIL: { en: 'Voicemail', es: 'Contestador' },
  BUSY: { en: 'Busy', es: 'Ocupado' },
  WRONG_NUMBER: { en: 'Wrong number', es: 'Número equivocado' },
  FAILED: { en: 'Failed', es: 'Falló' },
  COMPLETED: { en: 'Completed', es: 'Completada' },
  PENDING: { en: 'Pending', es: 'Pendiente' },
  QUEUED: { en: 'Queued', es: 'En cola' },
  NO_CONTACT: { en: 'No contact', es: 'Sin contacto' },
  IN_PROGRESS: { en: 'In progress', es: 'En curso' },
  CANCELLED: { en: 'Cancelled', es: 'Cancelada' },
  REJECTED: { en: 'Rejected', es: 'Rechazada' },
} as const satisfies Record<string, StateWords>;

export const OTHER_STATE: StateWords = { en: 'Other state', es: 'Otro estado' };

/** A code and nothing else (ANSWERED, NO_ANSWER): the service's own words are kept as they come. */
const STATE_CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

export type StateReading = { kind: 'empty' } | { kind: 'known'; words: StateWords } | { kind: 'other'; code: string } | { kind: 'words'; text: string };

/** What a state the service sent is: nothing, a code we know, a code we do not, or words of its own. */
export function readServiceState(raw: string | null | undefined): StateReading {
  const value = (raw ?? '').trim();
  if (value === '') return { kind: 'empty' };
  if (!STATE_CODE.test(value)) return { kind: 'words', text: value };
  const words = Object.hasOwn(CALL_STATE_WORDS, value) ? (CALL_STATE_WORDS as Record<string, StateWords>)[value] : undefined;
  return words ? { kind: 'known', words } : { kind: 'other', code: value };
}

/** A constant of the service in `lang` from one of the maps above; a value not in it, as it comes. */
export function serviceWordIn(lang: 'en' | 'es', words: Record<string, StateWords>, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return Object.hasOwn(words, value) ? (words[value] as StateWords)[lang] : value;
}

/** A call's or case's state in `lang`: a known code by its words, another code beside "another state", the service's own words as they are. */
export function stateWordIn(lang: 'en' | 'es', raw: string | null | undefined): string {
  const state = readServiceState(raw);
  if (state.kind === 'empty') return '';
  if (state.kind === 'words') return state.text;
  return state.kind === 'known' ? state.words[lang] : `${OTHER_STATE[lang]} (${state.code})`;
}
