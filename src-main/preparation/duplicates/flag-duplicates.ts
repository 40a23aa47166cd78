// The duplicate checks as preparing a batch (a creditor's file or a follow-up) applies them: each case
// on its way to the store, and a phone's debtors once every case went by, and again after an edit.
import {
  caseIdsWithKind,
  casesWithPhones,
  pageCaseDebtors,
  replaceIssuesOfKinds,
  batchCaseTotal,
  setSharedRecountPending,
  sharedRecountPending,
  type CaseDebtor,
  type Store,
} from '../../store';
import type { BuiltCase } from '../build/build-cases';
import {
  duplicateIssues,
  phonesTouched,
  recountSharedPhones,
  SHARED_PHONE_MIN_DEBTORS,
  sharedPhoneIssues,
  SharedPhoneTally,
  type DuplicateSources,
} from './find-duplicates';
import type { PhoneCaseCounts } from './phone-case-counts';

export { PhoneCaseCounts } from './phone-case-counts';

/** Adds the case's duplicate warnings (a ready case becomes one with warnings); whether it is a duplicate. */
export function flagDuplicates(c: BuiltCase, sources: DuplicateSources): boolean {
  const found = duplicateIssues(c, sources);
  if (found.length === 0) return false;
  c.issues.push(...found);
  if (c.status === 'ready') c.status = 'warning';
  return true;
}

const isSharedPhone = (kind: string) => kind === 'shared-phone';

/**
 * Warns the stored cases of a phone many debtors share, in one transaction; how many warnings it added.
 * Only phones listed by enough cases can be: their cases are read back and their debtors counted
 * (names folded), so preparing kept a count a phone, not every case's name.
 */
export function flagSharedPhones(store: Store, batchId: number, counts: PhoneCaseCounts): number {
  const candidates = counts.atLeast(SHARED_PHONE_MIN_DEBTORS);
  if (candidates.length === 0) return 0;
  const wanted = new Set(candidates);
  const tally = new SharedPhoneTally();
  const add = (c: Parameters<SharedPhoneTally['add']>[0]) => tally.add({ ...c, phones: c.phones.filter((p) => wanted.has(p)) });
  if (candidates.length >= WHOLE_BATCH_FROM_PHONES) forEachCaseDebtor(store, batchId, add);
  else for (const c of casesWithPhones(store.db, batchId, candidates)) add(c);
  const shared = tally.shared();
  if (shared.size === 0) return 0;
  return store.db.transaction(() => warnSharedPhones(store, batchId, shared, []).warnings).immediate();
}

/** Every case of the batch, as who it is and its phones, a page at a time. */
function forEachCaseDebtor(store: Store, batchId: number, visit: (c: CaseDebtor) => void): void {
  for (let afterId = 0; ;) {
    const page = pageCaseDebtors(store.db, batchId, afterId, 5000);
    if (page.length === 0) return;
    for (const c of page) visit(c);
    afterId = page[page.length - 1]?.id ?? afterId;
  }
}

/** Sets every case's shared-phone warnings from the counts of the whole batch (`shared`); `warned`: cases that may hold one no longer right. */
function warnSharedPhones(store: Store, batchId: number, shared: ReadonlyMap<string, number>, warned: readonly number[]): { warnings: number; cases: number } {
  let warnings = 0;
  let cases = 0;
  for (const c of casesOfPhones(store, batchId, shared, warned)) {
    const found = sharedPhoneIssues(c, shared);
    if (!replaceIssuesOfKinds(store.db, c.id, isSharedPhone, found)) continue;
    warnings += found.length;
    cases += 1;
  }
  return { warnings, cases };
}

/**
 * The cases with any of these phones, and `also`. Many phones: the batch is walked once and its cases
 * with them read by id, instead of a pass over the search index for each 50 phones (10,000 shared
 * phones in a 150,000-case batch held preparing for minutes).
 */
function casesOfPhones(store: Store, batchId: number, phones: ReadonlyMap<string, number>, also: readonly number[]) {
  if (phones.size < WHOLE_BATCH_FROM_PHONES) return casesWithPhones(store.db, batchId, [...phones.keys()], also);
  const ids = [...also];
  forEachCaseDebtor(store, batchId, (c) => {
    if (c.phones.some((p) => phones.has(p))) ids.push(c.id);
  });
  return casesWithPhones(store.db, batchId, [], ids);
}

type Debtor = Parameters<typeof phonesTouched>[0];

/** What edits changed of a batch's cases' phones and debtors, noted as each case is written: for recheckSharedPhones. */
export class SharedPhoneChanges {
  readonly phones = new Set<string>();
  readonly caseIds: number[] = [];

  note(caseId: number, before: Debtor, after: Debtor): void {
    const touched = phonesTouched(before, after);
    if (touched.length === 0) return;
    this.caseIds.push(caseId);
    for (const p of touched) this.phones.add(p);
  }
}

/**
 * Past this many phones, counting the whole batch again costs less than finding their cases: each 50
 * phones are a pass over the batch's search index (a bulk fix touches every phone).
 */
const WHOLE_BATCH_FROM_PHONES = 200;

/**
 * The batch's shared-phone warnings made right again after its cases were edited (call inside the
 * transaction that wrote them): a phone no longer shared by enough debtors loses its warning on every
 * case, one that now is gets it on all. Only the phones the edits touched are counted again, through
 * the search index; many of them (a bulk fix), the whole batch.
 *
 * Which cases count is what preparing counts: every case of the batch, whatever its status. An
 * excluded case's row still says the creditor gave that number to that debtor, as a rejected or a
 * suppressed one does: leaving a case out says nothing about whose the number is, so excluding or
 * including a case counts nothing again (and keeps the other cases' warnings as they were).
 */
export function recheckSharedPhones(store: Store, batchId: number, changes: SharedPhoneChanges): void {
  if (changes.phones.size === 0) return;
  if (changes.phones.size >= WHOLE_BATCH_FROM_PHONES) {
    recountWholeBatch(store, batchId);
    return;
  }
  const cases = casesWithPhones(store.db, batchId, [...changes.phones], changes.caseIds);
  for (const { case: c, issues } of recountSharedPhones(cases, changes.phones)) replaceIssuesOfKinds(store.db, c.id, isSharedPhone, issues);
}

/** The batch's shared-phone warnings counted again from all its cases; how many cases changed. */
export function recountWholeBatch(store: Store, batchId: number): number {
  const tally = new SharedPhoneTally();
  forEachCaseDebtor(store, batchId, (c) => tally.add(c));
  return warnSharedPhones(store, batchId, tally.shared(), caseIdsWithKind(store.db, batchId, 'shared-phone')).cases;
}

/**
 * Counts the batch's shared phones again, whole, when a corrected report left that to do (a process
 * killed between its parts and its count), in one transaction with clearing the flag; how many cases
 * changed. Only for a batch of up to `maxCases`: the count reads every case on the calling thread
 * (about 2 s for 90,000 cases), so a bigger batch keeps its flag for its next report, which counts it.
 */
export function finishSharedRecount(store: Store, batchId: number, maxCases: number): number {
  if (!sharedRecountPending(store.db, batchId) || batchCaseTotal(store.db, batchId) > maxCases) return 0;
  return store.db
    .transaction(() => {
      const changed = recountWholeBatch(store, batchId);
      setSharedRecountPending(store.db, batchId, false);
      return changed;
    })
    .immediate();
}
