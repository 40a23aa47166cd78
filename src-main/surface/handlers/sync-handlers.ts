// Campaign control and uploads: they need a connection.
import { isCorrectionsWork, isUploadWork, uploadWork } from '../../app/work-keys';
import { refuseWhileCorrecting } from '../../app/data-lifecycle';
import { uploadBatch } from '../../sync/upload-engine';
import { NOTHING_RUN, uploadResult, type UploadResult } from '../../sync/upload-result';
import { isCancelled, type ServiceClient } from '../../client';
import { CreateCampaignRequest } from '../../contract';
import type { Environment } from '../../domain/environments';
import { BatchRefusal, batchInEnvironment, bindBatchToCampaign, getBatch, getCampaignDraft, saveCampaign, setCampaignDraft } from '../../store';
import type { AppContext } from '../app-context-types';
import type { HandlersOf } from './handler';
import { actionWarnings, scheduleWarnings, suggestedStartDate } from '../../app/campaign-schedule';
import { sharedLedger } from '../../app/shared-ledger';
import { batchRefusalFailure, SurfaceFailure } from '../../app/surface-failure';
import { connectionFor } from './session-handlers';
import { createCampaignRequest } from '../service-views';
import { readSettings } from '../../app/settings';
import type { Notice, UploadSummary } from '../procedures';
import type { UploadDetail } from '../../domain/upload-detail';

/** Whether an upload runs now (updates never install under one). */
export function uploadsRunning(ctx: Pick<AppContext, 'runningWork'>): boolean {
  return ctx.runningWork().some(isUploadWork);
}

/** What an update's restart waits for: an upload, or corrections being written into a batch. */
export function restartHeldBack(ctx: Pick<AppContext, 'runningWork'>): boolean {
  return ctx.runningWork().some((key) => isUploadWork(key) || isCorrectionsWork(key));
}

/** What these handlers reach of the app context. */
type SyncContext = Pick<
  AppContext,
  | 'baseUrl'
  | 'cancel'
  | 'connect'
  | 'connections'
  | 'currentEnvironment'
  | 'dataKey'
  | 'emit'
  | 'options'
  | 'pacer'
  | 'policy'
  | 'runningWork'
  | 'store'
  | 'track'
>;

export const syncHandlers: HandlersOf<
  'campaigns:create' | 'campaigns:action' | 'campaigns:checkSchedule' | 'sync:upload' | 'sync:cancel' | 'batches:setCampaignDraft',
  SyncContext
> = {
  async 'batches:setCampaignDraft'(ctx, { batchId, campaign }) {
    const batch = getBatch(ctx.store.db, batchId);
    if (!batch) throw new SurfaceFailure('batch.not_found', { batchId });
    if (batch.campaignId !== null && campaign !== null) throw new SurfaceFailure('batch.has_campaign', { batchId, campaignId: batch.campaignId });
    // Kept as the request it will be: the draft is sent as it is when the batch is uploaded.
    setCampaignDraft(ctx.store.db, batchId, campaign === null ? null : createCampaignRequest(campaign));
    return { batchId, draft: campaign !== null };
  },

  async 'sync:cancel'(ctx, { batchId }) {
    return { cancelled: ctx.cancel(uploadWork(batchId)) };
  },

  async 'campaigns:create'(ctx, { environment, campaign }) {
    const env = environment ?? ctx.currentEnvironment();
    const created = await (await connectionFor(ctx, env)).client.createCampaign(createCampaignRequest(campaign));
    saveCampaign(ctx.store.db, env, created);
    // What was asked for: the service's own defaults for what was left out are its to choose.
    return {
      campaign: created,
      warnings: await scheduleWarnings(ctx, { startDate: campaign.startDate, callFrom: campaign.callFrom, callTo: campaign.callTo }),
    };
  },

  async 'campaigns:action'(ctx, { environment, campaignId, action }) {
    const env = environment ?? ctx.currentEnvironment();
    const updated = await (await connectionFor(ctx, env)).client.campaignAction(campaignId, action);
    saveCampaign(ctx.store.db, env, updated);
    return { campaign: updated, warnings: await actionWarnings(ctx, action, updated) };
  },

  async 'campaigns:checkSchedule'(ctx, schedule) {
    return { warnings: await scheduleWarnings(ctx, schedule), nextContactDay: await suggestedStartDate(ctx) };
  },

  async 'sync:upload'(ctx, { environment, batchId, campaignId: given, inDoubt, reloadDuplicates }) {
    // Half corrected, it would send some cases as the report has them and some as they were.
    refuseWhileCorrecting(ctx, batchId);
    const env = environment ?? ctx.currentEnvironment();
    let campaignId = given ?? null;
    try {
      // Tracked from its first moment: a Stop during the sign-in stops it, and a second upload of the
      // batch meanwhile is refused as running (upload.running).
      return await ctx.track(uploadWork(batchId), async (signal) => {
        // Before anything else: the organization's list that cannot be read refuses the upload (unless
        // the policy lets uploads go on without it: shared_ledger_required false).
        const shared = await sharedLedger(ctx, 'upload');
        // The batch is this environment's, and the campaign asked for is the one it is bound to, before
        // anything reaches the service: a drafted campaign must never be created in another environment.
        const batch = batchInEnvironment(ctx.store.db, batchId, env);
        if (batch.campaignId !== null && given !== undefined && given !== batch.campaignId) {
          throw new SurfaceFailure('batch.other_campaign', { batchId, batchCampaignId: batch.campaignId, campaignId: given });
        }
        campaignId ??= batch.campaignId;
        // Stopped before a case went: what a Stop at the engine's start answers, the batch as it stands.
        const stopped = () => summaryOf(uploadResult(ctx.store.db, batchId, 'cancelled', NOTHING_RUN), campaignId, shared.notices);
        let client: ServiceClient;
        try {
          ({ client } = await connectionFor(ctx, env, signal));
        } catch (err) {
          if (signal.aborted && isCancelled(err)) return stopped();
          throw err;
        }
        if (signal.aborted) return stopped();
        // The campaign drafted offline is created even when a Stop comes meanwhile: a Stop does not cut
        // its request off (a campaign the service made, unknown here, would be made again by the next
        // try), it is recorded and bound to the batch, and the Stop is honoured before any case goes.
        // An answer lost to the network or a timeout is still that risk (SPEC-GAPS 36).
        campaignId ??= await campaignOf(ctx, client, env, batchId);
        if (signal.aborted) return stopped();
        const settings = readSettings(ctx);
        const result = await uploadBatch({ store: ctx.store, client, environment: env, pacer: ctx.pacer(env, settings.uploadSpacingMs) }, batchId, campaignId, {
          inDoubt,
          signal,
          chunkLimits: { maxCases: settings.chunkMaxCases, maxBytes: settings.chunkMaxBytes },
          onProgress: (p) => ctx.emit('upload:progress', { batchId, ...p }),
          ledger: { shared: shared.list, complete: shared.notices.length === 0 },
          duplicates: { reload: reloadDuplicates },
        });
        return summaryOf(result, campaignId, shared.notices);
      });
    } catch (err) {
      // Wrong environment or campaign, or already running: the agent's mistake, said plainly.
      if (err instanceof BatchRefusal)
        throw batchRefusalFailure(ctx.store.db, err, { batchId, environment: env, ...(campaignId !== null ? { campaignId } : {}) });
      throw err;
    }
  },
};

/** An upload's result as the surface answers it, with the campaign it went to (null: a drafted one not created yet). */
function summaryOf(result: UploadResult, campaignId: number | null, notices: Notice[]): UploadSummary {
  // A null-prototype object: a rejected case coded "__proto__" is kept like any other.
  const rejected = Object.create(null) as Record<string, UploadDetail>;
  for (const r of result.rejected) rejected[r.code] = r.detail;
  return { ...result, rejected, campaignId, notices };
}

/**
 * The campaign a batch goes to: the one it is bound to, or the draft prepared offline — created now,
 * bound to the batch in the same breath, and the draft forgotten, so a retry never creates a second.
 */
async function campaignOf(ctx: Pick<AppContext, 'store'>, client: ServiceClient, env: Environment, batchId: number): Promise<number> {
  const batch = getBatch(ctx.store.db, batchId);
  if (!batch) throw new SurfaceFailure('batch.not_found', { batchId });
  if (batch.campaignId !== null) return batch.campaignId;
  const draft = CreateCampaignRequest.safeParse(getCampaignDraft(ctx.store.db, batchId));
  if (!draft.success) throw new SurfaceFailure('batch.no_campaign', { batchId });
  const created = await client.createCampaign(draft.data);
  saveCampaign(ctx.store.db, env, created);
  ctx.store.db
    .transaction(() => {
      bindBatchToCampaign(ctx.store.db, batchId, created.id);
      setCampaignDraft(ctx.store.db, batchId, null);
    })
    .immediate();
  return created.id;
}
