// The data's lifecycle: deleting a batch or a campaign's results, retention, and wiping the workstation.
import { deleteBatch, deleteCampaignResults, purgeExpired, storedResultsView } from '../../app/data-lifecycle';
import type { HandlersOf } from './handler';
import type { AppContext } from '../app-context-types';
import { SurfaceFailure } from '../../app/surface-failure';
import { wipePlan } from '../../app/workstation-wipe';

/** What these handlers reach of the app context. */
type LifecycleContext = Pick<AppContext, 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'runningWork' | 'store' | 'wipe'>;

export const lifecycleHandlers: HandlersOf<
  'batches:delete' | 'results:stored' | 'results:delete' | 'retention:purge' | 'workstation:wipePlan' | 'workstation:wipe',
  LifecycleContext
> = {
  async 'batches:delete'(ctx, { batchId }) {
    return deleteBatch(ctx, batchId);
  },

  async 'results:stored'(ctx, { environment, campaignId }) {
    return storedResultsView(ctx, environment ?? ctx.currentEnvironment(), campaignId);
  },

  async 'results:delete'(ctx, { environment, campaignId }) {
    return deleteCampaignResults(ctx, environment ?? ctx.currentEnvironment(), campaignId);
  },

  async 'retention:purge'(ctx) {
    return purgeExpired(ctx);
  },

  async 'workstation:wipePlan'(ctx) {
    return wipePlan(ctx.options.dataDir, ctx.options.env ?? process.env);
  },

  // The typed word (checked by the input's schema) guards against a stray click or call.
  async 'workstation:wipe'(ctx) {
    const running = ctx.runningWork();
    if (running.length > 0) {
      throw new SurfaceFailure('workstation.busy', { running });
    }
    return ctx.wipe();
  },
};
