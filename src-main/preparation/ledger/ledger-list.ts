// A list the do-not-contact ledger looks values up in, whatever holds it. Pure.
import type { LedgerEntry } from '../../domain/ledger';
import { personKey } from '../../domain/person-key';

/**
 * A list the ledger reads entries from, by value: entries in memory (this workstation's own, or what
 * held a batch's cases) or the organization's compiled list (./shared-list.ts), never all read at once.
 */
export interface LedgerList {
  /** The entries listing this phone (10-digit national number), in the list's order; made as they are taken, so a caller stops at the first that applies. */
  phoneEntries(phone: string): Iterable<LedgerEntry>;
  /** The entries whose code names this person (domain/person-key.ts), in the list's order (as above). */
  codeEntries(key: string): Iterable<LedgerEntry>;
  readonly phoneCount: number;
  readonly codeCount: number;
}

/** Entries in memory as a list: phones by value, codes by the person they name. */
export function entriesList(entries: readonly LedgerEntry[]): LedgerList {
  const phones = new Map<string, LedgerEntry[]>();
  const codes = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    const [into, key] = e.kind === 'phone' ? [phones, e.value] : [codes, personKey(e.value)];
    const found = into.get(key);
    if (found) found.push(e);
    else into.set(key, [e]);
  }
  let phoneCount = 0;
  for (const list of phones.values()) phoneCount += list.length;
  return {
    phoneEntries: (phone) => phones.get(phone) ?? [],
    codeEntries: (key) => codes.get(key) ?? [],
    phoneCount,
    codeCount: entries.length - phoneCount,
  };
}
