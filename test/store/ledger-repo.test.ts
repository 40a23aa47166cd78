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
  caseDebtor,
  findCaseByCode,
  getLedgerEntry,
  insertBatchCases,
  listIssues,
  listLedgerEntries,
  openStore,
  recordLedgerOutcome,
  removeLedgerEntry,
  type IssueInput,
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

describe("a case's phones taken off by the list", () => {
  it('keeps every issue reading the phone it was about, though issues name phones by their place', () => {
    const batchId = createBatch(store.db, { environment: 'demo', name: 'p', sourceFile: 'p.csv', maxPhonePriority: 2 });
    const fixed: IssueInput = { severity: 'fix', kind: 'phone-fixed', field: 'phones', rows: [2], params: { before: '351 15 600-0002', after: '3516000002' } };
    const dropped: IssueInput = { severity: 'warning', kind: 'phone-dropped', field: 'phones', rows: [2], params: { before: '3516000002', why: 'invalid' } };
    insertBatchCases(store.db, batchId, [
      {
        code: 'P1',
        firstName: 'Ana',
        lastName: 'Paz',
        phones: ['3516000001', '3516000002'],
        products: [{ debt_code: 'D1', pid: 'Visa', debt: '10.00', expiration: '2027-01-31' }],
        params: {},
        sourceRows: [2],
        status: 'warning',
        raw: [[2, 0, 0, ['3516000001', '351 15 600-0002'], 0, 0, '', '10,00', '31/01/2027']],
        issues: [fixed, dropped],
      },
    ]);
    const id = findCaseByCode(store.db, batchId, 'P1') as number;
    // The second phone is named by its place among the texts: the first one leaving moves it.
    expect(store.db.prepare('SELECT issues_json FROM batch_cases WHERE id = ?').pluck().get(id)).toMatch(/^\[2,0,0,\d+,\d+,/);
    const held: IssueInput = { severity: 'warning', kind: 'suppressed-phone', field: 'phones', rows: [2], params: { phone: '3516000001' } };
    const debtor = caseDebtor(
      store.db.prepare('SELECT id, code, first_name, last_name, phones_json, products_json, params_json FROM batch_cases WHERE id = ?').get(id) as never,
    );
    recordLedgerOutcome(store.db, batchId, debtor, { phones: ['3516000002'], status: 'warning', issues: [held] });
    const issues = listIssues(store.db, batchId).map((i) => ({ kind: i.kind, params: i.params }));
    expect(issues).toEqual([
      { kind: 'phone-fixed', params: fixed.params },
      { kind: 'phone-dropped', params: dropped.params },
      { kind: 'suppressed-phone', params: held.params },
    ]);
    expect(store.db.prepare('SELECT phones_json FROM batch_cases WHERE id = ?').pluck().get(id)).toBe('["3516000002"]');
  });
});
