// Writes .xlsx workbooks for the agent to send on: every text cell neutralized against formula
// injection, the file replaced atomically. General on purpose: every export goes through here.
import * as XLSX from '@e965/xlsx';
import { resolve } from 'node:path';
import { writePrivateExport } from './private-export';

export interface SheetData {
  name: string;
  /** The first row is usually the header. */
  rows: unknown[][];
}

/** The most characters Excel keeps in one cell. */
export const EXCEL_CELL_MAX_CHARS = 32_767;
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
    readonly z: string,
  ) {}
}

type Cell = string | number | boolean | Date | { t: 'n'; v: number; z: string } | null;

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
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return day ?? '';
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return day ?? '';
  return new FormattedCell(ms / DAY_MS + EXCEL_UNIX_DAYS, 'dd/mm/yyyy');
}

/** A value as the cell it becomes: text neutralized and cut to Excel's limit, odd values made text or empty. */
function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  // A plain object for SheetJS, which copies cell objects by their own properties.
  if (value instanceof FormattedCell) return Number.isFinite(value.v) ? { t: value.t, v: value.v, z: value.z } : null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
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

function columnWidths(rows: readonly Cell[][]): { wch: number }[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, c) => {
      const length =
        cell === null
          ? 0
          : cell instanceof Date
            ? 10
            : typeof cell === 'object'
              ? cell.z.length
              : Math.max(
                  ...String(cell)
                    .split('\n')
                    .map((line) => line.length),
                );
      widths[c] = Math.max(widths[c] ?? COLUMN_MIN_WIDTH, Math.min(COLUMN_MAX_WIDTH, length + 1));
    });
  }
  return widths.map((wch) => ({ wch: wch || COLUMN_MIN_WIDTH }));
}

/** The workbook as .xlsx bytes. */
export function workbookBytes(sheets: readonly SheetData[]): Buffer {
  if (sheets.length === 0) throw new RangeError('a workbook needs at least one sheet');
  const book = XLSX.utils.book_new();
  const names = sheetNames(sheets.map((s) => s.name));
  sheets.forEach((sheet, i) => {
    const rows = sheet.rows.map((row) => row.map(toCell));
    // Dense: cells kept in arrays, not under an "A1" key each (a 200,000-row report: 22 s → 7 s).
    const worksheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dense: true });
    worksheet['!cols'] = columnWidths(rows);
    XLSX.utils.book_append_sheet(book, worksheet, names[i]);
  });
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/**
 * Writes the sheets to `file` (.xlsx), replacing what is there: whole, 0600 (exports carry personal
 * data) and never through a link at the path (private-export.ts). A folder that is not there, a file
 * open in another program, a full disk are failures of the catalog (write-failure.ts).
 */
export async function writeWorkbook(file: string, sheets: readonly SheetData[]): Promise<void> {
  await writePrivateExport(resolve(file), workbookBytes(sheets), { replace: true });
}
