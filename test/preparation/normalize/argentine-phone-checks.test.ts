// Numbers with a phone's shape that cannot be a line, each with its reason and the values its
// message names; libphonenumber-js's full metadata is the independent judge where it has an opinion.
import fc from 'fast-check';
import { parsePhoneNumberFromString as parseWithFullMetadata } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { nationalNumberProblem, normalizePhoneCell, placeholderPattern } from '../../../src-main/preparation/normalize';
import { argentineAreaCodes } from '../../../src-main/preparation/normalize/phone-number';

describe('placeholderPattern', () => {
  it('names one digit repeated and straight runs, from 6 digits', () => {
    expect(placeholderPattern('1111111')).toBe('repeated-digit');
    expect(placeholderPattern('000000')).toBe('repeated-digit');
    expect(placeholderPattern('1234567')).toBe('sequence');
    expect(placeholderPattern('12345678')).toBe('sequence');
    expect(placeholderPattern('0123456789')).toBe('sequence');
    expect(placeholderPattern('9876543')).toBe('sequence');
    for (const real of ['4567890', '45678901', '12345', '11111', '1234568', '2222223', '423456', '']) expect(placeholderPattern(real)).toBeNull();
  });
});

describe('nationalNumberProblem', () => {
  it('gives each reason with its values', () => {
    expect(nationalNumberProblem('1111111111')).toEqual({ reason: 'placeholder', pattern: 'repeated-digit' });
    expect(nationalNumberProblem('3511111111')).toEqual({ reason: 'placeholder', pattern: 'repeated-digit' });
    expect(nationalNumberProblem('1112345678')).toEqual({ reason: 'placeholder', pattern: 'sequence' });
    expect(nationalNumberProblem('3510456789')).toEqual({ reason: 'subscriber-starts-0-1', area: '351', subscriber: '0456789' });
    expect(nationalNumberProblem('2966123457')).toEqual({ reason: 'subscriber-starts-0-1', area: '2966', subscriber: '123457' });
    expect(nationalNumberProblem('3511545678')).toEqual({ reason: 'too-short-after-15', area: '351', digits: 5, needed: 7 });
    expect(nationalNumberProblem('2004567890')).toEqual({ reason: 'unknown-area-code', national: '2004567890' });
    for (const real of ['1145678901', '3514567890', '2966423456', '1144445555', '3512222223']) expect(nationalNumberProblem(real)).toBeNull();
  });

  it('takes a number as possible when any area code it may start with leaves a good subscriber (220 and 2202)', () => {
    expect(argentineAreaCodes().has('220') && argentineAreaCodes().has('2202')).toBe(true);
    // After 2202 the subscriber would start with 0; after 220 it is 2012345.
    expect(nationalNumberProblem('2202012345')).toBeNull();
    // After either, it starts with 1.
    expect(nationalNumberProblem('2201123456')).toMatchObject({ reason: 'subscriber-starts-0-1', area: '220' });
  });

  // Every area code but 11 starts with 2 or 3.
  const national = fc
    .tuple(fc.constantFrom('2', '3'), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 }))
    .map(([first, rest]) => first + rest);
  const areaNumber = fc.record({
    area: fc.constantFrom(...argentineAreaCodes()),
    digits: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 8 }),
  });

  /** The area codes a national number may start with. */
  const candidates = (n: string) => [2, 3, 4].map((l) => n.slice(0, l)).filter((c) => argentineAreaCodes().has(c));

  it('calls impossible only numbers libphonenumber-js (full metadata) also finds invalid, where it has an opinion', () => {
    // Its metadata takes any 8 digits after 11, so Buenos Aires is left out of this comparison.
    fc.assert(
      fc.property(
        fc.oneof(
          national,
          areaNumber.map(({ area, digits }) => (area + digits).slice(0, 10)),
        ),
        (n) => {
          const problem = nationalNumberProblem(n);
          if (problem && problem.reason !== 'placeholder' && !n.startsWith('11')) expect(parseWithFullMetadata(`0${n}`, 'AR')?.isValid() ?? false).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('always finds a subscriber starting with 0 or 1 after an area code, when no other code reads the number otherwise', () => {
    fc.assert(
      fc.property(areaNumber, fc.constantFrom('0', '1'), ({ area, digits }, first) => {
        const n = area + (first + digits).slice(0, 10 - area.length);
        if (candidates(n).length !== 1) return;
        expect(nationalNumberProblem(n)?.reason).toMatch(/^(subscriber-starts-0-1|too-short-after-15|placeholder)$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts any subscriber starting with 2–9 that is no placeholder', () => {
    fc.assert(
      fc.property(areaNumber, fc.integer({ min: 2, max: 9 }), ({ area, digits }, first) => {
        const sub = (first + digits).slice(0, 10 - area.length);
        fc.pre(placeholderPattern(sub) === null && placeholderPattern(area + sub) === null);
        expect(nationalNumberProblem(area + sub)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizePhoneCell: the values of a dropped number', () => {
  it('says what is wrong, for the message to name it', () => {
    expect(normalizePhoneCell('(0351) 012-3457').dropped).toEqual([
      { original: '(0351) 012-3457', reason: 'subscriber-starts-0-1', detail: { area: '351', subscriber: '0123457' } },
    ]);
    expect(normalizePhoneCell('0351 15 456789').dropped).toEqual([
      { original: '0351 15 456789', reason: 'too-short-after-15', detail: { area: '351', digits: 6, needed: 7 } },
    ]);
    expect(normalizePhoneCell('15 45678', { defaultAreaCode: '2966' }).dropped).toEqual([
      { original: '15 45678', reason: 'too-short-after-15', detail: { area: '2966', digits: 5, needed: 6 } },
    ]);
    expect(normalizePhoneCell('15 45678').dropped).toEqual([
      { original: '15 45678', reason: 'too-short-after-15', detail: { area: null, digits: 5, needed: 6 } },
    ]);
    expect(normalizePhoneCell('123-4568').dropped).toEqual([
      { original: '123-4568', reason: 'subscriber-starts-0-1', detail: { area: null, subscriber: '1234568' } },
    ]);
    expect(normalizePhoneCell('4567-8901').dropped).toEqual([{ original: '4567-8901', reason: 'no-area-code' }]);
    expect(normalizePhoneCell('+54 9 11 1111-1111').dropped).toEqual([
      { original: '+54 9 11 1111-1111', reason: 'placeholder', detail: { pattern: 'repeated-digit' } },
    ]);
    expect(normalizePhoneCell(2004567890).dropped).toEqual([{ original: '2004567890', reason: 'unknown-area-code', detail: { national: '2004567890' } }]);
  });

  it('drops other spellings of a number kept from the same cell, naming it', () => {
    const result = normalizePhoneCell('351-4567890 / (0351) 15 4567890 / +54 9 351 4567890');
    expect(result.phones.map((p) => p.value)).toEqual(['3514567890']);
    expect(result.dropped).toEqual([
      { original: '(0351) 15 4567890', reason: 'duplicate', detail: { same: '3514567890' } },
      { original: '+54 9 351 4567890', reason: 'duplicate', detail: { same: '3514567890' } },
    ]);
  });

  it('keeps a real number beside a placeholder in the same run of digits, cut where it was cut before', () => {
    expect(normalizePhoneCell('1145678901 4444444', { defaultAreaCode: '351' })).toMatchObject({
      phones: [{ value: '1145678901' }],
      dropped: [{ original: '4444444', reason: 'placeholder' }],
    });
  });
});
