// The short way through a phone cell: most cells are one number spelled with digits, spaces,
// dashes, parentheses and a "+" ("+54 9 351 600-0123", "011 4123-4567", "(0351) 15 456-7890",
// "351 6000123"). Such a cell has nothing to clean and no separator between numbers, so when its
// digits read as one phone the general reader (./phones.ts) keeps exactly that phone: it is read
// here in one scan, without cutting the cell into chunks. Anything else is left to the general
// reader (null), which test/preparation/normalize/phone-cell-fast.test.ts compares this with.
import { readDigits, type DigitsReading } from './phone-number';

const MAX_DIGITS = 15;

export interface WholePhone {
  reading: DigitsReading & { kind: 'phone' };
  /** The digits as written, for the checks of a number that cannot be real. */
  written: string;
  /** The cell from the "+" or "(" before the first digit to the ")" after the last, trimmed. */
  original: string;
}

/** The cell as one phone, or null when the general reader must decide. */
export function wholePhoneOfCell(raw: string, area: string | null): WholePhone | null {
  let digits = '';
  let count = 0;
  let first = -1;
  let runStart = -1;
  let lastEnd = -1;
  let plus = false;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      if (runStart < 0) runStart = i;
      if (first < 0) first = i;
      if (++count > MAX_DIGITS) return null;
      continue;
    }
    // Space, "-", "(", ")" and "+" only: a "/" or a letter may separate numbers, anything else is cleaned first.
    if (code !== 32 && code !== 45 && code !== 40 && code !== 41 && code !== 43) return null;
    if (code === 43 && first < 0) plus = true;
    if (runStart >= 0) {
      digits += raw.slice(runStart, i);
      lastEnd = i;
      runStart = -1;
    }
  }
  if (runStart >= 0) {
    digits += raw.slice(runStart);
    lastEnd = raw.length;
  }
  if (first < 0) return null;
  const reading = readDigits(digits, plus, area);
  if (reading.kind !== 'phone') return null;
  let start = first;
  while (start > 0 && isOpening(raw.charCodeAt(start - 1))) start--;
  let end = lastEnd;
  while (end < raw.length && isClosing(raw.charCodeAt(end))) end++;
  return { reading, written: digits, original: raw.slice(start, end).trim() };
}

/** "+", "(" or a space: kept with the number that follows. */
function isOpening(code: number): boolean {
  return code === 43 || code === 40 || code === 32;
}

/** ")" or a space: kept with the number before. */
function isClosing(code: number): boolean {
  return code === 41 || code === 32;
}

/**
 * "sin dato", "N/A", "-": ASCII with no digit has no number to read (no letter O can be a zero
 * without a digit beside it, no exponent or extension without digits): the cell's one dropped
 * piece. Null for anything else.
 */
export function digitlessCell(raw: string): { original: string; reason: 'empty' | 'junk' } | null {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if ((code >= 48 && code <= 57) || code > 127) return null;
  }
  const original = raw.trim();
  return { original, reason: original === '' ? 'empty' : 'junk' };
}
