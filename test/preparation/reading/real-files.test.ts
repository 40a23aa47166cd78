// Files written by a real spreadsheet program (LibreOffice; see test/fixtures/spreadsheets/make-samples.mjs)
// read to the same content whatever the format.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHeaderRow } from '../../../src-main/preparation/mapping/headers';
import { KNOWN_HEADERS } from '../../../src-main/preparation/mapping/suggest';
import { readTable } from '../../../src-main/preparation/reading/read-table';

const dir = join(import.meta.dirname, '../../fixtures/spreadsheets');
const read = (name: string) => readTable(new Uint8Array(readFileSync(join(dir, name))), name);

describe('the sample creditor list in every format', () => {
  it.each(['xlsx', 'xls', 'ods', 'csv'])('reads the .%s: header under the title block, codes with leading zeros as text', async (ext) => {
    const table = await read(`cartera-banco-del-sur.${ext}`);
    const sheet = table.sheets[0];
    expect(sheet?.name).toMatch(/Cartera|cartera-banco-del-sur/);
    const rows = sheet?.rows ?? [];
    const header = findHeaderRow(rows, KNOWN_HEADERS);
    expect(header).toBe(3);
    expect(rows[3]?.[5]).toBe('Nro Operación');
    expect(rows[6]?.[0]).toBe('07654321');
    expect(rows[6]?.[1]).toBe('GÓMEZ, Luis');
    expect(rows[4]?.[3]).toBe('011 15-5555-6666');
  });

  it('keeps cell types in the workbooks: numbers, dates, and text amounts as text', async () => {
    for (const ext of ['xlsx', 'xls', 'ods']) {
      const rows = (await read(`cartera-banco-del-sur.${ext}`)).sheets[0]?.rows ?? [];
      expect(rows[4]?.[7], ext).toBe(152340.5);
      expect(rows[4]?.[8], ext).toBeInstanceOf(Date);
      expect(rows[5]?.[7], ext).toBe('45.000,00');
      expect(rows[8]?.[2], ext).toBe(2615123456);
    }
  });

  it('reads the CSV as Windows-1252 with semicolons, every value as text', async () => {
    const table = await read('cartera-banco-del-sur.csv');
    expect(table).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(table.sheets[0]?.rows[4]?.[7]).toBe('152.340,50');
    expect(table.sheets[0]?.rows[8]?.[2]).toBe('2615123456');
  });
});
