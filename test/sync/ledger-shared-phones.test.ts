// The ledger right before an upload and the shared-phone warnings: preparing counts a phone's debtors
// after the ledger took listed phones off (a case suppressed by its code counts with the phones it
// keeps). So after the ledger step, the warnings and the counts the batch shows are the ones preparing
// the same file afresh with the same ledger gives: a phone taken off no longer counts, one given back does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import {
  addLedgerEntry,
  countCasesByStatus,
  countIssuesBySeverity,
  countMatchingCases,
  listIssues,
  openStore,
  removeLedgerEntry,
  type NewLedgerEntry,
  type Store,
} from '../../src-main/store';
import { applyLedgerBeforeUpload } from '../../src-main/sync/ledger-before-upload';
import { TEST_STORE_KEY } from '../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-shared-phones-'));
const stores: Store[] = [];
afterAll(() => {
  for (const s of stores) s.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'DNI;Nombre;Apellido;Teléfono;Nro Operación;Producto;Saldo;Vencimiento';
const row = (code: string, name: string, phones: string) => `${code};${name};Pérez;${phones};OP-${code};Tarjeta;1500,00;31/12/2026`;
const SWITCHBOARD = '1143334444';
// Five debtors on a switchboard (each with a phone of their own too, so none is left without one),
// four on one home line, and Nora on her own.
const FILE = [
  HEADER,
  ...['Ana', 'Luis', 'Eva', 'Juan', 'Sol'].map((name, i) => row(`2010000${i}`, name, `011 4333-4444 / 0261 555-120${i}`)),
  ...['Rosa', 'Pedro', 'Marta', 'Iván'].map((name, i) => row(`2020000${i}`, name, '351 456-7890')),
  row('20300000', 'Nora', '0261 555-1234'),
].join('\n');
const SWITCHBOARD_CODES = ['20100000', '20100001', '20100002', '20100003', '20100004'];

const LISTED_PHONE: NewLedgerEntry = { kind: 'phone', value: SWITCHBOARD, reason: 'wrong-number', addedBy: 'ana' };
const LISTED_CODE: NewLedgerEntry = { kind: 'code', value: '20100004', reason: 'debtor-asked', addedBy: 'ana' };

/** The file prepared into a store of its own, with these ledger entries in it first. */
async function prepared(entries: readonly NewLedgerEntry[] = []) {
  const store = openStore(join(dir, `data-${stores.length}`), TEST_STORE_KEY);
  stores.push(store);
  const entryIds = entries.map((e) => addLedgerEntry(store.db, e).entry.id);
  const { batchId } = await prepareBatch(
    store,
    { name: 'cartera.csv', bytes: new Uint8Array(Buffer.from(FILE)) },
    { environment: 'demo', maxPhonePriority: 1 },
  );
  return { store, batchId, entryIds };
}

/** Code → the phones its shared-phone warnings name, with their count of debtors. */
function warned({ store, batchId }: { store: Store; batchId: number }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of listIssues(store.db, batchId))
    if (i.kind === 'shared-phone') (out[i.code ?? ''] ??= []).push(`${String(i.params?.phone)}×${String(i.params?.debtors)}`);
  return out;
}

/** What the batch list and header show of it: cases by status and the warnings counted. */
function counts({ store, batchId }: { store: Store; batchId: number }) {
  return { ...countCasesByStatus(store.db, batchId), warnings: countIssuesBySeverity(store.db, batchId).warnings };
}

/** Warnings, counts and the cases a search for the switchboard finds, for comparing a batch with the same file prepared afresh. */
const seen = (b: { store: Store; batchId: number }) => ({
  warned: warned(b),
  counts: counts(b),
  foundBySwitchboard: countMatchingCases(b.store.db, b.batchId, { search: SWITCHBOARD }),
});

const onSwitchboard = (debtors: number) => Object.fromEntries(SWITCHBOARD_CODES.map((c) => [c, [`${SWITCHBOARD}×${debtors}`]]));

describe('shared-phone warnings after the ledger before upload', () => {
  it('a shared phone listed after preparing loses its warnings on every case, as preparing with the entry gives', async () => {
    const b = await prepared();
    expect(warned(b)).toEqual(onSwitchboard(5));
    expect(counts(b)).toMatchObject({ ready: 5, warning: 5, suppressed: 0, warnings: 5 });

    addLedgerEntry(b.store.db, LISTED_PHONE);
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 0, phones: 5 });
    expect(warned(b)).toEqual({});
    // Each of the five keeps one warning: the phone the ledger took off, not a count of a phone it no longer has.
    expect(counts(b)).toMatchObject({ ready: 5, warning: 5, suppressed: 0, warnings: 5 });
    expect(seen(b)).toEqual(seen(await prepared([LISTED_PHONE])));
  });

  it("one debtor's code listed after preparing keeps the count: a suppressed case still counts with its phones", async () => {
    const b = await prepared();
    addLedgerEntry(b.store.db, LISTED_CODE);
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 1, phones: 0 });
    expect(warned(b)).toEqual(onSwitchboard(5));
    expect(counts(b)).toMatchObject({ ready: 5, warning: 4, suppressed: 1, warnings: 6 });
    expect(seen(b)).toEqual(seen(await prepared([LISTED_CODE])));
  });

  it('the phone given back when its entry is removed counts five debtors again', async () => {
    // Taken off at upload, then given back.
    const b = await prepared();
    const { entry } = addLedgerEntry(b.store.db, LISTED_PHONE);
    applyLedgerBeforeUpload(b.store, b.batchId);
    expect(warned(b)).toEqual({});
    removeLedgerEntry(b.store.db, entry.id);
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 0, phones: 0 });
    expect(warned(b)).toEqual(onSwitchboard(5));
    expect(seen(b).warned).toEqual(seen(await prepared()).warned);
    // Taken off at preparing, then given back.
    const held = await prepared([LISTED_PHONE]);
    expect(warned(held)).toEqual({});
    removeLedgerEntry(held.store.db, held.entryIds[0] ?? 0);
    applyLedgerBeforeUpload(held.store, held.batchId);
    expect(warned(held)).toEqual(onSwitchboard(5));
    expect(counts(held)).toMatchObject({ ready: 5, warning: 5, suppressed: 0 });
  });
});
