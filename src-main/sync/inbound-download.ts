// Brings inbound cases into the store, incrementally by `last_updated`, and optionally their recordings.
// A case is stored only after its recording is on disk (or known to be missing), so a cancelled or
// killed download finishes it next time. Nothing here logs: inbound cases carry personal data.
import { isCancelled, type InboundFilter } from '../client';
import type { InboundCase } from '../contract';
import { inboundCaseStamps, saveInboundCases } from '../store';
import { ensureRecording, type DownloadDeps, type RecordingOutcome, type DownloadOptions, type DownloadPhase } from './results-download';

export interface InboundDownloadSummary {
  /** Cases seen on the service (after the filter) in this run. */
  cases: number;
  /** New or changed cases stored in this run. */
  changedCases: number;
  /** Recordings saved (and indexed) in this run. */
  recordings: number;
  /** Recordings already on disk, or that the service does not have ("Audio Not Found"). */
  recordingsSkipped: number;
  cancelled: boolean;
}

export async function downloadInboundCases(deps: DownloadDeps, filter: InboundFilter, options: DownloadOptions = {}): Promise<InboundDownloadSummary> {
  const { store, client, environment } = deps;
  const { recordingsDir, signal, onProgress } = options;
  const summary: InboundDownloadSummary = { cases: 0, changedCases: 0, recordings: 0, recordingsSkipped: 0, cancelled: false };
  const report = (phase: DownloadPhase, done: number, total: number | null) => onProgress?.({ phase, done, total });
  const stopped = () => {
    if (signal?.aborted) summary.cancelled = true;
    return summary.cancelled;
  };

  const storedStamp = inboundCaseStamps(store.db, environment);
  // Changed cases whose recording is settled, written a page at a time (one transaction, not one per case).
  let pending: InboundCase[] = [];
  const flush = () => {
    if (pending.length > 0) saveInboundCases(store.db, environment, pending);
    pending = [];
  };

  // The service's `count` is before the local filter (SPEC-GAPS row 13): a total to show, not a promise.
  let total: number | null = null;
  // A newer case arriving during the download shifts the pages (newest first): one may come twice.
  const seen = new Set<number>();
  try {
    pages: for await (const page of client.inboundCasePages(filter)) {
      if (total === null) report('cases', 0, page.count);
      total = page.count;
      for (const found of page.results) {
        if (stopped()) break pages;
        if (seen.has(found.id)) continue;
        seen.add(found.id);
        if (recordingsDir !== undefined) {
          let outcome: RecordingOutcome;
          try {
            outcome = await ensureRecording(deps, 'inbound', found.id, found.last_updated, recordingsDir, signal);
          } catch (error) {
            // Stopped mid-body: this case is not counted, so the next download asks for it again.
            if (isCancelled(error) && stopped()) break pages;
            throw error;
          }
          if (outcome === 'downloaded') summary.recordings += 1;
          else summary.recordingsSkipped += 1;
          report('recordings', summary.recordings + summary.recordingsSkipped, null);
        }
        if (storedStamp(found.id) !== found.last_updated) {
          pending.push(found);
          summary.changedCases += 1;
        }
        summary.cases += 1;
        report('cases', summary.cases, Math.max(total, summary.cases));
      }
      flush();
    }
  } finally {
    // Cases already handled are complete, whatever stopped the loop.
    flush();
  }
  if (!summary.cancelled) report('cases', summary.cases, summary.cases);
  return summary;
}
