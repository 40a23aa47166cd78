// Cases an agent would call twice without knowing: a code already waiting in another batch of the
// same environment, a code the target campaign already holds, a phone many different debtors share.
// Pure: the caller reads what the store knows (store/duplicates-repo.ts) and hands it in; the same
// rules run at prepare, for a follow-up batch, and again right before each upload.
import { personKey } from '../../domain/person-key';
import { issue, type PreparedIssue } from '../build/prepared-issue';

export { DUPLICATE_ISSUE_KINDS, isDuplicateKind } from '../../domain/duplicates';

/** How the campaign is known to hold a code: loaded from a batch of this workstation, or seen in its downloaded results. */
export interface CampaignHolding {
  /** The batch it was loaded from; null when only the downloaded results show it. */
  batch: number | null;
}

/** What is known, when preparing one batch, about where its codes already are. */
export interface DuplicateSources {
  /** Person (personKey of a code) → the lowest id of another batch of the environment that still holds them unsent. */
  otherBatches: ReadonlyMap<string, number>;
  /** The target campaign and the people it holds (personKey of their codes); null when the batch has no campaign yet. */
  campaign: { id: number; holds: ReadonlyMap<string, CampaignHolding> } | null;
}

export const NO_DUPLICATE_SOURCES: DuplicateSources = { otherBatches: new Map(), campaign: null };

/** The duplicate warnings of one case: at most one per kind. A warning, never a rejection: the agent decides. */
export function duplicateIssues(c: { code: string; sourceRows: number[] }, sources: DuplicateSources): PreparedIssue[] {
  const out: PreparedIssue[] = [];
  const person = personKey(c.code);
  const other = sources.otherBatches.get(person);
  if (other !== undefined) out.push(issue('warning', 'duplicate-other-batch', 'code', c.sourceRows, { batch: other }));
  const held = sources.campaign?.holds.get(person);
  if (sources.campaign && held) out.push(issue('warning', 'duplicate-in-campaign', 'code', c.sourceRows, { campaign: sources.campaign.id, batch: held.batch }));
  return out;
}

/**
 * From this many different debtors on one number, it is not a debtor's phone: a switchboard, an
 * office, or a placeholder someone typed for every row. Two or three are common (relatives, a shared
 * home line, one debtor under two codes with names spelled apart); five is past what a family shares.
 */
export const SHARED_PHONE_MIN_DEBTORS = 5;

/** Marks a nameless debtor's key (its code: no folded name can be the same), and parts the fields a phone seen once keeps. */
const NAMELESS = '\u0000';

const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Who a debtor is, for counting different ones: the name folded (one person with two codes is one), or the code when nameless. */
export function debtorKey(c: { code: string; firstName: string; lastName: string }): string {
  return fold(`${c.firstName} ${c.lastName}`) || NAMELESS + c.code;
}

/**
 * Counts, phone by phone, the different debtors of one batch as its cases go by (cases are written as
 * they are built, so the count cannot wait for the whole list). Cheap on the common case, a phone seen
 * once: it keeps the name as written, and folds names only when a second case has the same phone.
 */
export class SharedPhoneTally {
  /** phone → the first case's code and name as written ("code\0first\0last", not folded yet), or the folded debtors once a second case came. */
  private readonly debtors = new Map<string, string | Set<string>>();

  add(c: { code: string; firstName: string; lastName: string; phones: readonly string[] }): void {
    let who: string | null = null;
    for (const phone of c.phones) {
      const seen = this.debtors.get(phone);
      if (seen === undefined) {
        this.debtors.set(phone, `${c.code}${NAMELESS}${c.firstName}${NAMELESS}${c.lastName}`);
        continue;
      }
      who ??= debtorKey(c);
      if (typeof seen !== 'string') seen.add(who);
      else {
        const [code = '', firstName = '', lastName = ''] = seen.split(NAMELESS);
        this.debtors.set(phone, new Set([debtorKey({ code, firstName, lastName }), who]));
      }
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
export function phonesSharedByManyDebtors(
  cases: Iterable<{ code: string; firstName: string; lastName: string; phones: readonly string[] }>,
  min = SHARED_PHONE_MIN_DEBTORS,
): Map<string, number> {
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

/** A case as a phone's debtors are counted: who it is and its phones. */
type DebtorWithPhones = { code: string; firstName: string; lastName: string; phones: readonly string[] };

/**
 * The phones whose count of debtors a change of one case may move: every phone it had and has, when
 * its phones or who it is (its folded name) changed; none otherwise. Leaving a case out (or bringing
 * it back) moves none: see recheckSharedPhones.
 */
export function phonesTouched(before: DebtorWithPhones, after: DebtorWithPhones): string[] {
  const samePhones = before.phones.length === after.phones.length && before.phones.every((p, i) => p === after.phones[i]);
  if (samePhones && debtorKey(before) === debtorKey(after)) return [];
  return [...new Set([...before.phones, ...after.phones])];
}

/**
 * The shared-phone warnings of each case after the debtors of some phones changed. `cases` holds every
 * case of the batch with a `touched` phone (and any edited case left with none): those phones are
 * counted again among them; a case's other phones keep the count its own warning has, since none of
 * their holders changed.
 */
export function recountSharedPhones<
  C extends DebtorWithPhones & { sourceRows: number[]; issues: readonly { kind: string; params?: Record<string, unknown> | undefined }[] },
>(cases: readonly C[], touched: ReadonlySet<string>): { case: C; issues: PreparedIssue[] }[] {
  const tally = new SharedPhoneTally();
  for (const c of cases) tally.add({ ...c, phones: c.phones.filter((p) => touched.has(p)) });
  const fresh = tally.shared();
  return cases.map((c) => {
    const shared = new Map<string, number>();
    for (const i of c.issues) {
      const { phone, debtors } = i.params ?? {};
      if (i.kind === 'shared-phone' && typeof phone === 'string' && typeof debtors === 'number' && !touched.has(phone)) shared.set(phone, debtors);
    }
    for (const [phone, debtors] of fresh) shared.set(phone, debtors);
    return { case: c, issues: sharedPhoneIssues(c, shared) };
  });
}
