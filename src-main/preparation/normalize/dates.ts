// Expiration dates → YYYY-MM-DD. Spreadsheets hand dates over as Date objects, as serial numbers
// (Excel's day counts) or as text in the batch's own order; all three end as one calendar date.
import { cleanText } from './text';
import { digitRunEnd } from './number-text';

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export type DateResult =
  | {
      ok: true;
      /** YYYY-MM-DD, year 1000–9999. */
      value: string;
      /** The value differs from the cell's text; serials always count as changed, Date objects never. */
      changed: boolean;
    }
  | { ok: false; reason: 'empty' | 'impossible' | 'unreadable' };

export interface DateOptions {
  /** Order of day, month and year in the batch's text dates. ISO (YYYY-MM-DD) is always accepted. */
  dateOrder: DateOrder;
  /** Serial numbers count days from 1904-01-01 (old Mac Excel) instead of Excel's 1900 system. */
  date1904?: boolean;
}

const DAY_MS = 86_400_000;
// Excel's 1900 system: serial 1 = 1900-01-01, and serial 60 is the 1900-02-29 that never existed
// (kept from Lotus 1-2-3). From 61 on, serial n is n days after 1899-12-30.
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);
const MAX_SERIAL_1900 = 2_958_465; // 9999-12-31

// Month names as Spanish and English spreadsheets write them (accents removed before lookup).
const MONTH_WORDS: readonly (readonly [number, string])[] = [
  [1, 'ene enero jan january'],
  [2, 'feb febrero february'],
  [3, 'mar marzo march'],
  [4, 'abr abril apr april'],
  [5, 'may mayo'],
  [6, 'jun junio june'],
  [7, 'jul julio july'],
  [8, 'ago agosto aug august'],
  [9, 'sep sept set septiembre setiembre september'],
  [10, 'oct octubre october'],
  [11, 'nov noviembre november'],
  [12, 'dic diciembre dec december'],
];
const MONTHS = new Map(MONTH_WORDS.flatMap(([month, words]) => words.split(' ').map((w) => [w, month] as const)));

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}.*)?$/;
const TIME_SUFFIX = /\s+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[ap]\.?\s?m\.?)?$/i;
const NUMERIC = /^(\d{1,4})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{1,4})$/;
const WITH_MONTH_NAME = /^(\d{1,2})(?:\s*[/.-]\s*|\s+(?:de\s+)?)(\p{L}{3,})\.?(?:\s*[/.-]\s*|\s+(?:de(?:l)?\s+)?)(\d{2}|\d{4})$/u;

/**
 * Reads a date cell.
 * - Date objects: the calendar date of their UTC parts. Spreadsheet readers build a cell's date
 *   at UTC midnight; local parts would move it a day in Argentina (UTC−3).
 * - Numbers and five-digit numeric text: serial day counts (fraction = time of day, ignored), 1900 system by
 *   default (serial 60, the fake 1900-02-29, is impossible), 1904 system when `date1904`.
 * - Text: ISO YYYY-MM-DD always; otherwise three numbers separated by / - . in the batch's order
 *   (a first part of four digits is a year whatever the order: "2026/12/31"); eight digits
 *   without separators in the batch's order; "31-dic-2026" / "31 de diciembre de 2026" with a
 *   Spanish or English month name. A trailing time ("31/12/2026 00:00") is ignored.
 * - Two-digit years: 00–69 → 2000–2069, 70–99 → 1970–1999 (Excel's own pivot is 29; debts fall
 *   due in this century, so CaseDesk reads later years as 20xx).
 * - Day or month out of range, or a year outside 1000–9999 → impossible.
 */
export function normalizeDate(cell: string | number | Date | null | undefined, options: DateOptions): DateResult {
  if (cell === null || cell === undefined) return { ok: false, reason: 'empty' };
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return { ok: false, reason: 'unreadable' };
    return build(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate(), false);
  }
  if (typeof cell === 'number') return fromSerial(cell, options.date1904 === true);
  if (typeof cell !== 'string') return { ok: false, reason: 'unreadable' };
  const text = cleanText(cell);
  if (text === '') return { ok: false, reason: 'empty' };
  const result = shortDate(text, options.dateOrder) ?? fromText(text, options);
  // A fresh result: changed in place rather than copied.
  if (result.ok) result.changed = result.value !== text;
  return result;
}

/**
 * "05/06/2027", "5-6-27", "05.06.2027": one or two digits, twice, then the year, one separator
 * and no space. Read in one scan; the patterns of fromText would read such text the same way
 * (no ISO, serial, eight-digit or time form can match it). Null for any other text.
 */
export function shortDate(text: string, order: DateOrder): DateResult | null {
  const firstEnd = digitRunEnd(text, 0);
  if (firstEnd === 0 || firstEnd > 2) return null;
  const separator = text.charCodeAt(firstEnd);
  if (separator !== 47 /* / */ && separator !== 45 /* - */ && separator !== 46 /* . */) return null;
  const secondEnd = digitRunEnd(text, firstEnd + 1);
  if (secondEnd === firstEnd + 1 || secondEnd - firstEnd - 1 > 2 || text.charCodeAt(secondEnd) !== separator) return null;
  const thirdEnd = digitRunEnd(text, secondEnd + 1);
  if (thirdEnd !== text.length || thirdEnd === secondEnd + 1 || thirdEnd - secondEnd - 1 > 4) return null;
  return fromParts(text.slice(0, firstEnd), text.slice(firstEnd + 1, secondEnd), text.slice(secondEnd + 1), order);
}

/** The general reading of a cleaned, non-empty text date (exported for the test that compares the short way). */
export function fromText(text: string, options: DateOptions): DateResult {
  const iso = ISO.exec(text);
  if (iso) return build(Number(iso[1]), Number(iso[2]), Number(iso[3]), true);
  // Serials as text only with five digits (1927–2173): a bare "2026" is a year, not 1905-07-18.
  if (/^\d{5}(?:[.,]\d+)?$/.test(text)) return fromSerial(Number(text.replace(',', '.')), options.date1904 === true);
  if (/^\d{8}$/.test(text)) {
    const parts = options.dateOrder === 'YMD' ? [text.slice(0, 4), text.slice(4, 6), text.slice(6)] : [text.slice(0, 2), text.slice(2, 4), text.slice(4)];
    return fromParts(parts[0] ?? '', parts[1] ?? '', parts[2] ?? '', options.dateOrder);
  }
  const body = text.replace(TIME_SUFFIX, '');
  const numeric = NUMERIC.exec(body);
  if (numeric) return fromParts(numeric[1] ?? '', numeric[3] ?? '', numeric[4] ?? '', options.dateOrder);
  const named = WITH_MONTH_NAME.exec(body);
  if (named) {
    const month = MONTHS.get((named[2] ?? '').toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
    if (month === undefined) return { ok: false, reason: 'unreadable' };
    return withYear(named[3] ?? '', month, Number(named[1]));
  }
  return { ok: false, reason: 'unreadable' };
}

function fromParts(a: string, b: string, c: string, order: DateOrder): DateResult {
  if (a.length === 4) return b.length <= 2 && c.length <= 2 ? withYear(a, Number(b), Number(c)) : { ok: false, reason: 'unreadable' };
  if (a.length > 2 || b.length > 2) return { ok: false, reason: 'unreadable' };
  switch (order) {
    case 'DMY':
      return withYear(c, Number(b), Number(a));
    case 'MDY':
      return withYear(c, Number(a), Number(b));
    case 'YMD':
      // A two-digit year first ("26/12/31") only when the batch says years come first.
      return c.length <= 2 && a.length === 2 ? withYear(a, Number(b), Number(c)) : { ok: false, reason: 'unreadable' };
  }
}

function withYear(yearText: string, month: number, day: number): DateResult {
  if (yearText.length === 2) {
    const short = Number(yearText);
    return build(short < 70 ? 2000 + short : 1900 + short, month, day, true);
  }
  if (yearText.length !== 4) return { ok: false, reason: 'unreadable' };
  return build(Number(yearText), month, day, true);
}

function fromSerial(serial: number, date1904: boolean): DateResult {
  if (!Number.isFinite(serial)) return { ok: false, reason: 'unreadable' };
  const day = Math.floor(serial);
  if (date1904) {
    if (day < 0) return { ok: false, reason: 'impossible' };
    return fromTime(EPOCH_1904 + day * DAY_MS);
  }
  if (day < 1 || day === 60 || day > MAX_SERIAL_1900) return { ok: false, reason: 'impossible' };
  // Before the fake leap day the count starts one day later (serial 1 = 1900-01-01).
  return fromTime(EPOCH_1900 + (day < 60 ? day + 1 : day) * DAY_MS);
}

function fromTime(time: number): DateResult {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return { ok: false, reason: 'impossible' };
  return build(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), true);
}

function build(year: number, month: number, day: number, changed: boolean): DateResult {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return { ok: false, reason: 'impossible' };
  if (!(month >= 1 && month <= 12) || !(day >= 1 && day <= daysInMonth(year, month))) return { ok: false, reason: 'impossible' };
  const value = `${year}-${pad(month)}-${pad(day)}`;
  return { ok: true, value, changed };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
