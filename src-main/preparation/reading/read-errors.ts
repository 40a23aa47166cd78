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
  | 'no-rows';

export interface ReadErrorPlace {
  file?: string;
  sheet?: string;
  /** 1-based, as a spreadsheet program shows it. */
  row?: number;
  /** Column letter(s), as a spreadsheet program shows it. */
  column?: string;
}

export class ReadError extends Error {
  constructor(
    readonly code: ReadErrorCode,
    readonly messageEs: string,
    messageEn: string,
    readonly place: ReadErrorPlace = {},
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
