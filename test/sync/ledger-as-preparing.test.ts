// The ledger right before an upload leaves a batch as preparing the same file afresh with the same
// entries does: a phone the campaign's limit cut moves up into the place a listed phone leaves (and the
// too-many-phones warning counts what is left), and a rejected or excluded case loses a listed phone
// too, with the issue that says why, while staying rejected or excluded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editCase } from '../../src-main/preparation/edit-batch';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import {
  addLedgerEntry,
  countCasesByStatus,
  countMatchingCases,
  findCaseByCode,
  listIssues,
  markSkipped,
  openStore,
  pageBatchCases,
  removeLedgerEntry,
  type NewLedgerEntry,
  type Store,
} from '../../src-main/store';
import { applyLedgerBeforeUpload } from '../../src-main/sync/ledger-before-upload';
import { TEST_STORE_KEY } from '../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-as-preparing-'));
const stores: Store[] = [];
afterAll(() => {
  for (const s of stores) s.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'DNI;Nombre;Apellido;Teléfono;Nro Operación;Producto;Saldo;Vencimiento';
const row = (code: string, name: string, phones: string, debt = '1500,00') => `${code};${name};Pérez;${phones};OP-${code};Tarjeta;${debt};31/12/2026`;

interface Batch {
  store: Store;
  batchId: number;
}

/**
 * The file prepared into a store of its own (the campaign takes two phones), with these ledger entries
 * in it first; the `removed`-th ones are removed again (so the others keep the ids they have elsewhere).
 */
async function prepared(file: string, entries: readonly NewLedgerEntry[] = [], removed: readonly number[] = []): Promise<Batch> {
  const store = openStore(join(dir, `data-${stores.length}`), TEST_STORE_KEY);
  stores.push(store);
  const ids = entries.map((e) => addLedgerEntry(store.db, e).entry.id);
  for (const n of removed) removeLedgerEntry(store.db, ids[n] ?? 0);
  const { batchId } = await prepareBatch(
    store,
    { name: 'cartera.csv', bytes: new Uint8Array(Buffer.from(file)) },
    { environment: 'demo', maxPhonePriority: 1 },
  );
  return { store, batchId };
}

const phone = (value: string): NewLedgerEntry => ({ kind: 'phone', value, reason: 'wrong-number', addedBy: 'ana' });
const code = (value: string): NewLedgerEntry => ({ kind: 'code', value, reason: 'debtor-asked', addedBy: 'ana' });

/** Each case as the batch shows it: status, phones, and its issues (kind, severity and values, in no particular order). */
function cases({ store, batchId }: Batch) {
  const issues = new Map<string, string[]>();
  for (const i of listIssues(store.db, batchId)) {
    if (i.code === null || i.kind === 'edited') continue;
    const list = issues.get(i.code) ?? [];
    list.push(`${i.severity} ${i.kind} ${JSON.stringify(i.params ?? {})}`);
    issues.set(i.code, list);
  }
  return Object.fromEntries(
    pageBatchCases(store.db, batchId, { limit: 100 }).map((c) => [c.code, { status: c.status, phones: c.phones, issues: (issues.get(c.code) ?? []).sort() }]),
  );
}

const caseId = (b: Batch, c: string) => findCaseByCode(b.store.db, b.batchId, c) ?? 0;

describe("the ledger before upload and the campaign's phone limit", () => {
  // Ana has four phones and the campaign takes two: the ledger lists her first one after preparing, so
  // her third moves up. That third is the home line of four other debtors: with her it has five, and
  // each of them is warned. Luis's listed phone is one the limit cut: he keeps his two, and the warning
  // counts one phone fewer.
  const HOME_LINE = '2214000000';
  const FILE = [
    HEADER,
    row('20100000', 'Ana', '011 4333-4444 / 0261 555-1200 / 0221 400-0000 / 0381 400-0001'),
    row('20100001', 'Luis', '0351 456-7890 / 0261 555-1201 / 0379 400-0002 / 0381 400-0003'),
    ...['Rosa', 'Pedro', 'Marta', 'Iván'].map((name, i) => row(`2020000${i}`, name, '0221 400-0000')),
    row('20300000', 'Nora', '0261 555-1234'),
  ].join('\n');
  const LISTED = [phone('1143334444'), phone('3794000002')];

  it('fills the place a listed phone leaves with the next phone, as preparing with the entry does', async () => {
    const b = await prepared(FILE);
    expect(cases(b)['20100000']?.phones).toEqual(['1143334444', '2615551200']);
    for (const e of LISTED) addLedgerEntry(b.store.db, e);
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 0, phones: 1 });

    const fresh = await prepared(FILE, LISTED);
    expect(cases(fresh)['20100000']).toMatchObject({ phones: ['2615551200', HOME_LINE] });
    expect(cases(b)).toEqual(cases(fresh));
    expect(countCasesByStatus(b.store.db, b.batchId)).toEqual(countCasesByStatus(fresh.store.db, fresh.batchId));
    expect(countMatchingCases(b.store.db, b.batchId, { search: HOME_LINE })).toBe(5);
    // Once done, it is done: the next check finds nothing new.
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 0, phones: 0 });
    expect(cases(b)).toEqual(cases(fresh));
  });

  it('gives nothing back while the shared list cannot be read whole; a whole read does, as preparing without the entry', async () => {
    const b = await prepared(FILE);
    const entries = LISTED.map((e) => addLedgerEntry(b.store.db, e).entry);
    applyLedgerBeforeUpload(b.store, b.batchId);
    const held = cases(b);
    removeLedgerEntry(b.store.db, entries[0]?.id ?? 0);
    // Luis's entry still applies, so the batch is checked: Ana's case is built again, and keeps what was held.
    expect(applyLedgerBeforeUpload(b.store, b.batchId, { complete: false })).toMatchObject({ cases: 0, phones: 0 });
    expect(cases(b)).toEqual(held);
    applyLedgerBeforeUpload(b.store, b.batchId);
    const afresh = cases(await prepared(FILE, LISTED, [0]));
    // Ana's case also says the ledger gave her phone back.
    const released = 'fix ledger-released {"before":"warning","after":"warning"}';
    expect(cases(b)).toEqual({ ...afresh, '20100000': { ...afresh['20100000'], issues: [...(afresh['20100000']?.issues ?? []), released].sort() } });
  });
});

describe('the ledger before upload and the cases left out', () => {
  // Eva's debt cannot be read (rejected), Juan is left out by the agent, Sol was skipped at an upload
  // (the campaign holds his code) and then left out: all three on the switchboard with Ana and Luis,
  // five debtors. The ledger then lists the switchboard, and Eva's code.
  const SWITCHBOARD = '1143334444';
  const FILE = [
    HEADER,
    row('20100000', 'Ana', '011 4333-4444 / 0261 555-1200'),
    row('20100001', 'Luis', '011 4333-4444 / 0261 555-1201'),
    row('20100002', 'Eva', '011 4333-4444 / 0261 555-1202', 'mil'),
    row('20100003', 'Juan', '011 4333-4444 / 0261 555-1203'),
    row('20100004', 'Sol', '011 4333-4444 / 0261 555-1204'),
    row('20300000', 'Nora', '0261 555-1234'),
  ].join('\n');
  const LISTED = [phone(SWITCHBOARD), code('20100002')];

  /** The agent's part: Juan left out; Sol skipped by an upload, then left out. */
  function leaveOut(b: Batch) {
    editCase(b.store, b.batchId, caseId(b, '20100003'), { excluded: true });
    markSkipped(b.store.db, caseId(b, '20100004'));
    editCase(b.store, b.batchId, caseId(b, '20100004'), { excluded: true });
  }

  it('takes a listed phone off a rejected or excluded case not yet sent, keeping it out of the campaign', async () => {
    const b = await prepared(FILE);
    leaveOut(b);
    expect(cases(b)['20100002']).toMatchObject({ status: 'rejected', phones: [SWITCHBOARD, '2615551202'] });
    expect(cases(b)['20100002']?.issues).toContain(`warning shared-phone {"phone":"${SWITCHBOARD}","debtors":5}`);
    for (const e of LISTED) addLedgerEntry(b.store.db, e);
    // Only Ana's and Luis's phones were on their way to the campaign.
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 0, phones: 2 });

    const fresh = await prepared(FILE, LISTED);
    leaveOut(fresh);
    const now = cases(b);
    const afresh = cases(fresh);
    // Sol's case is the campaign's already: what it holds stays as it was, here and there.
    expect(now['20100004']).toMatchObject({ status: 'excluded', phones: [SWITCHBOARD, '2615551204'] });
    expect(now['20100003']).toEqual(afresh['20100003']);
    expect(now['20100003']).toMatchObject({ status: 'excluded', phones: ['2615551203'] });
    // Eva stays rejected (preparing with her code listed calls her suppressed): never a case to send.
    expect(now['20100002']).toEqual({ ...afresh['20100002'], status: 'rejected' });
    expect(now['20100002']?.phones).toEqual(['2615551202']);
    expect(now['20100002']?.issues.some((i) => i.includes('suppressed-code'))).toBe(true);
    expect(now).toEqual({ ...afresh, '20100002': now['20100002'], '20100004': now['20100004'] });
    // No case counts the switchboard any more but Sol's, alone: no shared-phone warning is left.
    expect(Object.values(now).some((c) => c.issues.some((i) => i.includes('shared-phone')))).toBe(false);
    expect(countMatchingCases(b.store.db, b.batchId, { search: SWITCHBOARD })).toBe(1);

    // The upload checks twice: the second finds nothing new and changes no status.
    expect(applyLedgerBeforeUpload(b.store, b.batchId)).toMatchObject({ cases: 0, phones: 0 });
    expect(cases(b)).toEqual(now);
  });
});
