// The emulator's catalogue of case results. The spec does not list result names; these are the
// emulator's, in Spanish as an Argentine service would show them.
import type { CallOutcome } from './call-scripts';

export interface ResultKind {
  id: number;
  name: string;
  /** The case needs no more calls. */
  isFinal: boolean;
  /** A person answered. */
  contacted: boolean;
  /** Call-level result and gateway status (their allowed values are not shown by the spec). */
  callResult: string;
  gatewayStatus: string;
}

export const PENDING: ResultKind = { id: 0, name: 'Pendiente', isFinal: false, contacted: false, callResult: 'PENDING', gatewayStatus: 'QUEUED' };
export const EXHAUSTED: ResultKind = { id: 9, name: 'Sin contacto', isFinal: true, contacted: false, callResult: 'NO_CONTACT', gatewayStatus: 'COMPLETED' };
/** Attempts ran out after someone answered (a third party, a wrong number): reached, never "Sin contacto". */
export const REACHED_UNRESOLVED: ResultKind = {
  id: 10,
  name: 'Contactado sin resolución',
  isFinal: true,
  contacted: true,
  callResult: 'ANSWERED',
  gatewayStatus: 'COMPLETED',
};

/** The final result of a case whose attempts ran out: "Sin contacto" only when no call reached anyone. */
export const outOfAttempts = (reached: boolean): ResultKind => (reached ? REACHED_UNRESOLVED : EXHAUSTED);

export const OUTCOME_RESULTS: Record<CallOutcome, ResultKind> = {
  promise: { id: 1, name: 'Promesa de pago', isFinal: true, contacted: true, callResult: 'ANSWERED', gatewayStatus: 'COMPLETED' },
  no_promise: { id: 2, name: 'Contactado sin promesa', isFinal: true, contacted: true, callResult: 'ANSWERED', gatewayStatus: 'COMPLETED' },
  third_party: { id: 3, name: 'Atendió un tercero', isFinal: false, contacted: true, callResult: 'ANSWERED', gatewayStatus: 'COMPLETED' },
  voicemail: { id: 4, name: 'Contestador', isFinal: false, contacted: false, callResult: 'VOICEMAIL', gatewayStatus: 'COMPLETED' },
  no_answer: { id: 5, name: 'No contesta', isFinal: false, contacted: false, callResult: 'NO_ANSWER', gatewayStatus: 'NO_ANSWER' },
  busy: { id: 6, name: 'Ocupado', isFinal: false, contacted: false, callResult: 'BUSY', gatewayStatus: 'BUSY' },
  wrong_number: { id: 7, name: 'Número equivocado', isFinal: false, contacted: true, callResult: 'WRONG_NUMBER', gatewayStatus: 'COMPLETED' },
  failed: { id: 8, name: 'Error de red', isFinal: false, contacted: false, callResult: 'FAILED', gatewayStatus: 'FAILED' },
};

const ALL = [PENDING, EXHAUSTED, REACHED_UNRESOLVED, ...Object.values(OUTCOME_RESULTS)];

export function resultById(id: number): ResultKind {
  return ALL.find((r) => r.id === id) ?? PENDING;
}

/** Chance of each outcome on one attempt, in a fixed order so a seed always picks the same one. */
const OUTCOME_WEIGHTS: [CallOutcome, number][] = [
  ['promise', 0.2],
  ['no_promise', 0.16],
  ['third_party', 0.05],
  ['voicemail', 0.11],
  ['no_answer', 0.25],
  ['busy', 0.09],
  ['wrong_number', 0.08],
  ['failed', 0.06],
];

export function pickOutcome(random: () => number): CallOutcome {
  let r = random();
  for (const [outcome, weight] of OUTCOME_WEIGHTS) {
    if (r < weight) return outcome;
    r -= weight;
  }
  return 'no_answer';
}
