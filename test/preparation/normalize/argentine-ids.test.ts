// Case codes that look like a CUIT/CUIL or a DNI: the mod-11 check digit and a plausible range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCaseCode, cuitCheckDigit } from '../../../src-main/preparation/normalize';

const PREFIXES = ['20', '23', '24', '27', '30', '33', '34'];
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });

/** A CUIT AFIP could issue: a prefix, eight digits, and the check digit they give (some give none). */
const validCuit = fc
  .record({ prefix: fc.constantFrom(...PREFIXES), body: digits(8) })
  .map(({ prefix, body }) => ({ firstTen: prefix + body, check: cuitCheckDigit(prefix + body) }))
  .filter((c): c is { firstTen: string; check: number } => c.check !== null)
  .map(({ firstTen, check }) => firstTen + check);

describe('cuitCheckDigit', () => {
  it('computes the mod-11 digit with weights 5,4,3,2,7,6,5,4,3,2', () => {
    // 2·5 + 0·4 + 1·3 + 2·2 + 3·7 + 4·6 + 5·5 + 6·4 + 7·3 + 8·2 = 148; 148 mod 11 = 5; 11 − 5 = 6.
    expect(cuitCheckDigit('2012345678')).toBe(6);
    // 3·5 + 0·4 + 7·3 + 1·2 + 0·7 + 9·6 + 2·5 + 0·4 + 5·3 + 7·2 = 131 = 11·11 + 10: 11 − 10 = 1.
    expect(cuitCheckDigit('3071092057')).toBe(1);
    // 2·5 + 6·2 = 22 ≡ 0: 11, written 0.
    expect(cuitCheckDigit('2000000006')).toBe(0);
    // 2·5 + 1·2 = 12 ≡ 1: 10, and no digit fits (AFIP gives such people prefix 23 instead).
    expect(cuitCheckDigit('2000000001')).toBeNull();
    expect(() => cuitCheckDigit('123')).toThrow(RangeError);
  });
});

describe('checkCaseCode', () => {
  it('checks CUIT/CUIL-looking codes, with or without dashes', () => {
    expect(checkCaseCode('20123456786')).toEqual({ kind: 'cuit', ok: true });
    expect(checkCaseCode('20-12345678-6')).toEqual({ kind: 'cuit', ok: true });
    expect(checkCaseCode('30710920571')).toEqual({ kind: 'cuit', ok: true });
    expect(checkCaseCode('20123456781')).toEqual({ kind: 'cuit', ok: false, expected: 6 });
    expect(checkCaseCode('20000000011')).toEqual({ kind: 'cuit', ok: false, expected: null });
    expect(checkCaseCode('20000000060')).toEqual({ kind: 'cuit', ok: true });
  });

  it('checks DNI-looking codes for a plausible number', () => {
    expect(checkCaseCode('20123456')).toEqual({ kind: 'dni', ok: true });
    expect(checkCaseCode('7654321')).toEqual({ kind: 'dni', ok: true });
    expect(checkCaseCode('12.345.678')).toEqual({ kind: 'dni', ok: true });
    expect(checkCaseCode('00012345')).toEqual({ kind: 'dni', ok: false, value: 12345 });
    expect(checkCaseCode('0999999')).toEqual({ kind: 'dni', ok: false, value: 999999 });
  });

  it('leaves every other code alone', () => {
    for (const code of ['1', '123456', '123456789', '12345678901', '21123456786', 'OP-1001', 'C00012', '20-1234567-6', ''])
      expect(checkCaseCode(code)).toEqual({ kind: 'other' });
  });

  it('passes every CUIT made with its check digit', () => {
    fc.assert(
      fc.property(validCuit, fc.boolean(), (cuit, dashed) => {
        const code = dashed ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : cuit;
        expect(checkCaseCode(code)).toEqual({ kind: 'cuit', ok: true });
      }),
      { numRuns: 2000 },
    );
  });

  it('fails every CUIT whose check digit was changed, naming the right one', () => {
    fc.assert(
      fc.property(validCuit, fc.integer({ min: 1, max: 9 }), (cuit, shift) => {
        const right = Number(cuit[10]);
        const wrong = cuit.slice(0, 10) + String((right + shift) % 10);
        expect(checkCaseCode(wrong)).toEqual({ kind: 'cuit', ok: false, expected: right });
      }),
      { numRuns: 2000 },
    );
  });

  it('fails a CUIT with any one of its first ten digits changed (mod 11 catches every single-digit error)', () => {
    fc.assert(
      fc.property(validCuit, fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 9 }), (cuit, at, shift) => {
        const changed = cuit.slice(0, at) + String((Number(cuit[at]) + shift) % 10) + cuit.slice(at + 1);
        expect(checkCaseCode(changed)).toMatchObject({ kind: 'cuit', ok: false });
      }),
      { numRuns: 2000 },
    );
  });
});
