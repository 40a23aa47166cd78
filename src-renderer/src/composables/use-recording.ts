// A call's recording on a screen: asked for when the call is shown (from disk once downloaded; else
// from the service, which can take minutes), stoppable while it comes, asked for again on demand, and
// let go when it is no longer shown (another call shown, the dialog closed, the card gone): its
// download still coming is stopped and its Blob URL released. The screens word each state themselves.
import { onScopeDispose, ref } from 'vue';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';
import { isCancelled } from '../api/failures';
import { audioType, base64Blob, objectUrl, releaseUrl } from './saved-files';
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

/** How a recording is asked for and stopped: the command surface, or a test's stand-in. `ask` names one ask: its stop stops only what that ask started. */
export interface RecordingSource {
  get(kind: RecordingKind, refId: number, ask: string): Promise<ProcedureOutputs['recordings:get']>;
  stop(kind: RecordingKind, refId: number, ask: string): Promise<ProcedureOutputs['downloads:cancel']>;
}

/**
 * The recordings being let go on this page, by kind and refId: settled once the stop of the download
 * has ended it. A screen asking for one of them meanwhile (the card opened again at once) waits for
 * that, else the surface refuses it as a download already running.
 */
export type LettingGo = Map<string, Promise<unknown>>;
const lettingGo: LettingGo = new Map();

// Unique to this page (another tab of the browser host has its own), then counted.
const page = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
let asks = 0;

export function createRecording(kind: RecordingKind, notes: ConnectionNotes, source: RecordingSource, letting: LettingGo = lettingGo) {
  const state = ref<RecordingState>({ kind: 'none' });
  let shown: number | null = null;
  // Each ask is numbered: an answer to an earlier one (another call was opened meanwhile) is dropped.
  let asked = 0;
  let answered: Promise<void> = Promise.resolve();
  /** This screen's ask the surface has not answered yet: the only download this screen may stop. */
  let out: { refId: number; ask: string; mine: number; answered: Promise<unknown> } | null = null;

  async function ask(refId: number, mine: number): Promise<void> {
    const leaving = letting.get(`${kind}:${refId}`);
    if (leaving) {
      await leaving;
      if (mine !== asked) return;
    }
    const got = await settle(notes, async () => {
      asks += 1;
      const id = `${page}-${asks}`;
      const request = source.get(kind, refId, id);
      // `answered` only tells a later ask when this one ended; its failure is reported by this settle.
      out = { refId, ask: id, mine, answered: request.catch(() => undefined) };
      const recording = await request;
      // Made here so that a recording that cannot be read says why, like a failed call.
      return recording && mine === asked ? objectUrl(base64Blob(recording.base64, audioType(recording.contentType, recording.format))) : null;
    });
    if (out?.mine === mine) out = null;
    if (mine !== asked) {
      if (got.ok && got.value) releaseUrl(got.value);
      return;
    }
    if (!got.ok) state.value = isCancelled(got.error) ? { kind: 'stopped' } : { kind: 'error', error: got.error, text: got.text };
    else state.value = got.value ? { kind: 'ready', url: got.value } : { kind: 'none' };
  }

  /** Stops the download this ask started, if it still runs; resolves to whether it did. */
  async function stopAsk(sent: { refId: number; ask: string }): Promise<boolean> {
    const got = await settle(notes, () => source.stop(kind, sent.refId, sent.ask));
    return got.ok && got.value.cancelled;
  }

  /** What this screen asked for is no longer wanted: its download is stopped and its answer dropped. */
  function letGo(): void {
    const sent = out;
    if (!sent) return;
    out = null;
    const key = `${kind}:${sent.refId}`;
    // Stopped, the download ends at once: the next ask waits for that. One the stop missed (its ask had
    // not reached the main process) is not waited for: when it comes, it answers cancelled at once.
    const stopped = stopAsk(sent).then((cancelled) => (cancelled ? sent.answered : undefined));
    const done: Promise<unknown> = Promise.all([letting.get(key), stopped]).finally(() => {
      if (letting.get(key) === done) letting.delete(key);
    });
    letting.set(key, done);
  }

  /** Shows this call's recording (null: none), asking for it; resolves once it is shown. */
  function show(refId: number | null): Promise<void> {
    // The same call again while it comes (the screen given it anew): the download goes on.
    if (refId !== null && refId === shown && state.value.kind === 'loading') return answered;
    if (state.value.kind === 'ready') releaseUrl(state.value.url);
    letGo();
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
    if (state.value.kind !== 'loading') return;
    const mine = asked;
    if (out && (await stopAsk(out))) return answered;
    // Nothing was running to stop (pressed before the download began, or while another screen's stopped
    // download ends, or the surface could not be reached): the agent asked to stop, so the screen stops
    // waiting, and whatever answer comes is dropped.
    if (mine !== asked || state.value.kind !== 'loading') return;
    asked += 1;
    state.value = { kind: 'stopped' };
  }

  return { state, show, stop, retry: () => show(shown), close: () => void show(null) };
}

/** `createRecording` on the command surface, bound to the session; let go with the component (or scope). */
export function useRecording(kind: RecordingKind) {
  const recording = createRecording(kind, useSessionStore(), {
    get: (k, refId, ask) => call('recordings:get', { kind: k, refId, ask }),
    stop: (k, refId, ask) => call('downloads:cancel', { what: 'recording', kind: k, refId, ask }),
  });
  onScopeDispose(recording.close);
  return recording;
}
