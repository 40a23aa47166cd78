// Expiration dates as spreadsheets hold them → YYYY-MM-DD.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDate } from '../../../src-main/preparation/normalize';

const DMY = { dateOrder: 'DMY' } as const;
const MDY = { dateOrder: 'MDY' } as const;
const YMD = { dateOrder: 'YMD' } as const;

describe('normalizeDate: text in the batch order', () => {
  it.each([
    ['31/12/2026', DMY, '2026-12-31'],
    ['31-12-26', DMY, '2026-12-31'],
    ['31.12.2026', DMY, '2026-12-31'],
    ['1/2/2027', DMY, '2027-02-01'],
    ['01/02/2027', DMY, '2027-02-01'],
    ['1/2/2027', MDY, '2027-01-02'],
    ['12/31/2026', MDY, '2026-12-31'],
    ['2026/12/31', YMD, '2026-12-31'],
    ['26/12/31', YMD, '2026-12-31'],
    ['2026/12/31', DMY, '2026-12-31'], // four digits first is a year whatever the order
    ['2026-12-31', DMY, '2026-12-31'], // ISO always
    ['2026-12-31', MDY, '2026-12-31'],
    ['2026-12-31T00:00:00', DMY, '2026-12-31'],
    ['2026-12-31 00:00:00', MDY, '2026-12-31'],
    ['31/12/2026 00:00', DMY, '2026-12-31'],
    ['31/12/2026 12:30:15', DMY, '2026-12-31'],
    ['12/31/2026 3:00 PM', MDY, '2026-12-31'],
    ['31122026', DMY, '2026-12-31'],
    ['12312026', MDY, '2026-12-31'],
    ['20261231', YMD, '2026-12-31'],
    ['31-dic-2026', DMY, '2026-12-31'],
    ['31-Dec-26', DMY, '2026-12-31'],
    ['5 de septiembre de 2027', DMY, '2027-09-05'],
    ['5 setiembre 2027', DMY, '2027-09-05'],
    ['1 de enero del 2027', DMY, '2027-01-01'],
    [' 31/12/2026\u00A0', DMY, '2026-12-31'],
    ['29/02/2024', DMY, '2024-02-29'],
    ['29/02/2000', DMY, '2000-02-29'],
  ] as const)('%s (%o) → %s', (cell, options, value) => {
    expect(normalizeDate(cell, options)).toEqual({ ok: true, value, changed: cell.trim() !== value });
  });

  it('reads two-digit years with the pivot 70: 00–69 → 20xx, 70–99 → 19xx', () => {
    expect(normalizeDate('1/1/00', DMY)).toMatchObject({ value: '2000-01-01' });
    expect(normalizeDate('1/1/69', DMY)).toMatchObject({ value: '2069-01-01' });
    expect(normalizeDate('1/1/70', DMY)).toMatchObject({ value: '1970-01-01' });
    expect(normalizeDate('1/1/99', DMY)).toMatchObject({ value: '1999-01-01' });
  });

  it('says unchanged only for text already in YYYY-MM-DD', () => {
    expect(normalizeDate('2026-12-31', DMY)).toEqual({ ok: true, value: '2026-12-31', changed: false });
    expect(normalizeDate('2026-1-5', DMY)).toEqual({ ok: true, value: '2026-01-05', changed: true });
  });
});

describe('normalizeDate: serial numbers', () => {
  it.each([
    [45000, '2023-03-15'],
    [45000.75, '2023-03-15'], // the fraction is the time of day
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'], // after Excel's fake 1900-02-29
    [36526, '2000-01-01'],
    [46387, '2026-12-31'],
    [2958465, '9999-12-31'],
  ])('1900 system: %s → %s', (serial, value) => {
    expect(normalizeDate(serial, DMY)).toEqual({ ok: true, value, changed: true });
  });

  it('rejects the fake 1900-02-29 and serials outside the calendar', () => {
    for (const serial of [60, 0, -1, 2958466]) expect(normalizeDate(serial, DMY)).toEqual({ ok: false, reason: 'impossible' });
    expect(normalizeDate(Number.NaN, DMY)).toEqual({ ok: false, reason: 'unreadable' });
    expect(normalizeDate(Number.POSITIVE_INFINITY, DMY)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it.each([
    [0, '1904-01-01'],
    [1, '1904-01-02'],
    [43538, '2023-03-15'], // 1462 days less than in the 1900 system
  ])('1904 system: %s → %s', (serial, value) => {
    expect(normalizeDate(serial, { dateOrder: 'DMY', date1904: true })).toEqual({ ok: true, value, changed: true });
  });

  it('reads five-digit serials written as text, not bare years', () => {
    expect(normalizeDate('45000', DMY)).toEqual({ ok: true, value: '2023-03-15', changed: true });
    expect(normalizeDate('45000,5', DMY)).toEqual({ ok: true, value: '2023-03-15', changed: true });
    expect(normalizeDate('43538', { dateOrder: 'MDY', date1904: true })).toMatchObject({ value: '2023-03-15' });
    expect(normalizeDate('2026', DMY)).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('normalizeDate: Date objects', () => {
  it('takes the calendar date of the UTC parts, unchanged', () => {
    expect(normalizeDate(new Date(Date.UTC(2026, 11, 31)), DMY)).toEqual({ ok: true, value: '2026-12-31', changed: false });
    // 23:00 UTC is still the 31st: local time in Argentina (UTC−3) is not used.
    expect(normalizeDate(new Date(Date.UTC(2026, 11, 31, 23)), MDY)).toEqual({ ok: true, value: '2026-12-31', changed: false });
    expect(normalizeDate(new Date(Number.NaN), DMY)).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('normalizeDate: rejections', () => {
  it.each([
    [null, 'empty'],
    [undefined, 'empty'],
    ['', 'empty'],
    ['  ', 'empty'],
    ['31/02/2027', 'impossible'],
    ['29/02/2027', 'impossible'],
    ['29/02/2100', 'impossible'],
    ['31/04/2027', 'impossible'],
    ['13/13/2027', 'impossible'],
    ['0/1/2027', 'impossible'],
    ['2027-13-01', 'impossible'],
    ['2027-02-30', 'impossible'],
    ['0999-01-01', 'impossible'],
    ['hola', 'unreadable'],
    ['31/12', 'unreadable'],
    ['31/12/202', 'unreadable'],
    ['31/12-2026', 'unreadable'],
    ['31-xyz-2026', 'unreadable'],
    ['vence el 31', 'unreadable'],
  ] as const)('%s → %s', (cell, reason) => {
    expect(normalizeDate(cell, DMY)).toEqual({ ok: false, reason });
  });

  it('reads the month as the batch says: 13/01 is impossible in MDY', () => {
    expect(normalizeDate('13/01/2027', MDY)).toEqual({ ok: false, reason: 'impossible' });
    expect(normalizeDate('13/01/2027', DMY)).toMatchObject({ ok: true, value: '2027-01-13' });
  });
});

describe('normalizeDate: properties', () => {
  const day = fc
    .date({ min: new Date(Date.UTC(1900, 2, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
    .map((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');

  it('every date written as DMY, MDY or YMD text reads back as itself', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('/', '-', '.'), (d, sep) => {
        const [y, m, dd] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
        expect(normalizeDate(`${dd}${sep}${m}${sep}${y}`, DMY)).toMatchObject({ ok: true, value: iso(d) });
        expect(normalizeDate(`${m}${sep}${dd}${sep}${y}`, MDY)).toMatchObject({ ok: true, value: iso(d) });
        expect(normalizeDate(`${y}${sep}${m}${sep}${dd}`, YMD)).toMatchObject({ ok: true, value: iso(d) });
        expect(normalizeDate(d, DMY)).toEqual({ ok: true, value: iso(d), changed: false });
      }),
      { numRuns: 2000 },
    );
  });

  it('every date as a serial number (1900 or 1904 system) reads back as itself', () => {
    fc.assert(
      fc.property(day, fc.double({ min: 0, max: 0.999, noNaN: true }), (d, time) => {
        // Independent of the implementation: days since 1899-12-30, valid from 1900-03-01 on.
        const serial1900 = Math.round((d.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000);
        expect(normalizeDate(serial1900 + time, DMY)).toMatchObject({ ok: true, value: iso(d) });
        expect(normalizeDate(serial1900 - 1462, { dateOrder: 'DMY', date1904: true })).toMatchObject(
          d.getUTCFullYear() >= 1904 ? { ok: true, value: iso(d) } : { ok: false },
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on any text or number', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789/-. :') }), fc.double()),
        fc.constantFrom('DMY', 'MDY', 'YMD') as fc.Arbitrary<'DMY' | 'MDY' | 'YMD'>,
        fc.boolean(),
        (cell, dateOrder, date1904) => {
          const result = normalizeDate(cell, { dateOrder, date1904 });
          if (result.ok) expect(result.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
