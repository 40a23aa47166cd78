import { describe, expect, it } from 'vitest';
import { readablePhone } from '../../src-main/domain/phone-display';

describe('readablePhone', () => {
  it.each([
    ['1145678901', '11 4567-8901'],
    ['3514567890', '351 456-7890'],
    ['2234567890', '223 456-7890'],
    ['2964456789', '2964 45-6789'],
  ])('writes %s as %s', (stored, shown) => {
    expect(readablePhone(stored)).toBe(shown);
  });

  it('leaves what is not a stored number as it is', () => {
    expect(readablePhone('')).toBe('');
    expect(readablePhone('4567-8901')).toBe('4567-8901');
    expect(readablePhone('+5491145678901')).toBe('+5491145678901');
    expect(readablePhone('sin dato')).toBe('sin dato');
  });
});
