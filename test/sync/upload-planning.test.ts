import { afterEach, describe, expect, it } from 'vitest';
import { listChunks } from '../../src-main/store';
import { recountedWhenCheap, uploadBatch } from '../../src-main/sync/upload-engine';
import { useEmulator } from '../support/emulator';
import { expectExactlyOnce, uploadWorld, type UploadWorld } from './upload-fixture';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(() => worlds.splice(0).forEach((w) => w.cleanup()));

describe('planning a big batch into chunks', () => {
  it('reads the cases a page at a time, yet every chunk but the last is full and in id order, across the pages', async () => {
    // 10,000 cases a page: 12,345 cases cross one page's end in the middle of a chunk.
    const w = await uploadWorld(emulator.current.url, 12_345);
    worlds.push(w);
    const result = await uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep }, w.batchId, w.campaignId, {
      chunkLimits: { maxCases: 1000, maxBytes: 2_000_000 },
    });
    expect(result).toMatchObject({ status: 'done', loaded: 12_345, pending: 0, requests: 13 });
    const chunks = listChunks(w.store.db, w.batchId);
    expect(chunks.map((c) => c.caseCount)).toEqual([...Array<number>(12).fill(1000), 345]);
    const ids = w.store.db
      .prepare('SELECT chunk_id AS chunk, min(id) AS first, max(id) AS last FROM batch_cases WHERE batch_id = ? GROUP BY chunk_id ORDER BY first')
      .all(w.batchId) as {
      chunk: number;
      first: number;
      last: number;
    }[];
    // Each chunk holds a run of ids after the chunk before it: nothing planned twice, nothing left out.
    expect(ids.map((r) => r.chunk)).toEqual(chunks.map((c) => c.id));
    ids.slice(1).forEach((r, i) => expect(r.first).toBe((ids[i] as { last: number }).last + 1));
    expect(expectExactlyOnce(emulator.current, w.campaignId, w.codes)).toEqual({ duplicates: [], missing: [], extra: [] });
  });
});

describe('recountedWhenCheap', () => {
  it('counts at every step while a count is cheap', () => {
    let n = 0;
    let now = 0;
    const counted = recountedWhenCheap(
      () => ++n,
      () => (now += 1),
    );
    expect([counted(), counted(), counted()]).toEqual([1, 2, 3]);
  });

  it('once a count is dear (a million-case batch), counts again only after ten times its cost, or when asked', () => {
    let n = 0;
    let now = 0;
    // Each count takes 150 ms of this clock.
    const counted = recountedWhenCheap(
      () => {
        now += 150;
        return ++n;
      },
      () => now,
    );
    expect(counted()).toBe(1);
    now += 1000;
    expect(counted()).toBe(1);
    expect(counted(true)).toBe(2);
    now += 1500;
    expect(counted()).toBe(3);
  });
});
