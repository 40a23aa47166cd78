// One person, however a creditor writes them: a listed DNI or CUIT holds a case coded with any
// spelling of it, in the agent's ledger, the organization's list, duplicates across batches and a
// follow-up batch. Random DNIs and CUITs, random spellings (fast-check, seeded).
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cuitCheckDigit } from '../../../src-main/domain/person-key';
import type { LedgerEntry } from '../../../src-main/domain/ledger';
import { ledgerCode } from '../../../src-main/preparation/ledger/ledger-types';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { buildFollowupBatch } from '../../../src-main/results/followup-batch';
import {
  addChunks,
  addLedgerEntry,
  listChunks,
  listIssues,
  openStore,
  pageBatchCases,
  recordChunkOutcome,
  saveResultCases,
  type Store,
} from '../../../src-main/store';
import { aCase } from '../../results/fixtures';
import { TEST_STORE_KEY } from '../../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-person-spellings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stores = 0;
const freshStore = (): Store => openStore(join(dir, String(++stores)), TEST_STORE_KEY);

const FULL_WIDTH = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
const DOTTED = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A person's CUIT for a DNI, or null when no check digit fits that prefix. */
function cuitOf(dni: string, prefix: string): string | null {
  const firstTen = prefix + dni.padStart(8, '0');
  const check = cuitCheckDigit(firstTen);
  return check === null ? null : `${prefix}-${dni.padStart(8, '0')}-${check}`;
}

/** The ways the issue lists: as typed, with dots, full-width, with leading zeros, spaced, as a person's CUIT. */
const spelling = (dni: string) =>
  fc.oneof(
    fc.constant(dni),
    fc.constant(DOTTED(dni)),
    fc.constant(FULL_WIDTH(dni)),
    fc.integer({ min: 1, max: 3 }).map((n) => '0'.repeat(n) + dni),
    fc.constant(` ${dni.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} `),
    fc.constantFrom('20', '23', '24', '27').map((prefix) => cuitOf(dni, prefix) ?? dni),
  );

/** Three different DNIs, and two spellings of each. */
const people = fc.uniqueArray(fc.integer({ min: 1_000_000, max: 99_999_999 }).map(String), { minLength: 3, maxLength: 3 }).chain(([a = '', b = '', c = '']) => {
  const twoSpellings = (d: string) => fc.tuple(fc.constant(d), spelling(d), spelling(d));
  return fc.tuple(twoSpellings(a), twoSpellings(b), twoSpellings(c));
});

/** A creditor file with one case per code (semicolons: a spelled code may hold spaces, never a semicolon). */
function creditorFile(codes: readonly string[], name = 'cartera.csv') {
  const rows = codes.map((code, i) => `"${code}";"PÉREZ ${i}, Ana";"11 5555-${String(1000 + i)}";"OP-${i}";"Tarjeta";"1.000,00";"10/12/2026"`);
  const text = ['"DNI";"Apellido y Nombre";"Celular";"Nro Operación";"Producto";"Saldo";"Vencimiento"', ...rows].join('\n');
  return { name, bytes: new TextEncoder().encode(text) };
}

/** Every case of the batch loaded into `campaign`, and its downloaded results, each code as `written` back by the service. */
function loadedWithResults(store: Store, batchId: number, campaign: number, written: (code: string) => string): void {
  const cases = pageBatchCases(store.db, batchId, { limit: 10 });
  const ids = cases.map((c) => c.id);
  addChunks(store.db, batchId, campaign, [{ caseIds: ids, bytes: 100 }]);
  recordChunkOutcome(store.db, listChunks(store.db, batchId).at(-1)!.id, 'done', ids, []);
  saveResultCases(
    store.db,
    'test',
    campaign,
    cases.map((c, i) => aCase({ id: i + 1, params: { code: written(c.code) } })),
  );
}

const sharedEntry = (value: string): LedgerEntry => ({
  id: 12,
  source: 'shared',
  kind: 'code',
  value: ledgerCode(value),
  reason: 'legal',
  until: null,
  creditor: null,
  addedBy: '',
  addedAt: '',
});

describe('a listed person, however their code is written', () => {
  it('is held by the own ledger and the shared list, and is a duplicate across batches (property)', async () => {
    await fc.assert(
      fc.asyncProperty(people, async ([[, ownListed, ownRow], [, sharedListed, sharedRow], [, firstBatch, secondBatch]]) => {
        const store = freshStore();
        try {
          addLedgerEntry(store.db, { kind: 'code', value: ledgerCode(ownListed), reason: 'debtor-asked', addedBy: 'ana' });
          const first = await prepareBatch(store, creditorFile([firstBatch], 'primero.csv'), { environment: 'test', maxPhonePriority: 0 });
          const second = await prepareBatch(store, creditorFile([ownRow, sharedRow, secondBatch]), {
            environment: 'test',
            maxPhonePriority: 0,
            sharedLedger: [sharedEntry(sharedListed)],
          });
          const cases = pageBatchCases(store.db, second.batchId, { limit: 10 });
          const byCode = new Map(cases.map((c) => [c.code, c]));
          // What is uploaded stays the creditor's code as written (trimmed, as every cell is).
          expect(byCode.get(ownRow.trim())?.status).toBe('suppressed');
          expect(byCode.get(sharedRow.trim())?.status).toBe('suppressed');
          expect(byCode.get(secondBatch.trim())?.status).not.toBe('suppressed');
          const issues = listIssues(store.db, second.batchId);
          const held = (code: string) => issues.find((i) => i.code === code.trim() && i.kind === 'suppressed-code')?.params;
          expect(held(ownRow)).toMatchObject({ source: 'own', reason: 'debtor-asked' });
          expect(held(sharedRow)).toMatchObject({ source: 'shared', entry: 12, reason: 'legal' });
          // The issue names the entry as it was written when the case's code is spelled apart.
          if (ledgerCode(ownListed) !== ownRow.trim()) expect(held(ownRow)).toMatchObject({ listed: ledgerCode(ownListed) });
          else expect(held(ownRow)).not.toHaveProperty('listed');
          const duplicate = issues.find((i) => i.code === secondBatch.trim() && i.kind === 'duplicate-other-batch');
          expect(duplicate?.params).toEqual({ batch: first.batchId });
        } finally {
          store.close();
        }
      }),
      { numRuns: 12, seed: 2026 },
    );
  });

  it('tells the agent how the spelling differed', async () => {
    const store = freshStore();
    addLedgerEntry(store.db, { kind: 'code', value: '30000001', reason: 'debtor-asked', addedBy: 'ana' });
    addLedgerEntry(store.db, { kind: 'code', value: '20-30000003-8', reason: 'legal', addedBy: 'ana' });
    const { batchId } = await prepareBatch(store, creditorFile(['20-30000001-1', '30.000.003', '030000001']), { environment: 'test', maxPhonePriority: 0 });
    const params = (code: string) => listIssues(store.db, batchId).find((i) => i.code === code && i.kind === 'suppressed-code')?.params;
    expect(params('20-30000001-1')).toMatchObject({ listed: '30000001', spelling: 'cuit-dni' });
    expect(params('30.000.003')).toMatchObject({ listed: '20-30000003-8', spelling: 'dni-cuit' });
    expect(params('030000001')).toMatchObject({ listed: '30000001', spelling: 'written' });
    store.close();
  });

  it('is held in a follow-up batch whichever spelling the batch and the entry used (property)', async () => {
    await fc.assert(
      fc.asyncProperty(people, async ([[, rowSpelling, entrySpelling], [, other]]) => {
        const store = freshStore();
        try {
          const campaign = 7;
          const { batchId } = await prepareBatch(store, creditorFile([rowSpelling, other]), { environment: 'test', maxPhonePriority: 0 });
          loadedWithResults(store, batchId, campaign, (code) => code);
          addLedgerEntry(store.db, { kind: 'code', value: ledgerCode(entrySpelling), reason: 'debtor-asked', addedBy: 'ana' });
          const summary = await buildFollowupBatch(store, { environment: 'test', campaignId: campaign, outcome: 'non-final' });
          const followup = new Map(pageBatchCases(store.db, summary.batchId, { limit: 10 }).map((c) => [c.code, c.status]));
          expect(followup.get(rowSpelling.trim())).toBe('suppressed');
          expect(followup.get(other.trim())).not.toBe('suppressed');
        } finally {
          store.close();
        }
      }),
      { numRuns: 8, seed: 28 },
    );
  });

  it('is held in a follow-up batch, and found when the service writes the code back another way', async () => {
    const store = freshStore();
    const campaign = 91;
    const { batchId } = await prepareBatch(store, creditorFile(['030000001', '30.000.003', '30000004']), { environment: 'test', maxPhonePriority: 0 });
    // The results show the first code as a number: no leading zero.
    loadedWithResults(store, batchId, campaign, (code) => (code === '030000001' ? '30000001' : code));
    addLedgerEntry(store.db, { kind: 'code', value: '20-30000003-8', reason: 'deceased', addedBy: 'ana' });
    const summary = await buildFollowupBatch(store, { environment: 'test', campaignId: campaign, outcome: 'non-final' });
    expect(summary).toMatchObject({ cases: 3, suppressed: { cases: 1 } });
    const followup = new Map(pageBatchCases(store.db, summary.batchId, { limit: 10 }).map((c) => [c.code, c.status]));
    expect(followup.get('030000001')).not.toBe('suppressed');
    expect(followup.get('30.000.003')).toBe('suppressed');
    store.close();
  });
});
