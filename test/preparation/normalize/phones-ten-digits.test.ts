// A cell of ten digits takes a short way through the phone reader: it must read exactly as the
// general way (phoneTextCell) reads the same digits. A space before them no longer reaches the
// general way (the one-number short way takes it too), so the general way is called by name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAreaCode, normalizePhoneCell } from '../../../src-main/preparation/normalize';
import { phoneTextCell } from '../../../src-main/preparation/normalize/phones';

const tenDigits = fc.oneof(
  // Any ten digits: most are no Argentine number, and each way must refuse them alike.
  fc.stringMatching(/^\d{10}$/),
  // Real-looking numbers: a known area code's first digits, then the rest.
  fc
    .tuple(fc.constantFrom('11', '221', '2914', '351', '3814', '261', '341', '0', '15', '54'), fc.stringMatching(/^\d{10}$/))
    .map(([start, rest]) => (start + rest).slice(0, 10)),
  // Placeholders and sequences.
  fc.constantFrom('1111111111', '1123456789', '1198765432', '0000000000', '1100000000', '1145678901'),
);

describe('a ten-digit phone cell', () => {
  it('reads as the general reader reads it, with or without a default area code (property)', () => {
    fc.assert(
      fc.property(tenDigits, fc.constantFrom(undefined, '11', '351'), (digits, defaultAreaCode) => {
        const area = defaultAreaCode ? normalizeAreaCode(defaultAreaCode) : null;
        expect(normalizePhoneCell(digits, { defaultAreaCode })).toEqual(phoneTextCell(digits, area));
        expect(normalizePhoneCell(` ${digits}`, { defaultAreaCode })).toEqual(phoneTextCell(` ${digits}`, area));
      }),
      { numRuns: 5000, seed: 29 },
    );
  });
});
