// Duplicates once more, right before an upload: another batch may have loaded the same codes into the
// campaign since this one was prepared, or its results may now show them. A code the campaign already
// holds is skipped (never sent twice by accident), unless the agent chose to load this batch's
// duplicates again: then the cases skipped by an earlier run go back to the queue too.
import { personKey } from '../domain/person-key';
import { duplicateSources, recheckDuplicates } from '../preparation/duplicates/recheck-duplicates';
import { casesBeforeUpload, getBatch, markSkipped, skippedCount, unskipCases, type Store } from '../store';

export interface DuplicatesAtUpload {
  /** Load codes the campaign already holds again (a per-batch choice: procedure input, checkbox, --reload-duplicates). */
  reload?: boolean;
}

/**
 * Applies the rule before anything is planned: how many of the batch's cases are skipped now (this
 * run's and earlier runs'), and how many changed their upload state here (skipped now, or back to the queue).
 */
export function skipDuplicatesBeforeUpload(
  store: Store,
  batchId: number,
  campaignId: number,
  opts: DuplicatesAtUpload = {},
): { skipped: number; changed: number } {
  const db = store.db;
  const batch = getBatch(db, batchId);
  if (!batch) return { skipped: 0, changed: 0 };
  let changed = opts.reload ? unskipCases(db, batchId) : 0;
  const sources = duplicateSources(store, batch.environment, batchId, campaignId);
  // The grid says what the upload does: the warnings are refreshed against the campaign it goes to.
  recheckDuplicates(store, batchId, { sources });
  const holds = sources.campaign?.holds;
  if (!opts.reload && holds && holds.size > 0) {
    db.transaction(() => {
      // Cases whose request may be on its way are not among them: reading the campaign back settles those.
      for (const c of casesBeforeUpload(db, batchId)) if (holds.has(personKey(c.code)) && markSkipped(db, c.id)) changed += 1;
    }).immediate();
  }
  return { skipped: skippedCount(db, batchId), changed };
}
