// Why a file could not be read: a code of the failure catalog, its figures, and where when it is known.
import { Failure, type FailureCode, type FailureParams } from '../../domain/failures/failure';
import type { ReadLimits } from './read-limits';

export type ReadErrorCode = Extract<FailureCode, `read.${string}` | 'file.empty' | 'file.too_large'>;

export interface ReadErrorPlace {
  file?: string;
  sheet?: string;
  /** 1-based, as a spreadsheet program shows it. */
  row?: number;
  /** Column letter(s), as a spreadsheet program shows it. */
  column?: string;
}

export class ReadError<C extends ReadErrorCode = ReadErrorCode> extends Failure<C> {
  constructor(
    code: C,
    params: FailureParams<C>,
    readonly place: ReadErrorPlace = {},
  ) {
    // The place travels in the params too, so screens and scripts can point at it.
    super(code, { ...Object.fromEntries(Object.entries(place).filter(([, v]) => v !== undefined)), ...params } as FailureParams<C>);
    this.name = 'ReadError';
  }
}

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A file that would expand to more cells than `limit`: refused before expanding, on the cells counted so far. */
export function tooManyCells(file: string, cells: number, limit: number): ReadError {
  // A repeat count can be "1e400": the figure stays a finite number for the params.
  const count = Math.min(cells, Number.MAX_SAFE_INTEGER);
  return new ReadError('read.too_many_cells', { file, cells: count, limit }, { file });
}

export function tooLarge(fileName: string, maxBytes: number): ReadError {
  return new ReadError('file.too_large', { file: fileName, limitMb: Math.round(maxBytes / 1024 ** 2) }, { file: fileName });
}

/** Encryption was told apart before parsing, by structure: whatever else SheetJS refuses is damage. */
export function damaged(fileName: string): ReadError {
  return new ReadError('read.damaged', { file: fileName }, { file: fileName });
}

export function cellTooLong(file: string, sheet: string, r: number, c: number, limits: ReadLimits): ReadError {
  const where = `${columnLetter(c)}${r + 1}`;
  return new ReadError('read.cell_too_long', { cell: where, sheet, limit: limits.maxCellChars }, { file, sheet, row: r + 1, column: columnLetter(c) });
}
