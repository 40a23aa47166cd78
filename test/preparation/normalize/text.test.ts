// Text and identifier cells: tidy spaces, and numeric codes exactly as the spreadsheet shows them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanCode, cleanText } from '../../../src-main/preparation/normalize';

describe('cleanText', () => {
  it.each([
    ['  Ana  María  ', 'Ana María'],
    ['Ana\u00A0María', 'Ana María'],
    ['Ana\u2007\u2009\u202FMaría', 'Ana María'],
    ['Ana\tMaría\nPérez\r\nGómez', 'Ana María Pérez Gómez'],
    ['\u3000Ana\uFEFF', 'Ana'],
    ['Ana\u200BMaría', 'AnaMaría'],
    ['', ''],
    ['   ', ''],
    ['PÉREZ, Juan', 'PÉREZ, Juan'],
  ])('%j → %j', (cell, text) => {
    expect(cleanText(cell)).toBe(text);
  });

  it('reads null, undefined, numbers, booleans and dates', () => {
    expect(cleanText(null)).toBe('');
    expect(cleanText(undefined)).toBe('');
    expect(cleanText(12345678)).toBe('12345678');
    expect(cleanText(1e21)).toBe('1000000000000000000000');
    expect(cleanText(Number.NaN)).toBe('');
    expect(cleanText(true)).toBe('true');
    expect(cleanText(new Date(Date.UTC(2026, 11, 31)))).toBe('2026-12-31');
    expect(cleanText(new Date(Number.NaN))).toBe('');
    expect(cleanText({ a: 1 })).toBe('');
  });

  it('is idempotent and leaves no leading, trailing or double spaces', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('a', ' ', '\u00A0', '\u2009', '\u202F', '\t', '\n', 'ñ') })), (cell) => {
        const text = cleanText(cell);
        expect(cleanText(text)).toBe(text);
        expect(text).not.toMatch(/^\s|\s$|\s\s|[\u00A0\u2007\u2009\u202F\t\n]/);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives any text with zero-width characters removed and every run of spaces made one, trimmed', () => {
    const unit = fc.constantFrom('a', 'Ñ', '1', ' ', '\u00A0', '\u2009', '\u200B', '\u2060', '\uFEFF', '\t', '\r\n');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (cell) => {
        expect(cleanText(cell)).toBe(
          cell
            .replace(/[\u200B-\u200D\u2060]/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe('cleanCode', () => {
  it.each([
    [12345678, '12345678'],
    [12345678.0, '12345678'],
    [123456789012345, '123456789012345'],
    [1e21, '1000000000000000000000'],
    [1e25, '10000000000000000000000000'],
    [12.5, '12.5'],
    [0.1, '0.1'],
    [1e-7, '0.0000001'],
    [-42, '-42'],
    [-0, '0'],
    [0, '0'],
    ['00123', '00123'],
    [' OP-9 ', 'OP-9'],
    ['12345678.0', '12345678'],
    ['00123.00', '00123'],
    ['12.50', '12.50'],
    ['A\u00A0123', 'A 123'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%j → %j', (cell, code) => {
    expect(cleanCode(cell)).toBe(code);
  });

  it('never writes a number with an exponent or a ".0"', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.maxSafeInteger()), (n) => {
        const code = cleanCode(n);
        expect(code).not.toMatch(/e|\.0*$/i);
        expect(Number(code)).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: 2000 },
    );
  });
});
