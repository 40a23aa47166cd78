// The short way through a text date ("05/06/2027" read in one scan) must read what the general
// way's patterns read, in every date order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromText, shortDate, type DateOrder } from '../../../src-main/preparation/normalize/dates';

const dateText = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^\d{1,3}$/),
      fc.constantFrom('/', '-', '.', ' ', '/ '),
      fc.stringMatching(/^\d{1,3}$/),
      fc.constantFrom('/', '-', '.'),
      fc.stringMatching(/^\d{1,5}$/),
    )
    .map(([a, s1, b, s2, c]) => a + s1 + b + s2 + c),
  fc.tuple(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 2100 })).map(([d, m, y]) => `${d}/${m}/${y}`),
  fc.stringMatching(/^[\d/.-]{1,12}$/),
  fc.constantFrom('05/06/2027', '31/02/2027', '29/02/2028', '29/02/2100', '1/1/27', '12/31/69', '12/31/70', '00/00/0000', '26.12.31', '2026-12-31'),
);

describe('the short way through a text date', () => {
  it('reads what the general way reads, whenever it reads at all (property)', () => {
    let short = 0;
    fc.assert(
      fc.property(dateText, fc.constantFrom<DateOrder>('DMY', 'MDY', 'YMD'), (text, dateOrder) => {
        const fast = shortDate(text, dateOrder);
        if (fast === null) return;
        short++;
        expect(fast).toEqual(fromText(text, { dateOrder }));
      }),
      { numRuns: 5000, seed: 61 },
    );
    expect(short).toBeGreaterThan(1000);
  });
});
