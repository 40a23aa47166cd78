// The short way through a phone cell must give exactly what the general way gives: the same
// phone, the same original text, the same fixes, the same drop with the same values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAreaCode, normalizePhoneCell } from '../../../src-main/preparation/normalize';
import { digitlessCell, wholePhoneOfCell } from '../../../src-main/preparation/normalize/phone-cell-fast';
import { phoneTextCell } from '../../../src-main/preparation/normalize/phones';

const areas = fc.constantFrom('11', '351', '221', '2202', '220', '2914', '3814', '261', '341', '387', '2964', '99', '39', '0', '5');
const subscriber = fc.oneof(
  fc.stringMatching(/^\d{6,8}$/),
  fc.constantFrom('4567890', '45678901', '6000123', '600012', '1111111', '1234567', '0123456', '15456789', '4444444', '8765432'),
);
const separator = fc.constantFrom(' ', '-', '', ' - ', '  ', ')', ') ', '(', ' (');

/** A number as creditors spell it: country code, mobile 9, trunk 0, 15, groups cut anywhere. */
const spelled = fc
  .record({
    country: fc.constantFrom('', '', '+54 ', '+54', '54 ', '0054 ', '00 54 ', '+ 54 ', '+1 ', '+549'),
    nine: fc.constantFrom('', '', '9 ', '9'),
    trunk: fc.constantFrom('', '', '0', '(0', '('),
    area: areas,
    close: fc.constantFrom('', ' ', ') ', ')', '-'),
    fifteen: fc.constantFrom('', '', '15 ', '15-', '(15) '),
    subscriber,
    cut: fc.nat({ max: 8 }),
    mid: separator,
    pad: fc.constantFrom('', ' ', '  '),
    tail: fc.constantFrom('', '', ' ', ')', '-', '+'),
  })
  .map((p) => {
    const sub = p.subscriber.slice(0, p.cut) + p.mid + p.subscriber.slice(p.cut);
    return `${p.pad}${p.country}${p.nine}${p.trunk}${p.area}${p.close}${p.fifteen}${sub}${p.tail}${p.pad}`;
  });

/** Anything made of the characters the short way accepts, and a few it must leave alone. */
const scrambled = fc.oneof(
  fc.stringMatching(/^[\d ()+-]{0,24}$/),
  fc.stringMatching(/^[\d ()+-/]{0,24}$/),
  fc.stringMatching(/^\+?[\d ]{8,18}$/),
  fc.stringMatching(/^[\d.]{6,14}$/),
  fc.stringMatching(/^[ -~\t\n]{0,14}$/),
  fc.stringMatching(/^[a-z ]{0,6}$/).map((s) => `${s}\u0001${s}`),
  fc.stringMatching(/^[a-zA-Z /.:-]{0,14}$/),
  fc.constantFrom(
    '',
    ' ',
    '-',
    '()',
    '+',
    '0',
    'sin dato',
    ' N/A ',
    '\t',
    'no tiene',
    'O11',
    'x12',
    'e12',
    '000 000-0000',
    '11 4567-8901 int. 23',
    '011 4000-000',
    '351 6000123 / 4567890',
  ),
);

const defaults = fc.constantFrom(undefined, '11', '351', '0351', '2964', '99');

function bothWays(cell: string, defaultAreaCode: string | undefined) {
  const area = defaultAreaCode ? normalizeAreaCode(defaultAreaCode) : null;
  return { short: normalizePhoneCell(cell, { defaultAreaCode }), general: phoneTextCell(cell, area) };
}

describe('the short way through a phone cell', () => {
  it('reads the usual Argentine spellings as the general way does', () => {
    for (const cell of ['+54 9 351 600-0123', '011 4123-4567', '(0351) 15 456-7890', '351 6000123', '3516000123', ' +54 9 351 600-0123 ']) {
      expect(wholePhoneOfCell(cell, null)).not.toBeNull();
      const { short, general } = bothWays(cell, undefined);
      expect(short).toEqual(general);
      expect(short.phones).toHaveLength(1);
    }
  });

  it('gives the same phones, fixes and drops as the general way (property, spelled numbers)', () => {
    let short = 0;
    fc.assert(
      fc.property(spelled, defaults, (cell, defaultAreaCode) => {
        const area = defaultAreaCode ? normalizeAreaCode(defaultAreaCode) : null;
        if (wholePhoneOfCell(cell, area)) short++;
        const both = bothWays(cell, defaultAreaCode);
        expect(both.short).toEqual(both.general);
      }),
      { numRuns: 4000, seed: 41 },
    );
    // The spellings must mostly take the short way, or this test proves little.
    expect(short).toBeGreaterThan(500);
  });

  it('gives the same results as the general way on any cell of its characters (property)', () => {
    fc.assert(
      fc.property(scrambled, defaults, (cell, defaultAreaCode) => {
        const both = bothWays(cell, defaultAreaCode);
        expect(both.short).toEqual(both.general);
      }),
      { numRuns: 4000, seed: 43 },
    );
  });

  it('tells a cell with no digit empty or junk as the general way does', () => {
    for (const cell of ['sin dato', ' N/A ', '', '   ', '-', '\t', 'ooo', 'int. x']) {
      expect({ phones: [], dropped: [digitlessCell(cell)] }).toEqual(phoneTextCell(cell, null));
    }
    expect(digitlessCell('sin dato 4')).toBeNull();
    expect(digitlessCell('\uff11')).toBeNull();
  });

  it('leaves cells with separators, letters or dots to the general way', () => {
    for (const cell of ['351 6000123 / 4567890', '11 4567-8901 int. 23', '1145678901.0', '11.4567.8901', '11\u00a04567-8901', 'O11 4567-8901']) {
      expect(wholePhoneOfCell(cell, null)).toBeNull();
    }
  });
});
