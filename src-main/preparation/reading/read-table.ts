// Reading a creditor's file (.xlsx, .xls, .ods, .csv, .txt) into sheets of rows of typed cells.
// Every file is treated as hostile: size and zip checks first, clear messages, never a hang.
import * as XLSX from '@e965/xlsx';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { Cell } from './cell';
import { lineBreakOf, parseCsv, sniffDelimiter, type CsvRefusal, type Delimiter } from './csv';
import { indexCsvBytes, type RowSource } from './csv-rows';
import { isEncryptedCompoundFile, isEncryptedOds } from './encrypted-workbook';
import { checkOdsCells } from './ods-cells';
import { columnLetter, ReadError, tooManyCells } from './read-errors';
import { READ_LIMITS, type ReadLimits } from './read-limits';
import { decodeText, isTextFile, kindOf, textBytesOf, textHead } from './text-decoding';
import { streamWorksheetRows, UNSUPPORTED, worksheetRows, type SparseRows, type WorkbookParts } from './xlsx-worksheet';
import { entryChunks, unpackZip, type ZipEntries } from './zip-unpack';

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

/** What preparation reads of a workbook: values and date cells, nothing formatted or styled. */
const SHEETJS_OPTIONS = {
  dense: true,
  cellDates: true,
  cellText: false,
  cellNF: false,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  sheetStubs: false,
  WTF: false,
} as const;

/** The parts of SheetJS's zip path its type declarations leave out. */
interface SheetJsZipParts {
  parse_zip(container: unknown, options: XLSX.ParsingOptions): XLSX.WorkBook;
  CFB: { utils: { cfb_new(): unknown; cfb_add(container: unknown, name: string, content: Uint8Array, options: { unsafe: boolean }): unknown } };
}
const sheetjs = XLSX as unknown as SheetJsZipParts;

/** The unpacked entries as the container SheetJS's own zip reader would have built (no copies). */
function zipContainer(entries: ZipEntries): unknown {
  const container = sheetjs.CFB.utils.cfb_new();
  for (const [name, content] of entries) sheetjs.CFB.utils.cfb_add(container, name, content, { unsafe: true });
  return container;
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

function tooLarge(fileName: string, maxBytes: number): ReadError {
  return new ReadError('file.too_large', { file: fileName, limitMb: Math.round(maxBytes / 1024 ** 2) }, { file: fileName });
}

/** Encryption was told apart before parsing, by structure: whatever else SheetJS refuses is damage. */
function damaged(fileName: string): ReadError {
  return new ReadError('read.damaged', { file: fileName }, { file: fileName });
}

/** A worksheet part's own path, in a stub that stands in for it while SheetJS reads the rest. */
function stubFor(marker: string): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${marker}</t></is></c></row></sheetData></worksheet>`,
  );
}

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

/** The sheet asked for alone, when the workbook has it; else every sheet. */
function sheetsToRead(names: readonly string[], only: string | undefined): readonly string[] {
  return only !== undefined && names.includes(only) ? [only] : names;
}

/**
 * An .xlsx's sheets with their cells read by xlsx-worksheet.ts: SheetJS reads every small part
 * (workbook, sheet names and order, shared strings, styles, formats) with each worksheet replaced by
 * a stub naming it, then each stub's part is scanned. Null when the file is not an .xlsx, or has a
 * part the scanner does not read exactly: SheetJS then reads the whole file as before.
 */
export function xlsxByScanner(
  entries: ZipEntries,
  fileName: string,
  only?: string,
): { sheets: { name: string; rows: SparseRows }[]; date1904: boolean } | null {
  const stubbed = stubbedWorkbook(entries, fileName);
  if (!stubbed) return null;
  const { workbook, parts } = stubbed;
  const sheets: { name: string; rows: SparseRows }[] = [];
  for (const name of sheetsToRead(workbook.SheetNames, only)) {
    const data = (workbook.Sheets[name]?.['!data'] ?? []) as SheetData;
    const part = stubbed.partOf(data);
    if (part === undefined) {
      // A sheet not among the stubbed parts (elsewhere in the package): SheetJS read it whole.
      sheets.push({ name, rows: data.map((row) => (row ?? []).map((cell) => sheetJsValue(cell))) });
      continue;
    }
    if (part === null) return null;
    const xml = entries.get(part);
    // UTF-16 parts (a byte-order mark) are left to SheetJS.
    if (!xml || (xml[0] === 0xff && xml[1] === 0xfe) || (xml[0] === 0xfe && xml[1] === 0xff)) return null;
    const rows = worksheetRows(xml, parts);
    if (rows === UNSUPPORTED) return null;
    sheets.push({ name, rows });
  }
  return { sheets, date1904: parts.date1904 };
}

type ScannedWorkbook = XLSX.WorkBook & { Strings?: { t?: unknown }[]; Styles?: { CellXf?: { numFmtId?: number }[] }; SSF?: Record<number, string> };

/**
 * An .xlsx's small parts read by SheetJS with each worksheet replaced by a stub naming it. `partOf`
 * gives the worksheet part a sheet's data stands for: undefined when it is no stub (SheetJS read that
 * sheet from elsewhere), null when the stub has company (a note makes SheetJS add a cell) and so does
 * not stand for the sheet. Null when the file is not an .xlsx.
 */
function stubbedWorkbook(
  entries: ZipEntries,
  fileName: string,
): { workbook: ScannedWorkbook; parts: WorkbookParts; partOf: (data: SheetData) => string | null | undefined } | null {
  if (!entries.has('xl/workbook.xml') || entries.has('META-INF/manifest.xml')) return null;
  const nonce = randomBytes(12).toString('hex');
  const stubbed: ZipEntries = new Map();
  for (const [name, content] of entries) stubbed.set(name, WORKSHEET_PART.test(name) ? stubFor(`${nonce}:${name}`) : content);
  let workbook: ScannedWorkbook;
  try {
    workbook = sheetjs.parse_zip(zipContainer(stubbed), { ...SHEETJS_OPTIONS });
  } catch {
    throw damaged(fileName);
  }
  const parts: WorkbookParts = {
    strings: workbook.Strings ?? [],
    styleFormats: (workbook.Styles?.CellXf ?? []).map((xf) => xf.numFmtId),
    formats: workbook.SSF ?? {},
    isDateFormat: (format) => XLSX.SSF.is_date(format),
    date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
  };
  const partOf = (data: SheetData) => {
    const marker = data[0]?.[0]?.v;
    if (typeof marker !== 'string' || !marker.startsWith(`${nonce}:`)) return undefined;
    return data.length !== 1 || data[0]?.length !== 1 ? null : marker.slice(nonce.length + 1);
  };
  return { workbook, parts, partOf };
}

/**
 * One sheet of an .xlsx handed to `onRow` a row at a time as its XML is inflated, never held: a corrected
 * report of a million-case batch inflates past what a workbook read whole may (maxUnzippedBytes). Rows,
 * columns and a cell's length are Excel's, its cells within maxCells (the rows it makes are held). False
 * when the file is no .xlsx with that sheet in the shape xlsx-worksheet.ts reads, even after some rows
 * were handed over: the caller then reads the file whole (readTable), which refuses it or reads it.
 */
export async function streamXlsxSheet(
  bytes: Uint8Array,
  filePath: string,
  sheet: string,
  limits: ReadLimits,
  onRow: (r: number, cells: Cell[]) => void,
): Promise<boolean> {
  const fileName = basename(filePath);
  if (bytes.length > limits.maxFileBytes) throw tooLarge(fileName, limits.maxFileBytes);
  if (kindOf(bytes) !== 'zip') return false;
  const entries = await unpackZip(bytes, limits, (name) => WORKSHEET_PART.test(name));
  const stubbed = stubbedWorkbook(entries, fileName);
  if (!stubbed?.workbook.SheetNames.includes(sheet)) return false;
  const part = stubbed.partOf((stubbed.workbook.Sheets[sheet]?.['!data'] ?? []) as SheetData);
  if (typeof part !== 'string') return false;
  let cells = 0;
  let utf16 = false;
  async function* utf8Chunks(): AsyncGenerator<Uint8Array> {
    // The first two bytes, however the chunks cut them: UTF-16 parts (a byte-order mark) are SheetJS's.
    let head: Buffer | null = Buffer.alloc(0);
    for await (const chunk of entryChunks(bytes, part as string, limits)) {
      if (head === null) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length < 2) continue;
      if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
        utf16 = true;
        return;
      }
      yield head;
      head = null;
    }
    if (head !== null && head.length > 0) yield head;
  }
  const read = await streamWorksheetRows(utf8Chunks(), stubbed.parts, (r, sparse) => {
    if (r >= limits.maxRows) throw new ReadError('read.too_many_rows', { sheet, limit: limits.maxRows }, { file: fileName, sheet });
    if (sparse.length > limits.maxColumns) {
      throw new ReadError('read.too_many_columns', { row: r + 1, sheet, limit: limits.maxColumns }, { file: fileName, sheet, row: r + 1 });
    }
    cells += sparse.length + 1;
    if (cells > limits.maxCells) throw tooManyCells(fileName, cells, limits.maxCells);
    const row: Cell[] = new Array(sparse.length);
    for (let col = 0; col < sparse.length; col++) {
      const value = sparse[col] ?? null;
      if (typeof value === 'string' && value.length > limits.maxCellChars) throw cellTooLong(fileName, sheet, r, col, limits);
      row[col] = typeof value === 'string' ? ownString(value) : value;
    }
    onRow(r, row);
  });
  return read && !utf16;
}

/**
 * The text as a string of its own. A cell's text is a slice of the 4 MB of XML it was read from, and V8
 * keeps all of that alive while the slice lives: a million streamed rows kept their 738 MB of XML.
 * Strings under 13 characters are copied anyway.
 */
const ownString = (text: string): string => (text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string));

/** SheetJS's dense rows: sparse where the file skips rows or columns (cheap for it, not for us). */
type SheetData = (XLSX.CellObject | undefined)[][];

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

/** A SheetJS cell as preparation reads it: its value, or null for an error or an empty cell. */
function sheetJsValue(cell: XLSX.CellObject | undefined): Cell | undefined {
  if (!cell) return undefined;
  return cell.t !== 'z' && cell.t !== 'e' && cell.v !== undefined ? (cell.v as Cell) : null;
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

function cellTooLong(file: string, sheet: string, r: number, c: number, limits: ReadLimits): ReadError {
  const where = `${columnLetter(c)}${r + 1}`;
  return new ReadError('read.cell_too_long', { cell: where, sheet, limit: limits.maxCellChars }, { file, sheet, row: r + 1, column: columnLetter(c) });
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
