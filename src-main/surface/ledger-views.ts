// What the ledger procedures answer (procedures.ts). Pure: the renderer imports these types.
import type { LedgerEntry, LedgerRowProblem } from '../domain/ledger';
import type { Notice } from '../preparation/preparation-types';

/**
 * When the organization's list must be readable: 'all' (the policy requires it: nothing is prepared or
 * uploaded without it), 'upload' (the default: preparing goes on with a notice, uploads wait), 'none'
 * (the policy lets both go on without it).
 */
export type SharedListRequired = 'all' | 'upload' | 'none';

export interface LedgerListing {
  /**
   * Own entries first (newest last; those the search finds), then a page of the shared list's
   * (`shared.offset`, at most `shared.limit`); expired ones too, marked.
   */
  entries: (LedgerEntry & { active: boolean })[];
  /**
   * The shared list named by the policy, when it must be readable, how many entries it has, how many
   * the search finds, and which of them `entries` holds; null when there is none.
   */
  shared: { file: string; required: SharedListRequired; count: number; matching: number; offset: number; limit: number } | null;
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
