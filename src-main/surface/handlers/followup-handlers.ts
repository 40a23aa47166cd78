// What a campaign's results lead to: a summary of them, its promises to pay (listed and exported for
// the creditor), and a follow-up batch of the cases to try again. All from the store: offline too.
import { campaignPromises, campaignPromisesBytes } from '../../exports/promises-export';
import { ResultsNotStoredError } from '../../exports/results-export';
import { buildFollowupBatch, FollowupRefusal } from '../../results/followup-batch';
import { summarizeResults } from '../../results/campaign-summary';
import { eachResultCaseWithCalls, getCampaign } from '../../store';
import type { AppContext } from '../app-context-types';
import type { Handlers } from './handler';
import { sharedLedger } from '../shared-ledger';
import { SurfaceFailure } from '../surface-failure';

export const followupHandlers: Pick<Handlers, 'results:summary' | 'results:promises' | 'results:exportPromises' | 'campaigns:followup'> = {
  async 'results:summary'(ctx, { environment, campaignId }) {
    const env = environment ?? ctx.currentEnvironment();
    const summary = summarizeResults(eachResultCaseWithCalls(ctx.store.db, env, campaignId));
    if (summary.cases === 0 && !getCampaign(ctx.store.db, env, campaignId)) throw notStored(new ResultsNotStoredError(env, campaignId));
    return summary;
  },

  async 'results:promises'(ctx, { environment, campaignId }) {
    return stored(() => campaignPromises(ctx.store, environment ?? ctx.currentEnvironment(), campaignId));
  },

  async 'results:exportPromises'(ctx, { environment, campaignId }) {
    const { bytes } = stored(() => campaignPromisesBytes(ctx.store, environment ?? ctx.currentEnvironment(), campaignId));
    return { name: `promesas-campania-${campaignId}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: bytes.toString('base64') };
  },

  async 'campaigns:followup'(ctx: AppContext, { environment, ...input }) {
    try {
      // A follow-up batch is prepared like any other: the shared list applies, or refuses when required and unreadable.
      const shared = await sharedLedger(ctx);
      const summary = await buildFollowupBatch(ctx.store, { environment: environment ?? ctx.currentEnvironment(), ...input, sharedLedger: shared.entries });
      return { ...summary, notices: [...summary.notices, ...shared.notices] };
    } catch (err) {
      // The refusal's stable code and figures go to screens and scripts as `reason` and params.
      if (err instanceof FollowupRefusal) throw new SurfaceFailure(err.code === 'followup.no_results' ? 'not-found' : 'invalid-input', err.message, err.messageEs, { reason: err.code, ...err.params });
      throw err;
    }
  },
};

const notStored = (err: ResultsNotStoredError) => new SurfaceFailure('not-found', err.message, err.messageEs, { reason: 'results.not_stored' });

function stored<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof ResultsNotStoredError) throw notStored(err);
    throw err;
  }
}
