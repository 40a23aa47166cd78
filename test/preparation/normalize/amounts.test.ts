// Debt amounts as spreadsheets hold them → the service's "1234.56".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAmount } from '../../../src-main/preparation/normalize';

const comma = { decimalSeparator: ',' } as const;
const dot = { decimalSeparator: '.' } as const;

describe('normalizeAmount: number cells', () => {
  it.each([
    [1500, '1500.00', false],
    [1234.5, '1234.50', false],
    [1234.56, '1234.56', false],
    [0, '0.00', false],
    [-0, '0.00', false],
    [0.1 + 0.2, '0.30', true],
    [1.005, '1.01', true], // half away from zero on the digits the cell shows, not toFixed's 1.00
    [2.675, '2.68', true],
    [1.004, '1.00', true],
    [999.995, '1000.00', true],
    [0.005, '0.01', true],
    [1e-7, '0.00', true],
    [123456789012.34, '123456789012.34', false],
    [1e21, '1000000000000000000000.00', false],
  ])('%s → %s (changed: %s)', (cell, value, changed) => {
    expect(normalizeAmount(cell, comma)).toEqual({ ok: true, value, changed });
    expect(normalizeAmount(cell, dot)).toEqual({ ok: true, value, changed });
  });

  it('rejects negative and non-finite numbers', () => {
    expect(normalizeAmount(-5, comma)).toEqual({ ok: false, reason: 'negative' });
    expect(normalizeAmount(-0.001, comma)).toEqual({ ok: false, reason: 'negative' });
    expect(normalizeAmount(Number.NaN, comma)).toEqual({ ok: false, reason: 'not-a-number' });
    expect(normalizeAmount(Number.POSITIVE_INFINITY, comma)).toEqual({ ok: false, reason: 'not-a-number' });
  });
});

describe('normalizeAmount: text with "," as the decimal separator', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1234,5', '1234.50'],
    ['1234,56', '1234.56'],
    ['$ 1.234,56', '1234.56'],
    ['$1.234,56', '1234.56'],
    ['ARS 1234,56', '1234.56'],
    ['AR$ 1.234,56', '1234.56'],
    ['1.234,56 pesos', '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00A0234,56', '1234.56'],
    ['1.234.567,89', '1234567.89'],
    ['1.500', '1500.00'], // the batch's thousands separator
    ['1500', '1500.00'],
    ['  1500  ', '1500.00'],
    ['+1500', '1500.00'],
    ['0,5', '0.50'],
    [',5', '0.50'],
    ['1234,', '1234.00'],
    ['1234,567', '1234.57'],
    ['1234.5', '1234.50'], // a lone "." that cannot be grouping is a decimal point
    ['1,234.56', '1234.56'], // both marks: the last one is the decimal point
    ['007,50', '7.50'],
    ['-0,00', '0.00'],
  ])('%s → %s', (cell, value) => {
    const result = normalizeAmount(cell, comma);
    expect(result).toMatchObject({ ok: true, value });
    expect(result.ok && result.ambiguous).toBeFalsy();
  });
});

describe('normalizeAmount: text with "." as the decimal separator', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['1234.56', '1234.56'],
    ['$ 1,234.56', '1234.56'],
    ['1,234,567.89', '1234567.89'],
    ['1,500', '1500.00'],
    ['1 234.56', '1234.56'],
    ['1234,5', '1234.50'],
    ['1.234,56', '1234.56'],
  ])('%s → %s', (cell, value) => {
    expect(normalizeAmount(cell, dot)).toMatchObject({ ok: true, value });
  });

  it('says whether the text changed', () => {
    expect(normalizeAmount('1234.56', dot)).toEqual({ ok: true, value: '1234.56', changed: false });
    expect(normalizeAmount('1,234.56', dot)).toEqual({ ok: true, value: '1234.56', changed: true });
  });
});

describe('normalizeAmount: ambiguity', () => {
  it('flags a lone decimal mark followed by exactly three digits, which could be thousands', () => {
    const dotted = normalizeAmount('1.500', dot);
    expect(dotted).toMatchObject({ ok: true, value: '1.50' });
    expect(dotted.ok && dotted.ambiguous).toContain('1500');
    const commaed = normalizeAmount('1,500', comma);
    expect(commaed).toMatchObject({ ok: true, value: '1.50' });
    expect(commaed.ok && commaed.ambiguous).toContain('1500');
    expect(normalizeAmount('$ 999,995', comma)).toMatchObject({ ok: true, value: '1000.00', ambiguous: expect.stringContaining('999995') });
  });

  it('does not flag what grouping could not produce', () => {
    for (const [cell, options] of [
      ['0,500', comma],
      ['1234,500', comma],
      ['1.50', dot],
      ['1.5000', dot],
      ['1.234,500', comma],
    ] as const) {
      const result = normalizeAmount(cell, options);
      expect(result.ok).toBe(true);
      expect(result.ok && result.ambiguous).toBeFalsy();
    }
  });
});

describe('normalizeAmount: rejections', () => {
  it.each([
    [null, 'empty'],
    [undefined, 'empty'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1.234,56', 'negative'],
    ['- 1.234,56', 'negative'],
    ['\u22121.234,56', 'negative'],
    ['1.234,56-', 'negative'],
    ['(1.234,56)', 'negative'],
    ['($ 1.234,56)', 'negative'],
    ['$ -1.234,56', 'negative'],
    ['abc', 'not-a-number'],
    ['USD 100', 'not-a-number'],
    ['U$S 100', 'not-a-number'],
    ['€ 100', 'not-a-number'],
    ['1e5', 'not-a-number'],
    ['1.234.5', 'not-a-number'],
    ['1,23,456', 'not-a-number'],
    ['12,34,56', 'not-a-number'],
    ['1.234,56,78', 'not-a-number'],
    ['$', 'not-a-number'],
    ['1,2.3,4', 'not-a-number'],
  ] as const)('%s → %s', (cell, reason) => {
    expect(normalizeAmount(cell, comma)).toEqual({ ok: false, reason });
  });
});

describe('normalizeAmount: properties', () => {
  const formatCents = (cents: bigint, decimal: ',' | '.', grouping: '' | '.' | ',' | ' ') => {
    const whole = (cents / 100n).toString();
    const fraction = (cents % 100n).toString().padStart(2, '0');
    const grouped = grouping === '' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, grouping);
    return `${grouped}${decimal}${fraction}`;
  };
  const canonical = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

  it('any non-negative amount in cents, written in either convention, reads back exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.constantFrom<',' | '.'>(',', '.'),
        fc.boolean(),
        fc.constantFrom('', '$ ', 'ARS '),
        (cents, decimal, grouped, prefix) => {
          const grouping = grouped ? (decimal === ',' ? '.' : ',') : '';
          const cell = prefix + formatCents(cents, decimal, grouping);
          expect(normalizeAmount(cell, { decimalSeparator: decimal })).toMatchObject({ ok: true, value: canonical(cents) });
          expect(normalizeAmount(formatCents(cents, decimal, ' '), { decimalSeparator: decimal })).toMatchObject({ ok: true, value: canonical(cents) });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a number cell of whole cents reads back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (cents) => {
        expect(normalizeAmount(cents / 100, comma)).toMatchObject({ ok: true, value: canonical(BigInt(cents)), changed: false });
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws and always answers one of the documented shapes', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789.,- $()ARS') }), fc.double(), fc.constant(null)),
        fc.constantFrom<',' | '.'>(',', '.'),
        (cell, decimal) => {
          const result = normalizeAmount(cell, { decimalSeparator: decimal });
          if (result.ok) expect(result.value).toMatch(/^\d+\.\d{2}$/);
          else expect(['empty', 'not-a-number', 'negative']).toContain(result.reason);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
