// The do-not-contact ledger once more, right before an upload: an entry added (or a shared list
// changed) after the batch was prepared still keeps its phone or case out of the campaign.
import type { LedgerEntry } from '../domain/ledger';
import { recheckSharedPhones, SharedPhoneChanges } from '../preparation/duplicates/flag-duplicates';
import { releaseFromLedger } from '../preparation/edit-batch';
import { ledgerIndex, matchLedger, statusAfterLedger } from '../preparation/ledger/apply-ledger';
import { localDay } from '../preparation/ledger/ledger-types';
import { batchCreditor, casesBeforeUpload, listLedgerEntries, recordLedgerOutcome, type Store } from '../store';

export interface LedgerAtUpload {
  /** The organization's list (read-only), applied beside this workstation's own entries. */
  shared?: readonly LedgerEntry[];
  /** YYYY-MM-DD for expiry; this machine's day by default. */
  today?: string;
  /**
   * False when the shared list could not be read whole (unreachable, bad rows): a case it held stays
   * held rather than come back because a network share was offline. True by default.
   */
  complete?: boolean;
}

/** Applies the ledger to the batch's cases still to be sent; how many cases it suppressed and phones it took off. */
export function applyLedgerBeforeUpload(store: Store, batchId: number, ledger: LedgerAtUpload = {}): { cases: number; phones: number } {
  const db = store.db;
  // First what the ledger no longer lists comes back (an entry removed or expired since preparing);
  // releaseFromLedger counts the phones it gives back among their debtors in its own write.
  if (ledger.complete !== false) releaseFromLedger(store, batchId, ledger.shared ?? [], ledger.today);
  const index = ledgerIndex([...listLedgerEntries(db), ...(ledger.shared ?? [])], { today: ledger.today ?? localDay(), creditor: batchCreditor(db, batchId) });
  const counts = { cases: 0, phones: 0 };
  if (index.empty) return counts;
  db.transaction(() => {
    const changes = new SharedPhoneChanges();
    for (const c of casesBeforeUpload(db, batchId)) {
      const match = matchLedger(c, index);
      if (match.removed.length === 0 && match.code === null) continue;
      recordLedgerOutcome(db, batchId, c, { phones: match.phones, status: statusAfterLedger(c.status, match), issues: match.issues });
      changes.note(c.id, c, { ...c, phones: match.phones });
      counts.phones += match.removed.length;
      if (match.suppressed) counts.cases += 1;
    }
    // Preparing counts a phone's debtors after the ledger took listed phones off (a suppressed case
    // counts with the phones it keeps): a phone taken off here no longer counts either.
    recheckSharedPhones(store, batchId, changes);
  }).immediate();
  return counts;
}
