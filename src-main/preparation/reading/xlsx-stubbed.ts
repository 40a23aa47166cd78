// An .xlsx read the short way: SheetJS reads its small parts (sheet names, shared strings, styles)
// with every worksheet replaced by a stub, and xlsx-worksheet.ts scans the worksheets' XML itself,
// whole (readTable) or as it is inflated (streamXlsxSheet). What the scanner does not read exactly is
// left to SheetJS. Also what both readers share of SheetJS: its options and its zip container.
import * as XLSX from '@e965/xlsx';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { Cell } from './cell';
import { cellTooLong, damaged, ReadError, tooLarge, tooManyCells } from './read-errors';
import type { ReadLimits } from './read-limits';
import { kindOf } from './text-decoding';
import { streamWorksheetRows, UNSUPPORTED, worksheetRows, type SparseRows, type WorkbookParts } from './xlsx-worksheet';
import { entryChunks, unpackZip, type ZipEntries } from './zip-unpack';

/** What preparation reads of a workbook: values and date cells, nothing formatted or styled. */
export const SHEETJS_OPTIONS = {
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
export const sheetjs = XLSX as unknown as SheetJsZipParts;

/** The unpacked entries as the container SheetJS's own zip reader would have built (no copies). */
export function zipContainer(entries: ZipEntries): unknown {
  const container = sheetjs.CFB.utils.cfb_new();
  for (const [name, content] of entries) sheetjs.CFB.utils.cfb_add(container, name, content, { unsafe: true });
  return container;
}

/** A worksheet part's own path, in a stub that stands in for it while SheetJS reads the rest. */
function stubFor(marker: string): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${marker}</t></is></c></row></sheetData></worksheet>`,
  );
}

export const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

/** The sheet asked for alone, when the workbook has it; else every sheet. */
export function sheetsToRead(names: readonly string[], only: string | undefined): readonly string[] {
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
export type SheetData = (XLSX.CellObject | undefined)[][];

/** A SheetJS cell as preparation reads it: its value, or null for an error or an empty cell. */
export function sheetJsValue(cell: XLSX.CellObject | undefined): Cell | undefined {
  if (!cell) return undefined;
  return cell.t !== 'z' && cell.t !== 'e' && cell.v !== undefined ? (cell.v as Cell) : null;
}
