// Reading one number's digits must stay what it was before it read in place (no slices, flags
// for the changes): the reference is the first version, on slices and the set of area codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneViolation } from '../../../src-main/contract/upload-rules';
import { argentineAreaCodes, readDigits, type DigitsReading, type PhoneChange } from '../../../src-main/preparation/normalize/phone-number';

const digitStrings = fc.oneof(
  fc.stringMatching(/^\d{0,15}$/),
  fc
    .tuple(
      fc.constantFrom('', '54', '0054', '549', '54 9', '0', '00', '9', '5', '1'),
      fc.constantFrom('', '11', '351', '2202', '220', '2964', '0', '9'),
      fc.constantFrom('', '15', '1'),
      fc.stringMatching(/^\d{4,9}$/),
    )
    .map((parts) => parts.join('').replace(/ /g, '')),
);

describe('reading the digits of one number', () => {
  it('reads as the first version read (property)', () => {
    fc.assert(
      fc.property(digitStrings, fc.boolean(), fc.constantFrom(null, '11', '351', '2964', '220'), (digits, international, area) => {
        expect(readDigits(digits, international, area)).toEqual(referenceRead(digits, international, area));
      }),
      { numRuns: 8000, seed: 89 },
    );
  });
});

function referenceAreaCode(national: string): string | null {
  for (const length of [4, 3, 2]) if (argentineAreaCodes().has(national.slice(0, length))) return national.slice(0, length);
  return null;
}

function referenceRead(digits: string, international: boolean, defaultArea: string | null): DigitsReading {
  if (digits === '' || /^0+$/.test(digits)) return { kind: 'junk' };
  const changes: PhoneChange[] = [];
  let d = digits;
  let hadCountry = international;
  if (!international && d.startsWith('00')) {
    d = d.slice(2);
    hadCountry = true;
  }
  if (hadCountry) {
    // A foreign number cannot be called by an Argentine campaign.
    if (!d.startsWith('54')) return { kind: 'invalid' };
    d = d.slice(2);
    changes.push('removed-country-code');
  } else if (d.startsWith('54') && d.length >= 12 && d.length <= 15) {
    // No area code starts with 5, so 54 before a full number is the country code without "+".
    d = d.slice(2);
    hadCountry = true;
    changes.push('removed-country-code');
  }
  // 9 + area + subscriber (11 digits), or 9 + area + 15 + subscriber (13): no area starts with 9.
  if (d.startsWith('9') && (d.length === 11 || d.length === 13)) {
    d = d.slice(1);
    changes.push('removed-mobile-9');
  }
  if (d.startsWith('0')) {
    d = d.slice(1);
    changes.push('removed-trunk-0');
  }
  if (d.length === 12) {
    const without15 = referenceRemove15(d);
    if (without15 === null) return { kind: 'invalid', rest: d };
    d = without15;
    changes.push('removed-15');
  } else if (d.length !== 10 || d.startsWith('15')) {
    // Written without area code: "15 4567-8901" (mobile) or a 6–8 digit subscriber.
    if (hadCountry) return { kind: 'invalid', rest: d };
    const mobile = d.startsWith('15') && d.length >= 8;
    const subscriber = mobile ? d.slice(2) : d;
    if (subscriber.length < 6 || subscriber.length > 8) return { kind: 'invalid', rest: d };
    if (defaultArea === null || defaultArea.length + subscriber.length !== 10) return { kind: 'no-area-code', rest: d };
    d = defaultArea + subscriber;
    if (mobile) changes.push('removed-15');
    changes.push('added-area-code');
  }
  if (phoneViolation(d) !== null || referenceAreaCode(d) === null) return { kind: 'invalid', rest: d };
  return { kind: 'phone', value: d, changes };
}
function referenceRemove15(d: string): string | null {
  for (const length of [4, 3, 2]) {
    if (argentineAreaCodes().has(d.slice(0, length)) && d.startsWith('15', length)) return d.slice(0, length) + d.slice(length + 2);
  }
  return null;
}
