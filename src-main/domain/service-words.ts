// The service's state codes of calls, lines and cases in the agent's words, shared by the screens
// (through the renderer's catalog) and the files written for the creditor. The spec lists none of
// these values (SPEC-GAPS): these are the ones seen; another code is "another state", kept beside.

export interface StateWords {
  en: string;
  es: string;
}

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
