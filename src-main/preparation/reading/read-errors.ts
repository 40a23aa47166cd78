// Why a file could not be read: a code of the failure catalog, its figures, and where when it is known.
import { Failure, type FailureCode, type FailureParams } from '../../domain/failures/failure';

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
