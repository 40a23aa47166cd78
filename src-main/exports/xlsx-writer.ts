// Writes .xlsx workbooks for the agent to send on: every text cell neutralized against formula
// injection, the file replaced atomically. General on purpose: every export goes through here, and
// sheets are streamed (a million-case batch's report is never held as cells); SheetJS only reads.
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { Failure } from '../domain/failures/failure';
import { writePrivateExport } from './private-export';
import {
  contentTypesXml,
  DATE_STYLE,
  ROOT_RELS_XML,
  rowXml,
  SHEET_TAIL_XML,
  sheetHeadXml,
  STYLES_XML,
  workbookRelsXml,
  workbookXml,
  type XmlCell,
} from './xlsx-parts';

export interface SheetData {
  name: string;
  /** The first row is usually the header. A generator is read as the sheet is written, never held whole. */
  rows: Iterable<unknown[]>;
}

/** The most characters Excel keeps in one cell. */
export const EXCEL_CELL_MAX_CHARS = 32_767;
/** The most rows an Excel sheet holds, its header included. */
export const EXCEL_MAX_ROWS = 1_048_576;
const ZIP_TIME = new Date(Date.UTC(2020, 0, 1));
const SHEET_NAME_MAX_CHARS = 31;
const COLUMN_MIN_WIDTH = 8;
const COLUMN_MAX_WIDTH = 60;

/** First characters that make a spreadsheet program read text as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * A text that a spreadsheet would take for a formula gets a leading apostrophe, so it is shown as
 * text and never evaluated, here or in a CSV made from the sheet. Anything else is returned as it is
 * (numbers stay numbers).
 */
export function neutralizeCell(value: string): string;
export function neutralizeCell<T>(value: T): T | string;
export function neutralizeCell(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A number SheetJS writes through a format (a date and time, here). A class, so only this module makes
 * one: an object that merely looks like a cell (a service's field, say) is written as text.
 */
class FormattedCell {
  readonly t = 'n' as const;
  constructor(
    readonly v: number,
    readonly z: keyof typeof DATE_STYLE,
  ) {}
}

const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-30; Unix's day 0 is Excel's day 25,569. */
const EXCEL_UNIX_DAYS = 25_569;
/** The creditor reads times in Argentina (UTC−3 all year, as the service's calendar: SPEC-GAPS 30). */
const ARGENTINA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * A timestamp as a real Excel date and time, written as Argentina's wall clock (dd/mm/yyyy hh:mm):
 * sortable and filterable in the creditor's spreadsheet. Text that is not a timestamp stays text.
 */
export function argentineDateTime(iso: string | null | undefined): FormattedCell | string {
  const ms = Date.parse(iso ?? '');
  if (!iso || Number.isNaN(ms)) return iso ?? '';
  return new FormattedCell((ms + ARGENTINA_OFFSET_MS) / DAY_MS + EXCEL_UNIX_DAYS, 'dd/mm/yyyy hh:mm');
}

/**
 * A calendar day ("2026-12-10", as the store keeps it) as a real Excel date written dd/mm/yyyy. Any other
 * text (a date the creditor's file wrote some other way) stays as it is: the agent fixes what it says.
 */
export function argentineDay(day: string | null | undefined): FormattedCell | string {
  if (!day) return day ?? '';
  // Only what may be a day is kept (any other text, however long, is handed back as it is).
  if (day.length !== 10) return dayCell(day);
  let cell = dayCells.get(day);
  if (cell === undefined) {
    // Frozen: every sheet that writes this day gets this very cell.
    cell = Object.freeze(dayCell(day));
    if (dayCells.size >= DAY_CELLS_KEPT) dayCells.clear();
    dayCells.set(day, cell);
  }
  return cell;
}

// A batch's products fall due on a few hundred days: each is read once (a cell is never changed).
const DAY_CELLS_KEPT = 10_000;
const dayCells = new Map<string, FormattedCell | string>();

function dayCell(day: string): FormattedCell | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return day;
  return new FormattedCell(ms / DAY_MS + EXCEL_UNIX_DAYS, 'dd/mm/yyyy');
}

/** A value as the cell it becomes: text neutralized and cut to Excel's limit, odd values made text or empty. */
function toCell(value: unknown): XmlCell {
  if (value === null || value === undefined) return null;
  if (value instanceof FormattedCell) return Number.isFinite(value.v) ? { serial: value.v, style: DATE_STYLE[value.z] } : null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : { serial: ms / DAY_MS + EXCEL_UNIX_DAYS, style: DATE_STYLE['dd/mm/yyyy hh:mm'] };
  }
  const text = typeof value === 'string' ? value : typeof value === 'bigint' ? value.toString() : (JSON.stringify(value) ?? String(value));
  return neutralizeCell(text).slice(0, EXCEL_CELL_MAX_CHARS);
}

/**
 * Excel's sheet-name rules: 1–31 characters, none of : \ / ? * [ ], no apostrophe at either end,
 * unique regardless of case. Names that break them are mended, not refused.
 */
function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    const base =
      raw
        .replace(/[:\\/?*[\]]/g, '_')
        .replace(/^'+|'+$/g, '')
        .trim()
        .slice(0, SHEET_NAME_MAX_CHARS) || `Hoja${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, SHEET_NAME_MAX_CHARS - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** Rows whose cells set the columns' widths: <cols> comes before <sheetData>, so before the rest is read. */
const WIDTH_SAMPLE_ROWS = 2_000;
/** Bytes of XML gathered before they go to the compressor. */
const CHUNK_CHARS = 1 << 18;

function columnWidths(rows: readonly XmlCell[][]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, c) => {
      const length =
        cell === null
          ? 0
          : typeof cell === 'object'
            ? cell.style === DATE_STYLE['dd/mm/yyyy']
              ? 10
              : 16
            : Math.max(
                ...String(cell)
                  .split('\n')
                  .map((line) => line.length),
              );
      widths[c] = Math.max(widths[c] ?? COLUMN_MIN_WIDTH, Math.min(COLUMN_MAX_WIDTH, length + 1));
    });
  }
  return Array.from(widths, (w) => w || COLUMN_MIN_WIDTH);
}

/**
 * A sheet's XML, a chunk at a time, its rows read as they are written: a generator of rows is never
 * held whole. Past Excel's EXCEL_MAX_ROWS the sheet is refused (export.sheet_too_long).
 */
function* sheetXml(sheet: SheetData, name: string): Generator<string> {
  const rows = sheet.rows[Symbol.iterator]();
  const sample: XmlCell[][] = [];
  let whole = false;
  while (!whole && sample.length < WIDTH_SAMPLE_ROWS) {
    const next = rows.next();
    if (next.done) whole = true;
    else sample.push(next.value.map(toCell));
  }
  const extent = whole ? { rows: sample.length, columns: Math.max(0, ...sample.map((r) => r.length)) } : null;
  let chunk = sheetHeadXml(columnWidths(sample), extent);
  let number = 0;
  const add = (cells: readonly XmlCell[]) => {
    if (++number > EXCEL_MAX_ROWS) throw new Failure('export.sheet_too_long', { sheet: name, max: EXCEL_MAX_ROWS });
    chunk += rowXml(cells, number);
  };
  for (const cells of sample) add(cells);
  sample.length = 0;
  // The iterator from above, so the rows already sampled are not read twice.
  for (const row of { [Symbol.iterator]: () => rows }) {
    add(row.map(toCell));
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + SHEET_TAIL_XML;
}

/**
 * The workbook as .xlsx bytes: each sheet's XML made as the zip's compressor asks for it (yazl), so
 * only the compressed file is ever held whole. Rows are read between turns of the event loop.
 */
export async function workbookBytes(sheets: readonly SheetData[]): Promise<Buffer> {
  if (sheets.length === 0) throw new RangeError('a workbook needs at least one sheet');
  const names = sheetNames(sheets.map((s) => s.name));
  const zip = new ZipFile();
  // A fixed time: the same rows make the same bytes.
  const options = { mtime: ZIP_TIME, mode: 0o100600 };
  zip.addBuffer(Buffer.from(contentTypesXml(sheets.length)), '[Content_Types].xml', options);
  zip.addBuffer(Buffer.from(ROOT_RELS_XML), '_rels/.rels', options);
  zip.addBuffer(Buffer.from(workbookXml(names)), 'xl/workbook.xml', options);
  zip.addBuffer(Buffer.from(workbookRelsXml(sheets.length)), 'xl/_rels/workbook.xml.rels', options);
  zip.addBuffer(Buffer.from(STYLES_XML), 'xl/styles.xml', options);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // A sheet that cannot be written (too long, a store that fails) ends the workbook: yazl does not listen.
    const fail = (err: unknown) => {
      zip.outputStream.removeAllListeners('data');
      (zip.outputStream as Readable).destroy();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    sheets.forEach((sheet, i) => {
      zip.addReadStreamLazy(`xl/worksheets/sheet${i + 1}.xml`, options, (give) => {
        const xml = Readable.from(sheetXml(sheet, names[i] ?? ''), { objectMode: false });
        xml.once('error', fail);
        give(null, xml);
      });
    });
    zip.end();
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.once('error', fail);
    zip.outputStream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Writes the sheets to `file` (.xlsx), replacing what is there: whole, 0600 (exports carry personal
 * data) and never through a link at the path (private-export.ts). A folder that is not there, a file
 * open in another program, a full disk are failures of the catalog (write-failure.ts).
 */
export async function writeWorkbook(file: string, sheets: readonly SheetData[]): Promise<void> {
  await writePrivateExport(resolve(file), await workbookBytes(sheets), { replace: true });
}
