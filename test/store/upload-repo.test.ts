import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_CASES_SQL, NEXT_CHUNK_SQL, openStore, type Store } from '../../src-main/store';
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
