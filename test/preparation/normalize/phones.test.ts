// Phone cells as Argentine creditors write them → the 10-digit numbers the service accepts.
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { parsePhoneNumberFromString as parseWithFullMetadata } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { phoneViolation } from '../../../src-main/contract/upload-rules';
import { mergeCasePhones, normalizeAreaCode, normalizePhoneCell, type PhoneChange, type PhoneDropReason } from '../../../src-main/preparation/normalize';

// Area codes the table uses, each with a subscriber that libphonenumber's full metadata calls valid.
const AREAS = {
  '11': '45678901', // Buenos Aires (AMBA)
  '351': '4567890', // Córdoba
  '341': '4567890', // Rosario
  '261': '4567890', // Mendoza
  '221': '4567890', // La Plata
  '381': '4567890', // San Miguel de Tucumán
  '2966': '423456', // Río Gallegos
  '3865': '423456', // Concepción (Tucumán)
  '2954': '423456', // Santa Rosa (La Pampa)
} as const;

describe('the area codes the tests use are real (libphonenumber-js metadata)', () => {
  it.each(Object.entries(AREAS))('%s with subscriber %s', (area, subscriber) => {
    // The mobile rule "0 <area> 15 <subscriber>" only fires for a known area code.
    expect(parsePhoneNumberFromString(`0${area}15${subscriber}`, 'AR')?.nationalNumber).toBe(`9${area}${subscriber}`);
    const fixed = parseWithFullMetadata(`0${area}${subscriber}`, 'AR');
    expect(fixed?.isValid()).toBe(true);
    expect(fixed?.formatNational()).toMatch(new RegExp(`^0${area} `));
    expect(normalizeAreaCode(area)).toBe(area);
  });

  it('normalizeAreaCode takes the trunk 0 and rejects codes that do not exist', () => {
    expect(normalizeAreaCode('0351')).toBe('351');
    expect(normalizeAreaCode('(011)')).toBe('11');
    for (const code of ['200', '15', '1115', '9', '', '54', '0800']) expect(normalizeAreaCode(code)).toBeNull();
  });
});

interface Row {
  cell: string | number | null | undefined;
  area?: string;
  phones: string[];
  changes?: PhoneChange[];
  dropped?: PhoneDropReason[];
}

const BA = '1145678901';
const table: Row[] = [
  // Buenos Aires, 2-digit area code
  { cell: '011 15-4567-8901', phones: [BA], changes: ['removed-trunk-0', 'removed-15'] },
  { cell: '(011) 4567-8901', phones: [BA], changes: ['removed-trunk-0'] },
  { cell: '+54 9 11 4567-8901', phones: [BA], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '+54 11 4567-8901', phones: [BA], changes: ['removed-country-code'] },
  { cell: '+54 9 11 15 4567 8901', phones: [BA], changes: ['removed-country-code', 'removed-mobile-9', 'removed-15'] },
  { cell: '+5491145678901', phones: [BA], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '5491145678901', phones: [BA], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '0054 9 11 4567 8901', phones: [BA], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '+54 (011) 4567-8901', phones: [BA], changes: ['removed-country-code', 'removed-trunk-0'] },
  { cell: '9 11 4567 8901', phones: [BA], changes: ['removed-mobile-9'] },
  { cell: '11 15 4567 8901', phones: [BA], changes: ['removed-15'] },
  { cell: '011-15-4567-8901', phones: [BA], changes: ['removed-trunk-0', 'removed-15'] },
  { cell: '(11) 15 4567-8901', phones: [BA], changes: ['removed-15'] },
  { cell: '11-4567-8901', phones: [BA], changes: [] },
  { cell: '1145678901', phones: [BA], changes: [] },
  { cell: '11.4567.8901', phones: [BA], changes: [] },
  { cell: '15 4567 8901', area: '11', phones: [BA], changes: ['removed-15', 'added-area-code'] },
  { cell: '15-4567-8901', phones: [], dropped: ['no-area-code'] },
  { cell: '4567-8901', area: '11', phones: [BA], changes: ['added-area-code'] },
  { cell: '4567-8901', area: '011', phones: [BA], changes: ['added-area-code'] },
  { cell: '4567-8901', phones: [], dropped: ['no-area-code'] },
  { cell: '4567-8901', area: '351', phones: [], dropped: ['no-area-code'] },
  { cell: '011 4567 8901 int. 23', phones: [BA], changes: ['removed-extension', 'removed-trunk-0'], dropped: ['extension'] },
  { cell: '011 4567-8901 interno 45', phones: [BA], changes: ['removed-extension', 'removed-trunk-0'], dropped: ['extension'] },
  { cell: '11 4567 8901 ext 12', phones: [BA], changes: ['removed-extension'], dropped: ['extension'] },
  { cell: '1145678901 x12', phones: [BA], changes: ['removed-extension'], dropped: ['extension'] },
  { cell: '1145678901.0', phones: [BA], changes: ['removed-decimal-zero'] },
  { cell: '1145678901,0', phones: [BA], changes: ['removed-decimal-zero'] },
  { cell: 1145678901, phones: [BA], changes: [] },
  { cell: 1145678901.0, phones: [BA], changes: [] },
  { cell: 5491145678901, phones: [BA], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '5.491145678901E+12', phones: [BA], changes: ['expanded-exponent', 'removed-country-code', 'removed-mobile-9'] },
  { cell: '11 4567 89O1', phones: [BA], changes: ['fixed-letter-o'] },
  { cell: 'O11 4567-89o1', phones: [BA], changes: ['fixed-letter-o', 'removed-trunk-0'] },
  { cell: '011\u00A04567\u00A08901', phones: [BA], changes: ['removed-trunk-0'] },
  { cell: '011\u20094567\u202F8901', phones: [BA], changes: ['removed-trunk-0'] },
  { cell: '\uFF11\uFF11 \uFF14\uFF15\uFF16\uFF17 \uFF18\uFF19\uFF10\uFF11', phones: [BA], changes: [] },
  { cell: 'Tel: 011 4567-8901', phones: [BA], changes: ['removed-trunk-0'] },
  // Several numbers in one cell
  { cell: '011 4567-8901 / 011 15 5555-6666', phones: [BA, '1155556666'] },
  { cell: '4567-8901 y 4444-5555', area: '11', phones: [BA, '1144445555'] },
  { cell: '4567-8901 y 4444-5555', phones: [], dropped: ['no-area-code', 'no-area-code'] },
  { cell: '4567-8901 4444-5555', area: '11', phones: [BA, '1144445555'] },
  { cell: '011 4567-8901 o 011 4444-5555', phones: [BA, '1144445555'] },
  { cell: '1145678901 - 1144445555', phones: [BA, '1144445555'] },
  { cell: '1145678901-1144445555', phones: [BA, '1144445555'] },
  { cell: '011 4567-8901; 011 4444-5555, 11 5555-6666', phones: [BA, '1144445555', '1155556666'] },
  { cell: '011 4567-8901\n011 4444-5555', phones: [BA, '1144445555'] },
  { cell: '011 4567-8901 | 11-4444-5555', phones: [BA, '1144445555'] },
  { cell: 'Tel: 011 4567-8901 Cel: 11 15 5555-6666', phones: [BA, '1155556666'] },
  { cell: '011 4567-8901 (int 23) / 4444-5555', area: '11', phones: [BA, '1144445555'], dropped: ['extension'] },
  { cell: '011 4567-8901 - 0', phones: [BA], dropped: ['junk'] },
  { cell: '011 4567-8901 / 0351 456-7890 / 02966 42-3456', phones: [BA, '3514567890', '2966423456'] },
  // Duplicates within a cell: the first is kept
  { cell: '1145678901 / 011 4567-8901', phones: [BA], dropped: ['duplicate'] },
  { cell: '011 4567 8901 / 11 15 4567 8901 / 4444-5555', area: '11', phones: [BA, '1144445555'], dropped: ['duplicate'] },
  // Córdoba, Rosario, Mendoza, La Plata, Tucumán: 3-digit area codes
  { cell: '54 9 351 456-7890', phones: ['3514567890'], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '0351 15 456 7890', phones: ['3514567890'], changes: ['removed-trunk-0', 'removed-15'] },
  { cell: '351-4567890', phones: ['3514567890'], changes: [] },
  { cell: '(0351) 456-7890', phones: ['3514567890'], changes: ['removed-trunk-0'] },
  { cell: '+54 9 351 4567890', phones: ['3514567890'], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '456-7890', area: '351', phones: ['3514567890'], changes: ['added-area-code'] },
  { cell: '456-7890', area: '0351', phones: ['3514567890'], changes: ['added-area-code'] },
  { cell: '15 456 7890', area: '351', phones: ['3514567890'], changes: ['removed-15', 'added-area-code'] },
  { cell: '456-7890', area: '11', phones: [], dropped: ['no-area-code'] },
  { cell: '0341 15-456-7890', phones: ['3414567890'], changes: ['removed-trunk-0', 'removed-15'] },
  { cell: '341 4567890', phones: ['3414567890'], changes: [] },
  { cell: '+54 341 456 7890', phones: ['3414567890'], changes: ['removed-country-code'] },
  { cell: '0261 4567890', phones: ['2614567890'], changes: ['removed-trunk-0'] },
  { cell: '261 15 4567890', phones: ['2614567890'], changes: ['removed-15'] },
  { cell: '(0221) 15 456-7890', phones: ['2214567890'], changes: ['removed-trunk-0', 'removed-15'] },
  { cell: '221-456-7890', phones: ['2214567890'], changes: [] },
  { cell: '0381 456 7890', phones: ['3814567890'], changes: ['removed-trunk-0'] },
  { cell: '+54 9 381 456-7890', phones: ['3814567890'], changes: ['removed-country-code', 'removed-mobile-9'] },
  // Río Gallegos, Concepción, Santa Rosa: 4-digit area codes
  { cell: '02966 42-3456', phones: ['2966423456'], changes: ['removed-trunk-0'] },
  { cell: '2966 15 42 3456', phones: ['2966423456'], changes: ['removed-15'] },
  { cell: '+54 9 2966 423456', phones: ['2966423456'], changes: ['removed-country-code', 'removed-mobile-9'] },
  { cell: '42-3456', area: '2966', phones: ['2966423456'], changes: ['added-area-code'] },
  { cell: '15 423456', area: '02966', phones: ['2966423456'], changes: ['removed-15', 'added-area-code'] },
  { cell: '03865 42-3456', phones: ['3865423456'], changes: ['removed-trunk-0'] },
  { cell: '3865 15 423456', phones: ['3865423456'], changes: ['removed-15'] },
  { cell: '02954 423456', phones: ['2954423456'], changes: ['removed-trunk-0'] },
  { cell: '(02954) 15-42-3456', phones: ['2954423456'], changes: ['removed-trunk-0', 'removed-15'] },
  // Junk and blanks
  { cell: 'sin dato', phones: [], dropped: ['junk'] },
  { cell: 'S/D', phones: [], dropped: ['junk'] },
  { cell: '-', phones: [], dropped: ['junk'] },
  { cell: '0', phones: [], dropped: ['junk'] },
  { cell: '000000', phones: [], dropped: ['junk'] },
  { cell: 0, phones: [], dropped: ['junk'] },
  { cell: 'N/A', phones: [], dropped: ['junk'] },
  { cell: 'no tiene', phones: [], dropped: ['junk'] },
  { cell: '', phones: [], dropped: ['empty'] },
  { cell: ' \u00A0 ', phones: [], dropped: ['empty'] },
  { cell: null, phones: [], dropped: ['empty'] },
  { cell: undefined, phones: [], dropped: ['empty'] },
  // Cannot become a valid Argentine number
  { cell: '+1 305 555 1234', phones: [], dropped: ['invalid'] },
  { cell: '0800 333 4444', phones: [], dropped: ['unknown-area-code'] },
  { cell: '2001234567', phones: [], dropped: ['unknown-area-code'] },
  { cell: '011 4567 890', phones: [], dropped: ['invalid'] },
  { cell: '12345', phones: [], dropped: ['invalid'] },
  { cell: 1145678901.5, phones: [], dropped: ['invalid'] },
  { cell: -1145678901, phones: [], dropped: ['invalid'] },
  { cell: Number.NaN, phones: [], dropped: ['invalid'] },
  { cell: 54911456789, phones: [], dropped: ['invalid'] },
  { cell: '5.49115E+12', phones: [], dropped: ['invalid'] },
  // Shaped like a number but cannot be a line (./argentine-phone-checks.ts)
  { cell: '1111111111', phones: [], dropped: ['placeholder'] },
  { cell: '351 1111111', phones: [], dropped: ['placeholder'] },
  { cell: '(0351) 15 111-1111', phones: [], dropped: ['placeholder'] },
  { cell: '+54 9 351 2345678', phones: [], dropped: ['placeholder'] },
  { cell: '11 2345 6789', phones: [], dropped: ['placeholder'] },
  { cell: '0123456789', phones: [], dropped: ['placeholder'] },
  { cell: 3519876543, phones: [], dropped: ['placeholder'] },
  { cell: '4444-4444', phones: [], dropped: ['placeholder'] },
  { cell: '4444-4444', area: '11', phones: [], dropped: ['placeholder'] },
  { cell: '351 123-4568', phones: [], dropped: ['subscriber-starts-0-1'] },
  { cell: '0351 012-3457', phones: [], dropped: ['subscriber-starts-0-1'] },
  { cell: '11 0456 7890', phones: [], dropped: ['subscriber-starts-0-1'] },
  { cell: '1145678901 / 351 123-4568', phones: [BA], dropped: ['subscriber-starts-0-1'] },
  { cell: '351 15 45678', phones: [], dropped: ['too-short-after-15'] },
  { cell: '0351 15 456789', phones: [], dropped: ['too-short-after-15'] },
  { cell: '011 15 4567-890', phones: [], dropped: ['too-short-after-15'] },
  { cell: '+54 9 2966 15 4234', phones: [], dropped: ['too-short-after-15'] },
  { cell: '15 45678', area: '351', phones: [], dropped: ['too-short-after-15'] },
  { cell: '3904567890', phones: [], dropped: ['unknown-area-code'] },
  { cell: '+54 9 200 456 7890', phones: [], dropped: ['unknown-area-code'] },
  // Real numbers close to the patterns above stay
  { cell: '351 4567890', phones: ['3514567890'] },
  { cell: '11 2345 6780', phones: ['1123456780'] },
  { cell: '351 2222223', phones: ['3512222223'] },
  { cell: '011 4444-5555', phones: ['1144445555'] },
  // One number spelled three ways in a cell counts once
  { cell: '351-4567890 / (0351) 15 4567890 / +54 9 351 4567890', phones: ['3514567890'], dropped: ['duplicate', 'duplicate'] },
];

describe('normalizePhoneCell: real-world spellings', () => {
  it('has a large table', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table.map((row) => [JSON.stringify(row.cell), row.area ?? '-', row] as const))('%s (default area %s)', (_label, _area, row) => {
    const result = normalizePhoneCell(row.cell, { defaultAreaCode: row.area });
    expect(result.phones.map((p) => p.value)).toEqual(row.phones);
    expect(result.dropped.map((d) => d.reason)).toEqual(row.dropped ?? []);
    if (row.changes) expect(result.phones[0]?.changes).toEqual(row.changes);
    for (const phone of result.phones) expect(phoneViolation(phone.value)).toBeNull();
  });
});

describe('normalizePhoneCell: what it reports', () => {
  it('gives each number the text it came from and each dropped piece its own text, in cell order', () => {
    const result = normalizePhoneCell('Cel: (011) 15-4567-8901 int. 23 / sin dato / 4444-5555 / 1145678901', {});
    expect(result.phones).toEqual([{ value: BA, original: '(011) 15-4567-8901 int. 23', changes: ['removed-extension', 'removed-trunk-0', 'removed-15'] }]);
    expect(result.dropped).toEqual([
      { original: 'int. 23', reason: 'extension' },
      { original: '4444-5555', reason: 'no-area-code' },
      { original: '1145678901', reason: 'duplicate', detail: { same: BA } },
    ]);
  });

  it('keeps odd spaces and letters in the original, as the agent typed them', () => {
    const result = normalizePhoneCell('011\u00A04567 89O1', {});
    expect(result.phones[0]).toEqual({ value: BA, original: '011\u00A04567 89O1', changes: ['fixed-letter-o', 'removed-trunk-0'] });
  });

  it('reports a whole junk cell once, with its text', () => {
    expect(normalizePhoneCell('  s/d  ', {}).dropped).toEqual([{ original: 's/d', reason: 'junk' }]);
    expect(normalizePhoneCell('', {}).dropped).toEqual([{ original: '', reason: 'empty' }]);
  });

  it('does not take a letter O out of words, nor an "int" number for an extension', () => {
    expect(normalizePhoneCell('Ocampo 011 4567-8901', {}).phones.map((p) => p.changes)).toEqual([['removed-trunk-0']]);
    expect(normalizePhoneCell('int 4567-8901', { defaultAreaCode: '11' }).phones.map((p) => p.value)).toEqual([BA]);
  });

  it('ignores an unknown default area code rather than inventing numbers', () => {
    expect(normalizePhoneCell('4567-8901', { defaultAreaCode: '99' }).dropped).toEqual([{ original: '4567-8901', reason: 'no-area-code' }]);
  });

  it('never loses or adds digits of a number cell', () => {
    expect(normalizePhoneCell(3514567890, {}).phones[0]?.value).toBe('3514567890');
    expect(normalizePhoneCell(543514567890, {}).phones[0]).toEqual({ value: '3514567890', original: '543514567890', changes: ['removed-country-code'] });
    expect(normalizePhoneCell(1.1456789e9, {}).phones[0]?.value).toBe('1145678900');
    expect(normalizePhoneCell(2.966423456e9, {}).phones[0]?.value).toBe('2966423456');
  });
});

describe('mergeCasePhones', () => {
  it('keeps the first occurrence across rows and columns and lists each repeated phone once', () => {
    expect(mergeCasePhones([[BA, '3514567890'], [], ['3514567890', '2966423456', BA], [BA]])).toEqual({
      phones: [BA, '3514567890', '2966423456'],
      duplicates: ['3514567890', BA],
    });
    expect(mergeCasePhones([])).toEqual({ phones: [], duplicates: [] });
  });
});

// ---- properties ----

const PROPERTY_AREAS = ['11', '351', '341', '261', '221', '381', '2966', '3865', '2954', '220', '2202', '343', '3435', '299'];

/** One digit repeated, or each digit one more (or less) than the last: a placeholder, not a line. */
const looksMadeUp = (digits: string) => [...digits].every((d) => d === digits[0]) || '0123456789'.includes(digits) || '9876543210'.includes(digits);

const number = fc
  .record({
    area: fc.constantFrom(...PROPERTY_AREAS),
    first: fc.integer({ min: 2, max: 9 }),
    rest: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 7, maxLength: 7 }),
  })
  .map(({ area, first, rest }) => ({ area, sub: (String(first) + rest).slice(0, 10 - area.length) }))
  .filter(({ area, sub }) => !looksMadeUp(sub) && !looksMadeUp(area + sub));

/** One national number spelled the ways a cell may hold it (defaultArea is the batch's). */
function spell({ area, sub }: { area: string; sub: string }, style: number, defaultArea: string): string {
  const value = area + sub;
  const grouped = `${sub.slice(0, sub.length - 4)}-${sub.slice(-4)}`;
  switch (style % 10) {
    case 0:
      return value;
    case 1:
      return `0${area} ${grouped}`;
    case 2:
      return `(0${area}) 15 ${grouped}`;
    case 3:
      return `+54 9 ${area} ${grouped}`;
    case 4:
      return `+54 9 ${area} 15 ${sub}`;
    case 5:
      return `54${area}${sub}`;
    case 6:
      return `${value}.0`;
    case 7:
      return `0${area}\u00A0${sub} int. 12`;
    case 8:
      return area === defaultArea ? grouped : `${area}-${sub}`;
    default:
      return area === defaultArea ? `15 ${grouped}` : `0${area}-15-${sub}`;
  }
}

const SEPARATORS = [' / ', '; ', ', ', ' y ', ' o ', '\n', ' | ', ' - ', '/', ' '];

describe('normalizePhoneCell: properties', () => {
  it('every phone it returns is one the service accepts, and reads back as itself unchanged', () => {
    const noise = fc.string({ unit: fc.constantFrom(...'0123456789 +-/().,;oOxint15549\u00A0'), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(noise, fc.string()), fc.constantFrom(undefined, '11', '351', '2966', 'xx'), (cell, area) => {
        for (const phone of normalizePhoneCell(cell, { defaultAreaCode: area }).phones) {
          expect(phoneViolation(phone.value)).toBeNull();
          expect(normalizePhoneCell(phone.value, {})).toEqual({ phones: [{ value: phone.value, original: phone.value, changes: [] }], dropped: [] });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a plain cell (digits and punctuation only) as it reads the same cell through the full path', () => {
    // A trailing non-breaking space is trimmed away but sends the cell through every pattern.
    const plain = fc.string({ unit: fc.constantFrom(...'0123456789 +-/()'), maxLength: 40 });
    fc.assert(
      fc.property(plain, fc.constantFrom(undefined, '11', '351', '2966'), (cell, area) => {
        expect(normalizePhoneCell(cell, { defaultAreaCode: area })).toEqual(normalizePhoneCell(`${cell}\u00A0`, { defaultAreaCode: area }));
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws, whatever the cell', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.double(),
      fc.integer(),
      fc.maxSafeInteger(),
      fc.constant(null),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(cell, fc.option(fc.string()), (c, area) => {
        const result = normalizePhoneCell(c, { defaultAreaCode: area ?? undefined });
        expect(Array.isArray(result.phones) && Array.isArray(result.dropped)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds every number of a cell, in the order written, once each', () => {
    const entry = fc.record({ value: number, style: fc.nat() });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...PROPERTY_AREAS),
        fc.constantFrom(...SEPARATORS),
        (entries, defaultArea, separator) => {
          const cell = entries.map((e) => spell(e.value, e.style, defaultArea)).join(separator);
          const result = normalizePhoneCell(cell, { defaultAreaCode: defaultArea });
          expect(result.phones.map((p) => p.value)).toEqual([...new Set(entries.map((e) => e.value.area + e.value.sub))]);
          expect(result.dropped.filter((d) => d.reason !== 'extension' && d.reason !== 'duplicate')).toEqual([]);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
