// Duplicate warnings go stale: the other batch is deleted or uploaded, the campaign's results are
// downloaded, the batch gets its campaign. Decision: they are a snapshot taken at prepare, checked
// again on demand, when the batch is opened (batches:checkDuplicates) and right before each upload
// (sync/duplicates-before-upload.ts, which also decides what the upload skips). Only cases not yet
// sent change; a loaded case's warnings are its history.
import { isDuplicateKind } from '../../domain/duplicates';
import type { Environment } from '../../domain/environments';
import { casesToRecheck, codesCampaignHolds, codesWaitingInOtherBatches, duplicateCount, getBatch, replaceIssuesOfKinds, type Store } from '../../store';
import { duplicateIssues, type DuplicateSources } from './find-duplicates';

/** What the store knows now about where a batch's codes already are (the batch itself left out). */
export function duplicateSources(store: Store, environment: Environment, batchId: number | null, campaignId: number | null): DuplicateSources {
  return {
    otherBatches: codesWaitingInOtherBatches(store.db, environment, batchId),
    campaign: campaignId === null ? null : { id: campaignId, holds: codesCampaignHolds(store.db, environment, campaignId, batchId) },
  };
}

export interface RecheckResult {
  /** Cases flagged as duplicates now. */
  duplicates: number;
  /** Cases whose duplicate warnings changed. */
  changed: number;
}

/**
 * Checks the batch's unsent cases against what the store knows now, in one transaction; `campaignId`
 * is where it is about to go (an upload's campaign), else the batch's own.
 */
export function recheckDuplicates(store: Store, batchId: number, opts: { campaignId?: number | null; sources?: DuplicateSources } = {}): RecheckResult {
  const batch = getBatch(store.db, batchId);
  if (!batch) return { duplicates: 0, changed: 0 };
  const sources = opts.sources ?? duplicateSources(store, batch.environment, batchId, opts.campaignId ?? batch.campaignId);
  const people = new Set([...sources.otherBatches.keys(), ...(sources.campaign?.holds.keys() ?? [])]);
  const changed = store.db
    .transaction(() => {
      let n = 0;
      for (const c of casesToRecheck(store.db, batchId, people)) if (replaceIssuesOfKinds(store.db, c.id, isDuplicateKind, duplicateIssues(c, sources))) n += 1;
      return n;
    })
    .immediate();
  return { duplicates: duplicateCount(store.db, batchId), changed };
}
