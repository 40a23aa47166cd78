// Why a file could not be read, said in Spanish and English, with where when it is known.

export type ReadErrorCode =
  | 'empty-file'
  | 'too-large'
  | 'zip-bomb'
  | 'damaged'
  | 'not-a-spreadsheet'
  | 'encrypted'
  | 'no-sheets'
  | 'sheet-not-found'
  | 'too-many-rows'
  | 'too-many-columns'
  | 'cell-too-long'
  | 'too-many-cells'
  | 'too-much-memory'
  | 'no-rows';

export interface ReadErrorPlace {
  file?: string;
  sheet?: string;
  /** 1-based, as a spreadsheet program shows it. */
  row?: number;
  /** Column letter(s), as a spreadsheet program shows it. */
  column?: string;
}

/** Figures the message states, for screens and scripts that word it themselves. */
export type ReadErrorParams = Record<string, number>;

export class ReadError extends Error {
  constructor(
    readonly code: ReadErrorCode,
    readonly messageEs: string,
    messageEn: string,
    readonly place: ReadErrorPlace = {},
    readonly params: ReadErrorParams = {},
  ) {
    super(messageEn);
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
  const es = (n: number) => n.toLocaleString('es-AR');
  const en = (n: number) => n.toLocaleString('en-US');
  return new ReadError(
    'too-many-cells',
    `${file} necesita más celdas que el máximo de ${es(limit)} (contadas: ${es(count)}); no se abrió.`,
    `${file} needs more cells than the limit of ${en(limit)} (counted: ${en(count)}); it was not opened.`,
    { file },
    { cells: count, limit },
  );
}
