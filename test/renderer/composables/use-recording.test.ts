// A call's recording on a screen: loading, then playable (or none); a Stop while it comes shows it
// stopped when the surface answers service.cancelled (its code, never its words) and Try again asks
// once more; an answer to a call no longer shown is dropped with its Blob URL.
import { describe, expect, it } from 'vitest';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { ApiError } from '../../../src-renderer/src/api/casedesk';
import type { ConnectionNotes } from '../../../src-renderer/src/composables/use-reported';
import { createRecording, type RecordingKind } from '../../../src-renderer/src/composables/use-recording';
import { pending } from '../support/pending';

type Recording = ProcedureOutputs['recordings:get'];
const WAV: NonNullable<Recording> = { contentType: 'application/octet-stream', format: 'wav', base64: Buffer.from('RIFF0000WAVE').toString('base64') };
const cancelled = (refId: number) => new ApiError('service.cancelled', { request: `GET /api/v2/inbound-call-recording/${refId}/` });

/** A source whose answers the test gives, one ask at a time; and what the session heard. */
function fixture(kind: RecordingKind = 'inbound', downloading = true) {
  const asks: { refId: number; answer: ReturnType<typeof pending<Recording>> }[] = [];
  const stops: [RecordingKind, number][] = [];
  const heard: unknown[] = [];
  const notes: ConnectionNotes = { noteSuccess: () => undefined, noteFailure: (error) => heard.push(error) };
  const recording = createRecording(kind, notes, {
    get(k, refId) {
      expect(k).toBe(kind);
      const answer = pending<Recording>();
      asks.push({ refId, answer });
      return answer.promise;
    },
    stop(k, refId) {
      stops.push([k, refId]);
      // Nothing running yet (the ask has not reached the download): nothing to stop.
      if (!downloading) return Promise.resolve({ cancelled: false });
      // The surface stops the running download: its recordings:get answers cancelled.
      asks.at(-1)?.answer.reject(cancelled(refId));
      return Promise.resolve({ cancelled: true });
    },
  });
  return { recording, asks, stops, heard };
}

describe('createRecording', () => {
  it('loads a call’s recording into a playable address, and shows none when the service has none', async () => {
    const { recording, asks } = fixture('outbound');
    const shown = recording.show(7);
    expect(recording.state.value).toEqual({ kind: 'loading' });
    asks[0]?.answer.resolve(WAV);
    await shown;
    expect(recording.state.value).toMatchObject({ kind: 'ready', url: expect.stringMatching(/^blob:/) });

    const other = recording.show(8);
    asks[1]?.answer.resolve(null);
    await other;
    expect(recording.state.value).toEqual({ kind: 'none' });
    expect(asks.map((a) => a.refId)).toEqual([7, 8]);
  });

  it('stops the recording coming: stopped, not a failure; Try again asks for it again', async () => {
    const { recording, asks, stops, heard } = fixture();
    const shown = recording.show(31);
    await recording.stop();
    await shown;
    expect(stops).toEqual([['inbound', 31]]);
    expect(recording.state.value).toEqual({ kind: 'stopped' });
    // Nothing left to stop.
    await recording.stop();
    expect(stops).toHaveLength(1);

    const again = recording.retry();
    expect(recording.state.value).toEqual({ kind: 'loading' });
    asks[1]?.answer.resolve(WAV);
    await again;
    expect(asks.map((a) => a.refId)).toEqual([31, 31]);
    expect(recording.state.value.kind).toBe('ready');
    expect(heard).toEqual([cancelled(31)]);
  });

  it('stops waiting when Stop comes before the download began, and drops the answer that comes after', async () => {
    const { recording, asks, stops } = fixture('outbound', false);
    const shown = recording.show(12);
    await recording.stop();
    expect(stops).toEqual([['outbound', 12]]);
    expect(recording.state.value).toEqual({ kind: 'stopped' });
    asks[0]?.answer.resolve(WAV);
    await shown;
    expect(recording.state.value).toEqual({ kind: 'stopped' });

    const again = recording.retry();
    asks[1]?.answer.resolve(WAV);
    await again;
    expect(recording.state.value.kind).toBe('ready');
  });

  it('tells a stop by its code: another failure, or words that read like a stop, stay a failure', async () => {
    const { recording, asks } = fixture();
    const tooSlow = new ApiError('service.recording_too_slow', { request: 'GET /x', rate: 1, seconds: 30 });
    const first = recording.show(5);
    asks[0]?.answer.reject(tooSlow);
    await first;
    expect(recording.state.value).toEqual({ kind: 'error', error: tooSlow, text: tooSlow.message });

    const second = recording.retry();
    asks[1]?.answer.reject(new Error('stopped before it finished, as asked'));
    await second;
    expect(recording.state.value).toMatchObject({ kind: 'error', text: 'stopped before it finished, as asked' });
  });

  it('drops the answer for a call no longer shown', async () => {
    const { recording, asks } = fixture();
    const first = recording.show(1);
    const second = recording.show(2);
    asks[1]?.answer.resolve(null);
    await second;
    asks[0]?.answer.resolve(WAV);
    await first;
    expect(recording.state.value).toEqual({ kind: 'none' });

    const third = recording.show(3);
    void recording.show(null);
    asks[2]?.answer.resolve(WAV);
    await third;
    expect(recording.state.value).toEqual({ kind: 'none' });
  });
});
