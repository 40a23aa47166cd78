// Who a case code names, as every match of a person compares it (the do-not-contact ledger, the
// organization's list, duplicates, follow-up batches, corrections): creditors write one DNI as
// "30.000.001", "030000001", "３００００００１" or inside the CUIT "20-30000001-1". Pure. The code
// as written stays the case's identity at the service; this key only decides who is the same person.

/** The first two digits of a person's CUIT/CUIL; companies' (30, 33, 34) hold no DNI. */
const PERSON_CUIT_PREFIXES = new Set(['20', '23', '24', '27']);
const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
// Spaces, dots and every dash a keyboard or a word processor types ("‐", "–", "−") between groups of digits.
const DIGIT_SEPARATORS = /[\s.\-\u2010-\u2015\u2212]/g;
const DIGITS = /^\d+$/;

/**
 * The check digit of a CUIT/CUIL's first ten digits (mod 11, weights 5,4,3,2,7,6,5,4,3,2):
 * 11 − (sum mod 11), where 11 gives 0 and 10 gives null (no digit fits).
 */
export function cuitCheckDigit(firstTen: string): number | null {
  if (!/^\d{10}$/.test(firstTen)) throw new RangeError('cuitCheckDigit takes ten digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(firstTen[i]) * (CUIT_WEIGHTS[i] ?? 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  return digit === 10 ? null : digit;
}

/** How a code was read to find its person. */
export type PersonReading =
  /** A DNI, however it was spelled; `key` is its number without leading zeros. */
  | { kind: 'dni'; key: string }
  /** A person's CUIT/CUIL with a valid check digit; `key` is the DNI inside it. */
  | { kind: 'cuit'; key: string }
  /** Digits and separators only, neither of the above: compared by its digits, leading zeros dropped. */
  | { kind: 'number'; key: string }
  /** Anything else: compared as written, after Unicode normalization (NFKC) and trimming. */
  | { kind: 'text'; key: string };

/**
 * Reads a case code as a person. Decision (docs/agent-day.md, "One person, however it is written"): besides the DNI (7–8 digits once
 * leading zeros are dropped) and a person's CUIT/CUIL (the DNI inside it), any code made only of
 * digits and separators compares by its digits without leading zeros, since a spreadsheet drops
 * them and "12-345" is "12345" typed another way. Erring toward the same person keeps a listed
 * person out; it only adds a warning to duplicates.
 */
export function readPerson(code: string): PersonReading {
  // Most codes are plain digits, which NFKC, trimming and the separators leave as they are.
  const plain = DIGITS.test(code);
  const text = plain ? code : code.normalize('NFKC').trim();
  const digits = plain ? code : text.replace(DIGIT_SEPARATORS, '');
  if (!plain && !DIGITS.test(digits)) return { kind: 'text', key: text };
  if (digits.length === 11 && PERSON_CUIT_PREFIXES.has(digits.slice(0, 2)) && cuitCheckDigit(digits.slice(0, 10)) === Number(digits[10])) {
    const dni = digits.slice(2, 10).replace(/^0+/, '');
    if (dni !== '') return { kind: 'cuit', key: dni };
  }
  const number = digits.replace(/^0+/, '');
  if (number.length === 7 || number.length === 8) return { kind: 'dni', key: number };
  // "000" is a number too: the key keeps one zero, never the empty text of an empty code.
  return { kind: 'number', key: number === '' ? '0' : number };
}

/** The key two codes share when they name the same person. */
export function personKey(code: string): string {
  return readPerson(code).key;
}

/** How a matched code was written apart from the one it matched: null when written the same. */
export type SpellingDifference = 'cuit-dni' | 'dni-cuit' | 'written';

/**
 * How `found` (a case's code) differs from `listed` (an entry's, another batch's) when both name the
 * same person: 'cuit-dni' when the case carries a CUIT and the list its DNI, 'dni-cuit' the other
 * way, 'written' for any other spelling (dots, zeros, spaces, full-width digits).
 */
export function spellingDifference(found: string, listed: string): SpellingDifference | null {
  if (found === listed) return null;
  const a = readPerson(found).kind;
  const b = readPerson(listed).kind;
  if (a === 'cuit' && b !== 'cuit') return 'cuit-dni';
  if (b === 'cuit' && a !== 'cuit') return 'dni-cuit';
  return 'written';
}
