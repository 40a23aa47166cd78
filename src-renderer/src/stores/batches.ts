// The batches on this machine, as the list, the upload queue and the campaign form see them (the one
// open on the batch screen is stores/batch.ts). This machine's store answers: no call reaches the service.
import { defineStore } from 'pinia';
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';

export type CampaignDraft = ProcedureInput<'batches:setCampaignDraft'>['campaign'];

export const useBatchesStore = defineStore('batches', () => {
  const list = () => call('batches:list', {});
  const batch = (batchId: number) => call('batches:get', { batchId });
  /** The campaign a batch not yet uploaded is prepared for: created when the batch is uploaded. */
  const setCampaignDraft = (batchId: number, campaign: CampaignDraft) => call('batches:setCampaignDraft', { batchId, campaign });

  return { list, batch, setCampaignDraft };
});
