// Edits, bulk fixes and the error report's round trip go through the same rules as preparing, the
// ledger included: a listed phone typed back stays off, a listed case stays suppressed and shows in the report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorReportSheets } from '../../../src-main/exports/batch-exports';
import { CORRECTIONS_SHEET } from '../../../src-main/preparation/corrections-sheet';
import { workbookBytes } from '../../../src-main/exports/xlsx-writer';
import { bulkFix, editCase } from '../../../src-main/preparation/edit-batch';
import { importCorrections } from '../../../src-main/preparation/import-corrections';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { addLedgerEntry, findCaseByCode, getBatchCase, openStore } from '../../../src-main/store';
import { sourceFile } from '../../support/source-file';
import { TEST_STORE_KEY } from '../../support/store-key';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-edits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the ledger after preparing', () => {
  it('keeps a listed phone off an edited case, and a listed case suppressed through edits, fixes and corrections', async () => {
    const store = openStore(dir, TEST_STORE_KEY);
    const { batchId } = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 });
    const caseOf = (code: string) => getBatchCase(store.db, findCaseByCode(store.db, batchId, code) ?? 0);
    addLedgerEntry(store.db, { kind: 'phone', value: '1155556666', reason: 'wrong-number', addedBy: 'ana' });
    addLedgerEntry(store.db, { kind: 'code', value: '29000111', reason: 'legal', addedBy: 'ana' });

    const edited = editCase(store, batchId, caseOf('20123456')!.id, { phones: ['011 4567-8901 / 011 15-5555-6666'] });
    expect(edited).toMatchObject({ phones: ['1145678901'], status: 'warning' });
    const listed = editCase(store, batchId, caseOf('29000111')!.id, { firstName: 'Camila' });
    expect(listed.status).toBe('suppressed');

    bulkFix(store, batchId, { kind: 'drop-invalid-phones' });
    expect(caseOf('29000111')?.status).toBe('suppressed');

    // The error report lists the suppressed case with its reason; importing it back keeps it out.
    const sheets = errorReportSheets(store, batchId);
    const rows = [...(sheets.find((s) => s.name === CORRECTIONS_SHEET)?.rows ?? [])];
    const row = rows.find((r) => r[0] === '29000111');
    expect(row?.[9]).toBe('no contactar');
    expect(String(row?.[10])).toMatch(/lista de no contactar \(en trámite legal\)/);
    // Its name corrected, so it is built again from the report's rows.
    const corrected = rows.map((r) => (r[0] === '29000111' ? [r[0], 'Camila María', ...r.slice(2)] : r));
    const summary = await importCorrections(store, batchId, {
      name: 'corregido.xlsx',
      bytes: new Uint8Array(await workbookBytes([{ name: CORRECTIONS_SHEET, rows: corrected }])),
    });
    expect(summary.updated).toBe(1);
    expect(caseOf('29000111')?.status).toBe('suppressed');
    expect(caseOf('20123456')?.phones).toEqual(['1145678901']);
    store.close();
  });
});
