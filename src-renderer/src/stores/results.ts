// A campaign's results on this machine: downloading them from the service (and stopping a download),
// the pages of cases and one case's calls, the summary and the promises, the Excel files, the
// follow-up batch of some of its cases, and what is stored of them (deleted on the agent's word).
import { defineStore } from 'pinia';
import type { ProcedureInput, SurfaceEvents } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';

/** Which page of a campaign's cases, of which figure or result names. */
export type CasesPage = Omit<ProcedureInput<'results:cases'>, 'campaignId'>;
/** Which download to stop: a campaign's results, the inbound calls, one recording. */
export type DownloadToCancel = ProcedureInput<'downloads:cancel'>;
export type FollowupInput = ProcedureInput<'campaigns:followup'>;
export type DownloadProgress = SurfaceEvents['download:progress'];

export const useResultsStore = defineStore('results', () => {
  /** Fetches the campaign's results from the service (its recordings too when asked), as far as it gets. */
  const download = (campaignId: number, recordings: boolean) => call('results:download', { campaignId, recordings });
  /** Stops a download between items; downloading again goes on from where it stopped. */
  const cancelDownload = (which: DownloadToCancel) => call('downloads:cancel', which);
  /** How every download goes, as it goes; the answer stops listening. */
  const onDownloadProgress = (listener: (progress: DownloadProgress) => void) => onEvent('download:progress', listener);

  const cases = (campaignId: number, page: CasesPage) => call('results:cases', { campaignId, ...page });
  /** One case's row (null when the results no longer hold it) and its calls, read together. */
  async function caseCalls(campaignId: number, caseId: number) {
    const [found, listed] = await Promise.all([call('results:case', { campaignId, caseId }), call('results:calls', { campaignId, caseId })]);
    return { found, listed };
  }
  const summary = (campaignId: number) => call('results:summary', { campaignId });
  const promises = (campaignId: number) => call('results:promises', { campaignId });
  const exportCases = (campaignId: number) => call('results:export', { campaignId });
  const exportPromises = (campaignId: number) => call('results:exportPromises', { campaignId });
  /** A new batch of the campaign's cases of one outcome or some result names, to call again. */
  const followup = (input: FollowupInput) => call('campaigns:followup', input);
  const stored = (campaignId: number) => call('results:stored', { campaignId });
  const remove = (campaignId: number) => call('results:delete', { campaignId });

  return { download, cancelDownload, onDownloadProgress, cases, caseCalls, summary, promises, exportCases, exportPromises, followup, stored, remove };
});
