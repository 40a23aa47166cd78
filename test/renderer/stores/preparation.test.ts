// The preparation store reads a picked file (its sheet and header row found, or as the agent chose),
// prepares it into a batch, and stops it on the agent's word: a stopped preparation fails with its own code.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { transport } from '../../../src-renderer/src/api/transport';
import { usePreparationStore } from '../../../src-renderer/src/stores/preparation';
import { fakeSurface } from '../support/fake-surface';

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.restoreAllMocks());

describe('preparation store', () => {
  it('reads a sheet from a chosen header row, then stops a preparation that fails as cancelled', async () => {
    const found = { sheet: 'Hoja 2', headerRow: 3, headers: [] } as unknown as ProcedureOutputs['batches:inspect'];
    const calls = fakeSurface({
      'batches:inspect': found,
      'batches:cancelPrepare': { cancelled: true },
      'batches:prepare': { failure: 'prepare.cancelled' },
    });
    const preparation = usePreparationStore();
    expect(await preparation.inspect({ fileId: 'f-1', sheet: 'Hoja 2', headerRow: 3 })).toBe(found);
    expect(await preparation.cancel('f-1')).toEqual({ cancelled: true });
    const input = { fileId: 'f-1' } as Parameters<typeof preparation.prepare>[0];
    await expect(preparation.prepare(input)).rejects.toMatchObject({ code: 'prepare.cancelled' });
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ['batches:inspect', { fileId: 'f-1', sheet: 'Hoja 2', headerRow: 3 }],
      ['batches:cancelPrepare', { fileId: 'f-1' }],
      ['batches:prepare', { fileId: 'f-1' }],
    ]);
  });

  it('hears how far preparing goes until told to stop', () => {
    let listener: ((p: unknown) => void) | undefined;
    vi.spyOn(transport, 'on').mockImplementation((name, l) => {
      expect(name).toBe('prepare:progress');
      listener = l as (p: unknown) => void;
      return () => undefined;
    });
    const heard: unknown[] = [];
    usePreparationStore().onProgress((p) => heard.push(p));
    listener?.({ fileId: 'f-1', done: 500, total: 1000 });
    expect(heard).toEqual([{ fileId: 'f-1', done: 500, total: 1000 }]);
  });
});
