// A sheet's rows grouped by case code before any case is built: rows with the same code make one case,
// in the order their codes first appear. Only the code cell of each row is read (a text file answers
// it without splitting the row), and what is kept is two typed lists over the rows plus each code's
// last row: a million single-row cases kept a Map of a million codes and arrays before.
import { cleanCode } from '../normalize';
import { NUMERIC_KEY, NumericKeyTable } from '../numeric-keys';
import type { Cell } from '../reading/cell';
import type { RowSource } from '../reading/csv-rows';
import { noCodeRowError, type RowError } from './prepared-issue';

export const isBlankCell = (cell: Cell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** Each code's last row so far: codes of digits in a typed table, any other code in a Map. */
class LastRows {
  private readonly numeric = new NumericKeyTable((n) => new Int32Array(n));
  private readonly others = new Map<string, number>();

  /** Records `row` as the code's last; answers the row it replaces, or -1 for a code not seen before. */
  swap(code: string, row: number): number {
    if (NUMERIC_KEY.test(code)) {
      const key = Number(code);
      const before = this.numeric.get(key, -1);
      this.numeric.set(key, row);
      return before;
    }
    const before = this.others.get(code) ?? -1;
    this.others.set(code, row);
    return before;
  }
}

/** The code of row r, '' for a row without one, or null for a blank row (no case and no error). */
function codeOfRow(rows: RowSource, r: number, column: number): string | null {
  const cell = rows.cellAt?.(r, column);
  // A code cell with a value says the row is not blank; an empty one needs the whole row to tell.
  if (cell !== undefined && !isBlankCell(cell)) return cleanCode(cell as string | number);
  const row = rows.at(r) ?? [];
  if (row.every(isBlankCell)) return null;
  return cleanCode(row[column] as string | number | null | undefined);
}

export interface CodeGroups {
  /** How many cases: distinct codes. */
  count: number;
  /** Rows with a value but no code. */
  rowErrors: RowError[];
  /** Each case's rows (0-based indexes, its first row first), in the order the codes first appear. */
  groups(): Generator<number[]>;
}

/** Groups the rows from `from` (0-based, the first below the header) by their code in `codeColumn`. */
export function groupRowsByCode(rows: RowSource, from: number, codeColumn: number, codeHeader: string): CodeGroups {
  const span = Math.max(0, rows.length - from);
  // next[i]: the next row of the same code as row from + i, or -1; first[i]: that row starts a case.
  const next = new Int32Array(span).fill(-1);
  const first = new Uint8Array(span);
  const last = new LastRows();
  const rowErrors: RowError[] = [];
  let count = 0;
  for (let r = from; r < rows.length; r++) {
    const code = codeOfRow(rows, r, codeColumn);
    if (code === null) continue;
    if (code === '') {
      rowErrors.push(noCodeRowError(r + 1, codeHeader));
      continue;
    }
    const before = last.swap(code, r);
    if (before < 0) {
      first[r - from] = 1;
      count += 1;
    } else next[before - from] = r;
  }
  return {
    count,
    rowErrors,
    *groups() {
      for (let i = 0; i < span; i++) {
        if (first[i] === 0) continue;
        const group = [from + i];
        for (let r = next[i] as number; r >= 0; r = next[r - from] as number) group.push(r);
        yield group;
      }
    },
  };
}
