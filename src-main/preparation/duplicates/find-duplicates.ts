// Cases an agent would call twice without knowing: a code already waiting in another batch of the
// same environment, a code the target campaign already holds, a phone many different debtors share.
// Pure: the caller reads what the store knows (store/duplicates-repo.ts) and hands it in; the same
// rules run at prepare, for a follow-up batch, and again right before each upload.
import { issue, type PreparedIssue } from '../build/issue-messages';

export { DUPLICATE_ISSUE_KINDS, isDuplicateKind } from '../../domain/duplicates';

/** How the campaign is known to hold a code: loaded from a batch of this workstation, or seen in its downloaded results. */
export interface CampaignHolding {
  /** The batch it was loaded from; null when only the downloaded results show it. */
  batch: number | null;
}

/** What is known, when preparing one batch, about where its codes already are. */
export interface DuplicateSources {
  /** Code → the lowest id of another batch of the environment that still holds it unsent. */
  otherBatches: ReadonlyMap<string, number>;
  /** The target campaign and the codes it holds; null when the batch has no campaign yet. */
  campaign: { id: number; holds: ReadonlyMap<string, CampaignHolding> } | null;
}

export const NO_DUPLICATE_SOURCES: DuplicateSources = { otherBatches: new Map(), campaign: null };

/** The duplicate warnings of one case: at most one per kind. A warning, never a rejection: the agent decides. */
export function duplicateIssues(c: { code: string; sourceRows: number[] }, sources: DuplicateSources): PreparedIssue[] {
  const out: PreparedIssue[] = [];
  const other = sources.otherBatches.get(c.code);
  if (other !== undefined) out.push(issue('warning', 'duplicate-other-batch', 'code', c.sourceRows, { batch: other }));
  const held = sources.campaign?.holds.get(c.code);
  if (sources.campaign && held) out.push(issue('warning', 'duplicate-in-campaign', 'code', c.sourceRows, { campaign: sources.campaign.id, batch: held.batch }));
  return out;
}

/**
 * From this many different debtors on one number, it is not a debtor's phone: a switchboard, an
 * office, or a placeholder someone typed for every row. Two or three are common (relatives, a shared
 * home line, one debtor under two codes with names spelled apart); five is past what a family shares.
 */
export const SHARED_PHONE_MIN_DEBTORS = 5;

/** Who a debtor is, for counting different ones: the name folded (one person with two codes is one), or the code when nameless. */
export function debtorKey(c: { code: string; firstName: string; lastName: string }): string {
  const name = `${c.firstName} ${c.lastName}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return name === '' ? `#${c.code}` : name;
}

/**
 * Counts, phone by phone, the different debtors of one batch as its cases go by (cases are written as
 * they are built, so the count cannot wait for the whole list). Memory: one string per phone until a
 * second debtor shows up on it.
 */
export class SharedPhoneTally {
  private readonly debtors = new Map<string, string | Set<string>>();

  add(c: { code: string; firstName: string; lastName: string; phones: readonly string[] }): void {
    const who = debtorKey(c);
    for (const phone of c.phones) {
      const seen = this.debtors.get(phone);
      if (seen === undefined) this.debtors.set(phone, who);
      else if (typeof seen === 'string') {
        if (seen !== who) this.debtors.set(phone, new Set([seen, who]));
      } else seen.add(who);
    }
  }

  /** Phone → how many different debtors have it, for the phones at or above `min`. */
  shared(min = SHARED_PHONE_MIN_DEBTORS): Map<string, number> {
    const out = new Map<string, number>();
    for (const [phone, seen] of this.debtors) if (typeof seen !== 'string' && seen.size >= min) out.set(phone, seen.size);
    return out;
  }
}

/** Phones of many debtors in one list of cases (a whole batch at once). */
export function phonesSharedByManyDebtors(cases: Iterable<{ code: string; firstName: string; lastName: string; phones: readonly string[] }>, min = SHARED_PHONE_MIN_DEBTORS): Map<string, number> {
  const tally = new SharedPhoneTally();
  for (const c of cases) tally.add(c);
  return tally.shared(min);
}

/** The warnings of one case for its phones that many debtors share. */
export function sharedPhoneIssues(c: { phones: readonly string[]; sourceRows: number[] }, shared: ReadonlyMap<string, number>): PreparedIssue[] {
  const out: PreparedIssue[] = [];
  for (const phone of c.phones) {
    const debtors = shared.get(phone);
    if (debtors !== undefined) out.push(issue('warning', 'shared-phone', 'phones', c.sourceRows, { phone, debtors }));
  }
  return out;
}
