// A text's rows split when asked are the rows parseCsv builds all at once: the same records, the same
// cells, the same refusals, for plain and quoted texts, every line break, blank lines and broken quotes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv, type Delimiter } from '../../../src-main/preparation/reading/csv';
import { indexCsvRows, type CsvRowLimits, type RowSource } from '../../../src-main/preparation/reading/csv-rows';
import { readRowTable, readTable } from '../../../src-main/preparation/reading/read-table';
import { READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';

const WIDE: CsvRowLimits = { maxRows: 1_048_576, maxColumns: 16_384, maxCells: 20_000_000, maxCellChars: 32_767 };

function allRows(text: string, delimiter: Delimiter, limits: CsvRowLimits = WIDE) {
  const indexed = indexCsvRows(text, delimiter, limits);
  if ('refused' in indexed) return indexed;
  return { rows: Array.from({ length: indexed.rows.length }, (_, r) => indexed.rows.at(r)) };
}

const TEXTS: [string, string, Delimiter][] = [
  ['an empty text', '', ';'],
  ['one line, no line break', 'DNI;Nombre', ';'],
  ['a trailing line break', 'DNI;Nombre\n1;Ana\n', ';'],
  ['two trailing line breaks', 'DNI;Nombre\n1;Ana\n\n', ';'],
  ['blank lines between rows', 'DNI;Nombre\n\n1;Ana\n\n\n2;Luis', ';'],
  ['Windows line breaks', 'DNI;Nombre\r\n1;Ana\r\n2;Luis\r\n', ';'],
  ['old Mac line breaks', 'DNI;Nombre\r1;Ana\r2;Luis', ';'],
  ['a lone CR inside Windows lines', 'DNI;Nombre\r\n1;An\ra\r\n', ';'],
  ['empty cells and ragged rows', 'a;b;c\n;;\n1\n1;2;3;4\n', ';'],
  ['tabs', 'a\tb\n1\t2\n', '\t'],
  ['quoted cells with the delimiter and line breaks', 'a;b\n"x;y";"line\none"\n3;4\n', ';'],
  ['doubled quotes', 'a;b\n"he said ""hola""";2\n', ';'],
  ['a quote inside an unquoted cell', 'a;b\nO"Brien;2\n', ';'],
  ['a quoted last record without a line break', 'a;b\n"1";"2"', ';'],
  ['an unclosed quote to the end', 'a;b\n1;"abc\ndef\n', ';'],
  ['a quoted blank record and a trailing break', 'a;b\n""\n\n"1";2\r\n', ';'],
  ['quotes with Windows line breaks', 'a,b\r\n"1,5","x\r\ny"\r\n', ','],
  ['a lone quote at the end', 'a;b\nabb\n"', ';'],
  ['an empty quoted cell at the end', 'a;b\nabb\n""', ';'],
];

describe('indexCsvRows', () => {
  it.each(TEXTS)('%s: the same rows as parseCsv', (_, text, delimiter) => {
    expect(allRows(text, delimiter)).toEqual(parseCsv(text, delimiter, WIDE));
  });

  const lines = (n: number, cells: string) => Array.from({ length: n }, () => cells).join('\n');
  it.each([
    ['too many rows', lines(6, '1;2'), { maxRows: 5, maxColumns: 10, maxCells: 1000 }],
    ['exactly as many rows as allowed', lines(5, '1;2') + '\n', { maxRows: 5, maxColumns: 10, maxCells: 1000 }],
    ['too many columns on row 3', 'a;b\n1;2\n1;2;3;4\n', { maxRows: 50, maxColumns: 3, maxCells: 1000 }],
    ['too many cells', lines(10, '1;2;3'), { maxRows: 50, maxColumns: 10, maxCells: 30 }],
    ['blank lines counted once a row follows', 'a\n\n\n\nb', { maxRows: 50, maxColumns: 10, maxCells: 9 }],
    ['quoted: too many columns', 'a;b\n"1";2;3\n', { maxRows: 50, maxColumns: 2, maxCells: 1000 }],
    ['quoted: too many rows', lines(6, '"1";2'), { maxRows: 5, maxColumns: 10, maxCells: 1000 }],
  ])('%s: refused as parseCsv refuses it', (_, text, limits) => {
    expect(allRows(text, ';', { ...limits, maxCellChars: 32_767 })).toEqual(parseCsv(text, ';', limits));
  });

  it.each(TEXTS)('%s: a cell asked alone is the cell of the row, or left to the row', (_, text, delimiter) => {
    const indexed = indexCsvRows(text, delimiter, WIDE);
    if ('refused' in indexed) throw new Error('refused');
    for (let r = 0; r < indexed.rows.length; r++) {
      const row = indexed.rows.at(r) ?? [];
      for (let column = 0; column <= row.length; column++) {
        const cell = indexed.rows.cellAt(r, column);
        // undefined: a quoted record, or no such cell; whatever it gives is the row's own cell.
        if (cell !== undefined) expect(cell).toBe(row[column]);
        else expect(text.includes('"') || column >= row.length).toBe(true);
      }
    }
  });

  it('answers nothing outside its rows', () => {
    const indexed = indexCsvRows('a;b\n1;2\n', ';', WIDE);
    if ('refused' in indexed) throw new Error('refused');
    expect([indexed.rows.at(-1), indexed.rows.at(2), indexed.rows.at(0.5)]).toEqual([undefined, undefined, undefined]);
    expect([indexed.rows.cellAt(-1, 0), indexed.rows.cellAt(2, 0), indexed.rows.cellAt(1, -1), indexed.rows.cellAt(1, 0.5), indexed.rows.cellAt(1, 2)]).toEqual(
      [undefined, undefined, undefined, undefined, undefined],
    );
    expect([indexed.rows.cellAt(1, 0), indexed.rows.cellAt(1, 1)]).toEqual(['1', '2']);
  });

  it('indexes blank lines before a long delimiter-free tail in one pass (a hostile file once took minutes)', () => {
    const text = 'DNI;Nombre\n' + '\n'.repeat(300_000) + 'x'.repeat(20_000_000);
    const indexed = indexCsvRows(text, ';', WIDE);
    // The tail is one cell too long for a spreadsheet: refused, and quickly (the test's own time limit).
    expect(indexed).toEqual({ refused: { limit: 'cell_chars', row: 300_001, column: 0 } });
  });

  it('indexes a 200,000-row text and reads its last row', () => {
    const text = lines(200_000, '20123456;PÉREZ, Ana;011 4567-8901;152.340,50');
    const indexed = indexCsvRows(text, ';', WIDE);
    if ('refused' in indexed) throw new Error('refused');
    expect(indexed.rows.length).toBe(200_000);
    expect(indexed.rows.at(199_999)).toEqual(['20123456', 'PÉREZ, Ana', '011 4567-8901', '152.340,50']);
  });
});

const every = (rows: RowSource) => Array.from({ length: rows.length }, (_, r) => rows.at(r));
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

describe('readRowTable', () => {
  it("reads a creditor's CSV into the rows readTable builds", async () => {
    const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.csv')));
    const whole = await readTable(bytes, 'cartera.csv');
    const lazy = await readRowTable(bytes, 'cartera.csv');
    expect({ ...lazy, sheets: lazy.sheets.map((s) => ({ name: s.name, rows: every(s.rows) })) }).toEqual(whole);
  });

  it.each([
    ['a cell longer than a spreadsheet allows', `a;b\n1;${'x'.repeat(40_000)}\n`, READ_LIMITS],
    ['a quoted cell longer than a spreadsheet allows', `a;b\n"1";"${'x'.repeat(40_000)}"\n`, READ_LIMITS],
    ['too many rows', 'a;b\n1;2\n3;4\n', { ...READ_LIMITS, maxRows: 2 }],
    ['too many columns', 'a;b\n1;2;3\n', { ...READ_LIMITS, maxColumns: 2 }],
    ['too many cells', 'a;b\n1;2\n3;4\n', { ...READ_LIMITS, maxCells: 5, maxTextCells: 5 }],
  ])('refuses %s with the failure readTable gives', async (_, text, limits) => {
    const failure = (read: Promise<unknown>) =>
      read.then(
        () => null,
        (err: unknown) => err,
      );
    const whole = await failure(readTable(bytesOf(text), 'x.csv', limits));
    expect(whole).toMatchObject({ code: expect.stringMatching(/^read\./) });
    expect(await failure(readRowTable(bytesOf(text), 'x.csv', limits))).toEqual(whole);
  });

  it('reads a workbook as readTable does', async () => {
    const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx')));
    expect(await readRowTable(bytes, 'cartera.xlsx')).toEqual(await readTable(bytes, 'cartera.xlsx'));
  });
});

it('takes a text file of more cells than a workbook may have, up to the text files’ own limit: its rows are never all held', async () => {
  const text = 'a;b;c\n1;2;3\n4;5;6\n';
  const limits = { ...READ_LIMITS, maxCells: 5, maxTextCells: 12 };
  await expect(readTable(bytesOf(text), 'x.csv', limits)).rejects.toMatchObject({ code: 'read.too_many_cells' });
  expect((await readRowTable(bytesOf(text), 'x.csv', limits)).sheets[0]?.rows.length).toBe(3);
  await expect(readRowTable(bytesOf(text), 'x.csv', { ...limits, maxTextCells: 11 })).rejects.toMatchObject({
    code: 'read.too_many_cells',
    params: { limit: 11 },
  });
});
