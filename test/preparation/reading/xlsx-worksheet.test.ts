// The worksheet scanner reads what SheetJS reads, cell for cell, or says it cannot and lets SheetJS
// read the file: each workbook here is read both ways and compared.
import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTable } from '../../../src-main/preparation/reading/read-table';
import { xlsxByScanner } from '../../../src-main/preparation/reading/xlsx-stubbed';
import { streamWorksheetRows, UNSUPPORTED, worksheetRows, type WorkbookParts } from '../../../src-main/preparation/reading/xlsx-worksheet';
import { unpackZip } from '../../../src-main/preparation/reading/zip-unpack';
import { buildZip, entriesOf } from './fixtures/zip-builder';

const SHEET = 'xl/worksheets/sheet1.xml';

async function bothWays(bytes: Buffer, name = 'cartera.xlsx') {
  const scanned = await readTable(new Uint8Array(bytes), name);
  const bySheetJs = await readTable(new Uint8Array(bytes), name, undefined, { fastXlsx: false });
  return { scanned, bySheetJs, scannerRead: xlsxByScanner(await unpackZip(new Uint8Array(bytes)), name) !== null };
}

function workbook(sheets: Record<string, unknown[][]>, options: XLSX.WritingOptions = {}): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
  return XLSX.write(book, { bookType: 'xlsx', type: 'buffer', compression: true, ...options }) as Buffer;
}

/** A SheetJS-written workbook with sheet1's <sheetData> replaced by `rows`. */
function withSheetData(rows: string, root = 'worksheet', prefix = ''): Buffer {
  const entries = entriesOf(workbook({ Cartera: [['DNI']] }));
  const ns = prefix ? `xmlns:${prefix.slice(0, -1)}` : 'xmlns';
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${prefix}${root} ${ns}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${rows}</${prefix}sheetData></${prefix}${root}>`;
  return buildZip(entries.map((e) => (e.name === SHEET ? { name: SHEET, content: Buffer.from(sheet) } : e)));
}

/** Deterministic rows of every kind of cell a creditor's file holds, holes included. */
function mixedRows(seed: number, count: number): unknown[][] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const texts = ['011 4444-5555', '  espacios  ', 'Ñandú & <Cía>', 'línea\r\nnueva', '"comillas"', '_x000D_ literal', '0012345', '', 'PÉREZ, José'];
  const rows: unknown[][] = [['DNI', 'Nombre', 'Saldo', 'Vencimiento', 'Activo']];
  for (let r = 0; r < count; r++) {
    const row: unknown[] = [];
    for (let c = 0; c < 8; c++) {
      const pick = next();
      if (pick < 0.12) continue; // a hole
      if (pick < 0.4) row[c] = texts[Math.floor(next() * texts.length)];
      else if (pick < 0.6) row[c] = Math.round(next() * 1e6) / 100;
      else if (pick < 0.75) row[c] = new Date(Date.UTC(1990 + Math.floor(next() * 40), Math.floor(next() * 12), 1 + Math.floor(next() * 28)));
      else if (pick < 0.85) row[c] = next() < 0.5;
      else row[c] = Math.floor(next() * 1e8);
    }
    rows.push(row);
  }
  return rows;
}

describe('reading an .xlsx with the worksheet scanner', () => {
  it('reads the project fixture and the benchmark shape exactly as SheetJS does', async () => {
    const fixture = readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx'));
    const { scanned, bySheetJs, scannerRead } = await bothWays(fixture);
    expect(scannerRead).toBe(true);
    expect(scanned).toEqual(bySheetJs);
  });

  for (const [label, options] of [
    ['inline strings', {}],
    ['shared strings', { bookSST: true }],
  ] as const) {
    it(`reads texts, numbers, dates, booleans and holes in ${label} as SheetJS does`, async () => {
      for (const seed of [1, 7, 42]) {
        const bytes = workbook({ Cartera: mixedRows(seed, 300), 'Otra hoja': mixedRows(seed + 1, 20) }, options);
        const { scanned, bySheetJs, scannerRead } = await bothWays(bytes);
        expect(scannerRead, `seed ${seed}`).toBe(true);
        expect(scanned, `seed ${seed}`).toEqual(bySheetJs);
        expect(scanned.sheets.map((s) => s.name)).toEqual(['Cartera', 'Otra hoja']);
      }
    });
  }

  it("reads a 1904 workbook's dates as SheetJS does", async () => {
    const book = XLSX.utils.book_new();
    book.Workbook = { WBProps: { date1904: true } };
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Vencimiento'], [new Date(Date.UTC(2027, 2, 15))]], { cellDates: true }), 'Cartera');
    const bytes = XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const { scanned, bySheetJs, scannerRead } = await bothWays(bytes);
    expect(scannerRead).toBe(true);
    expect(scanned.date1904).toBe(true);
    expect(scanned).toEqual(bySheetJs);
  });

  it('reads formula results, error cells, self-closing and valueless cells as SheetJS does', async () => {
    const bytes = withSheetData(
      '<row r="1"><c r="A1" t="str"><f>CONCAT("a","b")</f><v>ab</v></c><c r="B1"><f>1+1</f><v>2</v></c><c r="C1" t="e"><v>#N/A</v></c></row>' +
        '<row r="2"><c r="A2" s="0"/><c r="B2" t="str"/><c r="C2" t="b"/><c r="D2"><v></v></c><c r="E2" t="inlineStr"><is><t xml:space="preserve"> x </t></is></c></row>' +
        '<row r="4" spans="1:2"><c r="B4" t="inlineStr"><is></is></c><c r="A4"><v>1.5e3</v></c></row><row r="6"/>',
    );
    const { scanned, bySheetJs, scannerRead } = await bothWays(bytes);
    expect(scannerRead).toBe(true);
    expect(scanned).toEqual(bySheetJs);
    expect(scanned.sheets[0]?.rows[0]).toEqual(['ab', 2, null]);
  });

  for (const [label, rows, prefix] of [
    ['namespace prefixes', '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>DNI</x:t></x:is></x:c></x:row>', 'x:'],
    ['cells without a reference', '<row r="1"><c t="inlineStr"><is><t>DNI</t></is></c><c><v>1</v></c></row>', ''],
    ['rich inline text', '<row r="1"><c r="A1" t="inlineStr"><is><r><t>D</t></r><r><t>NI</t></r></is></c></row>', ''],
    ['ISO date cells', '<row r="1"><c r="A1" t="d"><v>2027-03-15T00:00:00Z</v></c></row>', ''],
    ['CDATA', '<row r="1"><c r="A1" t="str"><v><![CDATA[a<b]]></v></c></row>', ''],
  ] as const) {
    it(`leaves ${label} to SheetJS, which reads the whole file`, async () => {
      const bytes = withSheetData(rows, 'worksheet', prefix);
      const { scanned, bySheetJs, scannerRead } = await bothWays(bytes);
      expect(scannerRead).toBe(false);
      expect(scanned).toEqual(bySheetJs);
    });
  }

  // A hostile review's findings: each reads as SheetJS reads it, by the scanner or by falling back.
  for (const [label, rows] of [
    ['a prefixed <v> in an unprefixed cell', '<row r="1"><c r="A1"><x:v xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">5</x:v></c></row>'],
    [
      'attribute names SheetJS reads its own way',
      '<row r="1"><c r="A1" R="B2"><v>1</v></c><c r="C1" T="b"><v>1</v></c><c r="D1"t="b"><v>1</v></c><c r="E1" r_x="F3"><v>2</v></c></row>',
    ],
    ['style indexes written "01" or " 1"', '<row r="1"><c r="A1" s="01"><v>46461</v></c><c r="B1" s=" 1"><v>46461</v></c></row>'],
    [
      'entities in capitals and numeric references',
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a &AMP; b</t></is></c><c r="B1" t="str"><v>&#X41;</v></c><c r="C1"><v>&#X31;2</v></c></row>',
    ],
    ['a formula text with an escaped accent', '<row r="1"><c r="A1" t="str"><v>Jos_x00E9_</v></c></row>'],
    ['stray text between cells', '<row r="1"><c r="A1"></c><v>5</v><c r="B1"><v>6</v></c></row>'],
  ] as const) {
    it(`reads ${label} as SheetJS does`, async () => {
      const { scanned, bySheetJs } = await bothWays(withSheetData(rows));
      expect(scanned).toEqual(bySheetJs);
    });
  }

  it('reads a sheet with a hyperlink to an empty cell as SheetJS does (which makes that cell)', async () => {
    const entries = entriesOf(workbook({ Cartera: [['DNI']] }));
    const sheet =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>DNI</t></is></c></row></sheetData><hyperlinks><hyperlink ref="E10" location="Cartera!A1"/></hyperlinks></worksheet>';
    const { scanned, bySheetJs } = await bothWays(buildZip(entries.map((e) => (e.name === SHEET ? { name: SHEET, content: Buffer.from(sheet) } : e))));
    expect(scanned).toEqual(bySheetJs);
    expect(scanned.sheets[0]?.rows).toHaveLength(10);
  });

  it('reads a sheet whose cells carry notes as SheetJS does, never its stand-in', async () => {
    const book = XLSX.utils.book_new();
    const ws = XLSX.utils.aoa_to_sheet([
      ['DNI', 'Nombre'],
      [123, 'Pérez'],
    ]);
    (ws.B2 as XLSX.CellObject).c = Object.assign([{ a: 'Agente', t: 'verificar teléfono' }], { hidden: true });
    XLSX.utils.book_append_sheet(book, ws, 'Cartera');
    const { scanned, bySheetJs } = await bothWays(XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
    expect(scanned).toEqual(bySheetJs);
    expect(scanned.sheets[0]?.rows).toEqual([
      ['DNI', 'Nombre'],
      [123, 'Pérez'],
    ]);
  });

  it("reads 80,000 rows without cells at once (each row's cells are looked for in that row only)", async () => {
    const bytes = withSheetData(
      Array.from({ length: 80_000 }, (_, i) => `<row r="${i + 1}"></row>`).join('') + '<row r="80001"><c r="A80001"><v>1</v></c></row>',
    );
    const { scanned, bySheetJs, scannerRead } = await bothWays(bytes);
    expect(scannerRead).toBe(true);
    expect(scanned).toEqual(bySheetJs);
  }, 20_000);

  it('still refuses a cell longer than Excel allows, naming it', async () => {
    const bytes = withSheetData(`<row r="3"><c r="C3" t="inlineStr"><is><t>${'x'.repeat(32_768)}</t></is></c></row>`);
    await expect(readTable(new Uint8Array(bytes), 'largo.xlsx')).rejects.toMatchObject({
      code: 'read.cell_too_long',
      place: { file: 'largo.xlsx', row: 3, column: 'C' },
    });
  });
});

/** A workbook's other parts as the scanners get them: one shared string, a date style and an amount style. */
const parts: WorkbookParts = {
  strings: [{ t: 'compartido' }],
  styleFormats: [0, 14, 164],
  formats: { 0: 'General', 14: 'm/d/yy', 164: '#,##0.00' },
  isDateFormat: (f) => XLSX.SSF.is_date(f),
  date1904: false,
};

describe('worksheetRows, the scanner itself', () => {
  const sheet = (data: string) => `<worksheet><sheetData>${data}</sheetData></worksheet>`;

  it('places each cell by its own reference and types it by its style', () => {
    const rows = worksheetRows(sheet('<row r="2"><c r="C2" s="1"><v>46388</v></c><c r="A2" s="2"><v>10.5</v></c><c r="B2" t="s"><v>0</v></c></row>'), parts);
    expect(rows).not.toBe(UNSUPPORTED);
    const row = (rows as unknown[][])[1];
    expect(row?.[0]).toBe(10.5);
    expect(row?.[1]).toBe('compartido');
    expect(row?.[2]).toEqual(new Date(Date.UTC(2027, 0, 1)));
  });

  it('decodes entities and Office escapes in text', () => {
    const rows = worksheetRows(sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>Ñandú &amp; Cía_x000D_</t></is></c></row>'), parts) as unknown[][];
    expect(rows[0]?.[0]).toBe('Ñandú & Cía\r');
  });

  it('answers UNSUPPORTED for a style whose number format it does not know, and for an unknown cell type', () => {
    expect(worksheetRows(sheet('<row r="1"><c r="A1" s="9"><v>1</v></c></row>'), { ...parts, styleFormats: [0, 14, 164, 0, 0, 0, 0, 0, 0, 999] })).toBe(
      UNSUPPORTED,
    );
    expect(worksheetRows(sheet('<row r="1"><c r="A1" t="x"><v>1</v></c></row>'), parts)).toBe(UNSUPPORTED);
  });

  it('reads an empty or missing sheetData as no rows', () => {
    expect(worksheetRows('<worksheet><sheetData/></worksheet>', parts)).toEqual([]);
    expect(worksheetRows('<worksheet></worksheet>', parts)).toEqual([]);
  });
});

describe('streamWorksheetRows: a sheet read as its bytes arrive', () => {
  /** The part cut into pieces of `size` bytes, as an inflating stream hands them over. */
  async function* inPieces(xml: string, size: number): AsyncGenerator<Uint8Array> {
    const bytes = Buffer.from(xml);
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }
  async function streamed(xml: string, size = 7, pieceBytes = 64): Promise<{ read: boolean; rows: unknown[][] }> {
    const rows: unknown[][] = [];
    const read = await streamWorksheetRows(inPieces(xml, size), parts, (r, cells) => (rows[r] = cells), {
      pieceBytes,
      maxRowBytes: 4096,
      maxBytesBeforeRows: 2048,
    });
    return { read, rows };
  }
  const rowXml = (r: number) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Ñandú &amp; ${r}</t></is></c><c r="C${r}" s="1"><v>46388</v></c><c r="D${r}" t="s"><v>0</v></c></row>`;

  it('hands over the rows the whole-part scanner reads, cut anywhere, a UTF-8 character too', async () => {
    const xml = `<?xml version="1.0"?><worksheet><cols/><sheetData>${Array.from({ length: 300 }, (_, i) => rowXml(i + 1)).join('')}</sheetData><pageMargins/></worksheet>`;
    const whole = worksheetRows(xml, parts) as unknown[][];
    expect(whole).toHaveLength(300);
    for (const size of [1, 7, 4096]) expect(await streamed(xml, size)).toEqual({ read: true, rows: whole });
  });

  it('reads an empty or missing sheetData as no rows, and a sheet whose rows never end as unread', async () => {
    expect(await streamed('<worksheet><sheetData/></worksheet>')).toEqual({ read: true, rows: [] });
    expect(await streamed('<worksheet></worksheet>')).toEqual({ read: true, rows: [] });
    expect((await streamed(`<worksheet><sheetData>${rowXml(1)}${rowXml(2)}`)).read).toBe(false);
  });

  it('does not hold a row past its limit, nor more than its limit before the rows (a prefixed sheet): the whole read takes those', async () => {
    const long = `<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(5000)}</t></is></c></row>`;
    expect((await streamed(`<worksheet><sheetData>${long}</sheetData></worksheet>`, 512)).read).toBe(false);
    // Under the limit it is read, however many pieces bring it.
    const shorter = `<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(3000)}</t></is></c></row>`;
    expect(await streamed(`<worksheet><sheetData>${shorter}</sheetData></worksheet>`, 16)).toEqual({ read: true, rows: [['x'.repeat(3000)]] });
    const prefixed = `<x:worksheet><x:cols>${'<x:col/>'.repeat(400)}</x:cols><x:sheetData>${rowXml(1)}</x:sheetData></x:worksheet>`;
    expect((await streamed(prefixed, 64)).read).toBe(false);
  });

  it('does not read a row that comes again or out of order, nor a part with what SheetJS reads its own way', async () => {
    const sheet = (data: string, after = '') => `<worksheet><sheetData>${data}</sheetData>${after}</worksheet>`;
    expect((await streamed(sheet(rowXml(2) + rowXml(1)))).read).toBe(false);
    expect((await streamed(sheet(rowXml(1) + rowXml(1)))).read).toBe(false);
    // A hyperlink after the rows, cut between two pieces.
    expect((await streamed(sheet(rowXml(1), '<hyperlinks><hyperlink ref="A1"/></hyperlinks>'), 3)).read).toBe(false);
    expect((await streamed(sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>&#65;</t></is></c></row>'))).read).toBe(false);
    expect((await streamed(sheet('<row r="1"><c r="A1" t="x"><v>1</v></c></row>'))).read).toBe(false);
  });
});
