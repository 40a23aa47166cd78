// The ledger's own entries in a real (encrypted) store: one entry per value and creditor scope.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addLedgerEntries,
  addLedgerEntry,
  batchCreditor,
  createBatch,
  getLedgerEntry,
  listLedgerEntries,
  openStore,
  removeLedgerEntry,
} from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-repo-'));
const store = openStore(dir, TEST_STORE_KEY);
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ledger entries', () => {
  it('adds an entry with who and when, lists it and finds it again', () => {
    const { entry, created } = addLedgerEntry(
      store.db,
      { kind: 'phone', value: '1144445555', reason: 'wrong-number', until: '2027-01-31', addedBy: 'ana@banco.test' },
      new Date('2026-11-02T10:00:00Z'),
    );
    expect(created).toBe(true);
    expect(entry).toEqual({
      id: entry.id,
      source: 'own',
      kind: 'phone',
      value: '1144445555',
      reason: 'wrong-number',
      until: '2027-01-31',
      creditor: null,
      addedBy: 'ana@banco.test',
      addedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(listLedgerEntries(store.db)).toEqual([entry]);
    expect(getLedgerEntry(store.db, entry.id)).toEqual(entry);
  });

  it('adding the same value for the same creditor again replaces it; another creditor is another entry', () => {
    const first = addLedgerEntry(store.db, { kind: 'code', value: '20123456', reason: 'other', creditor: 'Banco del Sur', addedBy: 'ana' });
    const again = addLedgerEntry(store.db, { kind: 'code', value: '20123456', reason: 'legal', creditor: ' banco DEL sur ', addedBy: 'luis' });
    expect(again.created).toBe(false);
    expect(again.entry).toMatchObject({ id: first.entry.id, reason: 'legal', addedBy: 'luis', creditor: 'banco DEL sur' });
    const other = addLedgerEntry(store.db, { kind: 'code', value: '20123456', reason: 'legal', creditor: 'Financiera Norte', addedBy: 'ana' });
    expect(other.created).toBe(true);
    const unscoped = addLedgerEntry(store.db, { kind: 'code', value: '20123456', reason: 'legal', creditor: '  ', addedBy: 'ana' });
    expect(unscoped).toMatchObject({ created: true, entry: { creditor: null } });
  });

  it('adds many in one transaction, counting new and replaced ones', () => {
    const before = listLedgerEntries(store.db).length;
    expect(
      addLedgerEntries(store.db, [
        { kind: 'phone', value: '3514567890', reason: 'deceased', addedBy: 'ana' },
        { kind: 'phone', value: '1144445555', reason: 'debtor-asked', addedBy: 'ana' },
      ]),
    ).toEqual({ added: 1, updated: 1 });
    expect(listLedgerEntries(store.db)).toHaveLength(before + 1);
  });

  it('removes an entry and says which; a second removal finds nothing', () => {
    const { entry } = addLedgerEntry(store.db, { kind: 'phone', value: '2615123456', reason: 'other', addedBy: 'ana' });
    expect(removeLedgerEntry(store.db, entry.id)).toEqual(entry);
    expect(removeLedgerEntry(store.db, entry.id)).toBeNull();
    expect(getLedgerEntry(store.db, entry.id)).toBeNull();
  });

  it("never gives a removed entry's id again: `suppress remove <id>` from an old list cannot lift another entry", () => {
    const { entry } = addLedgerEntry(store.db, { kind: 'phone', value: '2615999001', reason: 'other', addedBy: 'ana' });
    expect(listLedgerEntries(store.db).at(-1)?.id).toBe(entry.id);
    removeLedgerEntry(store.db, entry.id);
    const { entry: next } = addLedgerEntry(store.db, { kind: 'phone', value: '2615999002', reason: 'debtor-asked', addedBy: 'ana' });
    expect(next.id).toBeGreaterThan(entry.id);
    expect(getLedgerEntry(store.db, entry.id)).toBeNull();
  });

  it("keeps a batch's creditor, for the entries scoped to it", () => {
    const withCreditor = createBatch(store.db, { environment: 'demo', name: 'b', sourceFile: 'b.xlsx', maxPhonePriority: 1, creditor: 'Banco del Sur' });
    const without = createBatch(store.db, { environment: 'demo', name: 'c', sourceFile: 'c.xlsx', maxPhonePriority: 1 });
    expect(batchCreditor(store.db, withCreditor)).toBe('Banco del Sur');
    expect(batchCreditor(store.db, without)).toBeNull();
  });
});
