// The duplicate checks as preparing a batch (a creditor's file or a follow-up) applies them: each case
// on its way to the store, and a phone's debtors once every case went by.
import { casesWithPhones, replaceIssuesOfKinds, type Store } from '../../store';
import type { BuiltCase } from '../build/build-cases';
import { duplicateIssues, sharedPhoneIssues, type DuplicateSources, type SharedPhoneTally } from './find-duplicates';

export { SharedPhoneTally } from './find-duplicates';

/** Adds the case's duplicate warnings (a ready case becomes one with warnings); whether it is a duplicate. */
export function flagDuplicates(c: BuiltCase, sources: DuplicateSources): boolean {
  const found = duplicateIssues(c, sources);
  if (found.length === 0) return false;
  c.issues.push(...found);
  if (c.status === 'ready') c.status = 'warning';
  return true;
}

/** Warns the stored cases of a phone many debtors share, in one transaction; how many warnings it added. */
export function flagSharedPhones(store: Store, batchId: number, tally: SharedPhoneTally): number {
  const shared = tally.shared();
  if (shared.size === 0) return 0;
  return store.db
    .transaction(() => {
      let added = 0;
      for (const c of casesWithPhones(store.db, batchId, [...shared.keys()])) {
        const found = sharedPhoneIssues(c, shared);
        if (replaceIssuesOfKinds(store.db, c.id, (kind) => kind === 'shared-phone', found)) added += found.length;
      }
      return added;
    })
    .immediate();
}
