// Debt amounts → the service's decimal string ("1234.56"). All arithmetic is on decimal digit
// strings, never on floats, so 1.005 rounds the way the cell reads and huge amounts keep every digit.
import { plainNumberText, digitRunEnd } from './number-text';
import { cleanText } from './text';

export type AmountResult =
  | {
      ok: true;
      /** Non-negative, '.' decimal point, exactly two decimals, no sign, currency or grouping. */
      value: string;
      /** Text cell: the value differs from the cell's text. Number cell: rounding to cents changed it. */
      changed: boolean;
      /** Set when the text could also be read another way (e.g. "1.500" with '.' decimals: 1500?). */
      ambiguous?: string;
    }
  | { ok: false; reason: 'empty' | 'not-a-number' | 'negative' };

export interface AmountOptions {
  /** The batch's decimal separator for text cells; the other one is the thousands separator. */
  decimalSeparator: ',' | '.';
}

const CURRENCY_PREFIX = /^(?:ar\$|\$ar|ars|\$|pesos?)\s*/i;
const CURRENCY_SUFFIX = /\s*(?:ars|\$|pesos?)$/i;
const MINUS = /^[-\u2212\u2013]\s*/;

/**
 * Reads an amount cell. Rules (text cells):
 * - currency marks of pesos ($, ARS, AR$, pesos) are dropped; other currencies are not-a-number;
 * - a minus sign (leading or trailing) or accounting parentheses make it negative (rejected);
 * - with both '.' and ',' present the last one is the decimal point, whatever the batch says;
 * - with one kind only, the batch's decimal separator is the decimal point; the other kind is
 *   thousands grouping when it groups correctly (1–3 digits, then groups of exactly 3), otherwise
 *   it can only be a decimal point ("1234.5" in a ',' batch is 1234.50); spaces group thousands;
 * - "1.500" with '.' decimals (or "1,500" with ',') is read as 1.50 but flagged `ambiguous`;
 * - more than two decimals round half away from zero on the written digits (1.005 → "1.01").
 * Number cells are read from their shortest round-trip decimal text (what the cell shows), so
 * 1.005 → "1.01" and 0.1 + 0.2 → "0.30".
 */
export function normalizeAmount(cell: string | number | null | undefined, options: AmountOptions): AmountResult {
  if (cell === null || cell === undefined) return { ok: false, reason: 'empty' };
  if (typeof cell === 'number') return fromNumber(cell);
  if (typeof cell !== 'string') return { ok: false, reason: 'not-a-number' };
  const text = cleanText(cell);
  if (text === '') return { ok: false, reason: 'empty' };
  const batchDecimal = options.decimalSeparator === ',' ? ',' : '.';
  const plain = plainMagnitude(text, batchDecimal);
  const read = plain ? { magnitude: plain, negative: false } : signedMagnitude(text, batchDecimal);
  if (!read) return { ok: false, reason: 'not-a-number' };
  const parsed = read.magnitude;
  const value = toCents(parsed.whole, parsed.fraction).value;
  if (read.negative && value !== '0.00') return { ok: false, reason: 'negative' };
  const result: AmountResult = { ok: true, value, changed: value !== text };
  if (parsed.ambiguous) {
    const grouped = parsed.whole + parsed.fraction;
    result.ambiguous = `"${text}" was read as ${value} with the batch's decimal separator "${options.decimalSeparator}"; it could also mean ${grouped}`;
  }
  return result;
}

function fromNumber(n: number): AmountResult {
  const text = plainNumberText(n);
  if (text === null) return { ok: false, reason: 'not-a-number' };
  if (text.startsWith('-')) return { ok: false, reason: 'negative' };
  const point = text.indexOf('.');
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? '' : text.slice(point + 1);
  const { value, rounded } = toCents(whole, fraction);
  return { ok: true, value, changed: rounded };
}

/** The general reading of a text amount: sign and currency off, then the digits; null if no number. */
export function signedMagnitude(text: string, batchDecimal: ',' | '.'): { magnitude: Magnitude; negative: boolean } | null {
  const signed = stripSignAndCurrency(text);
  if (!signed) return null;
  const magnitude = parseMagnitude(signed.body, batchDecimal);
  return magnitude ? { magnitude, negative: signed.negative } : null;
}

function stripSignAndCurrency(text: string): { body: string; negative: boolean } | null {
  let s = text;
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  s = s.replace(CURRENCY_PREFIX, '');
  if (MINUS.test(s)) {
    negative = true;
    s = s.replace(MINUS, '');
  } else if (s.startsWith('+')) s = s.slice(1).trimStart();
  s = s.replace(CURRENCY_PREFIX, '');
  if (s.endsWith('-')) {
    negative = true;
    s = s.slice(0, -1).trimEnd();
  }
  s = s.replace(CURRENCY_SUFFIX, '');
  return /^[\d., ]*\d[\d., ]*$/.test(s) ? { body: s, negative } : null;
}

export interface Magnitude {
  whole: string;
  fraction: string;
  ambiguous: boolean;
}

/**
 * The usual spelling, read in one scan: digits grouped by thousands with the batch's other
 * separator ("12.123"), or not grouped at all, then maybe the batch's decimal point and digits
 * ("12.123,50", "1234,5", "1500"). No sign, currency or space, so stripSignAndCurrency would
 * leave it as it is and parseMagnitude read it as here; null for anything else (read by them).
 */
export function plainMagnitude(text: string, batchDecimal: ',' | '.'): Magnitude | null {
  const grouping = batchDecimal === ',' ? 46 /* . */ : 44; /* , */
  const decimalCode = batchDecimal === ',' ? 44 : 46;
  let i = digitRunEnd(text, 0);
  const firstGroup = i;
  if (firstGroup === 0) return null;
  let whole: string | null = null;
  if (text.charCodeAt(i) === grouping) {
    if (firstGroup > 3) return null;
    whole = text.slice(0, firstGroup);
    while (text.charCodeAt(i) === grouping) {
      const end = digitRunEnd(text, i + 1);
      if (end - i - 1 !== 3) return null;
      whole += text.slice(i + 1, end);
      i = end;
    }
  }
  const head = i;
  let fraction = '';
  if (i < text.length) {
    if (text.charCodeAt(i) !== decimalCode) return null;
    const end = digitRunEnd(text, i + 1);
    if (end === i + 1 || end !== text.length) return null;
    fraction = text.slice(i + 1);
  }
  if (whole !== null) return { whole, fraction, ambiguous: false };
  // "1,500" in a ',' batch: 1.50 as the batch says, or 1500 with ',' grouping.
  const ambiguous = fraction.length === 3 && head <= 3 && text.charCodeAt(0) !== 48;
  return { whole: text.slice(0, head), fraction, ambiguous };
}

function parseMagnitude(body: string, batchDecimal: ',' | '.'): Magnitude | null {
  const other = batchDecimal === ',' ? '.' : ',';
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimal: string | null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (body.includes(batchDecimal)) decimal = count(body, batchDecimal) === 1 ? batchDecimal : null;
  else if (body.includes(other)) decimal = groupedInteger(body) !== null || count(body, other) > 1 ? null : other;
  else decimal = null;

  if (decimal === null) {
    const whole = groupedInteger(body);
    return whole === null ? null : { whole, fraction: '', ambiguous: false };
  }
  const point = body.lastIndexOf(decimal);
  const fraction = body.slice(point + 1).trim();
  if (!/^\d*$/.test(fraction)) return null;
  const head = body.slice(0, point).trim();
  const whole = head === '' ? '0' : groupedInteger(head);
  if (whole === null) return null;
  // Only the batch's own decimal point can be mistaken for grouping: "1.500" could be 1500.
  const ambiguous = decimal === batchDecimal && /^[1-9]\d{0,2}$/.test(head) && fraction.length === 3;
  return { whole, fraction, ambiguous };
}

/** "1.234.567", "1 234", "1234" → digits; null when separators do not group by thousands. */
function groupedInteger(text: string): string | null {
  const groups = text.trim().split(/[., ]/);
  if (groups.length === 1) return /^\d+$/.test(text.trim()) ? text.trim() : null;
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || !rest.every((g) => /^\d{3}$/.test(g))) return null;
  // One kind of grouping mark per number (spaces may mix with it).
  if (text.includes('.') && text.includes(',')) return null;
  return groups.join('');
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** Whole and fraction digits → "W.FF", rounding half away from zero at the third decimal. */
export function toCents(whole: string, fraction: string): { value: string; rounded: boolean } {
  const cents = fraction.length >= 2 ? fraction.slice(0, 2) : (fraction + '00').slice(0, 2);
  const units = withoutLeadingZeros(whole);
  const rounded = nonZeroFrom(fraction, 2);
  if (!(fraction.length > 2 && fraction.charCodeAt(2) >= 53) /* '5' */) return { value: `${units}.${cents}`, rounded };
  const digits = incrementDigits(units + cents);
  return { value: `${withoutLeadingZeros(digits.slice(0, -2))}.${digits.slice(-2)}`, rounded };
}

/** Digits without their leading zeros; "0" when nothing else is left. */
function withoutLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length && digits.charCodeAt(i) === 48) i++;
  if (i === digits.length) return '0';
  return i === 0 ? digits : digits.slice(i);
}

function nonZeroFrom(digits: string, from: number): boolean {
  for (let i = from; i < digits.length; i++) {
    const code = digits.charCodeAt(i);
    if (code >= 49 && code <= 57) return true;
  }
  return false;
}

function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return `1${chars.join('')}`;
}
