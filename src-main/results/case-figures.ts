// The figures of a campaign's results, each defined once: which cases are contacted or not, final or
// not, with a promise or not, or ended in a given result; how many attempts a case had; which of its
// phones a call went to. The summary's figures, the results list's filters, the follow-up options (and
// the batch they make) and the call cards all read them from here, so they cannot disagree.
// Pure: what a case came to is read by case-outcome.ts (SPEC-GAPS rows 42–43), attempts and phones by
// the rules of rows 45–46.
import type { Call, CampaignCase } from '../contract';
import { CASE_FILTERS, type CaseFilter } from '../domain/case-filters';
import { caseOutcome, type CaseOutcome, type FollowupOutcome } from './case-outcome';

export { CASE_FILTERS, type CaseFilter };

/** Cases chosen by an outcome filter, result names, or both (both must hold). */
export interface CaseSelection {
  filter?: CaseFilter | undefined;
  /** Case result names as the service shows them; compared without case or accents. */
  results?: readonly string[] | undefined;
}

/** What one case counts as, in every figure. */
export interface CaseFigures {
  contacted: boolean;
  isFinal: boolean;
  promised: boolean;
  resultName: string;
  /** SPEC-GAPS row 45: never fewer than the calls stored for it. */
  attempts: number;
}

/**
 * Attempts of a case (row 45): the service's `call_count`, or the calls stored for it when there are
 * more (the case may have been read before a call it lists had ended).
 */
export function caseAttempts(found: CampaignCase, calls: readonly unknown[]): number {
  const counted = typeof found.call_count === 'number' && Number.isFinite(found.call_count) ? Math.max(0, Math.trunc(found.call_count)) : 0;
  return Math.max(counted, calls.length);
}

export function figuresOf(outcome: CaseOutcome, attempts: number): CaseFigures {
  return { contacted: outcome.contacted, isFinal: outcome.isFinal, promised: outcome.promise !== null, resultName: outcome.resultName, attempts };
}

export function caseFigures(found: CampaignCase, calls: readonly Call[]): CaseFigures {
  return figuresOf(caseOutcome(found, calls), caseAttempts(found, calls));
}

/** A result name as the filters compare it: without case or accents, so counts group the same way. */
export const resultKey = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Whether a case is one of the filter's: the only place the filters are decided. */
export function inFilter(f: Pick<CaseFigures, 'contacted' | 'isFinal' | 'promised'>, filter: CaseFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'contacted':
      return f.contacted;
    case 'not-contacted':
      return !f.contacted;
    case 'final':
      return f.isFinal;
    case 'non-final':
      return !f.isFinal;
    case 'promise':
      return f.promised;
    case 'no-promise':
      return !f.promised;
  }
}

export function matchesSelection(f: Pick<CaseFigures, 'contacted' | 'isFinal' | 'promised' | 'resultName'>, selection: CaseSelection): boolean {
  if (selection.filter !== undefined && !inFilter(f, selection.filter)) return false;
  if (selection.results && selection.results.length > 0) {
    const names = new Set(selection.results.map(resultKey));
    if (!names.has(resultKey(f.resultName))) return false;
  }
  return true;
}

/** What the agent asked a follow-up batch to take: an outcome, result names, or both (both must hold). */
export interface FollowupSelection {
  outcome?: FollowupOutcome | undefined;
  results?: readonly string[] | undefined;
}

/** A follow-up batch takes exactly the cases the list shows under the same filter. */
export function selectsOutcome(f: Pick<CaseFigures, 'contacted' | 'isFinal' | 'promised' | 'resultName'>, selection: FollowupSelection): boolean {
  return matchesSelection(f, { filter: selection.outcome, results: selection.results });
}

/** How many cases each filter holds, and each result name. */
export interface FigureCounts {
  byFilter: Record<CaseFilter, number>;
  /** Result key (resultKey) → cases, in the order first seen. */
  byResult: Map<string, number>;
}

export function emptyCounts(): FigureCounts {
  return { byFilter: Object.fromEntries(CASE_FILTERS.map((f) => [f, 0])) as Record<CaseFilter, number>, byResult: new Map() };
}

/** Adds one case to the counts, through the same predicate the list and the follow-up filter with. */
export function countCase(counts: FigureCounts, f: CaseFigures): void {
  for (const filter of CASE_FILTERS) if (inFilter(f, filter)) counts.byFilter[filter] += 1;
  const key = resultKey(f.resultName);
  counts.byResult.set(key, (counts.byResult.get(key) ?? 0) + 1);
}

export function countFigures(items: Iterable<{ found: CampaignCase; calls: readonly Call[] }>): FigureCounts {
  const counts = emptyCounts();
  for (const { found, calls } of items) countCase(counts, caseFigures(found, calls));
  return counts;
}

const digits = (phone: unknown) => (typeof phone === 'string' || typeof phone === 'number' ? String(phone).replace(/\D/g, '') : '');

/**
 * Which of the case's phones a number is, counted from 1 as a person reads it ("Teléfono 1"), by the
 * phone list the case was loaded with (row 46); compared by digits, and by the national number when
 * one side carries the country code. Null when it is none of them, or the list is unknown.
 */
export function phoneIndex(phone: unknown, loadedPhones: readonly string[] | null | undefined): number | null {
  const wanted = digits(phone);
  if (wanted === '' || !loadedPhones) return null;
  const national = (d: string) => (d.length > 10 ? d.replace(/^549?/, '') : d);
  const found = loadedPhones.findIndex((p) => {
    const have = digits(p);
    return have !== '' && (have === wanted || national(have) === national(wanted));
  });
  return found < 0 ? null : found + 1;
}

/** No phone number is this short (area code and number make at least 10 digits); a phone index always is. */
const MAX_PHONE_INDEX = 100;

/**
 * The case's own `phone` (an integer, row 46) as a 1-based phone: a small number is the service's
 * 0-based phone index; anything else is a phone number, found in the list it was loaded with.
 */
export function casePhoneIndex(phone: unknown, loadedPhones: readonly string[] | null | undefined): number | null {
  if (typeof phone === 'number' && Number.isInteger(phone) && phone >= 0 && phone < MAX_PHONE_INDEX) return phone + 1;
  return phoneIndex(phone, loadedPhones);
}

export interface ResultCaseFigures extends CaseFigures {
  /** The case's last phone, 1-based ("Teléfono 1"); null when it cannot be told (SPEC-GAPS row 46). */
  phone: number | null;
}

/** A stored campaign case as the service sent it, with what CaseDesk counts it as. */
export type ResultCaseRow = CampaignCase & { figures: ResultCaseFigures };

/** A stored call as the service sent it, with which of the case's phones it went to (1-based, or null). */
export type ResultCall = Call & { phoneIndex: number | null };
