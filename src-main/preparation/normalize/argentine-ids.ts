// Case codes that look like an Argentine DNI or CUIT/CUIL, checked the way AFIP and RENAPER issue
// them. A creditor's code is the case's key whatever it holds: these only tell the agent it looks
// mistyped, they never change or refuse it. Pure.
import { cuitCheckDigit } from '../../domain/person-key';

export { cuitCheckDigit } from '../../domain/person-key';

/** The first two digits of a CUIT (people: 20, 23, 24, 27; companies: 30, 33, 34). */
const CUIT_PREFIXES = ['20', '23', '24', '27', '30', '33', '34'];
// "20-12345678-6", "20 12345678 6" or eleven digits in a row.
const CUIT = /^(\d{2})[- ]?(\d{8})[- ]?(\d)$/;
// "12345678", "12.345.678", "1.234.567".
const DNI = /^(?:\d{7,8}|\d{1,2}\.\d{3}\.\d{3})$/;
/** The lowest DNI number taken as plausible: lower ones are a padded or cut-off code. */
export const DNI_MIN = 1_000_000;

export type CaseCodeCheck =
  | { kind: 'cuit'; ok: true }
  /** `expected` null: no check digit fits these ten digits (AFIP issues them with prefix 23 or 33 instead). */
  | { kind: 'cuit'; ok: false; expected: number | null }
  | { kind: 'dni'; ok: true }
  | { kind: 'dni'; ok: false; value: number }
  | { kind: 'other' };

/** Whether a case code looks like a CUIT/CUIL or a DNI and, if so, whether it can be one. */
export function checkCaseCode(code: string): CaseCodeCheck {
  // Most codes are plain digits: their length alone says which pattern below could match.
  if (allDigits(code)) {
    if (code.length === 7 || code.length === 8) return dniCheck(Number(code));
    if (code.length !== 11) return { kind: 'other' };
  }
  const cuit = CUIT.exec(code);
  if (cuit && CUIT_PREFIXES.includes(cuit[1] ?? '')) {
    const expected = cuitCheckDigit(`${cuit[1]}${cuit[2]}`);
    return expected !== null && expected === Number(cuit[3]) ? { kind: 'cuit', ok: true } : { kind: 'cuit', ok: false, expected };
  }
  if (DNI.test(code)) return dniCheck(Number(code.replace(/\./g, '')));
  return { kind: 'other' };
}

function dniCheck(value: number): CaseCodeCheck {
  return value >= DNI_MIN ? { kind: 'dni', ok: true } : { kind: 'dni', ok: false, value };
}

function allDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return text.length > 0;
}
