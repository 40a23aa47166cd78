// Sizes read in the agent's language: Spanish units and Argentine numbers in Spanish, never "47 B".
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src-renderer/src/i18n/sizes';

describe('formatBytes', () => {
  it('says bytes as bytes, in both languages', () => {
    expect(formatBytes(47, 'es')).toBe('47 bytes');
    expect(formatBytes(1, 'es')).toBe('1 byte');
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1000, 'es')).toBe('1.000 bytes');
    expect(formatBytes(1000, 'en')).toBe('1,000 bytes');
  });

  it('writes KB, MB and GB with an Argentine decimal comma in Spanish', () => {
    expect(formatBytes(1536, 'es')).toBe('1,5 KB');
    expect(formatBytes(1.5 * 1024 * 1024, 'es')).toBe('1,5 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatBytes(3 * 1024 ** 3, 'es')).toBe('3 GB');
    expect(formatBytes(2048 * 1024 ** 3, 'es')).toBe('2.048 GB');
  });
});
