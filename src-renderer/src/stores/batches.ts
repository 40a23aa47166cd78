// The batches on this machine, as the list, the upload queue and the campaign form see them (the one
// open on the batch screen is stores/batch.ts). This machine's store answers: no call reaches the service.
import { defineStore } from 'pinia';
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';

export type CampaignDraft = ProcedureInput<'batches:setCampaignDraft'>['campaign'];
export type BatchFix = ProcedureInput<'batches:bulkFix'>['fix'];

export const useBatchesStore = defineStore('batches', () => {
  const list = () => call('batches:list', {});
  const batch = (batchId: number) => call('batches:get', { batchId });
  /** The campaign a batch not yet uploaded is prepared for: created when the batch is uploaded. */
  const setCampaignDraft = (batchId: number, campaign: CampaignDraft) => call('batches:setCampaignDraft', { batchId, campaign });

  /** How many of its cases have more phones than a campaign dials (`maxPhonePriority` + 1), and how many phones. */
  const phoneFit = (batchId: number, maxPhonePriority: number) => call('batches:phoneFit', { batchId, maxPhonePriority });
  /** One fix to every case it applies to (e.g. keep each case's first phones only). */
  const bulkFix = (batchId: number, fix: BatchFix) => call('batches:bulkFix', { batchId, fix });
  /** Deletes the batch and its cases; refused while it uploads or has cases in doubt. */
  const remove = (batchId: number) => call('batches:delete', { batchId });

  return { list, batch, setCampaignDraft, phoneFit, bulkFix, remove };
});
