// Reading creditors' files of every format, and refusing hostile ones with a clear message.
import * as XLSX from '@e965/xlsx';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ReadError } from '../../../src-main/preparation/reading/read-errors';
import { READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { readTable } from '../../../src-main/preparation/reading/read-table';
import { formatFailure, type Failure } from '../../../src-main/domain/failures/failure';

/** A failure's words in Spanish, as the app's Spanish faces show them. */
const spanish = (err: Failure) => formatFailure('es', err.code, err.params);

const HEADER = ['DNI', 'Nombre', 'Teléfono', 'Saldo', 'Vencimiento'];
const ROW = ['00123456', 'José Núñez', '011 15-4567-8901', 1234.56, new Date(Date.UTC(2026, 11, 31))];

function workbookBytes(bookType: XLSX.BookType, rows: unknown[][] = [['Listado de deudores'], [], HEADER, ROW]): Uint8Array {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  XLSX.utils.book_append_sheet(wb, ws, 'Deudores');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['otra']]), 'Resumen');
  return new Uint8Array(XLSX.write(wb, { bookType, type: 'buffer' }) as Buffer);
}

async function readError(bytes: Uint8Array, name: string): Promise<ReadError> {
  try {
    await readTable(bytes, name);
  } catch (err) {
    if (err instanceof ReadError) return err;
    throw err;
  }
  throw new Error('expected a ReadError');
}

describe('readTable: spreadsheets', () => {
  it.each([
    ['xlsx', 'deudores.xlsx'],
    ['biff8', 'deudores.xls'],
    ['ods', 'deudores.ods'],
  ] as const)('reads %s with its sheets, keeping cell types (text code, number, date)', async (bookType, name) => {
    const table = await readTable(workbookBytes(bookType), name);
    expect(table.format).toBe(name.split('.')[1]);
    expect(table.sheets.map((s) => s.name)).toEqual(['Deudores', 'Resumen']);
    const rows = table.sheets[0]?.rows ?? [];
    expect(rows[2]).toEqual(HEADER);
    const [code, nameCell, phone, debt, due] = rows[3] ?? [];
    expect(code).toBe('00123456');
    expect(nameCell).toBe('José Núñez');
    expect(phone).toBe('011 15-4567-8901');
    expect(debt).toBe(1234.56);
    expect(due).toBeInstanceOf(Date);
    expect((due as Date).toISOString().slice(0, 10)).toBe('2026-12-31');
  });

  it('reads the cached value of a formula, never the formula', async () => {
    const ws = XLSX.utils.aoa_to_sheet([['Saldo'], [10], [20]]);
    ws.A4 = { t: 'n', f: 'SUM(A2:A3)', v: 30 };
    ws['!ref'] = 'A1:A4';
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const table = await readTable(new Uint8Array(XLSX.write(wb, { bookType: 'xlsx', type: 'buffer' }) as Buffer), 'f.xlsx');
    expect(table.sheets[0]?.rows[3]).toEqual([30]);
  });
});

describe('readTable: one sheet asked for', () => {
  /** A workbook of a small sheet of cases and a big one of notes beside it. */
  function casesAndNotes(bookType: XLSX.BookType): Uint8Array {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ROW]), 'Casos');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(Array.from({ length: 200 }, (_, i) => [`nota ${i}`, i, i, i, i])), 'Notas');
    return new Uint8Array(XLSX.write(wb, { bookType, type: 'buffer' }) as Buffer);
  }
  // Room for the cases, not for the notes.
  const limits = { ...READ_LIMITS, maxCells: 100 };

  it.each([
    ['xlsx', true],
    ['xlsx', false],
    ['xls', true],
  ] as const)('reads that sheet alone, and counts only its cells (%s, scanner %s)', async (bookType, fastXlsx) => {
    const bytes = casesAndNotes(bookType);
    const table = await readTable(bytes, `libro.${bookType}`, limits, { sheet: 'Casos', fastXlsx });
    expect(table.sheets.map((s) => s.name)).toEqual(['Casos']);
    expect(table.sheets[0]?.rows[0]).toEqual(HEADER);
    // Every sheet read, the notes pass the cells allowed.
    await expect(readTable(bytes, `libro.${bookType}`, limits, { fastXlsx })).rejects.toMatchObject({ code: 'read.too_many_cells' });
  });

  it('still counts a whole .ods before opening it: SheetJS expands every sheet of one', async () => {
    await expect(readTable(casesAndNotes('ods'), 'libro.ods', limits, { sheet: 'Casos' })).rejects.toMatchObject({ code: 'read.too_many_cells' });
  });

  it('reads every sheet when the workbook has none of that name', async () => {
    const table = await readTable(casesAndNotes('xlsx'), 'libro.xlsx', READ_LIMITS, { sheet: 'Otra' });
    expect(table.sheets.map((s) => s.name)).toEqual(['Casos', 'Notas']);
  });
});

describe('readTable: text exports', () => {
  const csv = (text: string, encoding: 'utf8' | 'latin1' = 'utf8') => new Uint8Array(Buffer.from(text, encoding));

  it('reads an Argentine export: semicolons, decimal commas, Windows-1252, CRLF', async () => {
    const table = await readTable(csv('DNI;Nombre;Saldo\r\n00123;Peña;1.234,56\r\n00124;Muñoz;99,5\r\n00125;Ibáñez;100\r\n', 'latin1'), 'deudores.csv');
    expect(table).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(table.sheets[0]?.rows).toEqual([
      ['DNI', 'Nombre', 'Saldo'],
      ['00123', 'Peña', '1.234,56'],
      ['00124', 'Muñoz', '99,5'],
      ['00125', 'Ibáñez', '100'],
    ]);
  });

  it('is not fooled by decimal commas into splitting on commas', async () => {
    const text = 'Código;Saldo;Interés\n1;1,5;2,25\n2;3;4\n3;10,75;0\n4;7;1,1\n';
    expect((await readTable(csv(text), 'x.csv')).delimiter).toBe(';');
  });

  it('detects commas and tabs, strips a UTF-8 BOM, keeps quoted delimiters, and keeps codes as text', async () => {
    const comma = await readTable(csv('\uFEFFcode,name,phone\n007,"Pérez, Ana",01145678901\n008,"Gómez, Luis",1145678901\n'), 'x.csv');
    expect(comma).toMatchObject({ delimiter: ',', encoding: 'utf-8' });
    expect(comma.sheets[0]?.rows[0]?.[0]).toBe('code');
    expect(comma.sheets[0]?.rows[1]).toEqual(['007', 'Pérez, Ana', '01145678901']);
    const tab = await readTable(csv('a\tb\n1\t2\n'), 'x.txt');
    expect(tab.delimiter).toBe('\t');
  });

  it('keeps blank lines as empty rows so row numbers match the file', async () => {
    const rows = (await readTable(csv('Título\n\nDNI;Nombre\n1;Ana\n'), 'x.csv')).sheets[0]?.rows;
    expect(rows?.[2]).toEqual(['DNI', 'Nombre']);
  });
});

describe('readTable: hostile files', () => {
  it('refuses an empty file', async () => {
    expect((await readError(new Uint8Array(), 'vacio.xlsx')).code).toBe('file.empty');
  });

  it('refuses binary junk', async () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const err = await readError(junk, 'junk.xlsx');
    expect(err.code).toBe('read.not_a_spreadsheet');
    expect(spanish(err)).toMatch(/junk\.xlsx no es una planilla/);
  });

  it('refuses a truncated workbook as damaged', async () => {
    const bytes = workbookBytes('xlsx');
    expect((await readError(bytes.subarray(0, Math.floor(bytes.length / 2)), 'cortado.xlsx')).code).toBe('read.damaged_archive');
    const xls = workbookBytes('biff8');
    expect(['read.damaged', 'read.damaged_archive', 'read.not_a_spreadsheet']).toContain((await readError(xls.subarray(0, 600), 'cortado.xls')).code);
  });

  it('refuses a zip bomb before inflating it', async () => {
    // One entry claiming 2 GB of zeros: a stored central directory is all the check reads.
    const zeros = deflateRawSync(Buffer.alloc(8 * 1024 * 1024));
    const err = await readError(zipWithEntry('xl/worksheets/sheet1.xml', zeros, 8 * 1024 * 1024), 'bomba.xlsx');
    expect(err.code).toBe('read.zip_ratio');
  });

  it('refuses a cell longer than a spreadsheet allows, naming the cell', async () => {
    const err = await readError(new Uint8Array(Buffer.from(`a;b\n1;${'x'.repeat(40_000)}\n`)), 'largo.csv');
    expect(err).toMatchObject({ code: 'read.cell_too_long', place: { row: 2, column: 'B' } });
  });

  it('refuses a file over the size limit', async () => {
    await expect(readTable(new Uint8Array(2048).fill(65), 'grande.csv', { ...READ_LIMITS, maxFileBytes: 1024 })).rejects.toMatchObject({
      code: 'file.too_large',
    });
  });
});

/** A minimal zip with one deflated entry (local header, data, central directory, end record). */
function zipWithEntry(name: string, deflated: Buffer, uncompressedSize: number): Uint8Array {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(uncompressedSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(uncompressedSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const localPart = Buffer.concat([local, nameBytes, deflated]);
  const centralPart = Buffer.concat([central, nameBytes]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return new Uint8Array(Buffer.concat([localPart, centralPart, end]));
}

describe('readTable: password-protected workbooks, told by their structure', () => {
  const CFB = (
    XLSX as unknown as {
      CFB: {
        utils: { cfb_new(): unknown; cfb_add(c: unknown, name: string, content: Uint8Array): void };
        write(c: unknown, o: { type: 'buffer'; fileType?: 'zip' }): Buffer;
        read(b: Uint8Array, o: { type: 'buffer' }): unknown;
        find(c: unknown, path: string): { content: Uint8Array } | null;
      };
    }
  ).CFB;

  function compoundFile(streams: Record<string, Uint8Array>): Uint8Array {
    const container = CFB.utils.cfb_new();
    for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, name, content);
    return new Uint8Array(CFB.write(container, { type: 'buffer' }));
  }

  /** BIFF records: type and length (little-endian) then the body. */
  const record = (type: number, body: number[]) => [type & 0xff, type >> 8, body.length & 0xff, body.length >> 8, ...body];

  it('an .xlsx saved with a password (EncryptionInfo + EncryptedPackage)', async () => {
    const bytes = compoundFile({ EncryptionInfo: new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]), EncryptedPackage: new Uint8Array(64) });
    const err = await readError(bytes, 'cartera.xlsx');
    expect(err.code).toBe('read.encrypted');
    expect(err.params).toMatchObject({ file: 'cartera.xlsx' });
  });

  it('an .xls with a FILEPASS record in its globals, and not one without', async () => {
    const globals = [...record(0x0809, new Array(16).fill(0)), ...record(0x002f, [1, 0, 1, 0, 1, 0]), ...record(0x000a, [])];
    expect((await readError(compoundFile({ Workbook: new Uint8Array(globals) }), 'viejo.xls')).code).toBe('read.encrypted');
    const plain = await readTable(workbookBytes('biff8'), 'viejo.xls');
    expect(plain.sheets[0]?.rows.length).toBeGreaterThan(0);
  });

  it('an .ods whose manifest describes encrypted entries', async () => {
    const zip = CFB.read(workbookBytes('ods'), { type: 'buffer' });
    const manifest = CFB.find(zip, 'manifest.xml');
    if (!manifest) throw new Error('no manifest');
    // A LibreOffice manifest of a password-protected file: each encrypted entry says how.
    const text = Buffer.from(manifest.content)
      .toString('utf8')
      .replace(
        /<manifest:file-entry ([^>]*?)\s*\/>/,
        '<manifest:file-entry $1><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry>',
      );
    expect(text).toContain('encryption-data');
    manifest.content = new Uint8Array(Buffer.from(text));
    const bytes = new Uint8Array(CFB.write(zip, { type: 'buffer', fileType: 'zip' }));
    expect((await readError(bytes, 'cartera.ods')).code).toBe('read.encrypted');
  });

  it('a compound file without a password is not called encrypted', async () => {
    expect((await readError(compoundFile({ Workbook: new Uint8Array(record(0x0809, [1, 2])) }), 'roto.xls')).code).not.toBe('read.encrypted');
  });
});
