// Deleting what the agent no longer needs, and retention: what is older than the agent's limit goes
// by itself. Used by the procedures, the CLI and the app context's daily timer. Every deletion in the
// store ends with a truncating checkpoint, so nothing of the deleted debtors stays in its file or WAL.
import { campaignDownloadWork, correctionsWork, isInboundDownloadWork, uploadWork } from './work-keys';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Environment } from '../domain/environments';
import {
  batchesUploadedBefore,
  campaignsDownloadedBefore,
  casesInDoubtCount,
  deleteBatchRows,
  deleteCampaignResultRows,
  deleteInboundCasesBefore,
  deleteOrphanRecordingsBefore,
  filesModifiedBefore,
  getBatch,
  IMPORTS_DIR,
  RECORDINGS_DIR,
  recordingFilesInUse,
  removeFileInside,
  storedResults,
} from '../store';
import type { AppParts } from './app-parts';
import { readSettings } from './settings';
import type { DeletedBatch, DeletedResults, PurgeReport, StoredResultsView } from './app-results';
import { SurfaceFailure } from './surface-failure';
import { audit, type AuditingContext } from './audit-trail';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The date retention deletes something measured `from` this time; null when there is nothing to time. */
export function keptUntil(from: string | null, retentionDays: number): string | null {
  if (from === null) return null;
  const at = Date.parse(from);
  return Number.isNaN(at) ? null : new Date(at + retentionDays * DAY_MS).toISOString();
}

/** What deleting a batch or a campaign's results reaches: the work running, the store, the folder, and the trail. */
type DeletingContext = AuditingContext & Pick<AppParts, 'runningWork'>;
/** What reading the retention setting reaches (readSettings). */
type SettingsContext = Pick<AppParts, 'dataKey' | 'options' | 'policy' | 'store'>;

const importsRoot = (ctx: Pick<AppParts, 'options'>) => join(ctx.options.dataDir, IMPORTS_DIR);
const recordingsRoot = (ctx: Pick<AppParts, 'options'>) => join(ctx.options.dataDir, RECORDINGS_DIR);

/** Why a batch cannot go now, as a failure the screens and the CLI word themselves; null when it can. */
function batchHold(ctx: Pick<AppParts, 'runningWork' | 'store'>, batchId: number): SurfaceFailure | null {
  if (ctx.runningWork().includes(uploadWork(batchId))) {
    return new SurfaceFailure('batch.busy', { batchId });
  }
  if (ctx.runningWork().includes(correctionsWork(batchId))) {
    return new SurfaceFailure('batch.correcting', { batchId });
  }
  const inDoubt = casesInDoubtCount(ctx.store.db, batchId);
  if (inDoubt > 0) {
    return new SurfaceFailure('batch.in_doubt', { batchId, inDoubt });
  }
  return null;
}

/**
 * A batch whose corrected report is being written, a part at a time, takes no other change until it
 * ends: an edit of a case not yet reached would be overwritten by the report's rows.
 */
export function refuseWhileCorrecting(ctx: Pick<AppParts, 'runningWork'>, batchId: number): void {
  if (ctx.runningWork().includes(correctionsWork(batchId))) throw new SurfaceFailure('batch.correcting', { batchId });
}

/** Deletes a batch and everything derived from it, or refuses (uploading, cases in doubt). */
export function deleteBatch(ctx: DeletingContext, batchId: number): DeletedBatch {
  const batch = getBatch(ctx.store.db, batchId);
  if (!batch) throw new SurfaceFailure('batch.not_found', { batchId });
  const hold = batchHold(ctx, batchId);
  if (hold) throw hold;
  const deleted = removeBatch(ctx, batchId);
  audit(ctx, { action: 'batch.deleted', batchId, environment: batch.environment, cases: deleted.cases }, { environment: batch.environment });
  return deleted;
}

function removeBatch(ctx: Pick<AppParts, 'options' | 'store'>, batchId: number): DeletedBatch {
  const rows = deleteBatchRows(ctx.store.db, batchId);
  // Only the copy CaseDesk made (the app's picked or dropped file); a path the CLI was given is the user's.
  const importedFileDeleted = rows ? removeFileInside(importsRoot(ctx), rows.sourceFile) : false;
  return { batchId, cases: rows?.cases ?? 0, chunks: rows?.chunks ?? 0, importedFileDeleted };
}

export function storedResultsView(ctx: SettingsContext, env: Environment, campaignId: number): StoredResultsView {
  const stored = storedResults(ctx.store.db, env, campaignId);
  const anything = stored.cases + stored.calls + stored.recordings > 0;
  return { campaignId, ...stored, keptUntil: anything ? keptUntil(stored.downloadedAt, readSettings(ctx).retentionDays) : null };
}

/** Deletes a campaign's stored results and recordings, or refuses while they are downloading. */
export function deleteCampaignResults(ctx: DeletingContext, env: Environment, campaignId: number): DeletedResults {
  if (ctx.runningWork().includes(campaignDownloadWork(env, campaignId))) {
    throw new SurfaceFailure('results.busy', { campaignId });
  }
  const deleted = removeCampaignResults(ctx, env, campaignId);
  audit(
    ctx,
    { action: 'results.deleted', environment: env, campaignId, cases: deleted.cases, calls: deleted.calls, recordings: deleted.recordings },
    { environment: env },
  );
  return deleted;
}

function removeCampaignResults(ctx: Pick<AppParts, 'options' | 'store'>, env: Environment, campaignId: number): DeletedResults {
  const rows = deleteCampaignResultRows(ctx.store.db, env, campaignId);
  let left = 0;
  for (const file of rows.recordingFiles) if (!removeFileInside(recordingsRoot(ctx), file)) left += 1;
  return { campaignId, cases: rows.cases, calls: rows.calls, recordings: rows.recordingFiles.length, recordingFilesLeft: left };
}

/**
 * Purges what is older than the retention setting. What "older" is measured from, for each kind:
 * - a batch: only once fully uploaded (no ready case pending or in doubt, nor skipped and changed
 *   after the upload skipped it: see lifecycle-repo's FULLY_UPLOADED), from its last upload (the end
 *   of its last upload run, even one that sent nothing, or its newest chunk answer if later); a
 *   draft, or a batch with cases to decide, is never purged;
 * - a campaign's results, calls and outbound recordings: together, from the campaign's last results
 *   download (a campaign the agent keeps downloading is in use);
 * - inbound cases and their recordings: from when each case was downloaded (or last changed);
 * - any other recording (its call or case no longer stored): from its own download; a file in the
 *   recordings folder the store no longer points to (an interrupted download's, say): from its
 *   last change;
 * - an imported file (a copy of a picked or dropped file): from when it was received.
 * Work in progress is skipped (an upload or download running now); the next purge takes it.
 */
export function purgeExpired(ctx: DeletingContext & SettingsContext, now = new Date()): PurgeReport {
  const { retentionDays } = readSettings(ctx);
  const cutoffMs = now.getTime() - retentionDays * DAY_MS;
  const cutoff = new Date(cutoffMs).toISOString();
  const running = new Set(ctx.runningWork());
  const db = ctx.store.db;
  const report: PurgeReport = { retentionDays, batches: [], campaigns: 0, inboundCases: 0, recordingFiles: 0, importedFiles: 0 };

  for (const { id } of batchesUploadedBefore(db, cutoff)) {
    if (batchHold(ctx, id)) continue;
    removeBatch(ctx, id);
    report.batches.push(id);
  }
  for (const { environment, campaignId } of campaignsDownloadedBefore(db, cutoff)) {
    if (running.has(campaignDownloadWork(environment, campaignId))) continue;
    report.recordingFiles += removeCampaignResults(ctx, environment, campaignId).recordings;
    report.campaigns += 1;
  }
  const recordingFiles: string[] = [];
  // Inbound cases of every environment go by one cutoff: none while any inbound download runs.
  if (![...running].some(isInboundDownloadWork)) {
    const inbound = deleteInboundCasesBefore(db, cutoff);
    report.inboundCases = inbound.cases;
    recordingFiles.push(...inbound.recordingFiles);
  }
  recordingFiles.push(...deleteOrphanRecordingsBefore(db, cutoff));
  for (const file of recordingFiles) removeFileInside(recordingsRoot(ctx), file);
  report.recordingFiles += recordingFiles.length;

  // Compared by real path: the store may hold a path written through another spelling of the folder.
  const inUse = new Set([...recordingFilesInUse(db)].map(realPath));
  for (const file of filesModifiedBefore(recordingsRoot(ctx), cutoffMs)) {
    if (!inUse.has(realPath(file)) && removeFileInside(recordingsRoot(ctx), file)) report.recordingFiles += 1;
  }
  for (const file of filesModifiedBefore(importsRoot(ctx), cutoffMs)) {
    if (removeFileInside(importsRoot(ctx), file)) report.importedFiles += 1;
  }
  const purged = {
    batches: report.batches.length,
    results: report.campaigns + report.inboundCases,
    recordings: report.recordingFiles,
    files: report.importedFiles,
  };
  if (Object.values(purged).some((n) => n > 0)) audit(ctx, { action: 'retention.purged', olderThanDays: report.retentionDays, ...purged });
  return report;
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}
