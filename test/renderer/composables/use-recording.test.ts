// A call's recording on a screen: loading, then playable (or none); a Stop while it comes shows it
// stopped when the surface answers service.cancelled (its code, never its words) and Try again asks
// once more; an answer to a call no longer shown is dropped with its Blob URL. A screen that lets its
// recording go (another call shown, the card or dialog gone) stops the download it started, and only
// that: a screen opened on the same recording meanwhile asks once the stopped download has ended.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { ApiError } from '../../../src-renderer/src/api/failures';
import type { ConnectionNotes } from '../../../src-renderer/src/composables/use-reported';
import { createRecording, useRecording, type LettingGo, type RecordingKind } from '../../../src-renderer/src/composables/use-recording';
import { pending } from '../support/pending';

/** Lets the asks waiting on another screen's stop go on. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

type Recording = ProcedureOutputs['recordings:get'];
const WAV: NonNullable<Recording> = { contentType: 'application/octet-stream', format: 'wav', base64: Buffer.from('RIFF0000WAVE').toString('base64') };
const cancelled = (refId: number) => new ApiError('service.cancelled', { request: `GET /api/v2/inbound-call-recording/${refId}/` });

/** A source whose answers the test gives, one ask at a time; and what the session heard. */
function fixture(kind: RecordingKind = 'inbound', { downloading = true, endsLater = false, letting = new Map() as LettingGo } = {}) {
  const asks: { refId: number; ask: string; answer: ReturnType<typeof pending<Recording>> }[] = [];
  const stops: [RecordingKind, number][] = [];
  const stopped: string[] = [];
  const heard: unknown[] = [];
  const notes: ConnectionNotes = { noteSuccess: () => undefined, noteFailure: (error) => heard.push(error) };
  const recording = createRecording(
    kind,
    notes,
    {
      get(k, refId, ask) {
        expect(k).toBe(kind);
        const answer = pending<Recording>();
        asks.push({ refId, ask, answer });
        return answer.promise;
      },
      stop(k, refId, ask) {
        stops.push([k, refId]);
        stopped.push(ask);
        const running = asks.find((a) => a.ask === ask);
        // Nothing running yet (the ask has not reached the download): nothing to stop.
        if (!downloading || !running) return Promise.resolve({ cancelled: false });
        // The surface stops the download that ask started: its recordings:get answers cancelled (at
        // once, or when the test says: the stopped download still ending).
        if (!endsLater) running.answer.reject(cancelled(refId));
        return Promise.resolve({ cancelled: true });
      },
    },
    letting,
  );
  return { recording, asks, stops, stopped, heard };
}

/**
 * A screen closed while its recording comes, whose stopped download ends when the test says, and a
 * screen opened on the same recording right after.
 */
function closedThenReopened(refId: number) {
  const letting: LettingGo = new Map();
  const closed = fixture('inbound', { letting, endsLater: true });
  void closed.recording.show(refId);
  closed.recording.close();
  const reopened = fixture('inbound', { letting });
  return { letting, closed, reopened, shown: reopened.recording.show(refId) };
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
    const { recording, asks, stops } = fixture('outbound', { downloading: false });
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

  it('lets go of a recording no longer shown: the download it started is stopped, by its ask, and its answer dropped', async () => {
    const { recording, asks, stops, stopped } = fixture('outbound');
    const first = recording.show(7);
    const second = recording.show(8);
    expect(stops).toEqual([['outbound', 7]]);
    expect(stopped).toEqual([asks[0]?.ask]);
    await first;
    expect(recording.state.value).toEqual({ kind: 'loading' });

    recording.close();
    expect(stops).toEqual([
      ['outbound', 7],
      ['outbound', 8],
    ]);
    expect(stopped).toEqual([asks[0]?.ask, asks[1]?.ask]);
    await second;
    expect(recording.state.value).toEqual({ kind: 'none' });
  });

  it('stops nothing when what it asked for came, or was stopped, before it was let go', async () => {
    const { recording, asks, stops } = fixture();
    const shown = recording.show(3);
    asks[0]?.answer.resolve(WAV);
    await shown;
    recording.close();
    expect(stops).toEqual([]);

    const again = recording.show(4);
    await recording.stop();
    await again;
    recording.close();
    expect(stops).toEqual([['inbound', 4]]);
  });

  it('keeps the download going when the screen is given the same call again while it comes', async () => {
    const { recording, asks, stops } = fixture();
    const shown = recording.show(9);
    expect(recording.show(9)).toBe(shown);
    expect(stops).toEqual([]);
    expect(asks).toHaveLength(1);
    asks[0]?.answer.resolve(WAV);
    await shown;
    expect(recording.state.value.kind).toBe('ready');
  });

  it('asks for a recording let go a moment ago once its stopped download has ended, not before (it would be refused as running)', async () => {
    const { letting, closed, reopened, shown } = closedThenReopened(40);
    // Another recording is not held up.
    const other = fixture('inbound', { letting });
    void other.recording.show(41);
    expect(other.asks.map((a) => a.refId)).toEqual([41]);
    await flush();
    expect(reopened.asks).toEqual([]);
    expect(reopened.recording.state.value).toEqual({ kind: 'loading' });

    closed.asks[0]?.answer.reject(cancelled(40));
    await flush();
    expect(reopened.asks.map((a) => a.refId)).toEqual([40]);
    reopened.asks[0]?.answer.resolve(WAV);
    await shown;
    expect(reopened.recording.state.value.kind).toBe('ready');
    expect(letting.size).toBe(0);
  });

  it('stops waiting for another screen’s stopped download on Stop, stopping nothing and asking nothing', async () => {
    const { closed, reopened, shown } = closedThenReopened(42);
    await reopened.recording.stop();
    expect(reopened.recording.state.value).toEqual({ kind: 'stopped' });
    closed.asks[0]?.answer.reject(cancelled(42));
    await shown;
    expect(reopened.stops).toEqual([]);
    expect(reopened.asks).toEqual([]);
  });

  it('stops only its own ask when two screens show the same recording', async () => {
    const letting: LettingGo = new Map();
    const one = fixture('outbound', { letting });
    const two = fixture('outbound', { letting });
    const first = one.recording.show(50);
    const second = two.recording.show(50);
    one.recording.close();
    await first;
    expect(one.stopped).toEqual([one.asks[0]?.ask]);
    expect(one.asks[0]?.ask).not.toBe(two.asks[0]?.ask);
    two.asks[0]?.answer.resolve(WAV);
    await second;
    expect(two.recording.state.value.kind).toBe('ready');
  });
});

describe('useRecording', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stops the download its screen started when the screen goes away, and drops the answer', async () => {
    setActivePinia(createPinia());
    const calls: { name: string; input: Record<string, unknown> }[] = [];
    const answer = pending<Response>();
    vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
      const name = decodeURIComponent(url.replace('/api/call/', ''));
      calls.push({ name, input: JSON.parse(init.body) as Record<string, unknown> });
      return name === 'recordings:get' ? answer.promise : Response.json({ ok: true, value: { cancelled: true } });
    });
    const scope = effectScope();
    const recording = scope.run(() => useRecording('outbound'));
    const shown = recording?.show(7);
    scope.stop();
    await flush();
    const ask = calls[0]?.input.ask;
    expect(ask).toEqual(expect.any(String));
    expect(calls).toEqual([
      { name: 'recordings:get', input: { kind: 'outbound', refId: 7, ask } },
      { name: 'downloads:cancel', input: { what: 'recording', kind: 'outbound', refId: 7, ask } },
    ]);
    answer.resolve(Response.json({ ok: false, error: { code: 'service.cancelled', message: '', params: { request: 'GET /x' } } }));
    await shown;
    expect(recording?.state.value).toEqual({ kind: 'none' });
  });
});
