// Each figure of a campaign's results defined once (SPEC-GAPS rows 42–46): what a case counts as, the
// filters that choose cases, and the counts the summary shows, on cases never called, called but never
// reached, reached, and called many times.
import { describe, expect, it } from 'vitest';
import type { Call, CampaignCase } from '../../src-main/contract';
import { summarizeResults } from '../../src-main/results/campaign-summary';
import {
  CASE_FILTERS,
  caseAttempts,
  caseFigures,
  casePhoneIndex,
  countFigures,
  inFilter,
  matchesSelection,
  phoneIndex,
  resultKey,
  selectsOutcome,
  type FollowupSelection,
} from '../../src-main/results/case-figures';
import { FOLLOWUP_OUTCOMES } from '../../src-main/results/case-outcome';
import { aCall, aCase } from './fixtures';

const never = { found: { ...aCase({ id: 1, name: 'Pendiente' }), call_count: 0 }, calls: [] as Call[] };
const voicemail = { found: aCase({ id: 2, name: 'Contestador' }), calls: [aCall({ id: 20 })] };
const busyTwice = { found: { ...aCase({ id: 3, name: 'Ocupado' }), call_count: 2 }, calls: [aCall({ id: 30 }), aCall({ id: 31 })] };
const promised = {
  found: aCase({ id: 4, name: 'Promesa de pago', final: true, params: { got_promise: true, commitment: '2026-12-10 por $ 1.000' } }),
  calls: [aCall({ id: 40 }), aCall({ id: 41, said: ['Sí, pago el 10'], promise: true })],
};
const thirdParty = { found: aCase({ id: 5, name: 'Atendió un tercero' }), calls: [aCall({ id: 50, said: ['No está'] })] };
/** Read before its second call ended: the service counted one, two are stored. */
const stale = { found: { ...aCase({ id: 6, name: 'No contesta' }), call_count: 0 }, calls: [aCall({ id: 60 })] };
const exhausted = { found: { ...aCase({ id: 7, name: 'Sin contacto', final: true }), call_count: 3 }, calls: [aCall({ id: 70 }), aCall({ id: 71 })] };
/** The service spelled a result two ways: one result to the filter, so one to the counts. */
const shouted = { found: aCase({ id: 8, name: 'NO CONTESTA' }), calls: [aCall({ id: 80 })] };
const world: { found: CampaignCase; calls: Call[] }[] = [never, voicemail, busyTwice, promised, thirdParty, stale, exhausted, shouted];

describe('what a case counts as', () => {
  it.each([
    ['never called', never, { contacted: false, isFinal: false, promised: false, attempts: 0 }],
    ['called, nobody spoke', voicemail, { contacted: false, attempts: 1 }],
    ['called twice, never reached', busyTwice, { contacted: false, attempts: 2 }],
    ['reached on its second call, with a promise', promised, { contacted: true, isFinal: true, promised: true, attempts: 2 }],
    ['a call listed beside call_count 0', stale, { contacted: false, attempts: 1 }],
    ['the service counted more attempts than it listed', exhausted, { contacted: false, isFinal: true, attempts: 3 }],
  ])('%s', (_why, item, expected) => {
    expect(caseFigures(item.found, item.calls)).toMatchObject(expected);
  });

  it('never counts fewer attempts than the calls listed, nor a negative or broken call_count', () => {
    expect(caseAttempts({ ...never.found, call_count: -1 }, [])).toBe(0);
    expect(caseAttempts({ ...never.found, call_count: Number.NaN }, [1, 2])).toBe(2);
  });
});

describe('one definition of each figure', () => {
  const summary = summarizeResults(world);
  const counts = countFigures(world);
  const listed = (selection: Parameters<typeof matchesSelection>[1]) => world.filter((c) => matchesSelection(caseFigures(c.found, c.calls), selection)).length;

  it('the summary shows what the list filters hold', () => {
    for (const filter of CASE_FILTERS) expect([filter, summary.byFilter[filter]]).toEqual([filter, listed({ filter })]);
    expect(summary.byFilter).toEqual(counts.byFilter);
    expect({ contacted: summary.contacted, notContacted: summary.notContacted, final: summary.final, notFinal: summary.notFinal }).toEqual({
      contacted: 2,
      notContacted: 6,
      final: 2,
      notFinal: 6,
    });
    expect(summary.contacted + summary.notContacted).toBe(summary.cases);
    expect(summary.promises.count).toBe(summary.byFilter.promise);
    expect(summary.attempts).toBe(world.reduce((n, c) => n + caseAttempts(c.found, c.calls), 0));
  });

  it('each follow-up option takes what its list filter shows', () => {
    for (const outcome of FOLLOWUP_OUTCOMES) {
      const taken = world.filter((c) => selectsOutcome(caseFigures(c.found, c.calls), { outcome })).length;
      expect([outcome, taken]).toEqual([outcome, summary.byFilter[outcome]]);
    }
  });

  it('each result name counts the cases the list shows under it', () => {
    for (const row of summary.byResult) {
      expect([row.name, row.cases]).toEqual([row.name, listed({ results: [row.name] })]);
      expect(counts.byResult.get(resultKey(row.name))).toBe(row.cases);
    }
    expect(summary.byResult.find((r) => r.name === 'No contesta')?.cases).toBe(2);
    expect(summary.byResult.reduce((n, r) => n + r.cases, 0)).toBe(summary.cases);
  });

  it('every case is in exactly one of each pair', () => {
    for (const c of world) {
      const f = caseFigures(c.found, c.calls);
      expect(inFilter(f, 'contacted')).not.toBe(inFilter(f, 'not-contacted'));
      expect(inFilter(f, 'final')).not.toBe(inFilter(f, 'non-final'));
      expect(inFilter(f, 'promise')).not.toBe(inFilter(f, 'no-promise'));
    }
  });
});

describe('selecting cases for a follow-up', () => {
  const open = caseFigures(aCase({ name: 'No contesta', final: false }), [aCall()]);
  const promise = caseFigures(aCase({ name: 'Promesa de pago', final: true, params: { got_promise: true } }), [aCall({ promise: true, said: ['Sí'] })]);
  const talked = caseFigures(aCase({ name: 'Atendió un tercero', final: false }), [aCall({ said: ['No está'] })]);
  it.each<[string, FollowupSelection, boolean[]]>([
    ['non-final', { outcome: 'non-final' }, [true, false, true]],
    ['not-contacted', { outcome: 'not-contacted' }, [true, false, false]],
    ['no-promise', { outcome: 'no-promise' }, [true, false, true]],
    ['result names, without case or accents', { results: ['ATENDIO UN TERCERO', 'promesa de pago'] }, [false, true, true]],
    ['an outcome and names: both must hold', { outcome: 'non-final', results: ['Promesa de pago', 'No contesta'] }, [true, false, false]],
  ])('%s', (_why, selection, expected) => {
    expect([open, promise, talked].map((o) => selectsOutcome(o, selection))).toEqual(expected);
  });
});

describe('which phone, as a person counts them', () => {
  const loaded = ['1145678901', '3514567890', '2614445555'];
  it.each([
    ['the first phone is 1', '1145678901', 1],
    ['the third', '2614445555', 3],
    ['with the country code and the mobile 9', '+54 9 351 456-7890', 2],
    ['none of the case', '2211234567', null],
    ['nothing', '', null],
  ])('%s', (_why, phone, expected) => {
    expect(phoneIndex(phone, loaded)).toBe(expected);
  });

  it('is unknown without the list the case was loaded with', () => {
    expect(phoneIndex('1145678901', null)).toBeNull();
  });

  it("reads a case's phone as the service's 0-based index when it is one, else as a number", () => {
    expect(casePhoneIndex(0, null)).toBe(1);
    expect(casePhoneIndex(2, loaded)).toBe(3);
    expect(casePhoneIndex(3514567890, loaded)).toBe(2);
    expect(casePhoneIndex(3514567890, null)).toBeNull();
  });
});
