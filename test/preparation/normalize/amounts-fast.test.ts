// The short way through an amount ("12.123,50" read in one scan) must read what the general way
// reads, and cents must round as the written digits say (held to the first, regex-based rule).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainMagnitude, signedMagnitude, toCents } from '../../../src-main/preparation/normalize/amounts';

const amountText = fc.oneof(
  // Grouped and not, with the batch's decimal point or the other one.
  fc
    .tuple(
      fc.stringMatching(/^\d{1,4}$/),
      fc.array(fc.stringMatching(/^\d{2,4}$/), { maxLength: 3 }),
      fc.constantFrom('.', ','),
      fc.constantFrom('', ',', '.'),
      fc.stringMatching(/^\d{0,4}$/),
    )
    .map(([head, groups, mark, point, fraction]) => head + groups.map((g) => mark + g).join('') + point + fraction),
  fc.stringMatching(/^[\d.,]{1,14}$/),
  fc.stringMatching(/^[-+($ ]{0,2}[\d.,]{1,10}[-) ]{0,2}$/),
  fc.constantFrom('1.500', '1,500', '0,500', '012,345', '1.234.567,891', '1,234,567.891', '1.5', '1.', ',5', '999.999,995', '0', '00,00'),
);

describe('the short way through an amount', () => {
  it('reads what the general way reads, whenever it reads at all (property)', () => {
    let short = 0;
    fc.assert(
      fc.property(amountText, fc.constantFrom<',' | '.'>(',', '.'), (text, batchDecimal) => {
        const plain = plainMagnitude(text, batchDecimal);
        if (plain === null) return;
        short++;
        expect(signedMagnitude(text, batchDecimal)).toEqual({ magnitude: plain, negative: false });
      }),
      { numRuns: 5000, seed: 53 },
    );
    expect(short).toBeGreaterThan(1000);
  });

  it('rounds to cents as the written digits say (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), fc.stringMatching(/^\d{0,6}$/), (whole, fraction) => {
        expect(toCents(whole, fraction)).toEqual(referenceCents(whole, fraction));
      }),
      { numRuns: 5000, seed: 59 },
    );
    for (const [whole, fraction] of [
      ['0', '995'],
      ['999', '995'],
      ['000', ''],
      ['0', '005'],
      ['9', '99'],
      ['00', '4'],
    ] as const)
      expect(toCents(whole, fraction)).toEqual(referenceCents(whole, fraction));
  });
});

/** The rule as first written, on strings and regexes. */
function referenceCents(whole: string, fraction: string): { value: string; rounded: boolean } {
  const cents = (fraction + '00').slice(0, 2);
  const rest = fraction.slice(2);
  let digits = (whole.replace(/^0+/, '') || '0') + cents;
  if (rest.length > 0 && rest.charCodeAt(0) >= 53) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  return { value: `${digits.slice(0, -2).replace(/^0+(?=\d)/, '') || '0'}.${digits.slice(-2)}`, rounded: /[1-9]/.test(rest) };
}
