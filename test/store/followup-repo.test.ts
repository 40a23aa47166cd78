import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addChunks,
  createBatch,
  insertBatchCases,
  listChunks,
  loadedCaseOrigins,
  LOADED_ORIGINS_SQL,
  loadedPhonesByCode,
  LOADED_PHONES_SQL,
  openStore,
  pageBatchCases,
  recordChunkOutcome,
  type Store,
} from '../../src-main/store';
import type { Environment } from '../../src-main/domain/environments';
import { anaCase } from '../support/ana-case';
import { TEST_STORE_KEY } from '../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-followup-repo-'));
const store: Store = openStore(dir, TEST_STORE_KEY);
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A batch of these codes (phone 351 + the code's digits), all sent to `campaignId`, the `loaded` ones loaded. */
function sent(environment: Environment, campaignId: number, codes: string[], loaded = codes): number {
  const batchId = createBatch(store.db, { environment, name: 'lote', sourceFile: 'x.xlsx', maxPhonePriority: 1 });
  insertBatchCases(
    store.db,
    batchId,
    codes.map((code) => anaCase(code, { phones: [`351${code.padStart(7, '0')}`] })),
  );
  const cases = pageBatchCases(store.db, batchId, { limit: 100 });
  addChunks(store.db, batchId, campaignId, [{ caseIds: cases.map((c) => c.id), bytes: 10 }]);
  const chunk = listChunks(store.db, batchId).at(-1)!.id;
  recordChunkOutcome(
    store.db,
    chunk,
    'done',
    cases.filter((c) => loaded.includes(c.code)).map((c) => c.id),
    [],
  );
  return batchId;
}

describe('where a campaign’s cases came from', () => {
  const first = sent('test', 7, ['1', '2', '3'], ['1', '2']);
  const again = sent('test', 7, ['2']);
  sent('test', 8, ['4']);
  sent('production', 7, ['5']);

  it('names the batch case each loaded code was sent from, the newest when sent twice; not loaded, other campaigns and other environments left out', () => {
    const origins = loadedCaseOrigins(store.db, 'test', 7);
    expect([...origins.keys()].sort()).toEqual(['1', '2']);
    expect(origins.get('1')?.batchId).toBe(first);
    expect(origins.get('2')?.batchId).toBe(again);
  });

  it('gives the phones each code was loaded with', () => {
    const phones = loadedPhonesByCode(store.db, 'test', 7, ['1', '2', '3', '4', '5']);
    expect(Object.fromEntries(phones)).toEqual({ '1': ['3510000001'], '2': ['3510000002'] });
  });

  // Each page of results shown asks for its codes' phones: before, every case of the store was read for it.
  it('reads only the batches sent to the campaign, and only the codes asked for in them', () => {
    const plan = (sql: string, ...args: unknown[]) =>
      (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join('\n');
    const phones = plan(LOADED_PHONES_SQL, 7, 'test', '["1","2"]', 7);
    expect(phones).toMatch(/^SEARCH c USING INDEX sqlite_autoindex_batch_cases_\d+ \(batch_id=\? AND code=\?\)$/m);
    expect(phones).not.toMatch(/SCAN c\b/);
    const origins = plan(LOADED_ORIGINS_SQL, 7, 'test', 7);
    // The loaded cases are most of an uploaded batch (migration 32 keeps no index of them).
    expect(origins).toMatch(/^SEARCH c USING INDEX batch_cases_by_batch \(batch_id=\?\)$/m);
    expect(origins).not.toMatch(/SCAN c\b/);
  });
});
