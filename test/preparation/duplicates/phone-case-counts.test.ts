// Counting each phone's cases in a flat table: the phones enough cases list, however many phones there
// are (the table grows), each counted once a case, odd spellings kept apart.
import { describe, expect, it } from 'vitest';
import { PhoneCaseCounts } from '../../../src-main/preparation/duplicates/phone-case-counts';

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

it('names the phones in the same order whatever the table drew as its seed', () => {
  const phones = ['3515550001', '1143334444', '2614445555', '+5491143334444'];
  for (const seed of [0, 1, 0xdeadbeef]) {
    const counts = new PhoneCaseCounts(seed);
    for (let i = 0; i < 2; i++) counts.addCase(phones);
    expect(counts.atLeast(2)).toEqual(['1143334444', '2614445555', '3515550001', '+5491143334444']);
  }
});
