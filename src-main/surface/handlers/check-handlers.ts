// What an action will really do, asked before the agent confirms it: starting a campaign (its state,
// cases and schedule warnings now) and uploading into one (which starts a PAUSED or SCHEDULED one).
import { uploadStartsCampaign } from '../../domain/campaign-states';
import { personKey } from '../../domain/person-key';
import {
  BatchRefusal,
  batchInEnvironment,
  casesBeforeUpload,
  codesCampaignHolds,
  countCasesOverPhoneLimit,
  getCampaignDraft,
  saveCampaign,
  skippedCount,
  type Store,
} from '../../store';
import type { Environment } from '../../domain/environments';
import { actionWarnings } from '../../app/campaign-schedule';
import type { Notice } from '../procedures';
import type { HandlersOf } from './handler';
import type { AppContext } from '../app-context-types';
import { connectionFor } from './session-handlers';

/** What these handlers reach of the app context. */
type CheckContext = Pick<AppContext, 'baseUrl' | 'connect' | 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>;

export const checkHandlers: HandlersOf<'campaigns:checkStart' | 'sync:checkUpload', CheckContext> = {
  async 'campaigns:checkStart'(ctx, { environment, campaignId }) {
    const env = environment ?? ctx.currentEnvironment();
    const campaign = await (await connectionFor(ctx, env)).client.campaign(campaignId);
    saveCampaign(ctx.store.db, env, campaign);
    return { campaign, warnings: await actionWarnings(ctx, 'start', campaign) };
  },

  async 'sync:checkUpload'(ctx, { environment, batchId, campaignId: given, reloadDuplicates }) {
    const env = environment ?? ctx.currentEnvironment();
    let bound: number | null;
    try {
      bound = batchInEnvironment(ctx.store.db, batchId, env).campaignId;
    } catch (err) {
      // A batch the upload will refuse says nothing here: the upload's own refusal says why.
      if (err instanceof BatchRefusal) return { notices: [] };
      throw err;
    }
    const target = given ?? bound;
    if (target === null) return { notices: draftNotice(getCampaignDraft(ctx.store.db, batchId)) };
    const campaign = await (await connectionFor(ctx, env)).client.campaign(target);
    saveCampaign(ctx.store.db, env, campaign);
    const status = campaign.metrics.status;
    const notices: Notice[] = [];
    // Each case with more phones than the campaign takes would come back rejected: said before anything goes.
    const phones = campaign.params.max_phone_priority + 1;
    const over = countCasesOverPhoneLimit(ctx.store.db, batchId, phones);
    if (over > 0) notices.push({ code: 'campaign.phones_over_limit', params: { campaignId: campaign.id, cases: over, phones } });
    // Loading nothing starts nothing: when every case would be skipped (the campaign holds them), it is not asked.
    if (uploadStartsCampaign(status) && casesToLoad(ctx.store.db, env, batchId, campaign.id, reloadDuplicates) > 0)
      notices.push({ code: 'campaign.upload_starts', params: { campaignId: campaign.id, status } });
    return { notices };
  },
};

/** How many cases the upload would load: those not yet sent, less the codes the campaign holds unless loaded again. */
function casesToLoad(db: Store['db'], env: Environment, batchId: number, campaignId: number, reload: boolean): number {
  const waiting = casesBeforeUpload(db, batchId);
  if (reload) return waiting.length + skippedCount(db, batchId);
  const holds = codesCampaignHolds(db, env, campaignId, batchId);
  return waiting.filter((c) => !holds.has(personKey(c.code))).length;
}

/** A drafted campaign is created by the upload, then loaded: it starts like a PAUSED one. */
function draftNotice(draft: unknown): Notice[] {
  const name = typeof draft === 'object' && draft !== null && 'name' in draft && typeof draft.name === 'string' ? draft.name : null;
  return name === null ? [] : [{ code: 'campaign.upload_starts_draft', params: { name } }];
}
