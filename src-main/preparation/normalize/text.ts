// Plain text and identifier cells: one space between words, no invisible characters, and numeric
// codes exactly as the spreadsheet shows them (never "12345678.0" or "1.2345678E7").
import { plainNumberText } from './number-text';

// JS \s already covers U+00A0, U+2000–U+200A (figure U+2007, thin U+2009), U+202F, U+3000,
// U+FEFF, tabs and line breaks. Zero-width characters are not spaces: they are removed.
const WHITESPACE_RUN = /\s+/g;
const ZERO_WIDTH = /[\u200B-\u200D\u2060]/g;
// Anything the two replacements and the trim would change: a zero-width character, a space other
// than ' ', two spaces in a row, or a space at either end.
const NEEDS_CLEANING = /[\u200B-\u200D\u2060]|[^\S ]| {2}|^ | $/;

/**
 * Trimmed text with every whitespace run (any kind of space, tab, line break) collapsed to one
 * space. null/undefined give "". Numbers give their plain digits; a Date gives its UTC calendar
 * date (YYYY-MM-DD) at midnight or its full ISO text otherwise; booleans give "true"/"false";
 * anything else gives "".
 */
export function cleanText(cell: unknown): string {
  let text: string;
  if (typeof cell === 'string') text = cell;
  else if (typeof cell === 'number') text = plainNumberText(cell) ?? '';
  else if (typeof cell === 'bigint' || typeof cell === 'boolean') text = String(cell);
  else if (cell instanceof Date) text = dateText(cell);
  else return '';
  // Most cells are already clean; finding out costs one scan instead of two replacements.
  if (!needsCleaning(text)) return text;
  return text.replace(ZERO_WIDTH, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** NEEDS_CLEANING, by hand for ASCII text (most cells); any other character asks the pattern. */
function needsCleaning(text: string): boolean {
  const last = text.length - 1;
  for (let i = 0; i <= last; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      if (i === 0 || i === last || text.charCodeAt(i + 1) === 32) return true;
    } else if (code < 32 || code > 126) return NEEDS_CLEANING.test(text);
  }
  return false;
}

/**
 * An identifier (case code, debt code): cleanText, and a number never gains ".0" or an exponent:
 * 12345678 and 12345678.0 → "12345678"; a real fraction keeps its shortest form (12.5 → "12.5").
 * Leading zeros of text stay ("00123"). Text that is digits plus a zero fraction ("12345678.0",
 * what CSV exports of numeric columns produce) loses the fraction. NaN/Infinity give "".
 */
export function cleanCode(cell: string | number | null | undefined): string {
  const text = cleanText(cell);
  return typeof cell === 'string' && text.includes('.') && /^\d+\.0+$/.test(text) ? text.slice(0, text.indexOf('.')) : text;
}

function dateText(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const iso = date.toISOString();
  return time % 86_400_000 === 0 ? iso.slice(0, 10) : iso;
}
