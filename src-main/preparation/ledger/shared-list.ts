// The organization's do-not-contact list compiled for lookup: national registers run to millions of
// numbers, so phones are kept as sorted 32-bit numbers beside their rows, never as one object each.
// Plain data (typed arrays and a few tables): it crosses to the preparation worker and into the
// sealed index file as it is. Pure.
import { personKey } from '../../domain/person-key';
import type { LedgerEntry, LedgerReason, LedgerRowProblem } from '../../domain/ledger';
import type { LedgerList } from './ledger-list';
import { ledgerPhone } from './ledger-types';

/** What an entry says besides its value: few distinct ones in a list of millions. */
export interface EntryTerms {
  reason: LedgerReason;
  until: string | null;
  creditor: string | null;
}

/** The first rows a list could not use, each with where it is; the rest are counted. */
export const PROBLEMS_KEPT = 100;

export interface CompiledLedger {
  /** Phones as numbers (every Argentine national number is below 2³²: area codes start with 1 to 3), ascending; a phone listed twice, in row order. */
  phones: Uint32Array;
  /** The row of each phone entry (its id), and the index of its terms. */
  phoneRows: Uint32Array;
  phoneTerms: Uint32Array;
  /** Code entries by the person they name (personKey), ascending; the code as written beside it. */
  codeKeys: string[];
  codeValues: string[];
  codeRows: Uint32Array;
  codeTerms: Uint32Array;
  terms: EntryTerms[];
  /** When the list was written (its file's modification time, ISO 8601): every entry's addedAt. */
  addedAt: string;
  /** Rows with a problem (no entry, or held on the safe side): how many rows, and the first PROBLEMS_KEPT problems with their place. */
  problemCount: number;
  problems: LedgerRowProblem[];
}

/** Collects a list's entries in row order, and sorts them once at the end. */
export class SharedListBuilder {
  private phones = new Uint32Array(1 << 16);
  private phoneRows = new Uint32Array(1 << 16);
  private phoneTerms = new Uint32Array(1 << 16);
  private phoneCount = 0;
  private readonly codes: { key: string; value: string; row: number; terms: number }[] = [];
  private readonly terms: EntryTerms[] = [];
  private readonly termIds = new Map<string, number>();
  private termText = 0;
  private problemCount = 0;
  private lastProblemRow = -1;
  private readonly problems: LedgerRowProblem[] = [];

  /** The index of these terms, added once. */
  termsOf(t: EntryTerms): number {
    const key = `${t.reason}\u0000${t.until ?? ''}\u0000${t.creditor ?? '\u0001'}`;
    let id = this.termIds.get(key);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(t);
      this.termIds.set(key, id);
      this.termText += key.length;
    }
    return id;
  }

  /** A phone entry: `phone` is a 10-digit national number (preparation's normalized form). */
  addPhone(phone: string, row: number, terms: number): void {
    const n = Number(phone);
    if (!/^\d{10}$/.test(phone) || n >= 2 ** 32) throw new RangeError('a shared list phone is a 10-digit national number below 2³²');
    if (this.phoneCount === this.phones.length) this.grow();
    this.phones[this.phoneCount] = n;
    this.phoneRows[this.phoneCount] = row;
    this.phoneTerms[this.phoneCount] = terms;
    this.phoneCount += 1;
  }

  /** An entry as a list's row gives it. */
  addEntry(e: { kind: LedgerEntry['kind']; value: string; row: number } & EntryTerms): void {
    const terms = this.termsOf({ reason: e.reason, until: e.until, creditor: e.creditor });
    if (e.kind === 'phone') this.addPhone(e.value, e.row, terms);
    else this.addCode(e.value, e.row, terms);
  }

  addCode(value: string, row: number, terms: number): void {
    this.codes.push({ key: personKey(value), value, row, terms });
  }

  /** Problems come row by row: a row with several counts once. */
  addProblem(p: LedgerRowProblem): void {
    if (p.row !== this.lastProblemRow) this.problemCount += 1;
    this.lastProblemRow = p.row;
    if (this.problems.length < PROBLEMS_KEPT) this.problems.push(p);
  }

  get entries(): number {
    return this.phoneCount + this.codes.length;
  }

  get codeCount(): number {
    return this.codes.length;
  }

  /** The distinct terms so far, and their text (each kept twice: the entry and its lookup key). */
  get termCount(): number {
    return this.terms.length;
  }

  get termChars(): number {
    return this.termText;
  }

  finish(addedAt: string): CompiledLedger {
    const n = this.phoneCount;
    // Sorted by phone, ties in the order added (rows): a stable radix sort of their positions.
    const order = sortedOrder(this.phones, n);
    // A phone listed again with the same terms adds nothing (the first row names it): a list that
    // repeats one number millions of times must not make each lookup walk every copy.
    let kept = 0;
    const termsOfPhone = new Set<number>();
    for (let i = 0; i < n; i++) {
      const at = order[i] as number;
      const previous = kept > 0 ? (order[kept - 1] as number) : -1;
      if (previous < 0 || this.phones[previous] !== this.phones[at]) termsOfPhone.clear();
      const terms = this.phoneTerms[at] as number;
      if (termsOfPhone.has(terms)) continue;
      termsOfPhone.add(terms);
      order[kept++] = at;
    }
    const gather = (from: Uint32Array) => {
      const out = new Uint32Array(kept);
      for (let i = 0; i < kept; i++) out[i] = from[order[i] as number] as number;
      return out;
    };
    const phones = gather(this.phones);
    const phoneRows = gather(this.phoneRows);
    const phoneTerms = gather(this.phoneTerms);
    // What was collected is not needed any more: a list of millions frees it before the caller goes on.
    this.phones = this.phoneRows = this.phoneTerms = new Uint32Array(0);
    this.phoneCount = 0;
    const codes = this.codes.map((c, order) => ({ ...c, order })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.order - b.order));
    return {
      phones,
      phoneRows,
      phoneTerms,
      codeKeys: codes.map((c) => c.key),
      codeValues: codes.map((c) => c.value),
      codeRows: Uint32Array.from(codes, (c) => c.row),
      codeTerms: Uint32Array.from(codes, (c) => c.terms),
      terms: this.terms,
      addedAt,
      problemCount: this.problemCount,
      problems: this.problems,
    };
  }

  private grow(): void {
    const more = (a: Uint32Array) => {
      const b = new Uint32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.phones = more(this.phones);
    this.phoneRows = more(this.phoneRows);
    this.phoneTerms = more(this.phoneTerms);
  }
}

/**
 * The positions of the first `n` values in ascending order, equal values in their order: two stable
 * counting passes of 16 bits (a list of millions sorts in a fraction of a second, in two arrays of positions).
 */
export function sortedOrder(values: Uint32Array, n: number): Uint32Array {
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const counts = new Uint32Array(65_537);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < n; i++) (counts[(((values[i] as number) >>> shift) & 0xffff) + 1] as number)++;
    for (let d = 1; d < counts.length; d++) counts[d] = (counts[d] as number) + (counts[d - 1] as number);
    for (let i = 0; i < n; i++) {
      const at = from[i] as number;
      const digit = ((values[at] as number) >>> shift) & 0xffff;
      to[(counts[digit] as number)++] = at;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Entries in memory compiled as the shared list is (tests, and the XLSX lists read whole). */
export function compileEntries(entries: readonly Pick<LedgerEntry, 'id' | 'kind' | 'value' | 'reason' | 'until' | 'creditor'>[], addedAt = ''): CompiledLedger {
  const builder = new SharedListBuilder();
  for (const e of entries) builder.addEntry({ ...e, row: e.id });
  return builder.finish(addedAt);
}

/** The first index whose value is not below `value` (the arrays are ascending). */
function lowerBound<T>(length: number, at: (i: number) => T, value: T): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((at(mid) as T) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The compiled list as the ledger reads it: each lookup a binary search, each entry made when found. */
/** The entry at `at` of the list's phones or codes, made when asked for. */
function entryAt(list: CompiledLedger, kind: LedgerEntry['kind'], at: number): LedgerEntry {
  const phone = kind === 'phone';
  return {
    id: (phone ? list.phoneRows[at] : list.codeRows[at]) as number,
    source: 'shared',
    kind,
    value: phone ? String(list.phones[at]) : (list.codeValues[at] as string),
    ...(list.terms[(phone ? list.phoneTerms[at] : list.codeTerms[at]) as number] as EntryTerms),
    addedBy: '',
    addedAt: list.addedAt,
  };
}

export function sharedListLookup(list: CompiledLedger): LedgerList {
  return {
    *phoneEntries(phone) {
      if (!/^\d{10}$/.test(phone)) return;
      const n = Number(phone);
      for (let i = lowerBound(list.phones.length, (k) => list.phones[k] as number, n); i < list.phones.length && list.phones[i] === n; i++)
        yield entryAt(list, 'phone', i);
    },
    *codeEntries(key) {
      for (let i = lowerBound(list.codeKeys.length, (k) => list.codeKeys[k] as string, key); i < list.codeKeys.length && list.codeKeys[i] === key; i++)
        yield entryAt(list, 'code', i);
    },
    phoneCount: list.phones.length,
    codeCount: list.codeKeys.length,
  };
}

/** A page of the list as the ledger screen and `suppress list` show it, and how many entries match. */
export interface SharedListPage {
  entries: LedgerEntry[];
  /** Entries that match the search (all of them without one). */
  matching: number;
}

/**
 * Entries of the list in order (phones ascending, then codes), from `offset`. A search finds a phone
 * written any way ("011 15-4444-5555"), the phones starting with some digits ("11444"), and the code
 * entries of the person it names ("30.000.001" finds a CUIT entry of that DNI). Never all entries at once.
 */
export function pageSharedList(list: CompiledLedger, opts: { search?: string | undefined; offset: number; limit: number }): SharedListPage {
  const search = opts.search?.trim() ?? '';
  let phones: [number, number] = [0, list.phones.length];
  let codes: [number, number] = [0, list.codeKeys.length];
  if (search !== '') {
    phones = phoneRange(list, search);
    const key = personKey(search);
    const from = lowerBound(list.codeKeys.length, (k) => list.codeKeys[k] as string, key);
    let to = from;
    while (to < list.codeKeys.length && list.codeKeys[to] === key) to++;
    codes = [from, to];
  }
  const phoneCount = phones[1] - phones[0];
  const matching = phoneCount + codes[1] - codes[0];
  const entries: LedgerEntry[] = [];
  for (let i = opts.offset; i < Math.min(matching, opts.offset + opts.limit); i++) {
    entries.push(i < phoneCount ? entryAt(list, 'phone', phones[0] + i) : entryAt(list, 'code', codes[0] + i - phoneCount));
  }
  return { entries, matching };
}

/** The range of phones a search names: one number written any way, or every number starting with its digits. */
function phoneRange(list: CompiledLedger, search: string): [number, number] {
  const bound = (n: number) => lowerBound(list.phones.length, (k) => list.phones[k] as number, n);
  const phone = ledgerPhone(search);
  if (phone.ok) return [bound(Number(phone.value)), bound(Number(phone.value) + 1)];
  const digits = search.replace(/[\s\-().+]/g, '');
  if (!/^\d{1,10}$/.test(digits) || digits.startsWith('0')) return [0, 0];
  const scale = 10 ** (10 - digits.length);
  return [bound(Number(digits) * scale), bound((Number(digits) + 1) * scale)];
}
