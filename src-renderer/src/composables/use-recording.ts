// A call's recording on a screen: asked for when the call is shown (from disk once downloaded; else
// from the service, which can take minutes), stoppable while it comes, asked for again on demand, and
// its Blob URL released when it is no longer shown. The screens word each state themselves.
import { onBeforeUnmount, ref } from 'vue';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { call, isCancelled } from '../api/casedesk';
import { audioType, base64Blob, objectUrl, releaseUrl } from '../components/results/files';
import { useSessionStore } from '../stores/session';
import { settle, type ConnectionNotes } from './use-reported';

export type RecordingKind = 'outbound' | 'inbound';

export type RecordingState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  /** The agent stopped it: nothing of it was kept. */
  | { kind: 'stopped' }
  | { kind: 'error'; error: unknown; text: string };

/** How a recording is asked for and stopped: the command surface, or a test's stand-in. */
export interface RecordingSource {
  get(kind: RecordingKind, refId: number): Promise<ProcedureOutputs['recordings:get']>;
  stop(kind: RecordingKind, refId: number): Promise<ProcedureOutputs['downloads:cancel']>;
}

export function createRecording(kind: RecordingKind, notes: ConnectionNotes, source: RecordingSource) {
  const state = ref<RecordingState>({ kind: 'none' });
  let shown: number | null = null;
  // Each ask is numbered: an answer to an earlier one (another call was opened meanwhile) is dropped.
  let asked = 0;
  let answered: Promise<void> = Promise.resolve();

  async function ask(refId: number, mine: number): Promise<void> {
    const got = await settle(notes, async () => {
      const recording = await source.get(kind, refId);
      // Made here so that a recording that cannot be read says why, like a failed call.
      return recording && mine === asked ? objectUrl(base64Blob(recording.base64, audioType(recording.contentType, recording.format))) : null;
    });
    if (mine !== asked) {
      if (got.ok && got.value) releaseUrl(got.value);
      return;
    }
    if (!got.ok) state.value = isCancelled(got.error) ? { kind: 'stopped' } : { kind: 'error', error: got.error, text: got.text };
    else state.value = got.value ? { kind: 'ready', url: got.value } : { kind: 'none' };
  }

  /** Shows this call's recording (null: none), asking for it; resolves once it is shown. */
  function show(refId: number | null): Promise<void> {
    if (state.value.kind === 'ready') releaseUrl(state.value.url);
    shown = refId;
    asked += 1;
    if (refId === null) {
      state.value = { kind: 'none' };
      return Promise.resolve();
    }
    state.value = { kind: 'loading' };
    answered = ask(refId, asked);
    return answered;
  }

  /** Stops the recording coming; resolves once the screen shows how it ended (stopped, or it arrived meanwhile). */
  async function stop(): Promise<void> {
    const refId = shown;
    if (refId === null || state.value.kind !== 'loading') return;
    const mine = asked;
    const got = await settle(notes, () => source.stop(kind, refId));
    if (got.ok && got.value.cancelled) return answered;
    // Nothing was running to stop (pressed before the download began, or the surface could not be
    // reached): the agent asked to stop, so the screen stops waiting, and whatever answer comes is dropped.
    if (mine !== asked || state.value.kind !== 'loading') return;
    asked += 1;
    state.value = { kind: 'stopped' };
  }

  return { state, show, stop, retry: () => show(shown) };
}

/** `createRecording` on the command surface, bound to the session; the URL is released with the component. */
export function useRecording(kind: RecordingKind) {
  const recording = createRecording(kind, useSessionStore(), {
    get: (k, refId) => call('recordings:get', { kind: k, refId }),
    stop: (k, refId) => call('downloads:cancel', { what: 'recording', kind: k, refId }),
  });
  onBeforeUnmount(() => void recording.show(null));
  return recording;
}
