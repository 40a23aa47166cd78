// The batches store asks this machine's store for the batches: the list, one batch, the campaign a
// batch is prepared for, how its phones fit a campaign (and the fix that keeps the first ones), and
// deleting it, which a refusal answers with its code and params.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBatchesStore } from '../../../src-renderer/src/stores/batches';
import { fakeSurface } from '../support/fake-surface';

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('batches store', () => {
  it("checks how a batch's phones fit a campaign, then keeps each case's first phones", async () => {
    const calls = fakeSurface({ 'batches:phoneFit': { over: 4, phones: 6 }, 'batches:bulkFix': { changed: 4 } as never });
    const batches = useBatchesStore();
    expect(await batches.phoneFit(3, 1)).toEqual({ over: 4, phones: 6 });
    await batches.bulkFix(3, { kind: 'phone-limit', maxPhonePriority: 1 });
    expect(calls).toEqual([
      { name: 'batches:phoneFit', input: { batchId: 3, maxPhonePriority: 1 } },
      { name: 'batches:bulkFix', input: { batchId: 3, fix: { kind: 'phone-limit', maxPhonePriority: 1 } } },
    ]);
  });

  it('lists the batches, and a deletion refused keeps the code and params a screen words', async () => {
    const calls = fakeSurface({ 'batches:list': [], 'batches:delete': { failure: 'batch.in_doubt', params: { batchId: 3, inDoubt: 2 } } });
    const batches = useBatchesStore();
    expect(await batches.list()).toEqual([]);
    await expect(batches.remove(3)).rejects.toMatchObject({ code: 'batch.in_doubt', params: { batchId: 3, inDoubt: 2 } });
    expect(calls.map((c) => c.name)).toEqual(['batches:list', 'batches:delete']);
  });
});
