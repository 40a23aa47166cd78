// The results summary is a fold over stored cases: checked on small campaigns whose figures are known.
import { describe, expect, it } from 'vitest';
import { fromCents, promisesOf, serviceHour, summarizeResults, toCents, type StoredCase } from '../../src-main/results/campaign-summary';
import { aCall, aCase } from './fixtures';

const campaign: StoredCase[] = [
  {
    found: aCase({ id: 1, name: 'Promesa de pago', final: true, params: { got_promise: true, commitment: '2026-12-01 por $ 1.000,50' } }),
    calls: [aCall({ id: 1, at: '2026-11-20T13:10:00Z', promise: true, said: ['Sí'] })],
  },
  {
    found: aCase({ id: 2, name: 'Promesa de pago', final: true, params: { got_promise: true, commitment: '2026-12-01 por $ 500' } }),
    calls: [aCall({ id: 2, at: '2026-11-20T13:50:00Z', promise: true, said: ['Sí'] })],
  },
  {
    found: aCase({ id: 3, name: 'Promesa de pago', final: true, params: { got_promise: true, commitment: 'a fin de mes' } }),
    calls: [aCall({ id: 3, at: '2026-11-20T02:00:00Z', promise: true, said: ['Sí'] })],
  },
  { found: aCase({ id: 4, name: 'No contesta', final: false }), calls: [aCall({ id: 4, at: '2026-11-20T13:30:00Z' }), aCall({ id: 5, at: 'ayer' })] },
  { found: aCase({ id: 5, name: 'Contactado sin promesa', final: true }), calls: [aCall({ id: 6, at: '2026-11-20T21:00:00Z', said: ['No puedo'] })] },
  { found: aCase({ id: 6, name: 'Pendiente', final: false }), calls: [] },
];

describe('the results summary', () => {
  it('counts outcomes, promises and calls by the service hour', () => {
    const s = summarizeResults(campaign);
    expect(s).toMatchObject({ cases: 6, calls: 6, final: 4, notFinal: 2, contacted: 4, notContacted: 2, undatedCalls: 1 });
    expect(s.byResult).toEqual([
      { name: 'Promesa de pago', cases: 3, final: 3 },
      { name: 'Contactado sin promesa', cases: 1, final: 1 },
      { name: 'No contesta', cases: 1, final: 0 },
      { name: 'Pendiente', cases: 1, final: 0 },
    ]);
    expect(s.promises).toEqual({ count: 3, withAmount: 2, amount: '1500.50', withoutDate: 1, byDate: [{ date: '2026-12-01', count: 2, amount: '1500.50' }] });
    // 13:xx UTC is 10:xx in the service's calendar (UTC−03:00); 02:00 UTC is 23:00 the day before.
    expect(s.byHour[10]).toEqual({ hour: 10, calls: 3, contacts: 2 });
    expect(s.byHour[23]).toEqual({ hour: 23, calls: 1, contacts: 1 });
    expect(s.byHour[18]).toEqual({ hour: 18, calls: 1, contacts: 1 });
    expect(s.byHour).toHaveLength(24);
  });

  it('an empty campaign has zeros, not gaps', () => {
    const s = summarizeResults([]);
    expect(s).toMatchObject({ cases: 0, calls: 0, byResult: [], promises: { count: 0, amount: '0.00', byDate: [] } });
    expect(s.byHour.every((h) => h.calls === 0)).toBe(true);
  });

  it.each([
    ['2026-11-20T02:59:59Z', 23],
    ['2026-11-20T03:00:00Z', 0],
    ['2026-11-20T10:00:00-03:00', 10],
    ['no es una fecha', null],
  ])('the service hour of %s is %s', (instant, hour) => {
    expect(serviceHour(instant)).toBe(hour);
  });

  it('lists the promises soonest first, undated last, with the call to listen to', () => {
    expect(promisesOf(campaign).map((p) => [p.code, p.date, p.amount, p.callId])).toEqual([
      ['C1', '2026-12-01', '1000.50', 1],
      ['C2', '2026-12-01', '500.00', 2],
      ['C3', null, null, 3],
    ]);
  });
});

describe('amounts in cents', () => {
  it('adds promises exactly, past what a float can hold in cents', () => {
    // 2^53 cents is about 90 trillion pesos: a float sum would lose the last cents here.
    const big = '90071992547409.93';
    expect(fromCents(toCents(big) + toCents(big) + toCents('0.01'))).toBe('180143985094819.87');
    expect(fromCents(toCents('1234.5') + toCents('0.05'))).toBe('1234.55');
  });

  it('keeps the sign of a negative amount, and counts an unreadable one as nothing', () => {
    expect(fromCents(toCents('-12.50'))).toBe('-12.50');
    expect(fromCents(toCents('-0.05'))).toBe('-0.05');
    expect(toCents('1e3')).toBe(0n);
    expect(toCents('')).toBe(0n);
  });
});
