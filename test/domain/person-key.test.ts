import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, personKey, readPerson, spellingDifference } from '../../src-main/domain/person-key';

/** A DNI as RENAPER issues them: 1,000,000 to 99,999,999. */
const dni = fc.integer({ min: 1_000_000, max: 99_999_999 }).map(String);

/** A person's CUIT/CUIL for a DNI, with its check digit (prefixes whose digit would be 10 are skipped: AFIP issues 23 then). */
function cuitOf(dniText: string, prefix: string): string | null {
  const firstTen = prefix + dniText.padStart(8, '0');
  const check = cuitCheckDigit(firstTen);
  return check === null ? null : firstTen + String(check);
}

const FULL_WIDTH = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
const DOTTED = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const SPACED = (s: string) => ` ${s.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} `;

/** Every way a creditor writes one DNI that the ledger promises to hold. */
const spellingsOf = (d: string, zeros: number): string[] => [d, DOTTED(d), FULL_WIDTH(d), '0'.repeat(zeros) + d, SPACED(d), FULL_WIDTH(DOTTED(d))];

describe('personKey', () => {
  it('reads the spellings a creditor uses for one DNI as that DNI', () => {
    for (const code of ['30000001', '30.000.001', '３００００００１', '030000001', ' 30 000 001 ', '20-30000001-1', '20 30000001 1', '20300000011'])
      expect(personKey(code), code).toBe('30000001');
  });

  it('holds every spelling of a random DNI, and of the CUIT around it, as one person (property)', () => {
    fc.assert(
      fc.property(dni, fc.constantFrom('20', '23', '24', '27'), fc.integer({ min: 0, max: 3 }), fc.constantFrom('-', ' ', '', '‐'), (d, prefix, zeros, sep) => {
        const key = personKey(d);
        for (const spelled of spellingsOf(d, zeros)) expect(personKey(spelled)).toBe(key);
        const cuit = cuitOf(d, prefix);
        if (cuit !== null) {
          const written = `${cuit.slice(0, 2)}${sep}${cuit.slice(2, 10)}${sep}${cuit.slice(10)}`;
          expect(personKey(written)).toBe(key);
          expect(personKey(FULL_WIDTH(written))).toBe(key);
          expect(readPerson(written).kind).toBe('cuit');
        }
      }),
      { numRuns: 500, seed: 26 },
    );
  });

  it('keeps two different DNIs apart, however they are written (property)', () => {
    fc.assert(
      fc.property(dni, dni, fc.integer({ min: 0, max: 2 }), (a, b, zeros) => {
        fc.pre(a !== b);
        for (const x of spellingsOf(a, zeros)) for (const y of spellingsOf(b, zeros)) expect(personKey(x)).not.toBe(personKey(y));
      }),
      { numRuns: 200, seed: 27 },
    );
  });

  it('does not take a CUIT with a wrong check digit, or a company CUIT, as the DNI inside it', () => {
    expect(personKey('20-30000001-2')).toBe('20300000012');
    expect(readPerson('20-30000001-2').kind).toBe('number');
    const company = `30${'71092057'}1`;
    expect(personKey(company)).toBe(company);
  });

  it('compares other codes after NFKC and trimming only', () => {
    expect(personKey('  ABC-123 ')).toBe('ABC-123');
    expect(personKey('ＡＢＣ-123')).toBe('ABC-123');
    expect(personKey('abc-123')).not.toBe(personKey('ABC-123'));
    expect(personKey('30000001-A')).toBe('30000001-A');
  });

  it('compares numeric codes of other lengths by their digits, leading zeros dropped', () => {
    expect(personKey('00123')).toBe('123');
    expect(personKey('12-345')).toBe('12345');
    expect(personKey('000')).toBe('0');
  });
});

describe('spellingDifference', () => {
  it('says how a matched code was written apart from the listed one', () => {
    expect(spellingDifference('30000001', '30000001')).toBeNull();
    expect(spellingDifference('20-30000001-1', '30000001')).toBe('cuit-dni');
    expect(spellingDifference('30.000.001', '20-30000001-1')).toBe('dni-cuit');
    expect(spellingDifference('30.000.001', '30000001')).toBe('written');
  });
});
