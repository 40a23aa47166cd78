// Matching cases against the do-not-contact ledger. Pure: the same rules at prepare, at every edit
// and right before each upload, from the entries the caller read (own and shared).
import { personKey, spellingDifference, type SpellingDifference } from '../../domain/person-key';
import { issue, type PreparedIssue } from '../build/prepared-issue';
import { entriesList, type LedgerList } from './ledger-list';
import { sharedListLookup, type CompiledLedger } from './shared-list';
import { LEDGER_REASONS, sameCreditor, type LedgerEntry, type LedgerReason } from './ledger-types';

export interface LedgerScope {
  /** YYYY-MM-DD: entries that ended before this day no longer apply. */
  today: string;
  /** The batch's creditor; null: entries scoped to a creditor cannot be told to apply, and do not. */
  creditor: string | null;
}

/** Whether an entry applies to a batch of this creditor today. */
export function entryApplies(e: LedgerEntry, scope: LedgerScope): boolean {
  if (e.until !== null && e.until < scope.today) return false;
  if (e.creditor !== null && (scope.creditor === null || !sameCreditor(e.creditor, scope.creditor))) return false;
  return true;
}

/** The entries that apply, by value: built once per batch, looked up once per phone and code. */
export interface LedgerIndex {
  /** The first entry that applies to this phone, or undefined. */
  phone(value: string): LedgerEntry | undefined;
  /** The first entry that applies to the person this case code names, or undefined. */
  code(caseCode: string): LedgerEntry | undefined;
  /** Some list has phones: only then can a phone the campaign's limit cut be listed. */
  hasPhones: boolean;
  /** No list has an entry: callers skip the work. */
  empty: boolean;
}

/** The organization's list as callers hold it: compiled (the app, the CLI), or entries in memory (tests). */
export type SharedList = CompiledLedger | readonly LedgerEntry[];

/**
 * The index of a batch's ledger: this workstation's own entries first (an agent's own reason is the
 * one shown when both name a phone), then `held` (what held the batch's cases, while the shared list
 * is not read whole), then the shared list.
 */
export function batchLedgerIndex(
  own: readonly LedgerEntry[],
  shared: SharedList | null | undefined,
  scope: LedgerScope,
  held: readonly LedgerEntry[] = [],
): LedgerIndex {
  if (shared === null || shared === undefined) return ledgerIndex([...own, ...held], scope);
  if (isEntries(shared)) return ledgerIndex([...own, ...held, ...shared], scope);
  return ledgerIndex([...own, ...held], scope, [sharedListLookup(shared)]);
}

const isEntries = (s: SharedList): s is readonly LedgerEntry[] => Array.isArray(s);

/**
 * For each phone or person, the first entry that applies to this batch today: of `entries` in their
 * order (callers put their own entries before the shared ones), then of each list in `lists`.
 */
export function ledgerIndex(entries: readonly LedgerEntry[], scope: LedgerScope, lists: readonly LedgerList[] = []): LedgerIndex {
  // Entries in memory that do not apply are left out now: a batch no entry applies to skips the work.
  const sources = [entriesList(entries.filter((e) => entryApplies(e, scope))), ...lists].filter((l) => l.phoneCount + l.codeCount > 0);
  const first = (of: (l: LedgerList) => Iterable<LedgerEntry>) => {
    for (const l of sources) for (const e of of(l)) if (entryApplies(e, scope)) return e;
    return undefined;
  };
  const hasPhones = sources.some((l) => l.phoneCount > 0);
  const hasCodes = sources.some((l) => l.codeCount > 0);
  return {
    phone: (value) => (hasPhones ? first((l) => l.phoneEntries(value)) : undefined),
    code: (caseCode) => (hasCodes ? first((l) => l.codeEntries(personKey(caseCode))) : undefined),
    hasPhones,
    empty: sources.length === 0,
  };
}

export interface LedgerMatch {
  /** The case's phones that are not listed, in their order. */
  phones: string[];
  removed: { phone: string; entry: LedgerEntry }[];
  /** The entry that lists the case's code. */
  code: LedgerEntry | null;
  /** The case cannot be contacted: its code is listed, or every phone it had is. */
  suppressed: boolean;
  /** What to tell the agent, one issue per listed phone and one for the case. */
  issues: PreparedIssue[];
}

/** What the ledger does to one case. */
export function matchLedger(c: { code: string; phones: readonly string[]; sourceRows: number[] }, index: LedgerIndex): LedgerMatch {
  if (index.empty) return { phones: [...c.phones], removed: [], code: null, suppressed: false, issues: [] };
  const phones: string[] = [];
  const removed: LedgerMatch['removed'] = [];
  const issues: PreparedIssue[] = [];
  for (const phone of c.phones) {
    const entry = index.phone(phone);
    if (!entry) {
      phones.push(phone);
      continue;
    }
    removed.push({ phone, entry });
    issues.push(issue('warning', 'suppressed-phone', 'phones', c.sourceRows, { phone, reason: entry.reason, entry: entry.id, source: entry.source }));
  }
  const code = index.code(c.code) ?? null;
  if (code)
    issues.push(
      issue('warning', 'suppressed-code', 'code', c.sourceRows, { reason: code.reason, entry: code.id, source: code.source, ...spelledApart(c.code, code) }),
    );
  else if (removed.length > 0 && phones.length === 0) issues.push(issue('warning', 'suppressed-no-phones', 'phones', c.sourceRows, { count: removed.length }));
  return { phones, removed, code, suppressed: code !== null || (removed.length > 0 && phones.length === 0), issues };
}

/** How the entry that holds a case's code was written, when apart from the case's code: the agent sees both spellings. */
function spelledApart(caseCode: string, entry: LedgerEntry): { listed: string; spelling: SpellingDifference } | Record<string, never> {
  const spelling = spellingDifference(caseCode, entry.value);
  return spelling === null ? {} : { listed: entry.value, spelling };
}

/**
 * The status a case takes after the ledger: 'suppressed' when it cannot be contacted (over any other,
 * so fixing its data never makes it callable), 'warning' for a ready case that lost a phone.
 */
export function statusAfterLedger<S extends string>(status: S, match: LedgerMatch): S | 'suppressed' | 'warning' {
  if (match.suppressed) return 'suppressed';
  if (match.removed.length > 0 && status === 'ready') return 'warning';
  return status;
}

/**
 * The shared list's entries as a batch's cases were last held by them, rebuilt from their ledger issues
 * (suppressed-phone, suppressed-code). While the shared list cannot be read whole, a rebuild applies
 * these too, so what the list held stays held. Own entries are not kept this way: the store always has them
 * (an issue without a source counts as shared: kept, the safe side).
 */
export function sharedHoldsOf(cases: readonly HeldCase[]): LedgerEntry[] {
  return holdsOf(cases, false);
}

/**
 * Every entry the cases were last held by, own ones too: for a rebuild that must never give anything
 * back (the check before upload while the shared list is not read whole: only a release gives back).
 */
export function allHoldsOf(cases: readonly HeldCase[]): LedgerEntry[] {
  return holdsOf(cases, true);
}

/** An issue as stored or as built: its kind and values. */
type IssueLike = { kind: string; params?: Record<string, unknown> | undefined };
type HeldCase = { code: string; issues: readonly IssueLike[] };

function holdsOf(cases: readonly HeldCase[], own: boolean): LedgerEntry[] {
  const holds: LedgerEntry[] = [];
  for (const c of cases)
    for (const i of c.issues) {
      const p = i.params ?? {};
      if (p.source === 'own' && !own) continue;
      const value = i.kind === 'suppressed-phone' ? p.phone : i.kind === 'suppressed-code' ? c.code : null;
      if (typeof value !== 'string' || value === '') continue;
      const reason = LEDGER_REASONS.includes(p.reason as LedgerReason) ? (p.reason as LedgerReason) : 'other';
      const kind = i.kind === 'suppressed-phone' ? 'phone' : 'code';
      // No expiry and no creditor scope: it applied to this batch when it was read, and is kept as it was.
      holds.push({
        id: typeof p.entry === 'number' ? p.entry : 0,
        source: p.source === 'own' ? 'own' : 'shared',
        kind,
        value,
        reason,
        until: null,
        creditor: null,
        addedBy: '',
        addedAt: '',
      });
    }
  return holds;
}

/** The issues the ledger decides, with the campaign's limit (its warning counts the phones the ledger leaves). */
const DECIDED_BY_LEDGER = new Set(['suppressed-phone', 'suppressed-code', 'suppressed-no-phones', 'too-many-phones']);

/**
 * What the ledger made of a case, as one comparable text: its phones and the issues it decides with
 * their values (in any order: an earlier check appended its issues). The same text: applying the
 * ledger again changes nothing.
 */
export function ledgerOutcomeOf(c: { phones: readonly string[]; issues: readonly IssueLike[] }): string {
  const decided = c.issues
    .filter((i) => DECIDED_BY_LEDGER.has(i.kind))
    .map((i) => JSON.stringify([i.kind, Object.entries(i.params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]))
    .sort();
  return JSON.stringify([c.phones, decided]);
}

/** Whether `next` has a phone taken off by the ledger that `before` did not. */
export function holdsMore(next: readonly IssueLike[], before: readonly IssueLike[]): boolean {
  const held = new Set(before.filter((i) => i.kind === 'suppressed-phone').map((i) => i.params?.phone));
  return next.some((i) => i.kind === 'suppressed-phone' && !held.has(i.params?.phone));
}
