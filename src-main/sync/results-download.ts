// Brings a campaign's results into the store: the campaign detail, its cases, the calls of every new
// or changed case (with transcripts), and optionally the recordings of those calls.
//
// Incremental: a case whose `last_updated` equals the stored one is unchanged and its calls are not
// asked for again. A changed case is stored only after its calls and recordings are, so a download
// that is cancelled or killed half-way sees that case as changed next time and finishes it.
// Nothing here logs: names, phones and transcripts are personal data.
import { existsSync } from 'node:fs';
import { isCancelled, isServiceError, type RecordingFile, type RecordingSealer, type ServiceClient } from '../client';
import type { Call, CampaignCase } from '../contract';
import type { Environment } from '../domain/environments';
import {
  getRecording,
  getSyncMark,
  markResultsDownloaded,
  resultCaseStamps,
  saveCalls,
  saveCampaign,
  saveRecording,
  saveResultCases,
  setSyncMark,
  storedCallStamps,
  type Store,
} from '../store';

export interface DownloadDeps {
  store: Store;
  client: ServiceClient;
  environment: Environment;
  /** Seals recordings kept in the data folder; absent for a folder of the user's (the CLI's --recordings). */
  sealRecording?: RecordingSealer | undefined;
}

export type DownloadPhase = 'campaign' | 'cases' | 'calls' | 'recordings';

/** `done` items of `phase` so far; `total` when it is known (cases: the service's `count`). */
export interface DownloadProgress {
  phase: DownloadPhase;
  done: number;
  total: number | null;
}

export interface DownloadOptions {
  /** Where recordings are saved; without it no recording is downloaded. */
  recordingsDir?: string | undefined;
  /**
   * Checked between items (cases, recordings), and given to each recording's request, which it stops
   * mid-body (leaving no file): an aborted download returns what it did, `cancelled: true`.
   */
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
}

export interface CampaignDownloadSummary {
  /** Cases seen on the service in this run. */
  cases: number;
  /** New or changed cases whose calls were fetched and stored. */
  changedCases: number;
  /** Calls fetched and stored in this run. */
  calls: number;
  /** Recordings saved (and indexed) in this run. */
  recordings: number;
  /** Recordings already on disk, or that the service does not have. */
  recordingsSkipped: number;
  cancelled: boolean;
}

/** Where "the service has no recording for this item, as of this `last_updated`" is remembered. */
const NO_RECORDING_SCOPE = { outbound: 'no-recording:outbound', inbound: 'no-recording:inbound' } as const;

export type RecordingOutcome = 'downloaded' | 'present' | 'none';

/**
 * Makes sure the recording of an outbound call (by call id) or of an inbound case (by case id) is on
 * disk and indexed. Asks the service only when it is neither indexed (with its file still there) nor
 * known to be missing for this `stamp` (the item's `last_updated`). A 404 means "no recording": it is
 * remembered, not an error. Other failures are thrown; so is RequestCancelled when `signal` stops it.
 */
export async function ensureRecording(
  deps: DownloadDeps,
  kind: 'outbound' | 'inbound',
  refId: number,
  stamp: string,
  dir: string,
  signal?: AbortSignal,
): Promise<RecordingOutcome> {
  const { store, client, environment } = deps;
  const indexed = getRecording(store.db, environment, kind, refId);
  if (indexed && existsSync(indexed.path)) return 'present';
  if (!indexed && getSyncMark(store.db, environment, NO_RECORDING_SCOPE[kind], String(refId)) === stamp) return 'none';

  let file: RecordingFile | null;
  const options = { seal: deps.sealRecording, signal };
  if (kind === 'inbound') {
    file = await client.downloadInboundRecording(refId, dir, options);
  } else {
    try {
      file = await client.downloadOutboundRecording(refId, dir, options);
    } catch (error) {
      if (!(isServiceError(error, 'client') && error.status === 404)) throw error;
      file = null;
    }
  }
  if (!file) {
    setSyncMark(store.db, environment, NO_RECORDING_SCOPE[kind], String(refId), stamp);
    return 'none';
  }
  saveRecording(store.db, environment, { kind, refId, path: file.path, size: file.size, contentType: file.contentType, format: file.format });
  return 'downloaded';
}

export async function downloadCampaignResults(deps: DownloadDeps, campaignId: number, options: DownloadOptions = {}): Promise<CampaignDownloadSummary> {
  const { store, client, environment } = deps;
  const { recordingsDir, signal, onProgress } = options;
  const summary: CampaignDownloadSummary = { cases: 0, changedCases: 0, calls: 0, recordings: 0, recordingsSkipped: 0, cancelled: false };
  const report = (phase: DownloadPhase, done: number, total: number | null) => onProgress?.({ phase, done, total });
  const stopped = () => {
    if (signal?.aborted) summary.cancelled = true;
    return summary.cancelled;
  };

  /** One recording; false when the download was cancelled before it or during it. */
  const recording = async (callId: number, stamp: string, dir: string): Promise<boolean> => {
    if (stopped()) return false;
    let outcome: RecordingOutcome;
    try {
      outcome = await ensureRecording(deps, 'outbound', callId, stamp, dir, signal);
    } catch (error) {
      if (isCancelled(error) && stopped()) return false;
      throw error;
    }
    if (outcome === 'downloaded') summary.recordings += 1;
    else summary.recordingsSkipped += 1;
    report('recordings', summary.recordings + summary.recordingsSkipped, null);
    return true;
  };

  /** Calls, then recordings, then the case row. False when cancelled part-way (the case row is not saved). */
  const downloadChangedCase = async (found: CampaignCase): Promise<boolean> => {
    const calls: Call[] = [];
    // A case never called has no calls to ask for: most of a fresh campaign, one request each saved.
    if (found.call_count > 0) for await (const call of client.caseCalls(campaignId, found.id)) calls.push(call);
    saveCalls(store.db, environment, campaignId, found.id, calls);
    summary.calls += calls.length;
    report('calls', summary.calls, null);
    if (recordingsDir !== undefined) {
      for (const call of calls) if (!(await recording(call.id, call.last_updated, recordingsDir))) return false;
    }
    saveResultCases(store.db, environment, campaignId, [found]);
    return true;
  };

  if (stopped()) return summary;
  report('campaign', 0, 1);
  saveCampaign(store.db, environment, await client.campaign(campaignId));
  // Retention counts a campaign's results (and recordings) from their last download.
  markResultsDownloaded(store.db, environment, campaignId);
  report('campaign', 1, 1);

  const stamps = resultCaseStamps(store.db, environment, campaignId);
  const callsOf = storedCallStamps(store.db, environment, campaignId);
  let total: number | null = null;
  pages: for await (const page of client.campaignCasePages(campaignId)) {
    if (total === null) report('cases', 0, page.count);
    total = page.count;
    for (const found of page.results) {
      if (stopped()) break pages;
      if (stamps.get(found.id) !== found.last_updated) {
        if (!(await downloadChangedCase(found))) break pages;
        stamps.set(found.id, found.last_updated);
        summary.changedCases += 1;
      } else if (recordingsDir !== undefined) {
        // Unchanged, but recordings may not have been asked for before (or their files were removed).
        for (const call of callsOf(found.id)) if (!(await recording(call.id, call.lastUpdated, recordingsDir))) break pages;
      }
      summary.cases += 1;
      report('cases', summary.cases, Math.max(total, summary.cases));
    }
  }
  return summary;
}
