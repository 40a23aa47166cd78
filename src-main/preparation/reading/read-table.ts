// Reading a creditor's file (.xlsx, .xls, .ods, .csv, .txt) into sheets of rows of typed cells.
// Every file is treated as hostile: size and zip checks first, clear messages, never a hang.
import * as XLSX from '@e965/xlsx';
import { basename } from 'node:path';
import type { Cell } from './cell';
import { lineBreakOf, parseCsv, sniffDelimiter, type CsvRefusal, type Delimiter } from './csv';
import { indexCsvBytes, type RowSource } from './csv-rows';
import { isEncryptedCompoundFile, isEncryptedOds } from './encrypted-workbook';
import { checkOdsCells } from './ods-cells';
import { cellTooLong, damaged, ReadError, tooLarge, tooManyCells } from './read-errors';
import { READ_LIMITS, type ReadLimits } from './read-limits';
import { decodeText, isTextFile, kindOf, textBytesOf, textHead } from './text-decoding';
import type { SparseRows } from './xlsx-worksheet';
import { sheetJsValue, sheetjs, SHEETJS_OPTIONS, sheetsToRead, xlsxByScanner, zipContainer, type SheetData } from './xlsx-stubbed';
import { unpackZip } from './zip-unpack';

let codePages: Promise<void> | null = null;

/**
 * Legacy .xls files store text in Windows code pages; the ESM build needs the tables given to it.
 * Building them takes a tenth of a second, so only a legacy file waits for it (zip formats are Unicode).
 */
function legacyCodePages(): Promise<void> {
  codePages ??= import('@e965/xlsx/dist/cpexcel.full.mjs').then((cptable) => XLSX.set_cptable(cptable));
  return codePages;
}

export type { Cell } from './cell';
export type { RowSource } from './csv-rows';
export { isTextFile } from './text-decoding';

export interface Sheet {
  name: string;
  rows: Cell[][];
}

export interface Table {
  fileName: string;
  format: 'xlsx' | 'xls' | 'ods' | 'csv';
  sheets: Sheet[];
  /** Serial dates of this workbook count from 1904 (old Mac Excel). */
  date1904: boolean;
  /** Text files only. */
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: Delimiter;
}

/** A sheet whose rows are read one at a time (a text file's split when asked). */
export interface RowSheet {
  name: string;
  rows: RowSource;
}

/** A table whose sheets' rows are read one at a time: what preparation reads a creditor's file into. */
export interface RowTable extends Omit<Table, 'sheets'> {
  sheets: RowSheet[];
}

/**
 * `fastXlsx: false` reads an .xlsx with SheetJS alone (tests compare the two readers). `sheet`: when the
 * workbook has a sheet of that name, it alone is read and counted against the limits (a corrected error
 * report's cases, not the reasons beside them); otherwise every sheet is.
 */
export async function readTable(
  bytes: Uint8Array,
  filePath: string,
  limits: ReadLimits = READ_LIMITS,
  options: { fastXlsx?: boolean; sheet?: string } = {},
): Promise<Table> {
  const fileName = basename(filePath);
  const at = { file: fileName };
  if (bytes.length === 0) throw new ReadError('file.empty', { file: fileName }, at);
  if (bytes.length > limits.maxFileBytes) throw tooLarge(fileName, limits.maxFileBytes);
  const kind = kindOf(bytes);
  if (kind === 'binary') {
    throw new ReadError('read.not_a_spreadsheet', { file: fileName }, at);
  }
  if (kind === 'text') return readText(bytes, fileName, limits);
  // A zip is unpacked by us under the limits; SheetJS then parses only the entries that passed.
  const entries = kind === 'zip' ? await unpackZip(bytes, limits) : null;
  // What SheetJS would expand an .ods's repeats to is counted before it expands them.
  if (entries) checkOdsCells(entries, fileName, limits);
  if (kind === 'cfb') await legacyCodePages();
  if (kind === 'cfb' ? isEncryptedCompoundFile(bytes) : entries !== null && isEncryptedOds(entries)) {
    throw new ReadError('read.encrypted', { file: fileName }, at);
  }

  const fast = entries && options.fastXlsx !== false ? xlsxByScanner(entries, fileName, options.sheet) : null;
  if (fast) {
    checkShape(
      fast.sheets.map(({ name, rows }) => ({ name, data: rows })),
      fileName,
      limits,
    );
    const sheets = fast.sheets.map(({ name, rows }) => ({ name, rows: filledRows(rows, fileName, name, limits) }));
    if (sheets.length === 0) throw new ReadError('read.no_sheets', { file: fileName }, at);
    return { fileName, format: 'xlsx', sheets, date1904: fast.date1904 };
  }

  let workbook: XLSX.WorkBook;
  try {
    workbook = entries ? sheetjs.parse_zip(zipContainer(entries), { ...SHEETJS_OPTIONS }) : XLSX.read(bytes, { type: 'array', ...SHEETJS_OPTIONS });
  } catch {
    throw damaged(fileName);
  }
  const format = kind === 'cfb' ? 'xls' : workbook.bookType === 'ods' || /\.ods$/i.test(fileName) ? 'ods' : 'xlsx';
  const data = sheetsToRead(workbook.SheetNames, options.sheet).map((name) => ({ name, data: (workbook.Sheets[name]?.['!data'] ?? []) as SheetData }));
  checkShape(data, fileName, limits);
  const sheets = data.map(({ name, data }) => ({ name, rows: sheetRows(data, fileName, name, limits) }));
  if (sheets.length === 0) throw new ReadError('read.no_sheets', { file: fileName }, at);
  return { fileName, format, sheets, date1904: Boolean(workbook.Workbook?.WBProps?.date1904) };
}

/**
 * The file as readTable reads it, except that a text file's rows are not built: their starts are found
 * in its bytes and each row is decoded and split when asked, so a million-row CSV costs its bytes and
 * an index, not its text nor a million arrays (preparation, the wizard). Text files may be up to
 * maxTextFileBytes; workbooks are read whole, within maxFileBytes.
 */
export async function readRowTable(bytes: Uint8Array, filePath: string, limits: ReadLimits = READ_LIMITS): Promise<RowTable> {
  if (!isTextFile(bytes)) return readTable(bytes, filePath, limits);
  const fileName = basename(filePath);
  if (bytes.length > limits.maxTextFileBytes) throw tooLarge(fileName, limits.maxTextFileBytes);
  const source = textBytesOf(bytes);
  const head = textHead(source);
  const delimiter = sniffDelimiter(head);
  const name = sheetNameOf(fileName);
  // Its rows are never all held: the cells it may have are the text files' own limit.
  const textLimits = { ...limits, maxCells: limits.maxTextCells };
  const indexed = indexCsvBytes(source, delimiter, lineBreakOf(head), textLimits);
  if ('refused' in indexed) {
    const { refused } = indexed;
    if (refused.limit === 'cell_chars') throw cellTooLong(fileName, name, refused.row, refused.column, textLimits);
    throw textRefused(fileName, refused, textLimits);
  }
  return { fileName, format: 'csv', sheets: [{ name, rows: indexed.rows }], date1904: false, encoding: source.encoding, delimiter };
}

/**
 * Rows and columns within a spreadsheet's, and all sheets' rows and cells within the cell budget,
 * before any is copied: a lone cell at column XFD on each of 40,000 rows costs SheetJS one cell a
 * row, a dense copy 16,384 slots a row. Rows are counted first, as walking a sheet that skips to
 * row 1,048,576 costs time; walking the rows stops at the budget.
 */
function checkShape(sheets: { name: string; data: ArrayLike<ArrayLike<unknown> | undefined> }[], file: string, limits: ReadLimits): void {
  let cells = 0;
  for (const { name, data } of sheets) {
    if (data.length > limits.maxRows) {
      throw new ReadError('read.too_many_rows', { sheet: name, limit: limits.maxRows }, { file, sheet: name });
    }
    cells += data.length;
  }
  for (const { name, data } of sheets) {
    for (let r = 0; r < data.length && cells <= limits.maxCells; r++) {
      const width = data[r]?.length ?? 0;
      if (width > limits.maxColumns) {
        throw new ReadError('read.too_many_columns', { row: r + 1, sheet: name, limit: limits.maxColumns }, { file, sheet: name, row: r + 1 });
      }
      cells += width;
    }
  }
  if (cells > limits.maxCells) throw tooManyCells(file, cells, limits.maxCells);
}

function sheetRows(data: SheetData, file: string, name: string, limits: ReadLimits): Cell[][] {
  return filledRows(
    data.map((row) => (row ?? []).map((cell) => sheetJsValue(cell))),
    file,
    name,
    limits,
  );
}

/** Holes (no row, no cell) become empty rows and null cells; a cell past Excel's length is refused. */
function filledRows(data: SparseRows, file: string, name: string, limits: ReadLimits): Cell[][] {
  const rows: Cell[][] = new Array(data.length);
  for (let r = 0; r < data.length; r++) {
    const source = data[r] ?? [];
    const row: Cell[] = new Array(source.length);
    for (let c = 0; c < source.length; c++) {
      const value = source[c] ?? null;
      if (typeof value === 'string' && value.length > limits.maxCellChars) throw cellTooLong(file, name, r, c, limits);
      row[c] = value;
    }
    rows[r] = row;
  }
  return rows;
}

/** A text file's one sheet is named after the file. */
const sheetNameOf = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

function textRefused(fileName: string, refused: CsvRefusal, limits: ReadLimits): ReadError {
  if (refused.limit === 'cells') return tooManyCells(fileName, refused.cells, limits.maxCells);
  if (refused.limit === 'rows') return new ReadError('read.too_many_text_rows', { file: fileName, limit: limits.maxRows }, { file: fileName });
  return new ReadError('read.too_many_text_columns', { row: refused.row, limit: limits.maxColumns }, { file: fileName, row: refused.row });
}

function readText(bytes: Uint8Array, fileName: string, limits: ReadLimits): Table {
  const { text, encoding } = decodeText(bytes);
  // Sniffed from the same first bytes as readRowTable sniffs, so both read a file with one delimiter.
  const delimiter = sniffDelimiter(textHead(textBytesOf(bytes)));
  const parsed = parseCsv(text, delimiter, limits);
  if ('refused' in parsed) throw textRefused(fileName, parsed.refused, limits);
  const { rows } = parsed;
  const name = sheetNameOf(fileName);
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value.length > limits.maxCellChars) throw cellTooLong(fileName, name, r, c, limits);
    });
  });
  return { fileName, format: 'csv', sheets: [{ name, rows }], date1904: false, encoding, delimiter };
}
