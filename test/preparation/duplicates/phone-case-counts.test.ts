// Counting each phone's cases in a flat table: the phones enough cases list, however many phones there
// are (the table grows), each counted once a case, odd spellings kept apart.
import { describe, expect, it } from 'vitest';
import { PhoneCaseCounts } from '../../../src-main/preparation/duplicates/phone-case-counts';
import { NUMERIC_KEY, NumericKeyTable } from '../../../src-main/preparation/numeric-keys';

describe('PhoneCaseCounts', () => {
  it('names the phones listed by at least so many cases, a phone counted once a case', () => {
    const counts = new PhoneCaseCounts();
    for (let i = 0; i < 5; i++) counts.addCase(['1143334444', `35160000${i}0`]);
    counts.addCase(['2614445555', '2614445555']);
    counts.addCase(['2614445555']);
    expect(counts.atLeast(5)).toEqual(['1143334444']);
    expect(counts.atLeast(2).sort()).toEqual(['1143334444', '2614445555']);
  });

  it('keeps counting right past many thousands of phones (the table grows)', () => {
    const counts = new PhoneCaseCounts();
    for (let i = 0; i < 300_000; i++) counts.addCase([String(1_100_000_000 + i), String(3_510_000_000 + (i % 100_000))]);
    const three = counts.atLeast(3);
    expect(three).toHaveLength(100_000);
    expect(three).toContain('3510099999');
    expect(counts.atLeast(4)).toEqual([]);
  });

  it('counts a phone that is not plain digits apart, as written', () => {
    const counts = new PhoneCaseCounts();
    for (let i = 0; i < 5; i++) counts.addCase(['+5491143334444', '01143334444']);
    expect(counts.atLeast(5).sort()).toEqual(['+5491143334444', '01143334444']);
  });

  it('stops a count at 255 without wrapping', () => {
    const counts = new PhoneCaseCounts();
    for (let i = 0; i < 600; i++) counts.addCase(['1143334444']);
    expect(counts.atLeast(255)).toEqual(['1143334444']);
  });
});

describe('NumericKeyTable', () => {
  /** Keys that all start on one slot under seed 0: the same low word once mixed with the high one. */
  const pileUp = (n: number) => Array.from({ length: n }, (_, hi) => (hi + 1) * 4294967296 + ((7 ^ Math.imul(hi + 1, 0x85ebca6b)) >>> 0));

  it('keeps keys a file piles on one slot apart, each lookup bounded (the rest go to a Map)', () => {
    const table = new NumericKeyTable((n) => new Int32Array(n), 0);
    const keys = pileUp(20_000);
    keys.forEach((key, i) => table.set(key, i + 1));
    // Without the bound, each of the 20,000 keys walked every one placed before it.
    expect(table.overflowed).toBeGreaterThan(19_000);
    keys.forEach((key, i) => expect(table.get(key, -1)).toBe(i + 1));
    expect(table.get(4294967296 * 30_000, -1)).toBe(-1);
    expect([...table.entries()]).toHaveLength(20_000);
  });

  it('gives keys a place by a seed of its own: the same pile spreads out under another seed', () => {
    const table = new NumericKeyTable((n) => new Int32Array(n), 0x5eed);
    for (const key of pileUp(20_000)) table.set(key, 1);
    expect(table.overflowed).toBe(0);
  });

  it('changes a value in place, and keeps it across growth and in the overflow', () => {
    const table = new NumericKeyTable((n) => new Int32Array(n), 0);
    const piled = pileUp(100);
    for (const key of piled) table.set(key, 1);
    for (const key of piled) table.set(key, table.get(key, 0) + 1);
    for (let i = 1; i <= 200_000; i++) table.set(i, i);
    expect(piled.every((key) => table.get(key, 0) === 2)).toBe(true);
    expect(table.get(123_456, 0)).toBe(123_456);
  });

  it('reads as keys only digits without a leading zero, exact as numbers', () => {
    expect(['1143334444', '999999999999999'].every((t) => NUMERIC_KEY.test(t))).toBe(true);
    expect(['0351', '', '12a', '1000000000000000', '-5'].some((t) => NUMERIC_KEY.test(t))).toBe(false);
  });
});
