// A campaign's results at a glance: how its cases ended (by result name, final or not, reached or
// not), the promises to pay it got (how many, how much, for when) and when in the day calls reached
// people. Pure: a fold over stored cases and their calls.
import type { Call, CampaignCase } from '../contract';
import { callReachedSomeone, caseOutcome, type CaseOutcome } from './case-outcome';
import { caseAttempts, countCase, emptyCounts, figuresOf, resultKey, type CaseFilter } from './case-figures';

/** The service's calendar, UTC−03:00 (SPEC-GAPS row 30): calls are placed in its hours of the day. */
export const SERVICE_UTC_OFFSET_MINUTES = -180;

export interface ResultCount {
  name: string;
  cases: number;
  /** Of those, how many the service calls final. */
  final: number;
}

export interface PromiseDay {
  date: string;
  count: number;
  /** Sum of the stated amounts of that day's promises ("1234.56"). */
  amount: string;
}

export interface HourCount {
  /** 0–23, the service's local time. */
  hour: number;
  calls: number;
  /** Calls that reached a person. */
  contacts: number;
}

export interface CampaignResultsSummary {
  cases: number;
  calls: number;
  /** Most frequent first; the same count in the service's own name order. */
  byResult: ResultCount[];
  final: number;
  notFinal: number;
  contacted: number;
  notContacted: number;
  /** Cases under each filter of the results list (and follow-up option): the same predicate counted. */
  byFilter: Record<CaseFilter, number>;
  /** Attempts of all cases (SPEC-GAPS row 45). */
  attempts: number;
  promises: {
    count: number;
    /** Promises whose commitment states an amount; `amount` sums those only. */
    withAmount: number;
    amount: string;
    /** Promises that name no date. */
    withoutDate: number;
    byDate: PromiseDay[];
  };
  /** 24 entries, hour 0 to 23. */
  byHour: HourCount[];
  /** Calls whose time could not be read (not placed in byHour). */
  undatedCalls: number;
}

/** "1234.56" ↔ whole cents, as BigInt: sums stay exact however large (a float loses cents past 2^53). */
export const toCents = (amount: string): bigint => {
  // Amounts come from readCommitment's normalised "1234.56"; anything else counts as nothing, never a throw.
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return 0n;
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
};
export const fromCents = (cents: bigint): string => {
  const size = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
};

/** The hour of the day of an instant, in the service's calendar; null when it is not a time. */
export function serviceHour(instant: string, offsetMinutes = SERVICE_UTC_OFFSET_MINUTES): number | null {
  const ms = Date.parse(instant);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms + offsetMinutes * 60_000).getUTCHours();
}

export interface StoredCase {
  found: CampaignCase;
  calls: readonly Call[];
}

export function summarizeResults(items: Iterable<StoredCase>, offsetMinutes = SERVICE_UTC_OFFSET_MINUTES): CampaignResultsSummary {
  const byResult = new Map<string, ResultCount>();
  const byDate = new Map<string, { count: number; cents: bigint }>();
  const byHour: HourCount[] = Array.from({ length: 24 }, (_, hour) => ({ hour, calls: 0, contacts: 0 }));
  const counts = emptyCounts();
  const s = { cases: 0, calls: 0, attempts: 0, promises: 0, withAmount: 0, cents: 0n, withoutDate: 0, undated: 0 };
  for (const { found, calls } of items) {
    const o: CaseOutcome = caseOutcome(found, calls);
    const f = figuresOf(o, caseAttempts(found, calls));
    // Every case figure is counted by case-figures.ts, as the list filters and the follow-up select.
    countCase(counts, f);
    s.cases += 1;
    s.attempts += f.attempts;
    // Names that differ only in case or accents are one result, as the list's filter reads them (first spelling shown).
    const key = resultKey(f.resultName);
    const row = byResult.get(key) ?? { name: f.resultName, cases: 0, final: 0 };
    row.cases += 1;
    if (f.isFinal) row.final += 1;
    byResult.set(key, row);
    if (o.promise) {
      s.promises += 1;
      const cents = o.promise.amount === null ? 0n : toCents(o.promise.amount);
      if (o.promise.amount !== null) {
        s.withAmount += 1;
        s.cents += cents;
      }
      if (o.promise.date === null) s.withoutDate += 1;
      else {
        const day = byDate.get(o.promise.date) ?? { count: 0, cents: 0n };
        day.count += 1;
        day.cents += cents;
        byDate.set(o.promise.date, day);
      }
    }
    for (const call of calls) {
      s.calls += 1;
      const hour = serviceHour(typeof call.last_updated === 'string' ? call.last_updated : '', offsetMinutes);
      const slot = hour === null ? undefined : byHour[hour];
      if (!slot) {
        s.undated += 1;
        continue;
      }
      slot.calls += 1;
      if (callReachedSomeone(call)) slot.contacts += 1;
    }
  }
  return {
    cases: s.cases,
    calls: s.calls,
    byResult: [...byResult.values()].sort((a, b) => b.cases - a.cases || a.name.localeCompare(b.name)),
    final: counts.byFilter.final,
    notFinal: counts.byFilter['non-final'],
    contacted: counts.byFilter.contacted,
    notContacted: counts.byFilter['not-contacted'],
    byFilter: counts.byFilter,
    attempts: s.attempts,
    promises: {
      count: s.promises,
      withAmount: s.withAmount,
      amount: fromCents(s.cents),
      withoutDate: s.withoutDate,
      byDate: [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, d]) => ({ date, count: d.count, amount: fromCents(d.cents) })),
    },
    byHour,
    undatedCalls: s.undated,
  };
}

/** One promise to pay, for the creditor's list: who, how much, for when, and the call to listen to. */
export interface PromiseListItem {
  caseId: number;
  code: string | null;
  firstName: string;
  lastName: string;
  resultName: string;
  debt: number | null;
  commitment: string;
  date: string | null;
  amount: string | null;
  callId: number | null;
  callAt: string | null;
}

/** The promises among the cases, soonest commitment first (undated ones last). */
export function promisesOf(items: Iterable<StoredCase>): PromiseListItem[] {
  const out: PromiseListItem[] = [];
  for (const { found, calls } of items) {
    const o = caseOutcome(found, calls);
    if (!o.promise) continue;
    const { promise, isFinal: _f, contacted: _c, ...who } = o;
    out.push({ ...who, ...promise });
  }
  return out.sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.caseId - b.caseId);
}
