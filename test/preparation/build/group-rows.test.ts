// Rows grouped into cases by their code before any case is built: each case's rows, in the order the
// codes first appear, whether the source reads a code cell alone (a text file) or whole rows only.
import { describe, expect, it } from 'vitest';
import { groupRowsByCode } from '../../../src-main/preparation/build/group-rows';
import type { Cell } from '../../../src-main/preparation/reading/cell';
import { indexCsvRows, type RowSource } from '../../../src-main/preparation/reading/csv-rows';

const LIMITS = { maxRows: 1_048_576, maxColumns: 16_384, maxCells: 20_000_000, maxCellChars: 32_767 };

function csv(text: string): RowSource {
  const indexed = indexCsvRows(text, ';', LIMITS);
  if ('refused' in indexed) throw new Error('refused');
  return indexed.rows;
}

/** The same rows as a workbook gives them: whole rows only. */
const wholeRowsOf = (rows: RowSource): RowSource => ({ length: rows.length, at: (r) => rows.at(r) });

function grouped(rows: RowSource) {
  const groups = groupRowsByCode(rows, 1, 0, 'DNI');
  return { count: groups.count, rowErrors: groups.rowErrors.map((e) => e.row), groups: [...groups.groups()] };
}

describe('groupRowsByCode', () => {
  const text = [
    'DNI;Nombre;Deuda',
    '20111222;Ana;100',
    '0351;Luis;5',
    ';Sin código;7',
    '20111222;Ana;200',
    ' ; ;',
    '351;Otro;1',
    'A-7;"Pérez; Juan";3',
    '20111222.0;Ana;300',
    '"0351";Luis;6',
    '   ',
  ].join('\n');

  it('gives each case its rows in the order its code first appears, a code of digits and any other alike', () => {
    expect(grouped(csv(text))).toEqual({
      count: 4,
      // Row 4 has values but no code; rows 6 and 11 are blank: no case and no error.
      rowErrors: [4],
      // 0-based: "20111222" (and "20111222.0", the same code as Excel writes it), "0351", "351", "A-7".
      groups: [[1, 4, 8], [2, 9], [6], [7]],
    });
  });

  it('groups alike when the source gives whole rows only', () => {
    expect(grouped(wholeRowsOf(csv(text)))).toEqual(grouped(csv(text)));
  });

  it('keeps the rows of a case together however far apart they are, its cases in order', () => {
    const rows: Cell[][] = [['DNI']];
    for (let i = 0; i < 200_000; i++) rows.push([String(30_000_000 + ((i * 7919) % 100_000))]);
    const groups = groupRowsByCode(rows, 1, 0, 'DNI');
    expect(groups.count).toBe(100_000);
    const all = [...groups.groups()];
    expect(all[0]).toEqual([1, 100_001]);
    expect(all.every((g) => g.length === 2 && g[1] === (g[0] as number) + 100_000)).toBe(true);
  });
});
