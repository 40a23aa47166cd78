// A panel's action: busy while it runs, then one outcome line, success or failure, in the panel's words.
import { describe, expect, it } from 'vitest';
import { createSave } from '../../../src-renderer/src/composables/use-save';
import { pending } from '../support/pending';

/** The session as these tests need it: it hears nothing they check. */
const quiet = { noteSuccess: () => undefined, noteFailure: () => undefined };

describe('useSave', () => {
  it('is busy while the work runs, clears the last outcome, and shows the text the work answers', async () => {
    const { saving, outcome, save } = createSave(quiet);
    outcome.value = { ok: false, text: 'old' };
    const work = pending<string>();
    const done = save(
      () => work.promise,
      () => 'failed',
    );
    expect(saving.value).toBe(true);
    expect(outcome.value).toBeNull();
    work.resolve('Saved.');
    await expect(done).resolves.toBe(true);
    expect(saving.value).toBe(false);
    expect(outcome.value).toEqual({ ok: true, text: 'Saved.' });
  });

  it("words a failure with the panel's own function, given the failure's words and the error itself, and tells the session", async () => {
    const heard: unknown[] = [];
    const { saving, outcome, save } = createSave({ ...quiet, noteFailure: (error) => heard.push(error) });
    const failure = new Error('disk full');
    let seen: unknown;
    const ok = await save(
      () => Promise.reject(failure),
      (text, err) => {
        seen = err;
        return `Could not save: ${text}`;
      },
    );
    expect(ok).toBe(false);
    expect(seen).toBe(failure);
    expect(heard).toEqual([failure]);
    expect(saving.value).toBe(false);
    expect(outcome.value).toEqual({ ok: false, text: 'Could not save: disk full' });
  });

  it('ignores a second save while one runs, and forgets the outcome when the value changes', async () => {
    const { outcome, save, forget } = createSave(quiet);
    const work = pending<string>();
    let calls = 0;
    const first = save(() => {
      calls += 1;
      return work.promise;
    }, String);
    await expect(save(() => Promise.resolve('second'), String)).resolves.toBe(false);
    work.resolve('first');
    await first;
    expect(calls).toBe(1);
    expect(outcome.value?.text).toBe('first');
    forget();
    expect(outcome.value).toBeNull();
  });
});
