// Short ways through the case checks (merging a case's phones, telling a DNI or CUIT code) must
// give what the rule as first written gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCaseCode, cuitCheckDigit, DNI_MIN, mergeCasePhones } from '../../../src-main/preparation/normalize';

describe('merging a case phones', () => {
  it('keeps first appearances and lists each repeated phone once, for few phones and many (property)', () => {
    const phone = fc.constantFrom('1145678901', '3514567890', '2214567890', '2614567890', '3414567890');
    fc.assert(
      fc.property(fc.array(fc.array(phone, { maxLength: 6 }), { maxLength: 8 }), (lists) => {
        const seen = new Set<string>();
        const repeated = new Set<string>();
        for (const p of lists.flat()) (seen.has(p) ? repeated : seen).add(p);
        expect(mergeCasePhones(lists)).toEqual({ phones: [...seen], duplicates: [...repeated] });
      }),
      { numRuns: 2000, seed: 67 },
    );
  });
});

describe('telling a DNI or CUIT case code', () => {
  it('gives what the patterns give (property)', () => {
    const code = fc.oneof(
      fc.stringMatching(/^\d{0,12}$/),
      fc.stringMatching(/^[\d. -]{0,14}$/),
      fc.constantFrom('20123456786', '0999999', '00000000', '20-12345678-6'),
    );
    fc.assert(
      fc.property(code, (text) => {
        expect(checkCaseCode(text)).toEqual(referenceCheck(text));
      }),
      { numRuns: 5000, seed: 71 },
    );
  });
});

function referenceCheck(code: string) {
  const cuit = /^(\d{2})[- ]?(\d{8})[- ]?(\d)$/.exec(code);
  if (cuit && ['20', '23', '24', '27', '30', '33', '34'].includes(cuit[1] ?? '')) {
    const expected = cuitCheckDigit(`${cuit[1]}${cuit[2]}`);
    return expected !== null && expected === Number(cuit[3]) ? { kind: 'cuit', ok: true } : { kind: 'cuit', ok: false, expected };
  }
  if (/^(?:\d{7,8}|\d{1,2}\.\d{3}\.\d{3})$/.test(code)) {
    const value = Number(code.replace(/\./g, ''));
    return value >= DNI_MIN ? { kind: 'dni', ok: true } : { kind: 'dni', ok: false, value };
  }
  return { kind: 'other' };
}
