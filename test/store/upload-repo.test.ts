import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addChunks,
  CHUNK_CASES_SQL,
  chunkCases,
  createBatch,
  insertBatchCases,
  listChunks,
  NEXT_CHUNK_SQL,
  openStore,
  pageBatchCases,
  splitChunk,
  type Store,
} from '../../src-main/store';
import { anaCase } from '../support/ana-case';
import { TEST_STORE_KEY } from '../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-upload-repo-'));
let store: Store;
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const plan = (sql: string, ...args: unknown[]) => {
  store ??= openStore(dir, TEST_STORE_KEY);
  return (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join('\n');
};

describe('query plans of an upload: a chunk is found and read through the index of waiting cases, never a scan of the cases', () => {
  // Without that index, each read scanned every case of the store: 0.3 s a chunk at 1,000,000 cases.
  it("a chunk's waiting cases", () => {
    const steps = plan(CHUNK_CASES_SQL, 1);
    expect(steps).toMatch(/^SEARCH batch_cases USING INDEX batch_cases_waiting_in_chunk \(chunk_id=\?\)$/m);
    expect(steps).not.toMatch(/SCAN batch_cases/);
  });

  it('the next chunk to send', () => {
    const steps = plan(NEXT_CHUNK_SQL, 1);
    expect(steps).toMatch(/^SEARCH c EXISTS USING COVERING INDEX batch_cases_waiting_in_chunk \(chunk_id=\?\)$/m);
    expect(steps).not.toMatch(/SCAN (c|u)\b/);
  });
});

describe('a chunk split in two (413)', () => {
  it('takes its place and moves every chunk after it, however many there are', () => {
    store ??= openStore(dir, TEST_STORE_KEY);
    const batchId = createBatch(store.db, { environment: 'test', name: 'lote', sourceFile: 'x.xlsx', maxPhonePriority: 1 });
    insertBatchCases(
      store.db,
      batchId,
      Array.from({ length: 40 }, (_, i) => anaCase(`C${i}`)),
    );
    const ids = pageBatchCases(store.db, batchId, { limit: 100 }).map((c) => c.id);
    addChunks(
      store.db,
      batchId,
      7,
      Array.from({ length: 10 }, (_, k) => ({ caseIds: ids.slice(k * 4, k * 4 + 4), bytes: 1 })),
    );
    const [first, second] = listChunks(store.db, batchId);
    // With three chunks or more after it, moving the next one by two took the place of the one after it.
    splitChunk(store.db, second!, [
      { caseIds: ids.slice(4, 6), bytes: 1 },
      { caseIds: ids.slice(6, 8), bytes: 1 },
    ]);
    const chunks = listChunks(store.db, batchId);
    // The halves follow the place the split chunk left (its old row keeps a negative seq).
    expect(chunks.filter((c) => c.seq > 0).map((c) => [c.seq, c.caseCount])).toEqual([
      [1, 4],
      [3, 2],
      [4, 2],
      ...Array.from({ length: 8 }, (_, k) => [k + 5, 4]),
    ]);
    expect(chunks.find((c) => c.id === second!.id)).toMatchObject({ seq: -second!.id, caseCount: 0, state: 'failed' });
    expect(chunks.find((c) => c.seq === 1)?.id).toBe(first!.id);
  });

  it('plans only cases still waiting for a chunk', () => {
    store ??= openStore(dir, TEST_STORE_KEY);
    const batchId = createBatch(store.db, { environment: 'test', name: 'lote', sourceFile: 'x.xlsx', maxPhonePriority: 1 });
    insertBatchCases(store.db, batchId, [anaCase('A'), anaCase('B')]);
    const [a, b] = pageBatchCases(store.db, batchId, { limit: 10 }).map((c) => c.id);
    addChunks(store.db, batchId, 7, [{ caseIds: [a!], bytes: 1 }]);
    // A page read before that chunk was stored names A again.
    addChunks(store.db, batchId, 7, [{ caseIds: [a!, b!], bytes: 1 }]);
    const [one, two] = listChunks(store.db, batchId);
    expect(chunkCases(store.db, one!.id).map((c) => c.code)).toEqual(['A']);
    expect(chunkCases(store.db, two!.id).map((c) => c.code)).toEqual(['B']);
  });
});
