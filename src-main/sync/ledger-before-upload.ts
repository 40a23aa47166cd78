// The do-not-contact ledger once more, right before an upload: an entry added (or a shared list
// changed) after the batch was prepared still keeps its phone or case out of the campaign, and leaves
// the batch as preparing it afresh with the ledger would.
import { HELD_NAMED } from '../domain/ledger';
import { recheckSharedPhones, SharedPhoneChanges } from '../preparation/duplicates/flag-duplicates';
import { rebuildForLedger, releaseFromLedger, settingsOf } from '../preparation/edit-batch';
import {
  allHoldsOf,
  batchLedgerIndex,
  holdsMore,
  ledgerOutcomeOf,
  matchLedger,
  statusAfterLedger,
  type LedgerIndex,
  type LedgerMatch,
  type SharedList,
} from '../preparation/ledger/apply-ledger';
import { localDay } from '../preparation/ledger/ledger-types';
import { phonesOfRows, unpackRaw, type PrepareSettings } from '../preparation/build/build-cases';
import {
  batchCreditor,
  caseRowsAndIssuesReader,
  casesForLedgerCheck,
  ledgerHoldIssues,
  listLedgerEntries,
  recordLedgerOutcome,
  replaceCase,
  type CaseDebtor,
  type CaseForLedger,
  type CaseRowsAndIssues,
  type CaseStatus,
  type Db,
  type Store,
} from '../store';

export interface LedgerAtUpload {
  /** The organization's list (read-only), applied beside this workstation's own entries. */
  shared?: SharedList | null;
  /** YYYY-MM-DD for expiry; this machine's day by default. */
  today?: string;
  /**
   * False when the shared list could not be read whole (unreachable, bad rows): a case it held stays
   * held rather than come back because a network share was offline. True by default.
   */
  complete?: boolean;
}

/** A case the ledger held back in this check, among those the upload would send: its code, and what it lost. */
export interface LedgerHeld {
  code: string;
  /** It may not be contacted at all (its code is listed, or every phone it had). */
  suppressed: boolean;
  /** Phones it lost to the ledger. */
  phones: string[];
}

export interface LedgerOutcome {
  cases: number;
  phones: number;
  /** The first HELD_NAMED cases held, by id. */
  held: LedgerHeld[];
  /** Cases an entry removed or expired since gave back what it held (only with the shared list read whole). */
  released?: number;
}

/**
 * Applies the ledger to the batch's cases not yet sent; how many cases it suppressed and phones it took
 * off among those the upload would send, and which (the first HELD_NAMED). A case is built again from its rows as an edit does, so a
 * phone the campaign's limit cut moves up into a listed phone's place. Rejected and excluded cases lose
 * listed phones too (preparing with the entry never gives them one) and keep their status.
 */
export function applyLedgerBeforeUpload(store: Store, batchId: number, ledger: LedgerAtUpload = {}): LedgerOutcome {
  const db = store.db;
  const today = ledger.today ?? localDay();
  const shared = ledger.shared ?? null;
  // First what the ledger no longer lists comes back (an entry removed or expired since preparing);
  // releaseFromLedger counts the phones it gives back among their debtors in its own write.
  const released = ledger.complete !== false ? releaseFromLedger(store, batchId, shared, today).released : 0;
  const index = batchLedgerIndex(listLedgerEntries(db), shared, { today, creditor: batchCreditor(db, batchId) });
  const counts: LedgerOutcome = { cases: 0, phones: 0, held: [], released };
  if (index.empty) return counts;
  // Read once a case needs building again. A rebuild only takes off: while the shared list is not read
  // whole, what the ledger held stays held (no release ran), so the entries that held it apply too.
  let settings: PrepareSettings | undefined;
  const rebuildSettings = () =>
    (settings ??= settingsOf(store, batchId, shared, today, ledger.complete === false ? allHoldsOf(ledgerHoldIssues(db, batchId)) : []));
  // Only a listed phone can be one the limit cut: a list of codes alone needs no case's rows.
  const rowsOverLimit = index.hasPhones;
  db.transaction(() => {
    const changes = new SharedPhoneChanges();
    const stored = caseRowsAndIssuesReader(db);
    for (const c of casesForLedgerCheck(db, batchId, { rowsOverLimit })) {
      const match = matchLedger(c, index);
      const listed = match.removed.length > 0 || match.code !== null;
      // A case over the phone limit is built again only when a phone its rows give is listed (one
      // it keeps was found just above): reading its phone cells costs a fraction of building it.
      if (
        !listed &&
        (c.rowsOverLimit === null ||
          !someListed(phonesOfRows(unpackRaw(c.rowsOverLimit.raw, { ...c, products: c.rowsOverLimit.products }), rebuildSettings()), index))
      )
        continue;
      const next = applyToCase(db, batchId, c, listed ? match : null, stored(c.id), rebuildSettings);
      if (next === null) continue;
      changes.note(c.id, c, next);
      // What the upload would have sent: a rejected or excluded case was never on its way.
      if (c.status !== 'ready' && c.status !== 'warning') continue;
      counts.phones += match.removed.length;
      if (next.status === 'suppressed') counts.cases += 1;
      const lost = c.phones.filter((p) => !next.phones.includes(p));
      if (counts.held.length < HELD_NAMED && (next.status === 'suppressed' || lost.length > 0))
        counts.held.push({ code: c.code, suppressed: next.status === 'suppressed', phones: lost });
    }
    // Preparing counts a phone's debtors after the ledger took listed phones off (a suppressed case
    // counts with the phones it keeps): a phone taken off here no longer counts, one moved up does.
    recheckSharedPhones(store, batchId, changes);
  }).immediate();
  return counts;
}

/**
 * The ledger applied to one case: built again from its rows (what preparing would make of it now), and
 * written when what the ledger decides changed. Without rows only the listed phones can go. Null when
 * nothing changed. `match`: what the ledger lists among the phones the case keeps and its code; null
 * when nothing is, and only a phone the campaign's limit cut may be listed.
 */
function applyToCase(
  db: Db,
  batchId: number,
  c: CaseForLedger,
  match: LedgerMatch | null,
  stored: CaseRowsAndIssues | null,
  settings: () => PrepareSettings,
): (CaseDebtor & { status: CaseStatus }) | null {
  if (stored === null) return null;
  const next = rebuildForLedger({ ...stored, code: c.code, status: c.status }, settings());
  if (next === null) {
    // Stored before rows were kept with their case (migration 3): a cut phone cannot be found again.
    if (match === null) return null;
    const sendable = c.status === 'ready' || c.status === 'warning';
    // A case left out keeps its status, and is told of its listed code once.
    const told = !sendable && c.toldOfListedCode;
    if (match.removed.length === 0 && told) return null;
    const issues = told ? match.issues.filter((i) => i.kind !== 'suppressed-code') : match.issues;
    const status = sendable ? statusAfterLedger(c.status, match) : c.status;
    recordLedgerOutcome(db, batchId, c, { phones: match.phones, status, issues });
    return { ...c, phones: match.phones, status };
  }
  // Only the ledger's part is compared, and a case is rewritten for a cut phone only when one is newly
  // held: a case the ledger leaves as it was is not rewritten (by rules changed since it was prepared).
  if (match === null && !holdsMore(next.issues, stored.issues)) return null;
  if (ledgerOutcomeOf(next) === ledgerOutcomeOf({ phones: c.phones, issues: stored.issues })) return null;
  const written = replaceCase(db, c.id, next, 'ledger');
  if (written === null) return null; // its request may be on its way
  return { ...next, id: c.id, status: written };
}

function someListed(phones: ReadonlySet<string>, index: LedgerIndex): boolean {
  for (const p of phones) if (index.phone(p) !== undefined) return true;
  return false;
}
