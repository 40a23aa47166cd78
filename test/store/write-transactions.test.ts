// A write transaction that reads first, begun DEFERRED, fails at once with SQLITE_BUSY when another
// connection holds the write lock (its busy timeout is not used for the upgrade): during a big import,
// whose writer thread holds the lock a chunk at a time, a third of them did. Begun IMMEDIATE, they wait
// for the chunk like any single write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addChunks, addLedgerEntries, createBatch, deleteBatchRows, insertBatchCases, openStore, unplannedCases, type Store } from '../../src-main/store';
import { holdWriteLock } from '../support/write-lock';

const root = mkdtempSync(join(tmpdir(), 'casedesk-write-tx-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let made = 0;

function withBatch(): { store: Store; batchId: number } {
  // Plain: the lock holder opens the file without the data key.
  const store = openStore(join(root, `s${++made}`), null);
  const batchId = createBatch(store.db, { environment: 'demo', name: 'b', sourceFile: 'b.xlsx', maxPhonePriority: 1 });
  insertBatchCases(store.db, batchId, [
    { code: 'D1', firstName: 'Ana', lastName: 'Peña', phones: ['3514000001'], products: [], params: {}, sourceRows: [2], status: 'ready' },
  ]);
  return { store, batchId };
}

describe('a write that reads first, while another connection holds the write lock', () => {
  it.each([
    [
      'planning an upload (addChunks)',
      ({ store, batchId }: { store: Store; batchId: number }) => {
        addChunks(store.db, batchId, 7, [{ caseIds: unplannedCases(store.db, batchId).map((c) => c.id), bytes: 10 }]);
      },
    ],
    [
      'deleting a batch (deleteBatchRows)',
      ({ store, batchId }: { store: Store; batchId: number }) => {
        deleteBatchRows(store.db, batchId);
      },
    ],
    [
      'importing do-not-contact entries (addLedgerEntries)',
      ({ store }: { store: Store; batchId: number }) => {
        addLedgerEntries(store.db, [{ kind: 'phone', value: '3514000001', reason: 'debtor-asked', addedBy: 'agente' }]);
      },
    ],
  ])('waits for it: %s', async (_name, write) => {
    const target = withBatch();
    const { released } = await holdWriteLock(target.store.file, 150);
    expect(() => write(target)).not.toThrow();
    await released;
    target.store.close();
  });
});
