// A big import whose hidden batch is swept while its writer thread is still at it (the writer stood
// still past the sweep's minute: a suspended CLI, a computer asleep). The writer's refusal crosses its
// thread, and the preparation worker's, whole: the caller gets its code, never an internal failure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryKeychain } from '../../src-main/keys/keychain';
import { listBatches, staleImportingBatches, sweepStaleImports } from '../../src-main/store';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { bigList } from '../support/big-list';
import type * as WriterThread from '../../src-main/store/batch-writer-thread';

/**
 * Prepared on this thread, the build hands cases to the writer thread without waiting for it most of
 * the time: a poll on this thread may not run until the last case is built, and the writer may be done
 * by then. So here the sweep runs at a known point, when the writer has been handed 5,000 cases.
 */
const midImport = vi.hoisted(() => ({ sweep: null as (() => void) | null }));
vi.mock('../../src-main/store/batch-writer-thread', async (original) => {
  const real = await original<typeof WriterThread>();
  return {
    ...real,
    startBatchWriterThread: async (...args: Parameters<typeof real.startBatchWriterThread>) => {
      const writer = await real.startBatchWriterThread(...args);
      let handed = 0;
      const write = writer.write.bind(writer);
      return Object.assign(writer, {
        write: (c: Parameters<typeof write>[0]) => {
          if (++handed === 5_000) midImport.sweep?.();
          return write(c);
        },
      });
    },
  };
});

const root = mkdtempSync(join(tmpdir(), 'casedesk-import-swept-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each([
  ['in a preparation worker (the app, the CLI)', true],
  ['on the main thread', false],
])('a big import swept while its writer thread writes, prepared %s', (_where, preparationInWorker) => {
  it('fails with batch.missing, naming the file, and leaves no batch', async () => {
    const dataDir = join(root, preparationInWorker ? 'worker' : 'main');
    const ctx = createAppContext({ dataDir, preparationInWorker, keychain: memoryKeychain() });
    try {
      const api = createSurface(ctx);
      const received = await api.call('files:receive', { name: 'cartera-grande.csv', base64: Buffer.from(bigList(30_000)).toString('base64') });
      if (!received.ok) throw new Error(received.error.code);
      // The batch shows up hidden as soon as the writer begins; then the sweep runs as it would a minute
      // on, between two of the writer's chunks (it waits for the write lock).
      const importing = () => staleImportingBatches(ctx.store.db, new Date(Date.now() + 1_000));
      let swept: number[] = [];
      const sweep = () => (swept = sweepStaleImports(ctx.store.db, new Date(Date.now() + 61_000)));
      midImport.sweep = preparationInWorker ? null : sweep;
      const preparing = api.call('batches:prepare', { environment: 'demo', fileId: received.value.fileId, maxPhonePriority: 2 });
      if (preparationInWorker) {
        await expect.poll(importing, { timeout: 30_000, interval: 1 }).toHaveLength(1);
        sweep();
      }

      const answer = await preparing;
      expect(swept).toHaveLength(1);
      const [batchId] = swept;
      expect(answer).toMatchObject({ ok: false, error: { code: 'batch.missing', params: { file: 'cartera-grande.csv', batchId } } });
      expect(answer.ok || answer.error.incident).toBeUndefined();
      expect(listBatches(ctx.store.db, 'demo')).toEqual([]);
      expect(staleImportingBatches(ctx.store.db, new Date(Date.now() + 61_000))).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
