// What a campaign's results lead to: a summary of them, its promises to pay (listed and exported for
// the creditor), and a follow-up batch of the cases to try again. All from the store: offline too.
import { campaignPromises, campaignPromisesBytes } from '../../exports/promises-export';
import { ResultsNotStoredError } from '../../exports/results-export';
import { buildFollowupBatch } from '../../results/followup-batch';
import { summarizeResults } from '../../results/campaign-summary';
import { eachResultCaseWithCalls, getCampaign } from '../../store';
import type { AppContext } from '../app-context-types';
import type { HandlersOf } from './handler';
import { sharedLedger } from '../../app/shared-ledger';

/** What these handlers reach of the app context. */
type FollowupContext = Pick<AppContext, 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>;

export const followupHandlers: HandlersOf<'results:summary' | 'results:promises' | 'results:exportPromises' | 'campaigns:followup', FollowupContext> = {
  async 'results:summary'(ctx, { environment, campaignId }) {
    const env = environment ?? ctx.currentEnvironment();
    const summary = summarizeResults(eachResultCaseWithCalls(ctx.store.db, env, campaignId));
    if (summary.cases === 0 && !getCampaign(ctx.store.db, env, campaignId)) throw new ResultsNotStoredError(env, campaignId);
    return summary;
  },

  async 'results:promises'(ctx, { environment, campaignId }) {
    return campaignPromises(ctx.store, environment ?? ctx.currentEnvironment(), campaignId);
  },

  async 'results:exportPromises'(ctx, { environment, campaignId }) {
    const { bytes } = await campaignPromisesBytes(ctx.store, environment ?? ctx.currentEnvironment(), campaignId);
    return {
      name: `promesas-campania-${campaignId}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: bytes.toString('base64'),
    };
  },

  async 'campaigns:followup'(ctx, { environment, ...input }) {
    // A follow-up batch is prepared like any other: the shared list applies, or refuses when required and unreadable.
    // A refusal (FollowupRefusal) goes to screens and scripts with its code and figures.
    const shared = await sharedLedger(ctx);
    const summary = await buildFollowupBatch(ctx.store, { environment: environment ?? ctx.currentEnvironment(), ...input, sharedLedger: shared.list });
    return { ...summary, notices: [...summary.notices, ...shared.notices] };
  },
};
