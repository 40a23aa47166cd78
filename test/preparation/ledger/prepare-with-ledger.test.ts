// Preparing a creditor's file applies the do-not-contact ledger: own and shared entries, expiry,
// creditor scope, and cases left with nothing to call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src-main/domain/ledger';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { addLedgerEntry, countCasesByStatus, getBatch, listIssues, openStore, pageBatchCases } from '../../../src-main/store';
import { sourceFile } from '../../support/source-file';
import { TEST_STORE_KEY } from '../../support/store-key';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shared = (id: number, kind: LedgerEntry['kind'], value: string, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  source: 'shared',
  kind,
  value,
  reason: 'legal',
  until: null,
  creditor: null,
  addedBy: '',
  addedAt: '',
  ...extra,
});

describe('prepare applies the ledger', () => {
  it('takes listed phones off, suppresses listed codes and cases left without a phone, and counts them', async () => {
    const store = openStore(join(dir, 'a'), TEST_STORE_KEY);
    // 20123456 has 1145678901 and 1155556666; 28999000 has only 2615123456; 07654321 is listed by code.
    addLedgerEntry(store.db, { kind: 'phone', value: '1155556666', reason: 'wrong-number', addedBy: 'ana' });
    addLedgerEntry(store.db, { kind: 'phone', value: '2615123456', reason: 'deceased', addedBy: 'ana' });
    addLedgerEntry(store.db, { kind: 'code', value: '30111222', reason: 'other', until: '2026-11-30', addedBy: 'ana' }); // expired
    addLedgerEntry(store.db, { kind: 'code', value: '29000111', reason: 'other', creditor: 'Financiera Norte', addedBy: 'ana' }); // another creditor
    const summary = await prepareBatch(store, sourceFile(SAMPLE), {
      environment: 'demo',
      maxPhonePriority: 2,
      creditor: 'Banco del Sur',
      today: '2026-12-01',
      sharedLedger: [shared(7, 'code', '07654321')],
    });
    expect(summary).toMatchObject({ cases: 11, ready: 6, rejected: 3, suppressed: { cases: 2, phones: 2 }, notices: [] });
    expect(getBatch(store.db, summary.batchId)).toBeTruthy();
    expect(countCasesByStatus(store.db, summary.batchId)).toMatchObject({ suppressed: 2, rejected: 3 });
    const cases = new Map(pageBatchCases(store.db, summary.batchId, { limit: 100 }).map((c) => [c.code, c]));
    expect(cases.get('20123456')).toMatchObject({ phones: ['1145678901'], status: 'warning' });
    expect(cases.get('28999000')).toMatchObject({ phones: [], status: 'suppressed' });
    expect(cases.get('07654321')?.status).toBe('suppressed');
    expect(cases.get('30111222')?.status).not.toBe('suppressed');
    expect(cases.get('29000111')?.status).not.toBe('suppressed');
    const issues = listIssues(store.db, summary.batchId);
    expect(issues.find((i) => i.code === '07654321' && i.kind === 'suppressed-code')?.params).toEqual({ reason: 'legal', entry: 7, source: 'shared' });
    expect(issues.filter((i) => i.code === '28999000').map((i) => i.kind)).toEqual(expect.arrayContaining(['suppressed-phone', 'suppressed-no-phones']));
    expect(issues.some((i) => i.code === '28999000' && i.kind === 'no-valid-phones')).toBe(false);
    expect(
      pageBatchCases(store.db, summary.batchId, { status: 'suppressed', limit: 10 })
        .map((c) => c.code)
        .sort(),
    ).toEqual(['07654321', '28999000']);
    store.close();
  });

  it("applies a creditor's entries to a batch prepared with that creditor's template", async () => {
    const store = openStore(join(dir, 'b'), TEST_STORE_KEY);
    const mapping = {
      header_row: 4,
      columns: {
        code: 'DNI',
        full_name: 'Apellido y Nombre',
        phones: ['Tel. Particular', 'Celular'],
        debt_code: 'Nro Operación',
        pid: 'Producto',
        debt: 'Saldo',
        expiration: 'Vencimiento',
      },
      decimal_separator: ',' as const,
      date_order: 'DMY' as const,
    };
    await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, mapping, creditor: 'Banco del Sur' });
    addLedgerEntry(store.db, { kind: 'code', value: '29000111', reason: 'creditor-instruction', creditor: 'BANCO DEL SUR', addedBy: 'ana' });
    const again = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 });
    expect(again).toMatchObject({ mappingSource: 'template', suppressed: { cases: 1, phones: 0 } });
    store.close();
  });

  it('a listed phone leaves its place to the next one under the campaign limit', async () => {
    const store = openStore(join(dir, 'c'), TEST_STORE_KEY);
    addLedgerEntry(store.db, { kind: 'phone', value: '1145678901', reason: 'wrong-number', addedBy: 'ana' });
    const summary = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 0 });
    const c = pageBatchCases(store.db, summary.batchId, { limit: 100 }).find((x) => x.code === '20123456');
    expect(c?.phones).toEqual(['1155556666']);
    store.close();
  });
});
