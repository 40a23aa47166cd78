// After the import: the agent edits a case, applies bulk fixes, and closes the loop with the error
// report — exported, corrected in a spreadsheet, imported back.
import * as XLSX from '@e965/xlsx';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanBatchSheets, errorReportSheets } from '../../../src-main/exports/batch-exports';
import { CORRECTIONS_SHEET } from '../../../src-main/preparation/corrections-sheet';
import { workbookBytes, type SheetData } from '../../../src-main/exports/xlsx-writer';
import { bulkFix, editCase } from '../../../src-main/preparation/edit-batch';
import { applyCorrections, importCorrections, readCorrections } from '../../../src-main/preparation/import-corrections';
import { CORRECTIONS_READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { readTable } from '../../../src-main/preparation/reading/read-table';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import {
  addChunks,
  addRowIssues,
  batchSettings,
  countCasesByStatus,
  listChunks,
  listIssues,
  markSending,
  setBatchMapping,
  type Store,
} from '../../../src-main/store';
import { SAMPLE, sampleBatchEachTest } from '../../support/sample-batch';
import { correctionRows } from '../../support/correction-rows';
import { sourceFile } from '../../support/source-file';

const sample = sampleBatchEachTest('edit');
const { dir } = sample;
let store: Store;
let batchId: number;
beforeEach(() => {
  ({ store, batchId } = sample);
});

const { caseOf } = sample;
/** A sheet's rows, read from the store as the writer reads them. */
const rowsOf = (sheets: readonly SheetData[], index = 0) => [...(sheets[index]?.rows ?? [])];

describe('editCase', () => {
  it('re-validates at once: a corrected impossible date makes the case ready, and the edit is remembered', () => {
    const before = caseOf('33444555');
    expect(before?.status).toBe('rejected');
    const after = editCase(store, batchId, before!.id, { products: [{ index: 0, expiration: '28/02/2027' }], phones: ['011 4567-8901'] });
    expect(after.status).toBe('ready');
    expect(after.products[0]?.expiration).toBe('2027-02-28');
    expect(after.phones).toEqual(['1145678901']);
    const edited = listIssues(store.db, batchId, { caseId: before!.id }).filter((i) => i.kind === 'edited');
    expect(edited.map((i) => [i.field, i.before, i.after])).toEqual([
      ['phones', '', '011 4567-8901'],
      ['products[0].expiration', '31/02/2027', '28/02/2027'],
    ]);
  });

  it('reads an amount and a date the way the drawer shows them (152.340,50; 10/12/2026), whatever the file’s format', () => {
    // A file written the US way: month first, a point for decimals.
    setBatchMapping(store.db, batchId, { ...batchSettings(store.db, batchId)?.mapping, date_order: 'MDY', decimal_separator: '.' });
    const c = caseOf('20123456')!;
    const after = editCase(store, batchId, c.id, { products: [{ index: 0, debt: '152.340,50', expiration: '10/12/2026' }] });
    expect(after.products[0]).toMatchObject({ debt: '152340.50', expiration: '2026-12-10' });
    // What the drawer cannot read the Argentine way is read with the file's format.
    expect(editCase(store, batchId, c.id, { products: [{ index: 0, expiration: '12/31/2026' }] }).products[0]?.expiration).toBe('2026-12-31');
  });

  it('can exclude a case and bring it back', () => {
    const c = caseOf('20123456')!;
    expect(editCase(store, batchId, c.id, { excluded: true }).status).toBe('excluded');
    expect(editCase(store, batchId, c.id, { excluded: false }).status).toBe('ready');
  });
});

describe('bulkFix', () => {
  it('a default area code rescues the numbers written without one', () => {
    const rejectedBefore = countCasesByStatus(store.db, batchId).rejected;
    const { changed } = bulkFix(store, batchId, { kind: 'default-area-code', areaCode: '11' });
    expect(changed).toBeGreaterThan(0);
    expect(caseOf('33444555')?.phones).toEqual(['1145678901']);
    // Still rejected for its impossible date, but no longer for its phone.
    expect(listIssues(store.db, batchId, { caseId: caseOf('33444555')!.id, severity: 'error' }).map((i) => i.field)).toEqual(['products[0].expiration']);
    expect(countCasesByStatus(store.db, batchId).rejected).toBeLessThanOrEqual(rejectedBefore);
  });

  it('excludes every rejected case, and drops the phone pieces that were not numbers', () => {
    bulkFix(store, batchId, { kind: 'exclude-rejected' });
    expect(countCasesByStatus(store.db, batchId)).toMatchObject({ rejected: 0, excluded: 3 });
    const warningsBefore = listIssues(store.db, batchId, { severity: 'warning' }).filter((i) => i.kind === 'phone-dropped').length;
    bulkFix(store, batchId, { kind: 'drop-invalid-phones' });
    expect(listIssues(store.db, batchId, { severity: 'warning' }).filter((i) => i.kind === 'phone-dropped').length).toBeLessThan(warningsBefore);
  });

  it('keeps every case’s history through a bulk fix: how each kept phone was read, and what the fix took out', () => {
    const fixesOf = (kind: string) => listIssues(store.db, batchId, { severity: 'fix' }).filter((i) => i.kind === kind);
    const readBefore = fixesOf('phone-fixed').map((i) => [i.code, i.before, i.after]);
    expect(readBefore.length).toBeGreaterThan(5);
    bulkFix(store, batchId, { kind: 'drop-invalid-phones' });
    expect(fixesOf('phone-fixed').map((i) => [i.code, i.before, i.after])).toEqual(readBefore);
    // A case whose only problem was a piece that is not a phone says what was taken out.
    const taken = fixesOf('edited').filter((i) => i.field === 'phones');
    expect(taken.length).toBeGreaterThan(0);
    for (const i of taken) expect((i.after ?? '').length).toBeLessThan((i.before ?? '').length);
  });

  it('takes an area code with its trunk 0 (011 is 11) and refuses what is not one', () => {
    bulkFix(store, batchId, { kind: 'default-area-code', areaCode: '011' });
    expect(caseOf('33444555')?.phones).toEqual(['1145678901']);
    expect(() => bulkFix(store, batchId, { kind: 'default-area-code', areaCode: '00351' })).toThrow(expect.objectContaining({ code: 'edit.bad_area_code' }));
  });
});

describe('a spreadsheet too big to build in memory', () => {
  it('is refused before anything is read, with how many cases it would hold, and so is a clean file', async () => {
    const counts = countCasesByStatus(store.db, batchId);
    const reported = counts.rejected + counts.warning + counts.suppressed;
    const sent = counts.ready + counts.warning;
    expect(() => errorReportSheets(store, batchId, reported - 1)).toThrow(
      expect.objectContaining({ code: 'export.too_big', params: { cases: reported, max: reported - 1 } }),
    );
    expect(() => cleanBatchSheets(store, batchId, sent - 1)).toThrow(
      expect.objectContaining({ code: 'export.too_big', params: { cases: sent, max: sent - 1 } }),
    );
    // A case of several products is several rows of the clean file: counted as they are added.
    const productRows = rowsOf(cleanBatchSheets(store, batchId)).length - 1;
    expect(productRows).toBeGreaterThan(sent);
    expect(() => rowsOf(cleanBatchSheets(store, batchId, productRows - 1))).toThrow(expect.objectContaining({ code: 'export.too_big' }));
    // Refused as the writer reads the rows, so the workbook is.
    await expect(workbookBytes(cleanBatchSheets(store, batchId, productRows - 1))).rejects.toMatchObject({ code: 'export.too_big' });
    // At the limit exactly, both are built.
    expect(rowsOf(cleanBatchSheets(store, batchId, productRows))).toHaveLength(productRows + 1);
    const reportLimit = Math.max(rowsOf(errorReportSheets(store, batchId)).length - 1, listIssues(store.db, batchId, { withoutFixes: true }).length);
    expect(rowsOf(errorReportSheets(store, batchId, reportLimit)).length).toBeGreaterThan(1);
    expect(rowsOf(errorReportSheets(store, batchId, reportLimit), 1).length).toBeGreaterThan(1);
  });
});

describe('the error report, round trip', () => {
  it("lists rejected and warned cases with the file's own values and reasons; corrected and imported back, they replace theirs", async () => {
    const sheets = errorReportSheets(store, batchId);
    const rows = rowsOf(sheets);
    expect(sheets[0]?.name).toBe(CORRECTIONS_SHEET);
    const bad = rows.find((r) => r[0] === '33444555');
    expect(bad?.[8]).toBe('31/02/2027');
    expect(String(bad?.[10])).toMatch(/31\/02\/2027/);
    // The reasons sheet words each issue and its field in Spanish, from the catalog the screens use.
    const reasons = rowsOf(sheets, 1);
    expect(reasons[0]).toEqual(['Código', 'Filas', 'Gravedad', 'Campo', 'Motivo']);
    expect(reasons.find((r) => r[0] === '33444555' && r[3] === 'Producto 1, vencimiento')?.slice(4)).toEqual([
      'Fecha "31/02/2027" no válida (esa fecha no existe)',
    ]);
    const totals = reasons.find((r) => r[0] === '');
    expect(totals?.[4]).toMatch(/^Fila \d+: .*fila de totales\?$/);
    expect(JSON.stringify(reasons)).not.toMatch(/products\[|phone_settings/);

    // The agent fixes the date and the phone in a spreadsheet program, and saves.
    const corrected = rows.map((r) => (r[0] === '33444555' ? [r[0], r[1], r[2], '011 4567-8901', r[4], r[5], r[6], r[7], '28/02/2027', r[9], r[10]] : r));
    const file = join(dir, 'corregido.xlsx');
    writeFileSync(
      file,
      await workbookBytes([{ name: CORRECTIONS_SHEET, rows: [...corrected, ['99999999', 'X', 'Y', '1145678901', 'OP', 'P', '', 1, '2027-01-01', '', '']] }]),
    );
    const summary = await importCorrections(store, batchId, sourceFile(file));
    expect(summary.unknownCodes).toEqual(['99999999']);
    expect(summary.updated).toBeGreaterThan(0);
    expect(caseOf('33444555')).toMatchObject({ status: 'ready', phones: ['1145678901'] });
    expect(caseOf('33444555')?.sourceRows).toEqual([10]);
  });

  it('finds the case a corrected row names with its code written another way, and keeps the code as the creditor wrote it', async () => {
    const rows = rowsOf(errorReportSheets(store, batchId));
    // Someone retyped the DNI with dots; the date and the phone are fixed too.
    const corrected = rows.map((r) =>
      r[0] === '33444555' ? ['33.444.555', r[1], r[2], '011 4567-8901', r[4], r[5], r[6], r[7], '28/02/2027', r[9], r[10]] : r,
    );
    const file = join(dir, 'con-puntos.xlsx');
    writeFileSync(file, await workbookBytes([{ name: CORRECTIONS_SHEET, rows: corrected }]));
    const summary = await importCorrections(store, batchId, sourceFile(file));
    expect(summary.unknownCodes).toEqual([]);
    expect(caseOf('33444555')).toMatchObject({ status: 'ready', phones: ['1145678901'] });
    expect(caseOf('33.444.555')).toBeNull();
  });

  it('leaves a case whose request may be on its way as it was, among those already sent', async () => {
    const rows = rowsOf(errorReportSheets(store, batchId));
    const c = caseOf('33444555')!;
    addChunks(store.db, batchId, 1, [{ caseIds: [c.id], bytes: 10 }]);
    markSending(store.db, listChunks(store.db, batchId).at(-1)!.id);
    const corrected = rows.map((r) => (r[0] === '33444555' ? [r[0], r[1], r[2], '011 4567-8901', r[4], r[5], r[6], r[7], '28/02/2027', r[9], r[10]] : r));
    const file = join(dir, 'en-camino.xlsx');
    writeFileSync(file, await workbookBytes([{ name: CORRECTIONS_SHEET, rows: corrected }]));
    const summary = await importCorrections(store, batchId, sourceFile(file));
    expect(summary.alreadySent).toEqual(['33444555']);
    expect(caseOf('33444555')).toMatchObject({ status: c.status, phones: c.phones, issueCounts: c.issueCounts });
  });

  it('leaves a case whose rows come back as the report wrote them as it was: no rebuild, no history of an edit', async () => {
    const rows = rowsOf(errorReportSheets(store, batchId));
    const before = listIssues(store.db, batchId).length;
    const file = join(dir, 'sin-cambios.xlsx');
    writeFileSync(file, await workbookBytes([{ name: CORRECTIONS_SHEET, rows }]));
    const cases = new Set(rows.slice(1).map((r) => String(r[0]))).size;
    expect(await importCorrections(store, batchId, sourceFile(file))).toMatchObject({ updated: 0, unchanged: cases, unknownCodes: [], alreadySent: [] });
    expect(listIssues(store.db, batchId)).toHaveLength(before);

    // One cell changed (a product's amount, the same text with a space more is no change) is a correction of that case alone.
    const one = rows.map((r) => (r[0] === '33444555' ? [...r.slice(0, 7), `${String(r[7])}0`, ...r.slice(8)] : r));
    const spaced = one.map((r, i) => (i > 0 && r[0] !== '33444555' ? [r[0], ` ${String(r[1])} `, ...r.slice(2)] : r));
    writeFileSync(file, await workbookBytes([{ name: CORRECTIONS_SHEET, rows: spaced }]));
    expect(await importCorrections(store, batchId, sourceFile(file))).toMatchObject({ updated: 1, unchanged: cases - 1 });
  });

  it('writes a few cases a transaction, each part kept as it is written', async () => {
    // Every case's first name corrected.
    const rows = rowsOf(errorReportSheets(store, batchId)).map((r, i) => (i === 0 ? r : [r[0], `${String(r[1])} Corregido`, ...r.slice(2)]));
    const file = join(dir, 'por-partes.xlsx');
    writeFileSync(file, await workbookBytes([{ name: CORRECTIONS_SHEET, rows }]));
    const read = await readCorrections(sourceFile(file));
    expect(read.length).toBeGreaterThan(4);
    const editedSoFar = () => listIssues(store.db, batchId).filter((i) => i.kind === 'edited' && i.field === 'case').length;
    const seen: number[] = [];
    // In each gap the store is free: what is read there was committed.
    const told: [number, number][] = [];
    const summary = await applyCorrections(store, batchId, read, undefined, {
      casesPerWrite: 2,
      between: async () => void seen.push(editedSoFar()),
      onProgress: (done, total) => told.push([done, total]),
    });
    expect(seen).toEqual(Array.from({ length: Math.ceil(read.length / 2) - 1 }, (_, i) => 2 * (i + 1)));
    // After each part: the cases done so far, of all of them.
    expect(told).toEqual(Array.from({ length: Math.ceil(read.length / 2) }, (_, i) => [Math.min(2 * (i + 1), read.length), read.length]));
    expect(summary.updated).toBe(read.length);
    expect(editedSoFar()).toBe(read.length);
  });

  it('stopped before its first part (while the report was read), writes nothing', async () => {
    const rows = rowsOf(errorReportSheets(store, batchId)).map((r, i) => (i === 0 ? r : [r[0], `${String(r[1])} Otra vez`, ...r.slice(2)]));
    const file = join(dir, 'detenido.xlsx');
    writeFileSync(file, await workbookBytes([{ name: CORRECTIONS_SHEET, rows }]));
    const read = await readCorrections(sourceFile(file));
    const before = listIssues(store.db, batchId).length;
    const summary = await applyCorrections(store, batchId, read, undefined, { signal: { aborted: true } });
    expect(summary).toMatchObject({ updated: 0, unchanged: 0 });
    expect(listIssues(store.db, batchId)).toHaveLength(before);
  });

  it('refuses a workbook that is not an error report', async () => {
    const file = join(dir, 'otra.xlsx');
    writeFileSync(
      file,
      await workbookBytes([
        {
          name: 'Hoja',
          rows: [
            ['a', 'b'],
            [1, 2],
          ],
        },
      ]),
    );
    await expect(importCorrections(store, batchId, sourceFile(file))).rejects.toMatchObject({ code: 'read.not_a_correction_report' });
  });

  it('reads back only the cases of a report whose reasons go on over several sheets, however many they are', async () => {
    // Reasons enough to spread over «Motivos» and «Motivos 2» (rows of the file without a code).
    addRowIssues(
      store.db,
      batchId,
      Array.from({ length: 60 }, (_, i) => ({ severity: 'error', kind: 'no-code', field: 'code', rows: [100 + i], params: { row: 100 + i, column: 'DNI' } })),
    );
    const sheets = errorReportSheets(store, batchId, 40);
    expect(sheets.map((sh) => sh.name)).toEqual([CORRECTIONS_SHEET, 'Motivos', 'Motivos 2']);
    const report = { name: 'corregido.xlsx', bytes: new Uint8Array(await workbookBytes(sheets)) };
    const caseCells = 12 * rowsOf(sheets).length;
    // Room for the cases' sheet, not for the reasons beside it: those are never read back.
    const read = await readCorrections(report, { ...CORRECTIONS_READ_LIMITS, maxCells: caseCells });
    expect(read.map(([code]) => code)).toEqual([
      ...new Set(
        rowsOf(sheets)
          .slice(1)
          .map((r) => String(r[0])),
      ),
    ]);
  });

  it('reads the cases of a report past what a workbook read whole may inflate to, a row at a time', async () => {
    const header = rowsOf(errorReportSheets(store, batchId))[0] ?? [];
    const rows = correctionRows(3_000, 40_000_000, 2);
    const bytes = new Uint8Array(
      await workbookBytes([
        { name: CORRECTIONS_SHEET, rows: [header, ...rows] },
        { name: 'Motivos', rows: [['a']] },
      ]),
    );
    const small = { ...CORRECTIONS_READ_LIMITS, maxUnzippedBytes: 256 * 1024 };
    // Read whole, it is refused; its cases' sheet alone is over the limit.
    await expect(readTable(bytes, 'corregido.xlsx', small, { sheet: CORRECTIONS_SHEET })).rejects.toMatchObject({ code: 'read.zip_too_large' });
    const read = await readCorrections({ name: 'corregido.xlsx', bytes }, small);
    expect(read).toHaveLength(1_500);
    expect(read[1]).toEqual([
      '40000001',
      [
        {
          row: 4,
          firstName: 'Ana',
          lastName: 'Pérez',
          phones: '011 4567-8901',
          debtCode: 'OP-2',
          pid: 'Tarjeta',
          subId: '',
          debt: 102,
          expiration: '28/02/2027',
        },
        {
          row: 5,
          firstName: 'Ana',
          lastName: 'Pérez',
          phones: '011 4567-8901',
          debtCode: 'OP-3',
          pid: 'Tarjeta',
          subId: '',
          debt: 103,
          expiration: '28/02/2027',
        },
      ],
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas, and the import takes the guard off again', async () => {
    const c = caseOf('20123456')!;
    editCase(store, batchId, c.id, { firstName: '=HYPERLINK("http://x","y")' });
    editCase(store, batchId, c.id, { products: [{ index: 0, debt: 'mucho' }] });
    const bytes = await workbookBytes(errorReportSheets(store, batchId));
    const book = XLSX.read(bytes, { type: 'buffer' });
    const sheet = book.Sheets[CORRECTIONS_SHEET]!;
    const cells = Object.values(sheet).filter((v): v is XLSX.CellObject => typeof v === 'object' && v !== null && 't' in v);
    expect(cells.some((cell) => cell.f !== undefined)).toBe(false);
    expect(cells.some((cell) => cell.v === `'=HYPERLINK("http://x","y")`)).toBe(true);
  });
});

describe('the clean batch', () => {
  it('has one row per product of the cases that will be sent', () => {
    const rows = rowsOf(cleanBatchSheets(store, batchId));
    expect(rows[0]).toEqual(['Código', 'Nombre', 'Apellido', 'Teléfonos', 'Nro Operación', 'Producto', 'Subproducto', 'Saldo', 'Vencimiento']);
    expect(rows.filter((r) => r[0] === '20123456')).toHaveLength(2);
    // Its due dates are real dates the creditor's spreadsheet shows day first, not "2026-12-10" text.
    expect(rows.find((r) => r[0] === '20123456')?.[8]).toMatchObject({ z: 'dd/mm/yyyy' });
    expect(rows.some((r) => r[0] === '33444555')).toBe(false);
  });
});

describe('files that cannot make a batch', () => {
  it('say so: a header with no rows, a sheet with no header, a sheet that is not there', async () => {
    const { writeFileSync } = await import('node:fs');
    const headerOnly = join(dir, 'solo-encabezado.csv');
    writeFileSync(headerOnly, 'DNI;Nombre;Apellido;Teléfono;Nro Operación;Producto;Saldo;Vencimiento\n');
    await expect(prepareBatch(store, sourceFile(headerOnly), { environment: 'demo', maxPhonePriority: 0 })).rejects.toMatchObject({
      code: 'prepare.header_only',
    });
    const numbers = join(dir, 'numeros.csv');
    writeFileSync(numbers, '1;2;3\n4;5;6\n');
    await expect(prepareBatch(store, sourceFile(numbers), { environment: 'demo', maxPhonePriority: 0 })).rejects.toMatchObject({
      code: 'prepare.no_header_row',
    });
    await expect(prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 0, sheet: 'Hoja9' })).rejects.toMatchObject({
      code: 'prepare.no_such_sheet',
      params: { sheet: 'Hoja9' },
    });
  });
});
