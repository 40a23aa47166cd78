// The error report of a batch with more reasons than a sheet holds: they go on in «Motivos 2», «Motivos 3»…,
// each sheet within its rows, all of them in the order one sheet would list them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it, vi } from 'vitest';
import { errorReportSheets, REASONS_SHEET } from '../../src-main/exports/batch-exports';
import { workbookBytes, type SheetData } from '../../src-main/exports/xlsx-writer';
import { CORRECTIONS_SHEET } from '../../src-main/preparation/corrections-sheet';
import { addRowIssues, countReasons, listIssues, type IssueInput } from '../../src-main/store';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import { sampleBatchEachTest } from '../support/sample-batch';
import { sourceFile } from '../support/source-file';

const sample = sampleBatchEachTest('batch-exports');

/** `n` rows of the file that became no case (their code was blank), as the preparation records them. */
const rowsWithoutCode = (n: number, from = 100): IssueInput[] =>
  Array.from({ length: n }, (_, i) => ({ severity: 'error', kind: 'row-without-code', field: 'code', rows: [from + i], params: {} }));

const rowsOf = (sheet: SheetData | undefined) => [...(sheet?.rows ?? [])];
/** Every reason row of the report, its sheets' headers left out. */
const reasonsOf = (sheets: readonly SheetData[]) => sheets.slice(1).flatMap((s) => rowsOf(s).slice(1));

describe('the error report past a sheet of reasons', () => {
  it('goes on in «Motivos 2» and «Motivos 3», no sheet past its rows, the reasons as one sheet lists them', () => {
    const { store, batchId } = sample;
    const maxRows = 40;
    addRowIssues(store.db, batchId, rowsWithoutCode(2 * maxRows + 5));
    const total = countReasons(store.db, batchId);
    expect(total).toBe(listIssues(store.db, batchId, { withoutFixes: true }).length);
    expect(total).toBeGreaterThan(2 * maxRows);
    expect(total).toBeLessThanOrEqual(3 * maxRows);

    const sheets = errorReportSheets(store, batchId, maxRows);
    expect(sheets.map((s) => s.name)).toEqual([CORRECTIONS_SHEET, REASONS_SHEET, `${REASONS_SHEET} 2`, `${REASONS_SHEET} 3`]);
    const oneSheet = rowsOf(errorReportSheets(store, batchId)[1]);
    // Read in turn, as the writer reads them: each sheet its header, then where the one before stopped.
    const inTurn = sheets.slice(1).map(rowsOf);
    for (const rows of inTurn) {
      expect(rows[0]).toEqual(oneSheet[0]);
      expect(rows.length - 1).toBeLessThanOrEqual(maxRows);
    }
    expect(inTurn.map((rows) => rows.length - 1)).toEqual([maxRows, maxRows, total - 2 * maxRows]);
    expect(inTurn.flatMap((rows) => rows.slice(1))).toEqual(oneSheet.slice(1));
    // A sheet read out of turn (alone, or again) has the same rows.
    expect(rowsOf(sheets[3])).toEqual(inTurn[2]);
    expect(rowsOf(sheets[2])).toEqual(inTurn[1]);
  });

  it('makes no empty sheet when the reasons fill their sheets exactly', () => {
    const { store, batchId } = sample;
    const before = countReasons(store.db, batchId);
    addRowIssues(store.db, batchId, rowsWithoutCode(2 * 30 - before));
    const sheets = errorReportSheets(store, batchId, 30);
    expect(sheets.map((s) => s.name)).toEqual([CORRECTIONS_SHEET, REASONS_SHEET, `${REASONS_SHEET} 2`]);
    expect(reasonsOf(sheets)).toHaveLength(60);
  });

  it('refuses the last sheet when reasons were added past it after the sheets were counted', () => {
    const { store, batchId } = sample;
    addRowIssues(store.db, batchId, rowsWithoutCode(50 - countReasons(store.db, batchId)));
    const sheets = errorReportSheets(store, batchId, 25);
    expect(sheets).toHaveLength(3);
    addRowIssues(store.db, batchId, rowsWithoutCode(1, 900));
    expect(rowsOf(sheets[1])).toHaveLength(26);
    expect(() => rowsOf(sheets[2])).toThrow(expect.objectContaining({ code: 'export.too_big' }));
  });

  it('reads the reasons once when the workbook is written, each sheet going on where the one before stopped', async () => {
    const { store, batchId } = sample;
    addRowIssues(store.db, batchId, rowsWithoutCode(70));
    const sheets = errorReportSheets(store, batchId, 30);
    expect(sheets.length).toBeGreaterThanOrEqual(4);
    // Each read of the rows without a case prepares their page's statement: one read for all the sheets.
    const prepare = store.db.prepare.bind(store.db);
    let rowReads = 0;
    const counting = vi.spyOn(store.db, 'prepare').mockImplementation((sql: string) => {
      if (sql.includes('case_id IS NULL') && sql.includes('id > ?')) rowReads += 1;
      return prepare(sql);
    });
    try {
      await workbookBytes(sheets);
    } finally {
      counting.mockRestore();
    }
    expect(rowReads).toBe(1);
  });

  it('is written as a workbook whose sheets a spreadsheet opens with every reason', async () => {
    const { store, batchId } = sample;
    addRowIssues(store.db, batchId, rowsWithoutCode(70));
    const sheets = errorReportSheets(store, batchId, 30);
    const book = XLSX.read(await workbookBytes(sheets));
    expect(book.SheetNames).toEqual(sheets.map((s) => s.name));
    const read = book.SheetNames.slice(1).flatMap((name) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 }).slice(1));
    expect(read.map((r) => r[1])).toEqual(reasonsOf(errorReportSheets(store, batchId, 30)).map((r) => r[1]));
    expect(read.length).toBe(countReasons(store.db, batchId));
  });
});

describe("the error report's corrections sheet", () => {
  it("gives each row its own case's reasons, as «Motivos» lists them, past a page of cases", async () => {
    // 1,650 debtors: two errors of their own, a warning naming their own names (two rows), or none.
    const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
    for (let i = 0; i < 1_650; i++) {
      const dni = 20_000_000 + i;
      const phone = `+54 9 351 6${String(i).padStart(6, '0')}`;
      if (i % 3 === 0) lines.push(`${dni};PEREZ${i}, Ana;${phone};OP-${i};Visa;mucho${i};31/02/2027`);
      else if (i % 3 === 1) {
        lines.push(`${dni};GOMEZ${i}, Luis;${phone};OP-${i}-a;Visa;100,50;01/12/2027`);
        lines.push(`${dni};GIMENEZ${i}, Luis;${phone};OP-${i}-b;Visa;200,50;01/12/2027`);
      } else lines.push(`${dni};DIAZ${i}, Eva;${phone};OP-${i};Visa;300,50;01/12/2027`);
    }
    const file = join(sample.dir, 'cartera-motivos.csv');
    writeFileSync(file, lines.join('\n'));
    const { store } = sample;
    const { batchId } = await prepareBatch(store, sourceFile(file), { environment: 'demo', maxPhonePriority: 2 });
    const sheets = errorReportSheets(store, batchId);
    const byCode = new Map<string, string[]>();
    for (const [code, , , , reason] of reasonsOf(sheets) as string[][]) byCode.set(code!, [...(byCode.get(code!) ?? []), reason!]);
    const corrections = rowsOf(sheets[0]).slice(1);
    // Every reported debtor's rows (1,100 of them over two pages of 1,000 cases), each with the reasons of its own case.
    expect(new Set(corrections.map((r) => r[0])).size).toBe(1_100);
    expect(corrections).toHaveLength(550 + 2 * 550);
    for (const row of corrections) expect([row[0], row[10]]).toEqual([row[0], (byCode.get(row[0] as string) ?? []).join(' · ')]);
    // Case-specific words, so a reason given to the case beside it would show.
    expect(corrections.find((r) => r[0] === '20001500')?.[10]).toMatch(/mucho1500/);
    expect(corrections.find((r) => r[0] === '20001501')?.[10]).toMatch(/GIMENEZ1501|GOMEZ1501/);
    expect(corrections.some((r) => r[0] === '20001502')).toBe(false);
  });
});
