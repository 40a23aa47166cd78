// What the ledger procedures answer (procedures.ts). Pure: the renderer imports these types.
import type { LedgerEntry, LedgerRowProblem } from '../domain/ledger';
import type { Notice } from '../preparation/preparation-types';

export interface LedgerListing {
  /** Own entries first (newest last), then the shared list's; expired ones too, marked. */
  entries: (LedgerEntry & { active: boolean })[];
  /** The shared list named by the policy, and whether it must be readable; null when there is none. */
  shared: { file: string; required: boolean } | null;
  /** E.g. the shared list could not be read (ledger.shared_unreadable). */
  notices: Notice[];
  /** The day expiry is judged by (YYYY-MM-DD, this machine's). */
  today: string;
}

export interface LedgerImportSummary {
  file: string;
  sheet: string;
  /** Entries new to the ledger, and entries that were there and were replaced. */
  added: number;
  updated: number;
  /** Rows (or values) that gave no entry, each with where it is. */
  problems: LedgerRowProblem[];
}
