// Exactly-once uploads. Every ready case is loaded once, or the agent is told precisely why not,
// whatever happens to the network, the server or the process:
// - a chunk's intent is committed before its request and its outcome in one transaction after it;
// - an answer that may not have come back (timeout, reset, 500, a killed process) is never blindly
//   re-sent: the campaign's cases are read back first (./reconcile.ts) and only what is missing goes;
// - when reading back cannot decide, the cases are put "in doubt" for the agent (or a CLI flag).
import { newRun, runContext, type UploadDeps, type UploadOptions } from './upload-run';
import { checkBeforePlanning, endOf, finish, finishSending, planRun, reconcileLeftovers, sendInFlight, settleInDoubt, takeNextChunk } from './upload-steps';
import type { UploadResult } from './upload-result';

export type { PauseCode, UploadPause, UploadResult } from './upload-result';
export { recountedWhenCheap, retryNote, type UploadDeps, type UploadNote, type UploadOptions, type UploadProgress } from './upload-run';

/**
 * Uploads to one campaign take turns (per store file, in this process): two batches holding the same
 * code, started together, would each see it not yet loaded and both send it. The second starts once the
 * first has finished, and its duplicate check then sees what the first loaded. (Two processes on one
 * store, e.g. the app and the CLI, are not covered: the service has no lookup by code, SPEC-GAPS row 19.)
 */
const campaignTurns = new Map<string, Promise<unknown>>();

export async function uploadBatch(deps: UploadDeps, batchId: number, campaignId: number, options: UploadOptions = {}): Promise<UploadResult> {
  const key = `${deps.store.file}\n${deps.environment}\n${campaignId}`;
  const before = campaignTurns.get(key) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(() => uploadInTurn(deps, batchId, campaignId, options));
  campaignTurns.set(key, turn);
  try {
    return await turn;
  } finally {
    if (campaignTurns.get(key) === turn) campaignTurns.delete(key);
  }
}

/** One run, step by step (./upload-steps.ts): each step moves the run on, or ends it. */
async function uploadInTurn(deps: UploadDeps, batchId: number, campaignId: number, options: UploadOptions): Promise<UploadResult> {
  const ctx = runContext(deps, batchId, campaignId, options);
  const run = newRun();
  try {
    settleInDoubt(ctx, run);
    if (!run.end) await reconcileLeftovers(ctx, run);
    if (!run.end) {
      checkBeforePlanning(ctx, run);
      planRun(ctx);
    }
    while (!run.end && takeNextChunk(ctx, run)) await sendInFlight(ctx, run);
    if (!run.end) finishSending(ctx, run);
    return finish(ctx, run, run.end ?? { status: 'done' });
  } catch (err) {
    return finish(ctx, run, endOf(ctx, err));
  }
}
