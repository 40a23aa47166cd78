// The results list and a case's calls as the screens show them: each stored case with its figures
// (case-figures.ts), narrowed by the same filters the summary counts, and each call with which of the
// case's phones it went to, counted from 1.
import type { Call, CampaignCase } from '../contract';
import type { Environment } from '../domain/environments';
import { callsOfCases, countResultCases, eachResultCaseWithCalls, getResultCase, listCalls, loadedPhonesByCode, pageResultCases, type Db } from '../store';
import { caseFigures, casePhoneIndex, matchesSelection, phoneIndex, type CaseSelection, type ResultCall, type ResultCaseRow } from './case-figures';

export type { ResultCall, ResultCaseFigures, ResultCaseRow } from './case-figures';

export interface ResultPageQuery extends CaseSelection {
  offset: number;
  limit: number;
}

const codeOf = (found: CampaignCase) => (typeof found.params?.code === 'string' ? found.params.code : '');

function withFigures(db: Db, env: Environment, campaignId: number, page: { found: CampaignCase; calls: readonly Call[] }[]): ResultCaseRow[] {
  const phones = loadedPhonesByCode(
    db,
    env,
    campaignId,
    page.map((p) => codeOf(p.found)).filter((c) => c !== ''),
  );
  return page.map(({ found, calls }) => ({
    ...found,
    figures: { ...caseFigures(found, calls), phone: casePhoneIndex(found.phone, phones.get(codeOf(found))) },
  }));
}

/** One page of the stored cases under a filter, and how many the filter holds in all. */
export function pageResultRows(db: Db, env: Environment, campaignId: number, query: ResultPageQuery): { total: number; cases: ResultCaseRow[] } {
  const { offset, limit } = query;
  const narrowed = (query.filter !== undefined && query.filter !== 'all') || (query.results?.length ?? 0) > 0;
  if (!narrowed) {
    // Every case: paged by the store, only the page's calls read.
    const cases = pageResultCases(db, env, campaignId, offset, limit);
    const calls = callsOfCases(
      db,
      env,
      campaignId,
      cases.map((c) => c.id),
    );
    const page = cases.map((found) => ({ found, calls: calls.get(found.id) ?? [] }));
    return { total: countResultCases(db, env, campaignId), cases: withFigures(db, env, campaignId, page) };
  }
  // A filter is decided on each case with its calls, by the same predicate the summary counts with.
  const page: { found: CampaignCase; calls: readonly Call[] }[] = [];
  let total = 0;
  for (const item of eachResultCaseWithCalls(db, env, campaignId)) {
    if (!matchesSelection(caseFigures(item.found, item.calls), query)) continue;
    if (total >= offset && page.length < limit) page.push(item);
    total += 1;
  }
  return { total, cases: withFigures(db, env, campaignId, page) };
}

/** One stored case with its figures, as the list shows it; null when it is not stored. */
export function resultCaseRow(db: Db, env: Environment, campaignId: number, caseId: number): ResultCaseRow | null {
  const found = getResultCase(db, env, campaignId, caseId);
  if (!found) return null;
  return withFigures(db, env, campaignId, [{ found, calls: listCalls(db, env, campaignId, caseId) }])[0] ?? null;
}

/** A case's stored calls, each with the 1-based index of the phone it went to. */
export function resultCalls(db: Db, env: Environment, campaignId: number, caseId: number): ResultCall[] {
  const calls = listCalls(db, env, campaignId, caseId);
  const found = getResultCase(db, env, campaignId, caseId);
  const code = found ? codeOf(found) : '';
  const phones = code === '' ? undefined : loadedPhonesByCode(db, env, campaignId, [code]).get(code);
  return calls.map((call) => ({ ...call, phoneIndex: phoneIndex(call.phone, phones) }));
}
