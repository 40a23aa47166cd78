// Area codes as agents type them: the trunk 0 is dropped, anything that is not 2–4 digits is refused.
import { describe, expect, it } from 'vitest';
import { readAreaCode } from '../../src-main/domain/area-code';

describe('readAreaCode', () => {
  it('takes the code with or without its trunk 0, in brackets or spaced', () => {
    expect(readAreaCode('11')).toBe('11');
    expect(readAreaCode('011')).toBe('11');
    expect(readAreaCode(' (0351) ')).toBe('351');
    expect(readAreaCode('0 2966')).toBe('2966');
  });

  it('refuses what is not an area code', () => {
    for (const text of ['', '0', '1', '00351', '12345', '0 12345', 'abc', '11a']) expect(readAreaCode(text), text).toBeNull();
  });
});
