// Uploads started from this window, kept outside any one screen: the agent may leave the Sync screen
// while a batch uploads and come back to its progress or its result. Module state rather than a Pinia
// store: the runs outlive every screen, and the upload's events land here whoever listens.
import { reactive } from 'vue';
import type { ProcedureInput, SurfaceEvents, UploadSummary } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';
import { ApiError } from '../api/failures';
import { settle } from '../composables/use-reported';
import { useSessionStore } from './session';

/** The Sync screen's own confirmation dialog (narrower than the app-wide one). */
export const SYNC_CONFIRM_GROUP = 'sync';

export type UploadProgressEvent = SurfaceEvents['upload:progress'];
export type InDoubtChoice = 'ask' | 'resend' | 'assume-loaded';

export interface UploadRun {
  batchId: number;
  /** Null while a campaign drafted for the batch is being created by the upload. */
  campaignId: number | null;
  running: boolean;
  progress: UploadProgressEvent | null;
  summary: UploadSummary | null;
  /** A failure of the call itself (not a pause of the engine): its message. */
  error: string | null;
}

const runs = reactive(new Map<number, UploadRun>());
let unlisten: (() => void) | null = null;

function listen(): void {
  unlisten ??= onEvent('upload:progress', (p) => {
    const run = runs.get(p.batchId);
    if (run?.running) run.progress = p;
  });
}

/** Starts (or resumes) the upload of a batch into a campaign; resolves when the engine stops. */
async function upload(batchId: number, campaignId: number | null, inDoubt: InDoubtChoice = 'ask', reloadDuplicates = false): Promise<void> {
  listen();
  const session = useSessionStore();
  const previous = runs.get(batchId);
  if (previous?.running) return;
  runs.set(batchId, { batchId, campaignId, running: true, progress: null, summary: null, error: null });
  const run = runs.get(batchId) as UploadRun;
  const got = await settle(session, () => call('sync:upload', { batchId, inDoubt, reloadDuplicates, ...(campaignId !== null ? { campaignId } : {}) }));
  if (got.ok) {
    const summary = got.value;
    run.summary = summary;
    run.campaignId = summary.campaignId;
    // A pause for lack of network or an expired session says something about the connection too.
    const pause = summary.pause;
    if (pause?.code === 'offline' || pause?.code === 'session-expired') session.noteFailure(new ApiError(pause.failure.code, pause.failure.params));
    else session.noteSuccess();
  } else run.error = got.text;
  run.running = false;
}

/** Stops the upload after its current request; starting it again resumes where it stopped. */
async function cancel(batchId: number): Promise<void> {
  // Failed, the upload goes on and its card shows it; the session hears why, as of any failure.
  await settle(useSessionStore(), () => call('sync:cancel', { batchId }));
}

/** What loading the batch into the campaign would set going (a paused campaign started…), asked before it. */
function checkUpload(input: ProcedureInput<'sync:checkUpload'>) {
  return call('sync:checkUpload', input);
}

function forget(batchId: number): void {
  const run = runs.get(batchId);
  if (run && !run.running) runs.delete(batchId);
}

export function useUploads() {
  listen();
  return { runs, upload, forget, cancel, checkUpload };
}
