// One Argentine number given as its digits → the 10-digit national number the service accepts.
// Area codes come from libphonenumber-js's metadata; the cell-level work lives in ./phones.ts.
import { readAreaCode } from '../../domain/area-code';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { phoneViolation } from '../../contract/upload-rules';

/** Machine codes of what was changed to reach the 10-digit number, in the order applied. */
export type PhoneChange =
  | 'fixed-letter-o'
  | 'removed-decimal-zero'
  | 'expanded-exponent'
  | 'removed-extension'
  | 'removed-country-code'
  | 'removed-mobile-9'
  | 'removed-trunk-0'
  | 'removed-15'
  | 'added-area-code';

export type DigitsReading =
  | { kind: 'phone'; value: string; changes: PhoneChange[] }
  /** `rest`: the number as written without its area code ("1545678901", "45678901"). */
  | { kind: 'no-area-code'; rest: string }
  /** `rest`: the digits left once an Argentine country code, mobile 9 and trunk 0 came off (./argentine-phone-checks.ts tells why they are no number). */
  | { kind: 'invalid'; rest?: string }
  | { kind: 'junk' };

let areaCodeSet: ReadonlySet<string> | undefined;

/**
 * Every Argentine area code (2, 3 or 4 digits) libphonenumber-js knows. Its metadata holds them
 * in the rule that turns "0 <area> 15 <subscriber>" into a mobile number, so each candidate is
 * probed through that public parse once (about 3,300 parses, computed on first use and then
 * reused: parsing every cell through libphonenumber costs ~8 µs, too slow for 100,000 rows).
 */
export function argentineAreaCodes(): ReadonlySet<string> {
  if (areaCodeSet) return areaCodeSet;
  const found = new Set<string>();
  for (const length of [2, 3, 4]) {
    for (let n = 10 ** (length - 1); n < 4 * 10 ** (length - 1); n++) {
      const code = String(n);
      // "1115" would pass the probe as 11 + 15: a shorter code followed by 15 is not a code.
      if (length === 4 && found.has(code.slice(0, 2)) && code.slice(2) === '15') continue;
      const subscriber = '4'.repeat(10 - length);
      const parsed = parsePhoneNumberFromString(`0${code}15${subscriber}`, 'AR');
      if (parsed?.nationalNumber === `9${code}${subscriber}`) found.add(code);
    }
  }
  areaCodeSet = found;
  return found;
}

// The same codes as flags indexed by their value, one table per length: a number's first digits
// are looked up without cutting them out as a string (every phone of a batch asks two or three times).
let areaCodeTables: Uint8Array[] | undefined;

function areaCodeTablesOf(): Uint8Array[] {
  if (areaCodeTables) return areaCodeTables;
  const tables = [2, 3, 4].map((length) => new Uint8Array(10 ** length));
  for (const code of argentineAreaCodes()) (tables[code.length - 2] as Uint8Array)[Number(code)] = 1;
  areaCodeTables = tables;
  return tables;
}

/**
 * Whether argentineAreaCodes() has digits.slice(from, from + length): the same answer, with no
 * string made (a slice cut short by the end of `digits` is asked as the shorter code it is).
 */
export function isAreaCodeAt(digits: string, from: number, length: number): boolean {
  const end = Math.min(from + length, digits.length);
  if (end - from < 2) return false;
  const table = areaCodeTablesOf()[end - from - 2] as Uint8Array;
  let value = 0;
  for (let i = from; i < end; i++) {
    const code = digits.charCodeAt(i);
    if (code < 48 || code > 57) return false;
    value = value * 10 + code - 48;
  }
  // A leading 0 makes the value shorter than the length: no code of that length is that small.
  return table[value] === 1;
}

/** The area code a 10-digit national number starts with (the longest known one), or null. */
export function areaCodeOf(national: string): string | null {
  for (let length = 4; length >= 2; length--) if (isAreaCodeAt(national, 0, length)) return national.slice(0, length);
  return null;
}

/** A 2–4 digit area code, written with or without its trunk 0 ("0351" → "351"); null if unknown. */
export function normalizeAreaCode(text: string | null | undefined): string | null {
  const code = readAreaCode(text ?? '');
  return code !== null && argentineAreaCodes().has(code) ? code : null;
}

/**
 * Reads the digits of one number. `international` is true when a "+" preceded them.
 * Order: country code (54, or 00 54), the mobile 9 of the international format, the trunk 0,
 * the mobile 15 after an area code, then the default area code for numbers written without one.
 */
export function readDigits(digits: string, international: boolean, defaultArea: string | null): DigitsReading {
  if (onlyZeros(digits)) return { kind: 'junk' };
  // Read in place: `at` is where the number proper starts once prefixes are off, and the changes
  // are flags until a phone is read (most readings, tried while cutting a cell, are not one).
  let at = 0;
  let changes = 0;
  let hadCountry = international;
  if (!international && digits.startsWith('00')) {
    at = 2;
    hadCountry = true;
  }
  if (hadCountry) {
    // A foreign number cannot be called by an Argentine campaign.
    if (!digits.startsWith('54', at)) return { kind: 'invalid' };
    at += 2;
    changes |= COUNTRY_CODE;
  } else if (digits.startsWith('54') && digits.length >= 12 && digits.length <= 15) {
    // No area code starts with 5, so 54 before a full number is the country code without "+".
    at = 2;
    hadCountry = true;
    changes |= COUNTRY_CODE;
  }
  let length = digits.length - at;
  // 9 + area + subscriber (11 digits), or 9 + area + 15 + subscriber (13): no area starts with 9.
  if (digits.charCodeAt(at) === 57 /* 9 */ && (length === 11 || length === 13)) {
    at++;
    length--;
    changes |= MOBILE_9;
  }
  if (digits.charCodeAt(at) === 48 /* 0 */) {
    at++;
    length--;
    changes |= TRUNK_0;
  }
  let d: string;
  if (length === 12) {
    const without15 = remove15AfterArea(digits, at);
    if (without15 === null) return { kind: 'invalid', rest: digits.slice(at) };
    d = without15;
    changes |= FIFTEEN;
  } else if (length !== 10 || digits.startsWith('15', at)) {
    // Written without area code: "15 4567-8901" (mobile) or a 6–8 digit subscriber.
    if (hadCountry) return { kind: 'invalid', rest: digits.slice(at) };
    const mobile = digits.startsWith('15', at) && length >= 8;
    const subscriber = mobile ? length - 2 : length;
    if (subscriber < 6 || subscriber > 8) return { kind: 'invalid', rest: digits.slice(at) };
    if (defaultArea === null || defaultArea.length + subscriber !== 10) return { kind: 'no-area-code', rest: digits.slice(at) };
    d = defaultArea + digits.slice(mobile ? at + 2 : at);
    changes |= (mobile ? FIFTEEN : 0) | AREA_CODE;
  } else d = at === 0 ? digits : digits.slice(at);
  if (phoneViolation(d) !== null || !startsWithAreaCode(d)) return { kind: 'invalid', rest: d };
  return { kind: 'phone', value: d, changes: changeList(changes) };
}

const COUNTRY_CODE = 1;
const MOBILE_9 = 2;
const TRUNK_0 = 4;
const FIFTEEN = 8;
const AREA_CODE = 16;

/** The flags as PhoneChange codes, in the order readDigits applies them. */
function changeList(flags: number): PhoneChange[] {
  const list: PhoneChange[] = [];
  if (flags & COUNTRY_CODE) list.push('removed-country-code');
  if (flags & MOBILE_9) list.push('removed-mobile-9');
  if (flags & TRUNK_0) list.push('removed-trunk-0');
  if (flags & FIFTEEN) list.push('removed-15');
  if (flags & AREA_CODE) list.push('added-area-code');
  return list;
}

/** True for "" too: no digit to read. */
function onlyZeros(digits: string): boolean {
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) return false;
  return true;
}

/** digits from `at`, "351 15 4567890" → "3514567890": the 15 must follow a known area code (longest tried first). */
function remove15AfterArea(digits: string, at: number): string | null {
  for (let length = 4; length >= 2; length--) {
    if (isAreaCodeAt(digits, at, length) && digits.startsWith('15', at + length)) return digits.slice(at, at + length) + digits.slice(at + length + 2);
  }
  return null;
}

function startsWithAreaCode(national: string): boolean {
  return isAreaCodeAt(national, 0, 4) || isAreaCodeAt(national, 0, 3) || isAreaCodeAt(national, 0, 2);
}
