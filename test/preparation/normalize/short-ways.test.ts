// Short ways through the case checks (merging a case's phones, telling a DNI or CUIT code) must
// give what the rule as first written gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCaseCode, cuitCheckDigit, DNI_MIN, mergeCasePhones, nationalNumberProblem, placeholderPattern } from '../../../src-main/preparation/normalize';
import type { PhoneProblem } from '../../../src-main/preparation/normalize';
import { argentineAreaCodes, isAreaCodeAt } from '../../../src-main/preparation/normalize/phone-number';

describe('merging a case phones', () => {
  it('keeps first appearances and lists each repeated phone once, for few phones and many (property)', () => {
    const phone = fc.constantFrom('1145678901', '3514567890', '2214567890', '2614567890', '3414567890');
    fc.assert(
      fc.property(fc.array(fc.array(phone, { maxLength: 6 }), { maxLength: 8 }), (lists) => {
        const seen = new Set<string>();
        const repeated = new Set<string>();
        for (const p of lists.flat()) (seen.has(p) ? repeated : seen).add(p);
        expect(mergeCasePhones(lists)).toEqual({ phones: [...seen], duplicates: [...repeated] });
      }),
      { numRuns: 2000, seed: 67 },
    );
  });
});

describe('looking up area codes', () => {
  const digits = fc.oneof(fc.stringMatching(/^\d{0,11}$/), fc.constantFrom('2202', '220', '11', '0351', '3514567890', '2964', '1', ''));

  it('finds what the set of codes has, without cutting the digits out (property)', () => {
    fc.assert(
      fc.property(digits, fc.nat({ max: 4 }), fc.integer({ min: 2, max: 4 }), (text, from, length) => {
        expect(isAreaCodeAt(text, from, length)).toBe(argentineAreaCodes().has(text.slice(from, from + length)));
      }),
      { numRuns: 5000, seed: 79 },
    );
    for (const code of argentineAreaCodes()) expect(isAreaCodeAt(code, 0, code.length)).toBe(true);
  });

  it('tells why a national number cannot be real as the first version did (property)', () => {
    const national = fc.oneof(
      fc.stringMatching(/^\d{10}$/),
      fc.tuple(fc.constantFrom(...argentineAreaCodes()), fc.stringMatching(/^[0-9]{10}$/)).map(([a, r]) => (a + r).slice(0, 10)),
      fc
        .tuple(fc.constantFrom('220', '2202', '11', '351'), fc.constantFrom('15', '0', '1', '111111', '123456', '4'))
        .map(([a, r]) => (a + r + '4567890').slice(0, 10)),
    );
    fc.assert(
      fc.property(national, (text) => {
        expect(nationalNumberProblem(text)).toEqual(referenceNationalProblem(text));
      }),
      { numRuns: 5000, seed: 83 },
    );
  });
});

describe('telling a DNI or CUIT case code', () => {
  it('gives what the patterns give (property)', () => {
    const code = fc.oneof(
      fc.stringMatching(/^\d{0,12}$/),
      fc.stringMatching(/^[\d. -]{0,14}$/),
      fc.constantFrom('20123456786', '0999999', '00000000', '20-12345678-6'),
    );
    fc.assert(
      fc.property(code, (text) => {
        expect(checkCaseCode(text)).toEqual(referenceCheck(text));
      }),
      { numRuns: 5000, seed: 71 },
    );
  });
});

function referenceCheck(code: string) {
  const cuit = /^(\d{2})[- ]?(\d{8})[- ]?(\d)$/.exec(code);
  if (cuit && ['20', '23', '24', '27', '30', '33', '34'].includes(cuit[1] ?? '')) {
    const expected = cuitCheckDigit(`${cuit[1]}${cuit[2]}`);
    return expected !== null && expected === Number(cuit[3]) ? { kind: 'cuit', ok: true } : { kind: 'cuit', ok: false, expected };
  }
  if (/^(?:\d{7,8}|\d{1,2}\.\d{3}\.\d{3})$/.test(code)) {
    const value = Number(code.replace(/\./g, ''));
    return value >= DNI_MIN ? { kind: 'dni', ok: true } : { kind: 'dni', ok: false, value };
  }
  return { kind: 'other' };
}

function referenceNationalProblem(national: string): PhoneProblem | null {
  const whole = placeholderPattern(national);
  if (whole) return { reason: 'placeholder', pattern: whole };
  let found: PhoneProblem | null = null;
  for (let length = 4; length >= 2; length--) {
    const area = national.slice(0, length);
    if (!argentineAreaCodes().has(area)) continue;
    const subscriber = national.slice(length);
    const pattern = placeholderPattern(subscriber);
    let problem: PhoneProblem | null = null;
    if (pattern) problem = { reason: 'placeholder', pattern };
    else if (subscriber.startsWith('15')) problem = { reason: 'too-short-after-15', area, digits: subscriber.length - 2, needed: subscriber.length };
    else if (subscriber.startsWith('0') || subscriber.startsWith('1')) problem = { reason: 'subscriber-starts-0-1', area, subscriber };
    if (problem === null) return null;
    found ??= problem;
  }
  return found ?? { reason: 'unknown-area-code', national };
}
