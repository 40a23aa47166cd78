// A text file's rows found in its bytes are papaparse's rows of its decoded text: random texts of
// quotes, delimiters, line breaks, white space and multibyte characters, in UTF-8 and Windows-1252.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineBreakOf, parseCsv, type Delimiter } from '../../../src-main/preparation/reading/csv';
import { indexCsvBytes, type CsvRowLimits } from '../../../src-main/preparation/reading/csv-rows';
import { READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { readRowTable } from '../../../src-main/preparation/reading/read-table';
import { decodeSlice, decodeText, textBytesOf, textHead } from '../../../src-main/preparation/reading/text-decoding';

const WIDE: CsvRowLimits = { maxRows: 1_048_576, maxColumns: 16_384, maxCells: 20_000_000, maxCellChars: 32_767 };

function bytesRows(bytes: Uint8Array, delimiter: Delimiter, limits: CsvRowLimits = WIDE) {
  const source = textBytesOf(bytes);
  const indexed = indexCsvBytes(source, delimiter, lineBreakOf(textHead(source)), limits);
  if ('refused' in indexed) return indexed;
  return { rows: Array.from({ length: indexed.rows.length }, (_, r) => indexed.rows.at(r)) };
}

/** What readTable reads of the same bytes: the whole text decoded, then parseCsv. */
const wholeRows = (bytes: Uint8Array, delimiter: Delimiter, limits: CsvRowLimits = WIDE) => parseCsv(decodeText(bytes).text, delimiter, limits);

// Pieces that make papaparse take every path: quotes opening, closing, doubled and broken, a closing
// quote then white space (ASCII, NBSP, U+3000, U+FEFF) then a delimiter or line break, each line break.
const PIECES = ['"', '""', ';', ',', '\n', '\r\n', '\r', ' ', '\t', 'a', 'Ñ', 'é', '€', '\u00a0', '\u3000', '\ufeff', '\u2028', '😀', 'x"y', '" ;', '"  \n'];
const LATIN_PIECES = PIECES.filter((p) => !/[€\u3000\ufeff\u2028😀]/u.test(p));
const textOf = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));

describe('rows found in the bytes', () => {
  it('are papaparse rows of the UTF-8 text, whatever its quotes', () => {
    fc.assert(
      fc.property(textOf(PIECES), fc.constantFrom<Delimiter>(';', ','), (text, delimiter) => {
        expect(bytesRows(Buffer.from(text, 'utf8'), delimiter)).toEqual(wholeRows(Buffer.from(text, 'utf8'), delimiter));
      }),
      { numRuns: 3000 },
    );
  });

  it('are papaparse rows of the Windows-1252 text', () => {
    const cp1252 = (text: string) => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0) & 0xff));
    fc.assert(
      fc.property(textOf([...LATIN_PIECES, '\u0093']), fc.constantFrom<Delimiter>(';', ','), (text, delimiter) => {
        // A lone 0x93 (“) or 0xE9 (é) is no UTF-8: both readers read the file as Windows-1252.
        const bytes = cp1252(text + 'é');
        expect(bytesRows(bytes, delimiter)).toEqual(wholeRows(bytes, delimiter));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse what parseCsv refuses, at the same limit', () => {
    const limits = { maxRows: 4, maxColumns: 3, maxCells: 12, maxCellChars: 3 };
    fc.assert(
      fc.property(textOf(PIECES), (text) => {
        const bytes = Buffer.from(text, 'utf8');
        const whole = wholeRows(bytes, ';', limits);
        const found = bytesRows(bytes, ';', limits);
        // parseCsv counts cells before parsing (csvCellCount), so its refusal may name a different count.
        if ('refused' in whole && whole.refused.limit === 'cells') expect(found).toMatchObject({ refused: {} });
        else if ('refused' in found && found.refused.limit === 'cell_chars') {
          // readTable checks cell lengths once all rows are read: the same first cell past the limit.
          const rows = 'rows' in whole ? whole.rows : [];
          const r = rows.findIndex((row) => row.some((c) => c.length > 3));
          expect({ row: r, column: rows[r]?.findIndex((c) => c.length > 3) }).toEqual({ row: found.refused.row, column: found.refused.column });
        } else expect(found).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a text file read from its bytes', () => {
  it('reads a Windows-1252 é (one byte, no UTF-8) as é', () => {
    const bytes = Uint8Array.from([...Buffer.from('DNI;Nombre\n1;Jos'), 0xe9, ...Buffer.from(';x\n')]);
    expect(textBytesOf(bytes).encoding).toBe('windows-1252');
    expect(bytesRows(bytes, ';')).toEqual({
      rows: [
        ['DNI', 'Nombre'],
        ['1', 'José', 'x'],
      ],
    });
  });

  it('decodes Windows-1252 as TextDecoder does, every byte', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeSlice(Buffer.from(all), 0, 256, 'windows-1252')).toBe(new TextDecoder('windows-1252').decode(all));
  });

  it('skips a byte-order mark, and the next two as TextDecoder and papaparse drop them', () => {
    const bom = [0xef, 0xbb, 0xbf];
    expect(textBytesOf(Uint8Array.from([...bom, 0x61]))).toMatchObject({ start: 3, encoding: 'utf-8' });
    expect(textBytesOf(Uint8Array.from([...bom, ...bom, ...bom, ...bom, 0x61]))).toMatchObject({ start: 9, encoding: 'utf-8' });
    expect(textBytesOf(Uint8Array.from([...bom, 0xe9]))).toMatchObject({ start: 3, encoding: 'windows-1252' });
  });

  it('cuts a head before a multibyte character it would split', () => {
    const text = 'ñ€😀;a\n';
    const source = textBytesOf(Buffer.from(text, 'utf8'));
    for (let head = 0; head <= 12; head++) {
      const got = textHead(source, head);
      expect(text.startsWith(got), `head of ${head} bytes: ${JSON.stringify(got)}`).toBe(true);
      expect(Buffer.byteLength(got)).toBeLessThanOrEqual(head);
    }
  });

  it('reads multibyte characters wherever heads and records cut them', () => {
    const rows = Array.from({ length: 50 }, (_, i) => `${i};ÑANDÚ 😀 ${'€'.repeat(i % 7)};"José ""el"" Pérez\n€"`);
    const bytes = Buffer.from(rows.join('\r\n'), 'utf8');
    const whole = rows.join('\r\n');
    for (const head of [1, 2, 3, 5, 7, 64, 301]) expect(whole.startsWith(textHead(textBytesOf(bytes), head))).toBe(true);
    expect(bytesRows(bytes, ';')).toEqual(wholeRows(bytes, ';'));
  });
});

describe('the size a text file may have', () => {
  const MB = 1024 ** 2;
  const csv = new Uint8Array(Buffer.from('DNI;Nombre\n' + '20123456;PÉREZ, Ana\n'.repeat(Math.ceil((3 * MB) / 20))));

  it('is its own: a text past the workbook limit is read, one past the text limit refused with that limit', async () => {
    const read = await readRowTable(csv, 'cartera.csv', { ...READ_LIMITS, maxFileBytes: 1 * MB, maxTextFileBytes: 4 * MB });
    expect(read.sheets[0]?.rows.at(1)).toEqual(['20123456', 'PÉREZ, Ana']);
    await expect(readRowTable(csv, 'cartera.csv', { ...READ_LIMITS, maxFileBytes: 4 * MB, maxTextFileBytes: 2 * MB })).rejects.toMatchObject({
      code: 'file.too_large',
      params: { file: 'cartera.csv', limitMb: 2 },
    });
  });

  it("is not a workbook's: one past the workbook limit is refused with that limit", async () => {
    const xlsx = new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx')));
    await expect(readRowTable(xlsx, 'cartera.xlsx', { ...READ_LIMITS, maxFileBytes: 1024, maxTextFileBytes: 4 * MB })).rejects.toMatchObject({
      code: 'file.too_large',
      params: { limitMb: 0 },
    });
  });
});
