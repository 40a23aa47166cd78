// A small file that asks for billions of cells is refused before anything expands it: an .ods's
// repeat attributes are counted as SheetJS would expand them, and rows SheetJS keeps sparse are
// counted before we copy them densely. Honest files, LibreOffice's trailing empty repeats included,
// still read.
import * as XLSX from '@e965/xlsx';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { odsCellCount } from '../../../src-main/preparation/reading/ods-cells';
import { tooManyCells } from '../../../src-main/preparation/reading/read-errors';
import { READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { readTable } from '../../../src-main/preparation/reading/read-table';
import { unpackZip } from '../../../src-main/preparation/reading/zip-unpack';
import { buildZip, entriesOf } from './fixtures/zip-builder';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-cells-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAMPLE_ODS = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.ods');
let sampleEntries: Map<string, Buffer>;
beforeAll(async () => {
  sampleEntries = await unpackZip(new Uint8Array(readFileSync(SAMPLE_ODS)));
});

/** The LibreOffice sample with its content.xml replaced. */
function odsWithContent(content: string): Buffer {
  return buildZip([...sampleEntries].map(([name, bytes]) => ({ name, content: name === 'content.xml' ? Buffer.from(content) : bytes })));
}

/** A content.xml with one sheet holding `rows` (table rows as XML). */
const contentWith = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:spreadsheet><table:table table:name="Cartera">${rows}</table:table></office:spreadsheet></office:body></office:document-content>`;

/** The reviewer's file: one valued cell, repeated over a million rows and every column. */
const repeatedCell = (rows: number | string, columns: number) =>
  `<table:table-row table:number-rows-repeated="${rows}"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="${columns}"><text:p>1</text:p></table:table-cell></table:table-row>`;

/** Reads `file` in a child process whose heap is capped, so a file that expands fails fast instead of taking the machine. */
function readInChild(file: string): { code: string; params?: Record<string, number>; message?: string; messageEs?: string; ms: number; maxRssMb: number } {
  const child = spawnSync(process.execPath, ['--max-old-space-size=512', '--import', 'tsx', join(import.meta.dirname, 'fixtures/read-child.ts'), file], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(child.status, child.stderr.slice(-2000)).toBe(0);
  return JSON.parse(child.stdout.trim()) as ReturnType<typeof readInChild>;
}

/** Every cell SheetJS wrote, empty ones included (what its expansion cost). */
function cellsSheetJsWrites(bytes: Uint8Array): number {
  const workbook = XLSX.read(bytes, { type: 'array', dense: true, sheetStubs: false });
  let cells = 0;
  for (const name of workbook.SheetNames) {
    const data = (workbook.Sheets[name]?.['!data'] ?? []) as unknown[][];
    for (const row of Object.values(data)) cells += Object.keys(row ?? {}).length;
  }
  return cells;
}

describe('an .ods whose repeats would expand past the cell budget', () => {
  it("refuses the reviewer's file (one cell, 1,000,000 rows × 16,384 columns) before SheetJS expands it: quickly, in a process that stays small", () => {
    const file = join(dir, 'bomba.ods');
    writeFileSync(file, odsWithContent(contentWith(repeatedCell(1_000_000, 16_384))));
    // Before the budget SheetJS expanded it until the heap ran out (here, 512 MB: the child dies).
    const outcome = readInChild(file);
    expect(outcome.code).toBe('read.too_many_cells');
    expect(outcome.params).toEqual({ file: 'bomba.ods', cells: 16_384_000_000, limit: READ_LIMITS.maxCells });
    expect(outcome.messageEs).toContain('bomba.ods');
    expect(outcome.ms).toBeLessThan(3000);
    expect(outcome.maxRssMb).toBeLessThan(400);
  });

  // Each spelling SheetJS reads as the same expansion: the count must never fall below what it
  // writes (checked small, against SheetJS itself), and must pass the budget large (counted only:
  // should the count break, no test hands SheetJS a bomb in this process).
  const valued = (columns: number) =>
    `<table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="${columns}"><text:p>1</text:p></table:table-cell>`;
  const spellings: [string, (rows: number, columns: number) => string][] = [
    ['as the reviewer wrote it', (r, c) => repeatedCell(r, c)],
    [
      'under other namespace prefixes',
      (r, c) =>
        `<t:table-row t:number-rows-repeated="${r}"><t:table-cell o:value-type="float" o:value="1" t:number-columns-repeated="${c}"><x:p>1</x:p></t:table-cell></t:table-row>`,
    ],
    [
      'with names in capitals and cut at "_"',
      (r, c) =>
        `<table:table-row_x NUMBER-ROWS-REPEATED_y="${r}"><table:table-cell_z office:value-type="float" office:value="1" Number-Columns-Repeated="${c}"><text:p>1</text:p></table:table-cell_z></table:table-row_x>`,
    ],
    ['with the row count in exponent notation', (r, c) => `<table:table-row table:number-rows-repeated="${r.toExponential()}">${valued(c)}</table:table-row>`],
    [
      'with the repeat given twice on one tag',
      (r, c) => `<table:table-row table:number-rows-repeated="1" table:number-rows-repeated="${r}">${valued(c)}</table:table-row>`,
    ],
    [
      'as a stray closing tag after an empty repeated cell',
      (r, c) =>
        `<table:table-row table:number-rows-repeated="${r}"><table:table-cell table:number-columns-repeated="${c}"/></table:table-cell></table:table-row>`,
    ],
    [
      'with the row repeat set inside the cell',
      (r, c) =>
        `<table:table-row><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="${c}"><table:table-row table:number-rows-repeated="${r}"/></table:table-cell></table:table-row>`,
    ],
    [
      'with the end of the row inside a comment',
      (r, c) => `<table:table-row table:number-rows-repeated="${r}"><!-- </table:table-row> -->${valued(c)}</table:table-row>`,
    ],
  ];

  it.each(spellings)('counts at least what SheetJS writes, and past the budget large: %s', (_, spell) => {
    const small = contentWith(spell(30, 20));
    const written = cellsSheetJsWrites(odsWithContent(small));
    expect(written).toBeGreaterThanOrEqual(30 * 19);
    expect(odsCellCount(small)).toBeGreaterThanOrEqual(written);
    expect(odsCellCount(contentWith(spell(1_000_000, 16_384)))).toBeGreaterThan(READ_LIMITS.maxCells);
  });

  it('counts an endless row repeat as endless, and says a finite count in the params', () => {
    expect(odsCellCount(contentWith(repeatedCell('Infinity', 2)))).toBe(Infinity);
    expect(odsCellCount(contentWith(repeatedCell('1e400', 2)))).toBe(Infinity);
    const err = tooManyCells('sin-fin.ods', Infinity, READ_LIMITS.maxCells);
    expect(err).toMatchObject({
      code: 'read.too_many_cells',
      place: { file: 'sin-fin.ods' },
      params: { cells: Number.MAX_SAFE_INTEGER, limit: READ_LIMITS.maxCells },
    });
    expect(JSON.parse(JSON.stringify(err.params))).toEqual(err.params);
  });
});

describe('an honest .ods as LibreOffice saves it', () => {
  // LibreOffice writes a sheet's unused rows and columns as repeats to the last one (1,048,576 ×
  // 16,384), styled or not, and identical neighbours as repeats too.
  const sample = () => sampleEntries.get('content.xml')?.toString('utf8') ?? '';
  const savedByLibreOffice = () =>
    sample().replace(
      '<table:table-cell table:number-columns-repeated="2"/></table:table-row></table:table>',
      '<table:table-cell table:style-name="ce3" table:number-columns-repeated="16376"/></table:table-row>' +
        '<table:table-row table:style-name="ro1" table:number-rows-repeated="3"><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>igual</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="0" calcext:value-type="float" table:number-columns-repeated="2"><text:p>0</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16381"/></table:table-row>' +
        '<table:table-row table:style-name="ro1" table:number-rows-repeated="1048554"><table:table-cell table:number-columns-repeated="7"/><table:table-cell table:style-name="ce3"/><table:table-cell table:number-columns-repeated="16376"/></table:table-row>' +
        '<table:table-row table:style-name="ro1"><table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table>',
    );

  it('counts empty trailing repeats as free and valued repeats as the cells they are', () => {
    const content = savedByLibreOffice();
    expect(content).not.toBe(sample());
    const honest = odsCellCount(sample());
    // Three rows of one text and two zeros: 9 cells more, the million empty rows nothing.
    expect(odsCellCount(content)).toBe(honest + 9);
    expect(honest).toBeLessThan(300);
  });

  it('reads it: the valued repeats expanded, the empty ones not', async () => {
    const table = await readTable(odsWithContent(savedByLibreOffice()), 'cartera.ods');
    const rows = table.sheets[0]?.rows ?? [];
    expect(rows[6]?.[0]).toBe('07654321');
    expect(rows.slice(18)).toEqual([
      ['igual', 0, 0],
      ['igual', 0, 0],
      ['igual', 0, 0],
    ]);
    expect(table.sheets[1]?.rows).toEqual([['Generado para la demo de CaseDesk']]);
  });
});

describe('an .xlsx whose rows are far wider, or sheets far longer, than their cells', () => {
  const SHEET = 'xl/worksheets/sheet1.xml';

  /** A real workbook's entries with sheet1 holding `sheetData` rows. */
  function xlsxWithRows(rows: string): Buffer {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['DNI']]), 'Cartera');
    const entries = entriesOf(XLSX.write(book, { bookType: 'xlsx', type: 'buffer', compression: true }) as Buffer);
    const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
    return buildZip(entries.map((e) => (e.name === SHEET ? { name: SHEET, content: Buffer.from(sheet) } : e)));
  }

  it("refuses the reviewer's file (40,000 rows, each one cell at column XFD) before copying a row", () => {
    const file = join(dir, 'ancho.xlsx');
    const bytes = xlsxWithRows(Array.from({ length: 40_000 }, (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"><v>1</v></c></row>`).join(''));
    expect(bytes.length).toBeLessThan(400 * 1024);
    writeFileSync(file, bytes);
    // Before the budget each row became a dense 16,384-slot array: 5 GB, past this child's heap.
    const outcome = readInChild(file);
    expect(outcome.code).toBe('read.too_many_cells');
    expect(outcome.params?.limit).toBe(READ_LIMITS.maxCells);
    expect(outcome.params?.cells).toBeGreaterThan(READ_LIMITS.maxCells);
    expect(outcome.params?.file).toBe('ancho.xlsx');
    expect(outcome.ms).toBeLessThan(3000);
  });

  it('refuses sheets that each end at row 1,048,576: every row is counted, empty or not', () => {
    const book = XLSX.utils.book_new();
    for (let s = 0; s < 20; s++) XLSX.utils.book_append_sheet(book, { '!ref': 'A1048576', A1048576: { t: 'n', v: 1 } }, `Hoja${s + 1}`);
    const file = join(dir, 'largo.xlsx');
    writeFileSync(file, XLSX.write(book, { bookType: 'xlsx', type: 'buffer', compression: true }) as Buffer);
    // Before, each sheet became a million row arrays.
    const outcome = readInChild(file);
    expect(outcome.code).toBe('read.too_many_cells');
    expect(outcome.params?.file).toBe('largo.xlsx');
  });

  it('still reads a workbook with a lone cell at column XFD: the budget is on the total', async () => {
    const table = await readTable(
      xlsxWithRows('<row r="1"><c r="A1" t="inlineStr"><is><t>DNI</t></is></c></row><row r="2"><c r="XFD2"><v>7</v></c></row>'),
      'ancho.xlsx',
    );
    const rows = table.sheets[0]?.rows ?? [];
    expect(rows[0]).toEqual(['DNI']);
    expect(rows[1]?.length).toBe(16_384);
    expect(rows[1]?.[16_383]).toBe(7);
  });
});

describe('a text file of delimiters', () => {
  it("refuses the reviewer's file (lines of commas, more cells than the budget) while counting, before parsing it: quickly, in a process that stays small", () => {
    const file = join(dir, 'comas.csv');
    // 2,500 lines of 10,000 commas: 25 million empty cells in 25 MB.
    writeFileSync(file, `${','.repeat(10_000)}\n`.repeat(2_500));
    // Before, the rows and columns were within Excel's limits and every cell was parsed (here the child's heap ran out).
    const outcome = readInChild(file);
    expect(outcome.code).toBe('read.too_many_cells');
    expect(outcome.params?.limit).toBe(READ_LIMITS.maxCells);
    expect(outcome.params?.cells).toBeGreaterThan(READ_LIMITS.maxCells);
    expect(outcome.params?.file).toBe('comas.csv');
    expect(outcome.messageEs).toContain('comas.csv');
    expect(outcome.ms).toBeLessThan(3000);
  });

  const limits = (maxCells: number) => ({ ...READ_LIMITS, maxCells });
  // 3 rows of 3 cells, each row one more: 12.
  const honest = 'DNI;Nombre;Saldo\n1;"Pérez; Juan";"10,5"\n2;"Gómez ""Tito""";3\n';

  it('counts each row as one more cell, as a workbook is counted, and reads what is within the budget', async () => {
    const table = await readTable(Buffer.from(honest), 'cartera.csv', limits(12));
    expect(table.sheets[0]?.rows).toEqual([
      ['DNI', 'Nombre', 'Saldo'],
      ['1', 'Pérez; Juan', '10,5'],
      ['2', 'Gómez "Tito"', '3'],
    ]);
    await expect(readTable(Buffer.from(honest), 'cartera.csv', limits(11))).rejects.toMatchObject({
      code: 'read.too_many_cells',
      params: { file: 'cartera.csv', limit: 11 },
    });
  });

  it('counts the fields after a malformed quote as papaparse splits them, never fewer', async () => {
    // An opening quote that papaparse reads as going on past its first closing quote.
    const text = `a;"x"y;${';'.repeat(50)}\n`;
    await expect(readTable(Buffer.from(text), 'comillas.csv', limits(40))).rejects.toMatchObject({ code: 'read.too_many_cells' });
    // And one that never closes: the rest of the text is one cell.
    expect((await readTable(Buffer.from(`a;"b;${';'.repeat(50)}`), 'abierta.csv', limits(6))).sheets[0]?.rows).toEqual([['a', `b;${';'.repeat(50)}`]]);
  });

  it('counts records where papaparse ends them (here at \r\n), a trailing line break making no row', async () => {
    const text = 'a;b\r\nc;d\r\n';
    expect((await readTable(Buffer.from(text), 'crlf.csv', limits(6))).sheets[0]?.rows).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    await expect(readTable(Buffer.from(text), 'crlf.csv', limits(5))).rejects.toMatchObject({ code: 'read.too_many_cells' });
  });
});
