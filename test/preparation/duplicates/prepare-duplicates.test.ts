// Preparing a file flags its duplicates and its phones of many debtors, on either writer (the phones'
// warnings come once every case is stored), and counts the duplicates in the summary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { countMatchingCases, listIssues, openStore, pageBatchCases } from '../../../src-main/store';
import { TEST_STORE_KEY } from '../../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-duplicates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = 'DNI;Nombre;Apellido;Teléfono;Nro Operación;Producto;Saldo;Vencimiento';
const row = (code: string, name: string, phone: string) => `${code};${name};Pérez;${phone};OP-${code};Tarjeta;1500,00;31/12/2026`;
const csv = (rows: string[]) => ({ name: 'cartera.csv', bytes: new TextEncoder().encode([HEADER, ...rows].join('\n')) });

// Five different debtors on the bank's switchboard; Ana twice under two codes on her own line.
const FILE = [
  ...['Ana', 'Luis', 'Eva', 'Juan', 'Sol'].map((name, i) => row(`2010000${i}`, name, '011 4333-4444')),
  row('20200001', 'Rosa', '351 456-7890'),
  row('20200002', 'Rosa', '351 456-7890'),
];

describe('prepare flags duplicates and shared phones', () => {
  it.each(['inline', 'thread'] as const)('with the %s writer', async (writer) => {
    const store = openStore(join(dir, writer), TEST_STORE_KEY);
    const first = await prepareBatch(store, csv(FILE), { environment: 'test', maxPhonePriority: 1, writer });
    expect(first).toMatchObject({ cases: 7, ready: 7, duplicates: 0, warnings: 5 });
    const shared = listIssues(store.db, first.batchId).filter((i) => i.kind === 'shared-phone');
    expect(shared.map((i) => [i.code, i.params])).toEqual(
      ['20100000', '20100001', '20100002', '20100003', '20100004'].map((code) => [code, { phone: '1143334444', debtors: 5 }]),
    );
    expect(pageBatchCases(store.db, first.batchId, { status: 'warning', limit: 10 })).toHaveLength(5);

    // The same codes again, while the first batch waits: each case says which batch has it.
    const second = await prepareBatch(store, csv([...FILE.slice(0, 2), row('30300003', 'Nuevo', '351 111-2222')]), {
      environment: 'test',
      maxPhonePriority: 1,
      writer,
    });
    expect(second).toMatchObject({ cases: 3, duplicates: 2 });
    expect(
      listIssues(store.db, second.batchId)
        .filter((i) => i.kind === 'duplicate-other-batch')
        .map((i) => [i.code, i.params]),
    ).toEqual([
      ['20100000', { batch: first.batchId }],
      ['20100001', { batch: first.batchId }],
    ]);
    expect(countMatchingCases(store.db, second.batchId, { duplicates: true })).toBe(2);
    // Another environment's batches are not this one's duplicates.
    expect(await prepareBatch(store, csv(FILE), { environment: 'demo', maxPhonePriority: 1, writer })).toMatchObject({ duplicates: 0 });
    store.close();
  });

  it('counts debtors, not cases: one person under five codes on a phone is no shared phone', async () => {
    const store = openStore(join(dir, 'one-person'), TEST_STORE_KEY);
    // Five codes of Rosa (her name written two ways) on her line; five debtors on the switchboard.
    const rosa = ['Rosa', 'ROSA', 'Rosa', 'rosa', 'Rosá'].map((name, i) => row(`2050000${i}`, name, '351 456-7890'));
    const summary = await prepareBatch(store, csv([...FILE.slice(0, 5), ...rosa]), { environment: 'test', maxPhonePriority: 1 });
    expect(summary).toMatchObject({ cases: 10, warnings: 5 });
    const shared = listIssues(store.db, summary.batchId).filter((i) => i.kind === 'shared-phone');
    expect(new Set(shared.map((i) => i.params?.['phone']))).toEqual(new Set(['1143334444']));
    store.close();
  });

  it('reads the whole batch back when many phones are each in five cases, and warns the same', async () => {
    const store = openStore(join(dir, 'many-phones'), TEST_STORE_KEY);
    // 250 families of five cases, one name each, on their own line; and the switchboard's five debtors.
    const families = Array.from({ length: 250 }, (_, f) =>
      Array.from({ length: 5 }, (_, k) =>
        row(`3${String(f).padStart(4, '0')}00${k}`, `Familia${f}`, `351 4${String(f).padStart(2, '0').slice(-2)}-${String(1000 + f).slice(-4)}`),
      ),
    ).flat();
    const summary = await prepareBatch(store, csv([...families, ...FILE.slice(0, 5)]), { environment: 'test', maxPhonePriority: 1 });
    expect(summary.cases).toBe(1255);
    const shared = listIssues(store.db, summary.batchId).filter((i) => i.kind === 'shared-phone');
    expect(shared.map((i) => [i.code, i.params])).toEqual(
      ['20100000', '20100001', '20100002', '20100003', '20100004'].map((code) => [code, { phone: '1143334444', debtors: 5 }]),
    );
    store.close();
  });

  it('warns every case of many shared phones, reading the batch once (250 switchboards of five debtors each)', async () => {
    const store = openStore(join(dir, 'many-shared'), TEST_STORE_KEY);
    const offices = Array.from({ length: 250 }, (_, f) =>
      Array.from({ length: 5 }, (_, k) =>
        row(`4${String(f).padStart(4, '0')}00${k}`, `Empleado${k}`, `351 4${String(f).padStart(2, '0').slice(-2)}-${String(1000 + f).slice(-4)}`),
      ),
    ).flat();
    const summary = await prepareBatch(store, csv(offices), { environment: 'test', maxPhonePriority: 1 });
    expect(summary).toMatchObject({ cases: 1250, warnings: 1250 });
    const shared = listIssues(store.db, summary.batchId).filter((i) => i.kind === 'shared-phone');
    expect(shared).toHaveLength(1250);
    expect(new Set(shared.map((i) => i.params?.['phone'])).size).toBe(250);
    expect(shared.every((i) => i.params?.['debtors'] === 5)).toBe(true);
    store.close();
  });
});
