// The workbook writer every export uses: formula-looking text neutralized, numbers kept as numbers,
// sheet names mended, files replaced atomically, and a file it cannot write said as a failure of the
// catalog (which folder is missing, a file open elsewhere or read-only), never in Node's words.
import * as XLSX from '@e965/xlsx';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Failure, formatFailure } from '../../src-main/domain/failures/failure';
import {
  argentineDateTime,
  argentineDay,
  EXCEL_CELL_MAX_CHARS,
  EXCEL_MAX_ROWS,
  neutralizeCell,
  workbookBytes,
  writeWorkbook,
} from '../../src-main/exports/xlsx-writer';

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
    const failure = await refusal(target);
    expect(failure.toData()).toEqual({ code: 'export.write_failed', params: { file: target, reason: 'EISDIR' } });
    expect(await readdir(dir)).toEqual(['ocupado.xlsx']);
    expect(await readdir(target)).toEqual(['inside']);
  });

  it('says which folder is missing as export.folder_missing, and refuses a workbook without sheets', async () => {
    const folder = join(root, 'no-such-folder');
    const failure = await refusal(join(folder, 'x.xlsx'));
    expect(failure.toData()).toEqual({ code: 'export.folder_missing', params: { folder } });
    expect(formatFailure('es', failure.code, failure.params)).toBe(
      `La carpeta ${folder} no existe (o no es una carpeta); elija otro lugar donde guardar el archivo.`,
    );
    await expect(writeWorkbook(join(root, 'empty.xlsx'), [])).rejects.toThrow(RangeError);
  });

  it('says a folder that is a file as export.folder_missing', async () => {
    const notFolder = join(root, 'carpeta.txt');
    await writeFile(notFolder, 'a file, not a folder');
    const failure = await refusal(join(notFolder, 'x.xlsx')); // ENOTDIR
    expect(failure.toData()).toEqual({ code: 'export.folder_missing', params: { folder: notFolder } });
  });

  it('says a read-only folder as export.file_busy, and writes nothing there', async () => {
    const dir = join(root, 'solo-lectura');
    await mkdir(dir);
    await chmod(dir, 0o500);
    const target = join(dir, 'resultados.xlsx');
    try {
      const failure = await unprivileged(() => refusal(target));
      expect(failure.toData()).toEqual({ code: 'export.file_busy', params: { file: target } });
      expect(formatFailure('es', failure.code, failure.params)).toMatch(/^No se pudo escribir .*resultados\.xlsx: está abierto en otro programa, o /);
      expect(failure.message).not.toMatch(/EACCES|permission denied/i);
    } finally {
      await chmod(dir, 0o700);
    }
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('workbookBytes, streamed', () => {
  const bookOf = async (sheets: Parameters<typeof workbookBytes>[0]) =>
    XLSX.read(await workbookBytes(sheets), { type: 'buffer', cellNF: true, cellStyles: true });

  it('keeps text XML cannot carry as Excel does (_xHHHH_), so it reads back as it was', async () => {
    // (A carriage return is written too, as _x000D_: see xlsx-parts.test.ts; SheetJS reads CR LF as LF.)
    const texts = [
      'a\u0001b\u000Bc\u001F',
      'línea 1\nlínea 2\ttab',
      'solo \uD800 medio',
      '\uDC00 al revés',
      'P&L <"x"> \'y\'',
      '_x0041_ literal',
      '  espacios  ',
    ];
    const book = await bookOf([{ name: 'Texto', rows: texts.map((t) => [t]) }]);
    expect(sheetRows(book, 'Texto').map((r) => r[0])).toEqual(texts);
    for (const [i] of texts.entries()) expect(book.Sheets.Texto?.[`A${i + 1}`]).toMatchObject({ t: 's' });
  });

  it('writes cells by type: inline text, numbers, booleans, dates through their format', async () => {
    const when = new Date(Date.UTC(2026, 10, 20, 12, 30, 0));
    const book = await bookOf([{ name: 'Tipos', rows: [['=1', 0.1, false, when, argentineDay('2026-12-10'), Infinity, -0, 1e21]] }]);
    const sheet = book.Sheets.Tipos!;
    expect(sheet.A1).toMatchObject({ t: 's', v: "'=1" });
    expect(sheet.B1).toMatchObject({ t: 'n', v: 0.1 });
    expect(sheet.C1).toMatchObject({ t: 'b', v: false });
    expect(sheet.D1).toMatchObject({ t: 'n', z: 'dd/mm/yyyy hh:mm', w: '20/11/2026 12:30' });
    expect(sheet.E1).toMatchObject({ t: 'n', z: 'dd/mm/yyyy', w: '10/12/2026' });
    expect(sheet.F1).toBeUndefined();
    expect(sheet.G1).toMatchObject({ t: 'n', v: 0 });
    expect(sheet.H1).toMatchObject({ t: 'n', v: 1e21 });
  });

  it('reads a generator of rows as it writes, past the rows that set the column widths', async () => {
    let read = 0;
    function* rows() {
      yield ['Código', 'Nombre largo de la columna'];
      for (let i = 1; i <= 5000; i++, read++) yield [`C${i}`, i % 2 === 0 ? '@par' : i];
    }
    const book = await bookOf([
      { name: 'Generado', rows: rows() },
      { name: 'Otra', rows: [['x']] },
    ]);
    expect(read).toBe(5000);
    const got = sheetRows(book, 'Generado');
    expect(got).toHaveLength(5001);
    expect(got[4999]).toEqual(['C4999', 4999]);
    expect(got[5000]).toEqual(['C5000', "'@par"]);
    expect(book.Sheets.Generado?.['!cols']?.[1]?.wch).toBeGreaterThanOrEqual('Nombre largo de la columna'.length);
    expect(sheetRows(book, 'Otra')).toEqual([['x']]);
  });

  it("refuses a sheet longer than Excel holds, naming it, and a failure of the rows is the workbook's", async () => {
    function* tooLong() {
      for (let i = 0; i <= EXCEL_MAX_ROWS; i++) yield i === EXCEL_MAX_ROWS ? ['una de más'] : [];
    }
    await expect(workbookBytes([{ name: 'Larga', rows: tooLong() }])).rejects.toMatchObject({
      code: 'export.sheet_too_long',
      params: { sheet: 'Larga', max: EXCEL_MAX_ROWS },
    });
    function* failing() {
      yield ['ok'];
      throw new Failure('export.too_big', { cases: 3, max: 2 });
    }
    await expect(
      workbookBytes([
        { name: 'A', rows: [['a']] },
        { name: 'B', rows: failing() },
      ]),
    ).rejects.toMatchObject({ code: 'export.too_big' });
  });

  it('escapes a sheet name Excel takes, and makes the same bytes from the same rows', async () => {
    const sheets = [{ name: 'P&L <2026>', rows: [['a', 1]] }];
    expect((await bookOf(sheets)).SheetNames).toEqual(['P&L <2026>']);
    expect((await workbookBytes(sheets)).equals(await workbookBytes(sheets))).toBe(true);
  });
});

/** What writeWorkbook throws for `file`: a failure of the catalog. */
async function refusal(file: string): Promise<Failure> {
  const thrown = await writeWorkbook(file, [{ name: 'Casos', rows: [['x']] }]).then(
    () => null,
    (err: unknown) => err,
  );
  if (!(thrown instanceof Failure)) throw new Error(`not a failure of the catalog: ${String(thrown)}`);
  return thrown;
}

/**
 * `work` as a user a folder's mode binds. Root's writes ignore the mode, so as root it runs with the
 * effective uid of nobody (the test's folders let it in), given back after.
 */
async function unprivileged<T>(work: () => Promise<T>): Promise<T> {
  if (process.getuid?.() !== 0 || !process.seteuid) return work();
  await chmod(root, 0o755); // so nobody reaches the folder and is refused there, not before
  process.seteuid(65534);
  try {
    return await work();
  } finally {
    process.seteuid(0);
    await chmod(root, 0o700);
  }
}

describe('argentineDateTime', () => {
  it('writes a timestamp as a date on Argentina’s clock; an object that only looks like a formatted cell stays text', async () => {
    const lookalike = { t: 'n', v: 1, z: '[Red]0' };
    const book = XLSX.read(await workbookBytes([{ name: 'A', rows: [[argentineDateTime('2026-11-28T20:57:00Z'), lookalike]] }]), {
      type: 'buffer',
      cellNF: true,
    });
    const sheet = book.Sheets.A!;
    expect(sheet.A1).toMatchObject({ t: 'n', z: 'dd/mm/yyyy hh:mm', w: '28/11/2026 17:57' });
    expect(sheet.B1).toMatchObject({ t: 's', v: JSON.stringify(lookalike) });
  });
});

describe('argentineDay', () => {
  it('writes a stored day as a date shown day first; any other text stays as the file had it', async () => {
    const cells = [argentineDay('2026-12-10'), argentineDay('2027-02-31'), argentineDay('31/02/2027'), argentineDay('')];
    const book = XLSX.read(await workbookBytes([{ name: 'A', rows: [cells] }]), { type: 'buffer', cellNF: true });
    const sheet = book.Sheets.A!;
    expect(sheet.A1).toMatchObject({ t: 'n', z: 'dd/mm/yyyy', w: '10/12/2026' });
    expect(sheet.B1).toMatchObject({ t: 's', v: '2027-02-31' });
    expect(sheet.C1).toMatchObject({ t: 's', v: '31/02/2027' });
  });

  it('gives a day asked again the same answer (each day is read once)', () => {
    for (const day of ['2026-12-10', '2027-02-31', '31/02/2027', 'no es fecha', '']) expect(argentineDay(day)).toEqual(argentineDay(day));
    expect(argentineDay('2026-12-10')).toMatchObject({ v: 46366, z: 'dd/mm/yyyy' });
    expect(argentineDay('2027-02-31')).toBe('2027-02-31');
    // Shared by every sheet that writes the day: nobody can change it for the next.
    expect(Object.isFrozen(argentineDay('2026-12-10'))).toBe(true);
  });
});
