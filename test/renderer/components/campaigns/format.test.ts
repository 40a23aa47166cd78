// Amounts and counts as Argentines write them, grouped from the thousands (es-AR's own rule would
// leave "9870" ungrouped).
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, formatPesos } from '../../../../src-renderer/src/components/campaigns/format';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPesos', () => {
  it('writes pesos with a point for thousands and a comma for cents', () => {
    expect(plain(formatPesos(9870, 'es'))).toBe('$ 9.870,00');
    expect(plain(formatPesos('152340.5', 'es'))).toBe('$ 152.340,50');
    expect(formatPesos(9870, 'en')).toBe('$9,870.00');
  });

  it('says nothing is there rather than $ NaN', () => {
    for (const amount of [null, undefined, '', 'abc']) expect(formatPesos(amount, 'es')).toBe('—');
  });
});

describe('formatNumber', () => {
  it('groups four digits too', () => {
    expect(plain(formatNumber(1234, 'es-AR'))).toBe('1.234');
  });
});

describe('formatDateTime', () => {
  it('writes day/month/year and a 24-hour time, as Argentines read them', () => {
    const when = new Date(2026, 10, 28, 17, 57, 9);
    expect(formatDateTime(when.toISOString(), 'es')).toBe('28/11/2026 17:57');
    expect(formatDateTime(when.toISOString(), 'es', { seconds: true })).toBe('28/11/2026 17:57:09');
    expect(formatDateTime('not a date', 'es')).toBe('not a date');
  });
});
