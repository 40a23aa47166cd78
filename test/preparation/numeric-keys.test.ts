// A table of whole-number keys (codes and phones of digits) in typed arrays: right whatever keys a
// file holds, each lookup bounded even for keys made to pile on one slot, its seed its own.
import { describe, expect, it } from 'vitest';
import { keyHash, MAX_PROBE, NUMERIC_KEY, NumericKeyTable } from '../../src-main/preparation/numeric-keys';

/** The inverse of MurmurHash3's finalizer, to make keys that land where a test wants. */
function unmix32(h: number): number {
  const inverse = (c: number) => {
    let x = c;
    for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(c, x));
    return x;
  };
  h = (h ^ (h >>> 16)) >>> 0;
  h = Math.imul(h, inverse(0xc2b2ae35)) >>> 0;
  h = (h ^ (h >>> 13) ^ (h >>> 26)) >>> 0;
  h = Math.imul(h, inverse(0x85ebca6b)) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Keys of up to 15 digits that all hash to one value under `seed`: a file made to defeat the table. */
function pileUp(n: number, seed: number): number[] {
  const target = unmix32(0x1234567);
  return Array.from({ length: n }, (_, i) => {
    const hi = i + 1;
    const lo = (unmix32((target ^ Math.imul(hi ^ seed, 0x9e3779b1)) >>> 0) ^ seed) >>> 0;
    return hi * 4294967296 + lo;
  });
}

const int32 = (n: number) => new Int32Array(n);

describe('NumericKeyTable', () => {
  it('is given keys that pile up, as a hostile file would give them', () => {
    const keys = pileUp(1_000, 0);
    expect(new Set(keys.map((key) => keyHash(key, 0))).size).toBe(1);
    expect(keys.every((key) => NUMERIC_KEY.test(String(key)))).toBe(true);
  });

  it('keeps keys a file piles on one slot apart, each lookup bounded (the rest go to a Map)', () => {
    const table = new NumericKeyTable(int32, 0);
    const keys = pileUp(20_000, 0);
    keys.forEach((key, i) => table.set(key, i + 1));
    // Without the bound, each of the 20,000 keys walked every one placed before it.
    expect(table.overflowed).toBe(20_000 - MAX_PROBE);
    keys.forEach((key, i) => expect(table.get(key, -1)).toBe(i + 1));
    expect(table.get(4294967296 * 30_000, -1)).toBe(-1);
    expect([...table.entries()]).toHaveLength(20_000);
  });

  it('draws a seed of its own, under which the same pile spreads out', () => {
    const table = new NumericKeyTable(int32);
    expect(table.seed).not.toBe(new NumericKeyTable(int32).seed);
    for (const key of pileUp(20_000, 0)) table.set(key, 1);
    expect(table.overflowed).toBe(0);
  });

  it('spreads consecutive codes (a creditor numbers its debtors in order) as it spreads random ones', () => {
    const table = new NumericKeyTable(int32, 0);
    for (let i = 0; i < 1_000_000; i++) table.set(30_000_000 + i, i);
    expect(table.overflowed).toBe(0);
    expect(table.get(30_999_999, -1)).toBe(999_999);
  });

  it('changes a value in place, and keeps it across growth and in the overflow', () => {
    const table = new NumericKeyTable(int32, 0);
    const piled = pileUp(100, 0);
    for (const key of piled) table.set(key, 1);
    for (const key of piled) table.set(key, table.get(key, 0) + 1);
    for (let i = 1; i <= 200_000; i++) table.set(i, i);
    expect(piled.every((key) => table.get(key, 0) === 2)).toBe(true);
    expect(table.get(123_456, 0)).toBe(123_456);
  });

  it('refuses a key it could not find again: 0 (its empty slot), a fraction, NaN, past 15 digits', () => {
    const table = new NumericKeyTable(int32, 0);
    for (const key of [0, -1, 1.5, Number.NaN, 1e15]) expect(() => table.set(key, 1)).toThrow(RangeError);
    table.set(999_999_999_999_999, 7);
    expect(table.get(999_999_999_999_999, 0)).toBe(7);
  });

  it('reads as keys only digits without a leading zero, exact as numbers', () => {
    expect(['1143334444', '999999999999999'].every((t) => NUMERIC_KEY.test(t))).toBe(true);
    expect(['0351', '', '12a', '1000000000000000', '-5'].some((t) => NUMERIC_KEY.test(t))).toBe(false);
  });
});
