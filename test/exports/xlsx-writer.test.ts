// The workbook writer every export uses: formula-looking text neutralized, numbers kept as numbers,
// sheet names mended, files replaced atomically.
import * as XLSX from '@e965/xlsx';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEL_CELL_MAX_CHARS, neutralizeCell, writeWorkbook } from '../../src-main/exports/xlsx-writer';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'casedesk-xlsx-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = async (file: string) => XLSX.read(await readFile(file), { type: 'buffer', cellDates: true });
const sheetRows = (book: XLSX.WorkBook, name: string) => {
  const sheet = book.Sheets[name];
  if (!sheet) throw new Error(`no sheet ${name}`);
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
};

describe('neutralizeCell', () => {
  it('prefixes an apostrophe to text a spreadsheet would take for a formula', () => {
    const cases: [unknown, unknown][] = [
      ['=1+1', "'=1+1"],
      ['+5491123456789', "'+5491123456789"],
      ['-2', "'-2"],
      ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
      ['\t=cmd', "'\t=cmd"],
      ['\rx', "'\rx"],
      ['\nx', "'\nx"],
      ['=HYPERLINK("http://example.com","clic")', '\'=HYPERLINK("http://example.com","clic")'],
      ['María', 'María'],
      ['a=b', 'a=b'],
      [' =1', ' =1'],
      ['', ''],
      [-2, -2],
      [3.5, 3.5],
      [true, true],
      [null, null],
      [undefined, undefined],
    ];
    for (const [value, expected] of cases) expect(neutralizeCell(value), JSON.stringify(value)).toEqual(expected);
  });
});

describe('writeWorkbook', () => {
  it('writes every sheet with its rows; text is neutralized, numbers, booleans and dates keep their type', async () => {
    const file = join(root, 'general.xlsx');
    const when = new Date(Date.UTC(2026, 10, 20, 12, 0, 0));
    await writeWorkbook(file, [
      {
        name: 'Datos',
        rows: [
          ['texto', 'número', 'sí/no', 'fecha', 'vacío'],
          ['=2+2', -12.5, true, when, null],
          ['-3', 7, false, null, undefined],
        ],
      },
      { name: 'Otra', rows: [[{ a: 1 }, 10n, Number.NaN]] },
    ]);
    const book = await read(file);
    expect(book.SheetNames).toEqual(['Datos', 'Otra']);
    const sheet = book.Sheets.Datos as XLSX.WorkSheet;
    expect(sheet.A2).toMatchObject({ t: 's', v: "'=2+2" });
    expect(sheet.A2?.f).toBeUndefined();
    expect(sheet.B2).toMatchObject({ t: 'n', v: -12.5 });
    expect(sheet.C2).toMatchObject({ t: 'b', v: true });
    expect((sheet.D2?.v as Date).toISOString().slice(0, 10)).toBe('2026-11-20');
    expect(sheet.E2).toBeUndefined();
    expect(sheet.A3).toMatchObject({ t: 's', v: "'-3" });
    expect(sheetRows(book, 'Otra')).toEqual([['{"a":1}', '10', null]]);
  });

  it("cuts text to Excel's cell limit", async () => {
    const file = join(root, 'long.xlsx');
    await writeWorkbook(file, [{ name: 'Largo', rows: [['x'.repeat(EXCEL_CELL_MAX_CHARS + 500)]] }]);
    expect(sheetRows(await read(file), 'Largo')[0]?.[0]).toHaveLength(EXCEL_CELL_MAX_CHARS);
  });

  it('mends sheet names Excel would refuse', async () => {
    const file = join(root, 'names.xlsx');
    const long = 'Resultados de la campaña de noviembre';
    await writeWorkbook(file, [
      { name: 'a/b:c?', rows: [] },
      { name: 'A/B:C?', rows: [] },
      { name: '', rows: [] },
      { name: long, rows: [] },
      { name: "'citado'", rows: [] },
    ]);
    const names = (await read(file)).SheetNames;
    expect(names).toEqual(['a_b_c_', 'A_B_C_ (2)', 'Hoja3', long.slice(0, 31), 'citado']);
  });

  it('replaces an existing file whole, leaving no temporary file behind', async () => {
    const dir = join(root, 'replace');
    await mkdir(dir);
    const file = join(dir, 'resultados.xlsx');
    await writeFile(file, 'an older export');
    await writeWorkbook(file, [{ name: 'Casos', rows: [['Código'], ['C1']] }]);
    expect(sheetRows(await read(file), 'Casos')).toEqual([['Código'], ['C1']]);
    expect(await readdir(dir)).toEqual(['resultados.xlsx']);
  });

  it('leaves the old file as it was when the new one cannot take its place', async () => {
    const dir = join(root, 'blocked');
    const target = join(dir, 'ocupado.xlsx');
    await mkdir(join(target, 'inside'), { recursive: true }); // a folder where the file should go
    await expect(writeWorkbook(target, [{ name: 'Casos', rows: [['x']] }])).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['ocupado.xlsx']);
    expect(await readdir(target)).toEqual(['inside']);
  });

  it('says which folder is missing, and refuses a workbook without sheets', async () => {
    await expect(writeWorkbook(join(root, 'no-such-folder', 'x.xlsx'), [{ name: 'A', rows: [] }])).rejects.toThrow(/no-such-folder does not exist/);
    await expect(writeWorkbook(join(root, 'empty.xlsx'), [])).rejects.toThrow(RangeError);
  });
});
