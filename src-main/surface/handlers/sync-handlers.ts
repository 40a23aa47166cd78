// Campaign control and uploads: they need a connection.
import { uploadBatch } from '../../sync/upload-engine';
import { saveCampaign } from '../../store';
import type { Handlers } from '../surface';
import { SurfaceFailure } from '../surface-failure';
import { connectionFor } from './session-handlers';
import { readSettings } from './settings-handlers';

/** Running uploads, by batch: one at a time per batch, each cancellable. */
const running = new Map<number, AbortController>();

export const syncHandlers: Pick<Handlers, 'campaigns:create' | 'campaigns:action' | 'sync:upload' | 'sync:cancel'> = {
  async 'sync:cancel'(_ctx, { batchId }) {
    const controller = running.get(batchId);
    controller?.abort();
    return { cancelled: controller !== undefined };
  },

  async 'campaigns:create'(ctx, { environment, campaign }) {
    const env = environment ?? ctx.currentEnvironment();
    const created = await (await connectionFor(ctx, env)).client.createCampaign(campaign);
    saveCampaign(ctx.store.db, env, created);
    return created;
  },

  async 'campaigns:action'(ctx, { environment, campaignId, action }) {
    const env = environment ?? ctx.currentEnvironment();
    const updated = await (await connectionFor(ctx, env)).client.campaignAction(campaignId, action);
    saveCampaign(ctx.store.db, env, updated);
    return updated;
  },

  async 'sync:upload'(ctx, { environment, batchId, campaignId, inDoubt }) {
    const env = environment ?? ctx.currentEnvironment();
    const connection = await connectionFor(ctx, env);
    const settings = readSettings(ctx);
    if (running.has(batchId)) throw new SurfaceFailure('invalid-input', `Batch ${batchId} is already being uploaded.`);
    const controller = new AbortController();
    running.set(batchId, controller);
    let result;
    try {
      result = await uploadBatch({ store: ctx.store, client: connection.client, environment: env, pacer: ctx.pacer(env, settings.uploadSpacingMs) }, batchId, campaignId, {
        inDoubt,
        signal: controller.signal,
        chunkLimits: { maxCases: settings.chunkMaxCases, maxBytes: settings.chunkMaxBytes },
        onProgress: (p) => ctx.emit('upload:progress', { batchId, ...p }),
      });
    } catch (err) {
      // Wrong environment or campaign: the agent's mistake, said plainly.
      if (err instanceof Error && /prepared for|does not exist/.test(err.message)) throw new SurfaceFailure('invalid-input', err.message);
      throw err;
    } finally {
      running.delete(batchId);
    }
    // A null-prototype object: a rejected case coded "__proto__" is kept like any other.
    const rejected = Object.create(null) as Record<string, string>;
    for (const r of result.rejected) rejected[r.code] = r.detail;
    return { ...result, rejected };
  },
};
