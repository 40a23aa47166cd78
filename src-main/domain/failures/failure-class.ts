// The coarse class of a failure, for decisions that do not need the fine code: exit codes, "go
// offline", "sign in again", the audit. Each catalog entry names one.
export type FailureClass =
  | 'invalid-input'
  | 'unknown-procedure'
  | 'not-signed-in'
  | 'session-expired'
  | 'offline'
  | 'timeout'
  | 'server'
  | 'refused'
  | 'contract'
  | 'not-found'
  | 'forbidden'
  | 'internal'
  | 'policy.locked'
  | 'ledger.shared_unavailable'
  | 'batch.busy'
  | 'batch.in_doubt'
  | 'results.busy'
  | 'workstation.busy'
  /** Not a failure: a warning or a note (catalog-notes.ts), an input problem's words or an upload's detail, worded like one. */
  | 'notice';

/** One failure's words, with `{name}` placeholders (vue-i18n's syntax), the same names in both. */
export interface CatalogEntry {
  class: FailureClass;
  en: string;
  es: string;
}
