// Limits that keep a hostile file from hanging the app or exhausting memory. Said in docs/cli.md ("Reading limits").
import { isTextFile } from './text-decoding';

export const READ_LIMITS = {
  /** The file itself. A 100,000-row export is about 10 MB as .xlsx and 15 MB as .csv. */
  maxFileBytes: 100 * 1024 * 1024,
  /**
   * A text file (CSV, TXT), whose rows are found in its bytes and decoded one at a time (readRowTable):
   * a bank's 1,000,000-debtor export of 30–40 columns is 300 MB to 1 GB. Files read whole into rows
   * (readTable: lists, corrections) keep maxFileBytes.
   */
  maxTextFileBytes: 1024 * 1024 * 1024,
  /**
   * All entries of an .xlsx / .ods, as really inflated (what a hostile file may cost before it is
   * refused). The 100,000-case benchmark workbook inflates to 69 MB; SheetJS could not hold a sheet
   * much past 512 MB anyway (V8's longest string).
   */
  maxUnzippedBytes: 256 * 1024 * 1024,
  /**
   * One entry read as a stream, never held (a corrected report's cases, entryChunks): it costs time, not
   * memory. A report of Excel's 1,048,576 rows is about 780 MB of XML as CaseDesk writes it.
   */
  maxStreamedEntryBytes: 2 * 1024 * 1024 * 1024,
  /** Uncompressed / compressed for one entry: XML compresses well, but not 200 times. */
  maxCompressionRatio: 200,
  maxZipEntries: 10_000,
  /** Excel's own limits. */
  maxRows: 1_048_576,
  maxColumns: 16_384,
  maxCellChars: 32_767,
  /**
   * Cells a workbook may expand to, each row counting as one more (what SheetJS and our rows
   * allocate). Written out cell by cell, maxUnzippedBytes holds at most ~18 million (the shortest
   * cell, `<c><v>1</v></c>`, is 15 bytes), so this never refuses what the byte limit lets through;
   * it stops the ways past it that cost no bytes: an .ods's repeat attributes, a lone cell at
   * column XFD on every row. 5 million repeated cells read in 20 s and 410 MB, so 20 million fit
   * the preparation worker's heap (PREPARATION_WORKER_LIMITS).
   */
  maxCells: 20_000_000,
  /**
   * Cells of a text file prepared from its bytes (readRowTable): its rows are split one at a time and
   * never held, so cells cost time, not memory. A bank's export of 1,048,576 debtors with 40 columns
   * is 43 million; 60 million takes 56 columns at Excel's row limit.
   */
  maxTextCells: 60_000_000,
} as const;

export type ReadLimits = { readonly [K in keyof typeof READ_LIMITS]: number };

/**
 * The size past which a file is refused (`file.too_large`, naming this limit): a text file's, read row
 * by row, or a workbook's. `head` is the file's first bytes (KIND_BYTES of them tell its kind).
 */
export function fileSizeLimit(head: Uint8Array, limits: Pick<ReadLimits, 'maxFileBytes' | 'maxTextFileBytes'> = READ_LIMITS): number {
  return isTextFile(head) ? limits.maxTextFileBytes : limits.maxFileBytes;
}

/**
 * A do-not-contact list: 1,000,000 phones must import. Its columns are phone, code, reason, until
 * and creditor, and lists kept by hand carry a few more (a name, who added it, a note): 1,000,000
 * rows of 11 columns, each row counting one more, are 12 million cells. A list past that is no list
 * of phones; the reviewer's 19-million-cell .ods is refused before it expands.
 */
export const LEDGER_READ_LIMITS: ReadLimits = { ...READ_LIMITS, maxCells: 12_000_000 };

/**
 * An error report sent back with its corrections (exports/batch-exports.ts writes it): one row of 11
 * columns per product of each flagged case, each row counting one more. Only that sheet is read
 * (import-corrections.ts), not the reasons beside it, one row per issue. Room for Excel's 1,048,576
 * rows of those 11 columns (12.6 million): the 1,000,000-row bench batch's report is 12 million.
 */
export const CORRECTIONS_READ_LIMITS: ReadLimits = { ...READ_LIMITS, maxCells: 13_000_000 };
