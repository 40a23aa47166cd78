// What a downloaded campaign case came to: final or not, whether a person was reached, whether they
// promised to pay (when, how much, on which call). The spec leaves "contacted" and the shape of a
// promise open; SPEC-GAPS.md rows 42–44 decide them, and this is the one place they are applied.
// Pure: no I/O, shared by the summary, the promises list, the follow-up batch and (as types) the renderer.
import type { Call, CampaignCase } from '../contract';
import { normalizeAmount } from '../preparation/normalize/amounts';
import type { PrepareSummary } from '../preparation/preparation-types';

/** Which cases a follow-up batch takes again. */
export const FOLLOWUP_OUTCOMES = ['non-final', 'not-contacted', 'no-promise'] as const;
export type FollowupOutcome = (typeof FOLLOWUP_OUTCOMES)[number];

/** What `followup` tells the agent: the prepare summary, and where the cases came from. */
export interface FollowupSummary extends PrepareSummary {
  followup: {
    campaignId: number;
    outcome: FollowupOutcome | null;
    results: string[];
    /** The batches the cases were rebuilt from. */
    fromBatches: number[];
    /** Cases of the results that matched but were not uploaded from this workstation (no rows to rebuild them from). */
    notFound: number;
  };
}

export interface PromiseToPay {
  /** The words the service kept for it (the case's `commitment`, else the promising call's). */
  commitment: string;
  /** YYYY-MM-DD read from the commitment; null when it names no date. */
  date: string | null;
  /** Amount in pesos ("1234.56") read from the commitment; null when it states none. */
  amount: string | null;
  /** The call where it was made, to listen to; null when no downloaded call says so. */
  callId: number | null;
  callAt: string | null;
}

export interface CaseOutcome {
  caseId: number;
  code: string | null;
  firstName: string;
  lastName: string;
  resultName: string;
  isFinal: boolean;
  contacted: boolean;
  promise: PromiseToPay | null;
  /** The case's total debt as the service echoes it, for the creditor's list. */
  debt: number | null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A person spoke on this call: the debtor (or whoever answered) said something, or promised. */
export function callReachedSomeone(call: Partial<Call>): boolean {
  const data = call.data as Partial<Call['data']> | undefined;
  if (data?.got_promise === true) return true;
  const responses = Array.isArray(data?.responses) ? (data.responses as unknown[]) : [];
  return responses.some((r) => typeof r === 'object' && r !== null && str((r as { text?: unknown }).text).trim() !== '');
}

/** Calls newest first: by last_updated, then id (a service may stamp two calls alike). */
function newestFirst(calls: readonly Call[]): Call[] {
  return [...calls].sort((a, b) => str(b.last_updated).localeCompare(str(a.last_updated)) || b.id - a.id);
}

/**
 * The case's own `contacted` flag when the service sends one (inbound cases carry it; a campaign
 * case may); otherwise whether any of its calls reached a person (SPEC-GAPS row 42).
 */
export function caseContacted(found: CampaignCase, calls: readonly Call[]): boolean {
  const flag = (found.case_result as { contacted?: unknown } | undefined)?.contacted;
  if (typeof flag === 'boolean') return flag;
  if (found.params?.got_promise === true) return true;
  return calls.some(callReachedSomeone);
}

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const DMY_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;
/** An amount marked as pesos: "$ 1.234,56", "$1234.56", "ARS 1.500". */
const PESOS = /(?:AR\$|\$|ARS)\s*(\d[\d.,\s]*\d|\d)/i;

function realDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  const iso = date.toISOString().slice(0, 10);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? iso : null;
}

/**
 * Reads a commitment text: its date (YYYY-MM-DD, or DD/MM/YYYY as Argentina writes it) and its
 * amount (marked with $ or ARS, or the whole rest of the text when that is a number). Anything it
 * cannot read is null; the words stay, so nothing the service said is lost (SPEC-GAPS row 43).
 */
export function readCommitment(text: string): { date: string | null; amount: string | null } {
  let rest = text;
  let date: string | null = null;
  const iso = ISO_DATE.exec(rest);
  const dmy = iso ? null : DMY_DATE.exec(rest);
  if (iso) date = realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  else if (dmy) date = realDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const found = iso ?? dmy;
  if (found) rest = rest.slice(0, found.index) + ' ' + rest.slice(found.index + found[0].length);
  const marked = PESOS.exec(rest);
  const candidate = marked ? (marked[1] ?? '').trim() : rest.replace(/\b(por|de|el|para)\b/gi, '').trim();
  let amount: string | null = null;
  if (candidate !== '' && /^[\d.,\s]+$/.test(candidate)) {
    // Argentine writing: ',' is the decimal comma, '.' groups thousands (a lone "1234.56" still reads right).
    const read = normalizeAmount(candidate, { decimalSeparator: ',' });
    if (read.ok && read.value !== '0.00') amount = read.value;
  }
  return { date, amount };
}

/**
 * The promise to pay of a case, or null: the case's `got_promise` when the service gives it, else
 * any call's (the same rule as the results export). The call to listen to is the newest promising one.
 */
export function casePromise(found: CampaignCase, calls: readonly Call[]): PromiseToPay | null {
  const ordered = newestFirst(calls);
  const promising = ordered.find((c) => (c.data as Partial<Call['data']> | undefined)?.got_promise === true) ?? null;
  const flag = found.params?.got_promise;
  const promised = typeof flag === 'boolean' ? flag : promising !== null;
  if (!promised) return null;
  const call = promising ?? ordered.find(callReachedSomeone) ?? null;
  const commitment = str(found.params?.commitment).trim() || str(call?.data?.commitment).trim();
  return { commitment, ...readCommitment(commitment), callId: call?.id ?? null, callAt: call ? str(call.last_updated) || null : null };
}

export function caseOutcome(found: CampaignCase, calls: readonly Call[]): CaseOutcome {
  const params = found.params ?? {};
  const debt = typeof params.debt === 'number' && Number.isFinite(params.debt) ? params.debt : null;
  return {
    caseId: found.id,
    code: typeof params.code === 'string' && params.code !== '' ? params.code : null,
    firstName: str(params.first_name),
    lastName: str(params.last_name),
    resultName: str(found.case_result?.name),
    isFinal: found.case_result?.is_final === true,
    contacted: caseContacted(found, calls),
    promise: casePromise(found, calls),
    debt,
  };
}
