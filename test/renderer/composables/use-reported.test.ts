// A call of the surface, its failure reported once: the session hears of every failure and of the
// successes of calls that went to the service; the screen gets a typed outcome with the failure's words.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src-renderer/src/api/failures';
import { createAction, noting, settle, type ConnectionNotes } from '../../../src-renderer/src/composables/use-reported';
import { i18n } from '../../../src-renderer/src/i18n';
import { pending } from '../support/pending';

afterEach(() => {
  i18n.global.locale.value = 'es';
});

/** Notes what the session store would hear. */
function listener() {
  const heard: (['success'] | ['failure', unknown])[] = [];
  const notes: ConnectionNotes = {
    noteSuccess: () => heard.push(['success']),
    noteFailure: (error) => heard.push(['failure', error]),
  };
  return { heard, notes };
}

describe('settle', () => {
  it('answers the value, and tells the session the service is reachable only for a call that went to it', async () => {
    const service = listener();
    await expect(settle(service.notes, () => Promise.resolve(7), { reachesService: true })).resolves.toEqual({ ok: true, value: 7 });
    expect(service.heard).toEqual([['success']]);

    // A call this machine's store answers succeeds offline too: it says nothing about the network.
    const local = listener();
    await expect(settle(local.notes, () => Promise.resolve('rows'))).resolves.toEqual({ ok: true, value: 'rows' });
    expect(local.heard).toEqual([]);
  });

  it('reports a failure once to the session and answers it, worded by the catalog, instead of throwing', async () => {
    i18n.global.locale.value = 'en';
    const { heard, notes } = listener();
    const failure = new ApiError('batch.in_doubt', { batchId: 12, inDoubt: 3 });
    const outcome = await settle(notes, () => Promise.reject(failure), { reachesService: true });
    expect(outcome).toEqual({ ok: false, error: failure, text: failure.message });
    expect(outcome.ok === false && outcome.text).toMatch(/^Batch 12 has 3 case\(s\) in doubt/);
    expect(heard).toEqual([['failure', failure]]);
  });

  it('words a fault of the renderer by its own message, and anything else thrown as it reads', async () => {
    const { notes } = listener();
    await expect(settle(notes, () => Promise.reject(new TypeError('x is undefined')))).resolves.toMatchObject({ ok: false, text: 'x is undefined' });
    await expect(settle(notes, () => Promise.reject('gone'))).resolves.toMatchObject({ ok: false, text: 'gone' });
  });

  it('catches a throw before the first await as well', async () => {
    const { heard, notes } = listener();
    const outcome = await settle(notes, () => {
      throw new Error('bad input');
    });
    expect(outcome).toMatchObject({ ok: false, text: 'bad input' });
    expect(heard).toHaveLength(1);
  });
});

describe('createAction', () => {
  it('is busy while the work runs, clears the last failure, and leaves none when it worked', async () => {
    const { heard, notes } = listener();
    const { busy, error, run } = createAction(notes, { reachesService: true });
    error.value = 'old';
    const work = pending<number>();
    const done = run(() => work.promise);
    expect(busy.value).toBe(true);
    expect(error.value).toBeNull();
    work.resolve(3);
    await expect(done).resolves.toEqual({ ok: true, value: 3 });
    expect(busy.value).toBe(false);
    expect(error.value).toBeNull();
    expect(heard).toEqual([['success']]);
  });

  it("leaves the failure's words in the screen's own sentence", async () => {
    const { heard, notes } = listener();
    const failure = new ApiError('network.unreachable', { host: 'bots.example.com' });
    const { busy, error, run } = createAction(notes, { words: (text, err) => `Could not load (${err === failure ? 'that one' : '?'}): ${text}` });
    const outcome = await run(() => Promise.reject(failure));
    expect(outcome.ok).toBe(false);
    expect(busy.value).toBe(false);
    expect(error.value).toBe(`Could not load (that one): ${failure.message}`);
    expect(heard).toEqual([['failure', failure]]);
  });

  it('says nothing when the screen words a failure as no failure (nothing downloaded yet)', async () => {
    const { notes } = listener();
    const { error, run } = createAction(notes, { words: (text, err) => (err instanceof ApiError && err.kind === 'not-found' ? null : text) });
    await run(() => Promise.reject(new ApiError('batch.not_found', { batchId: 4 })));
    expect(error.value).toBeNull();
    await run(() => Promise.reject(new Error('disk full')));
    expect(error.value).toBe('disk full');
  });
});

describe('noting', () => {
  it('tells the session of a failure and throws it on, for a caller that words it its own way', async () => {
    const { heard, notes } = listener();
    const failure = new ApiError('service.timeout', { request: 'GET /bots' });
    await expect(noting(notes, () => Promise.reject(failure))).rejects.toBe(failure);
    await expect(noting(notes, () => Promise.resolve(3))).resolves.toBe(3);
    expect(heard).toEqual([['failure', failure]]);
  });
});
