// The do-not-contact ledger's entries as plain data, named by the store, preparation, the surface and
// the renderer. Pure; how ledger values are normalized is preparation's (preparation/ledger).

/** Why a phone or a case must not be contacted. */
export const LEDGER_REASONS = ['debtor-asked', 'wrong-number', 'deceased', 'legal', 'creditor-instruction', 'other'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export type LedgerKind = 'phone' | 'code';

/**
 * One entry. Own entries are this workstation's (id: the store's); shared ones come read-only from
 * the organization's list named by the policy (id: their row in that file).
 */
export interface LedgerEntry {
  id: number;
  source: 'own' | 'shared';
  kind: LedgerKind;
  /** A phone as a 10-digit national number, or a case code as preparation cleans it. */
  value: string;
  reason: LedgerReason;
  /** YYYY-MM-DD: the last day it applies; null for ever. */
  until: string | null;
  /** Only cases of this creditor; null for every creditor. */
  creditor: string | null;
  /** The signed-in service user, else the OS user ('' for the shared list). */
  addedBy: string;
  addedAt: string;
}

/** The cases an upload's summary names among those the ledger held back; its counts say how many in all. */
export const HELD_NAMED = 50;

/** A creditor as compared: case, accents, punctuation and spacing do not matter ("Banco  del Sur" = "banco del sur"). */
export function creditorKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type LedgerRowProblemCode = 'phone-invalid' | 'code-empty' | 'no-phone-or-code' | 'reason-unknown' | 'until-invalid';

/** A row that gave no entry (or one of its values that could not be read), and exactly where. */
export interface LedgerRowProblem {
  code: LedgerRowProblemCode;
  file: string;
  sheet: string;
  /** 1-based, as a spreadsheet program shows it. */
  row: number;
  /** Column letter; null when the row lacks a value in every key column. */
  column: string | null;
  /** What the cell held (phone problems: why it is not a number). */
  params: Record<string, string>;
}
