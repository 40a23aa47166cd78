// What a downloaded case came to (SPEC-GAPS rows 42–43), decided on examples of what a service may send.
import { describe, expect, it } from 'vitest';
import { aCall, aCase } from './fixtures';
import { caseContacted, casePromise, readCommitment } from '../../src-main/results/case-outcome';

describe('reading a commitment', () => {
  it.each([
    ['2026-11-28 por $ 1.234,56', { date: '2026-11-28', amount: '1234.56' }],
    ['28/11/2026 por $1234.56', { date: '2026-11-28', amount: '1234.56' }],
    ['el 5/1/2027, ARS 15.000', { date: '2027-01-05', amount: '15000.00' }],
    ['2026-11-28', { date: '2026-11-28', amount: null }],
    ['2026-11-28 por 1.500,00', { date: '2026-11-28', amount: '1500.00' }],
    ['$ 2.000 la semana que viene', { date: null, amount: '2000.00' }],
    ['paga en 3 cuotas a fin de mes', { date: null, amount: null }],
    ['2026-02-30 por $ 10', { date: null, amount: '10.00' }],
    ['', { date: null, amount: null }],
  ])('%j → %j', (text, expected) => {
    expect(readCommitment(text)).toEqual(expected);
  });
});

describe('contacted', () => {
  it.each([
    ['the case says so (it wins over the calls)', aCase({ contacted: false }), [aCall({ said: ['Sí, soy yo.'] })], false],
    ['the case says so, no calls', aCase({ contacted: true }), [], true],
    ['someone spoke on a call', aCase(), [aCall(), aCall({ id: 11, said: ['No, número equivocado.'] })], true],
    ['a voicemail (the bot alone)', aCase(), [aCall()], false],
    ['blank responses are nobody', aCase(), [aCall({ said: ['  '] })], false],
    ['a promise on the case', aCase({ params: { got_promise: true } }), [], true],
    ['never called', aCase(), [], false],
  ])('%s', (_why, found, calls, expected) => {
    expect(caseContacted(found, calls)).toBe(expected);
  });
});

describe('promise to pay', () => {
  it('takes the case commitment, and the newest promising call to listen to', () => {
    const found = aCase({ params: { got_promise: true, commitment: '2026-12-01 por $ 5.000,00' } });
    const calls = [
      aCall({ id: 10, at: '2026-11-20T13:00:00Z', promise: true, commitment: '2026-11-25' }),
      aCall({ id: 12, at: '2026-11-21T13:00:00Z', promise: true, commitment: '2026-11-30' }),
      aCall({ id: 13, at: '2026-11-22T13:00:00Z' }),
    ];
    expect(casePromise(found, calls)).toEqual({
      commitment: '2026-12-01 por $ 5.000,00',
      date: '2026-12-01',
      amount: '5000.00',
      callId: 12,
      callAt: '2026-11-21T13:00:00Z',
    });
  });

  it.each([
    ['the case says no, whatever a call says', aCase({ params: { got_promise: false } }), [aCall({ promise: true })], null],
    [
      'the case says nothing: the calls decide',
      aCase(),
      [aCall({ id: 7, promise: true, commitment: '2026-12-24 por $ 100' })],
      { commitment: '2026-12-24 por $ 100', date: '2026-12-24', amount: '100.00', callId: 7, callAt: '2026-11-20T15:00:00Z' },
    ],
    [
      'the case says yes with no call flagged: the call that reached someone',
      aCase({ params: { got_promise: true } }),
      [aCall({ id: 8, said: ['Sí, pago.'] })],
      { commitment: '', date: null, amount: null, callId: 8, callAt: '2026-11-20T15:00:00Z' },
    ],
    ['no promise anywhere', aCase(), [aCall()], null],
  ])('%s', (_why, found, calls, expected) => {
    expect(casePromise(found, calls)).toEqual(expected);
  });
});
