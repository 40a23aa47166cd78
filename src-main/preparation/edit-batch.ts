// Editing a prepared batch: one case at a time, or a bulk fix over all of them. Every change goes
// back through the same rules as the import (caseFromRaw), so an edit is validated at once.
import type { Product } from '../contract';
import type { LedgerEntry } from '../domain/ledger';
import {
  batchCreditor,
  batchSettings,
  casesHeldByLedger,
  getBatchCase,
  isEditable,
  ledgerHoldIssues,
  listLedgerEntries,
  pageCasesWithRaw,
  replaceCase,
  setBatchMapping,
  setBatchMaxPhonePriority,
  type BatchCaseRow,
  type CaseStatus,
  type Store,
} from '../store';
import { caseFromRaw, packRaw, unpackRaw, type PrepareSettings, type RawRow, type StoredValues } from './build/build-cases';
import { issue } from './build/prepared-issue';
import { recheckSharedPhones, SharedPhoneChanges } from './duplicates/flag-duplicates';
import { batchLedgerIndex, sharedHoldsOf, type SharedList } from './ledger/apply-ledger';
import { localDay } from './ledger/ledger-types';
import { DEFAULT_FORMAT } from '../domain/mapping-file';
import { normalizeAmount, normalizeAreaCode, normalizeDate, normalizePhoneCell } from './normalize';
import { Failure, type FailureCode, type FailureParams } from '../domain/failures/failure';

/** An edit the batch does not allow (no such case, already sent, not an area code). */
export class EditError<
  C extends Extract<FailureCode, `edit.${string}` | 'batch.not_found'> = Extract<FailureCode, `edit.${string}` | 'batch.not_found'>,
> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'EditError';
  }
}

/**
 * The settings a batch was prepared with (kept in its mapping), for re-applying the rules, and the
 * do-not-contact ledger as it is now (own entries, and the shared list's when given): an edit never
 * brings back a listed phone.
 */
export function settingsOf(
  store: Store,
  batchId: number,
  shared: SharedList | null = null,
  today = localDay(),
  held: readonly LedgerEntry[] = [],
): PrepareSettings {
  const batch = batchSettings(store.db, batchId);
  if (!batch) throw new EditError('batch.not_found', { batchId });
  const ledger = batchLedgerIndex(listLedgerEntries(store.db), shared, { today, creditor: batchCreditor(store.db, batchId) }, held);
  return { ...settingsFromMapping(batch.mapping, batch.maxPhonePriority), ledger };
}

/** The organization's shared list as read for an edit; complete false: it could not be read whole (unreachable, or rows not understood). */
export interface SharedListRead {
  list: SharedList | null;
  complete: boolean;
}

/** No shared list in the policy. */
export const NO_SHARED_LIST: SharedListRead = { list: null, complete: true };

/**
 * settingsOf for an edit, a bulk fix or imported corrections. When the shared list was not read whole,
 * what it held in this batch stays held (its holds rebuilt from the cases' ledger issues): a network
 * share offline never makes a case callable nor brings back a phone the organization listed. Only a
 * whole read of the list, or this workstation's own entries, release anything.
 */
export function settingsForEdit(store: Store, batchId: number, shared: SharedListRead): PrepareSettings {
  return settingsOf(store, batchId, shared.list, localDay(), shared.complete ? [] : sharedHoldsOf(ledgerHoldIssues(store.db, batchId)));
}

/** A batch's kept mapping as the rules' settings: its format, or the default format's. */
export function settingsFromMapping(mapping: unknown, maxPhonePriority: number): PrepareSettings {
  const m = mapping as { decimal_separator?: ',' | '.'; date_order?: 'DMY' | 'MDY' | 'YMD'; default_area_code?: string; date_1904?: boolean };
  return {
    decimalSeparator: m.decimal_separator ?? DEFAULT_FORMAT.decimal_separator,
    dateOrder: m.date_order ?? DEFAULT_FORMAT.date_order,
    defaultAreaCode: m.default_area_code,
    date1904: m.date_1904 ?? false,
    maxPhonePriority,
  };
}

export interface CaseChanges {
  firstName?: string;
  lastName?: string;
  /** Phone texts as the agent typed them; normalized like a spreadsheet cell. */
  phones?: string[];
  /** Product fields by product position (= the case's row order). */
  products?: { index: number; debtCode?: string; pid?: string; subId?: string; debt?: string; expiration?: string }[];
  /** Leave the case out of the upload (or bring it back). */
  excluded?: boolean;
}

function rebuild(store: Store, c: BatchCaseRow & { raw: unknown[] }, raw: RawRow[], settings: PrepareSettings, excluded: boolean) {
  const built = caseFromRaw(c.code, raw, settings);
  return { ...built, status: excluded ? ('excluded' as const) : built.status, raw: packRaw(raw, built) };
}

/**
 * A case built again from its stored rows against the ledger in `settings`, for the ledger's own
 * rebuilds (a release, the check before upload): a listed phone leaves its place to the next one the
 * campaign's limit cut, as preparing does. An excluded case stays excluded, as after an edit, and a
 * rejected one stays rejected: the ledger never makes a case the agent saw left out one to send (nor
 * calls it suppressed; its ledger issues say what it lost). Null without rows (stored before migration 3).
 */
export function rebuildForLedger(c: { code: string; status: CaseStatus; raw: readonly unknown[] } & StoredValues, settings: PrepareSettings) {
  const raw = unpackRaw(c.raw, c);
  if (raw.length === 0) return null;
  const built = caseFromRaw(c.code, raw, settings);
  const status: CaseStatus = c.status === 'excluded' || c.status === 'rejected' ? c.status : built.status;
  return { ...built, status, raw: packRaw(raw, built) };
}

/**
 * What the agent typed in the app, as the cell to keep: an amount or a date the Argentine way
 * (152.340,50; 10/12/2026), the way the drawer shows them, is kept as the value it means, so the
 * file's own format (a batch of 1,234.56 amounts) never misreads it. Anything else is kept as typed
 * and read with the file's format, or shown with its problem.
 */
function typedCell(key: string, typed: string): string | number {
  if (key === 'debt') {
    const amount = normalizeAmount(typed, { decimalSeparator: ',' });
    return amount.ok && !amount.ambiguous ? Number(amount.value) : typed;
  }
  if (key === 'expiration') {
    const date = normalizeDate(typed, { dateOrder: 'DMY' });
    return date.ok ? date.value : typed;
  }
  return typed;
}

export function editCase(store: Store, batchId: number, caseId: number, changes: CaseChanges, shared = NO_SHARED_LIST): BatchCaseRow {
  const current = getBatchCase(store.db, caseId);
  if (!current || current.batchId !== batchId) throw new EditError('edit.case_not_in_batch', { caseId, batchId });
  // Not editable yet pending or skipped: its request may be on its way.
  if (!current.editable)
    throw new EditError('edit.case_sent', { code: current.code, state: isEditable(current.uploadState) ? 'sending' : current.uploadState });
  const settings = settingsForEdit(store, batchId, shared);
  const raw = unpackRaw(current.raw, current);
  const edits: { field: string; before: string; after: string }[] = [];
  if (changes.firstName !== undefined && changes.firstName !== current.firstName) {
    edits.push({ field: 'first_name', before: current.firstName, after: changes.firstName });
    for (const r of raw) r.firstName = changes.firstName.trim();
  }
  if (changes.lastName !== undefined && changes.lastName !== current.lastName) {
    edits.push({ field: 'last_name', before: current.lastName, after: changes.lastName });
    for (const r of raw) r.lastName = changes.lastName.trim();
  }
  if (changes.phones !== undefined) {
    edits.push({ field: 'phones', before: current.phones.join(' / '), after: changes.phones.join(' / ') });
    raw.forEach((r, i) => (r.phones = i === 0 ? [...changes.phones!] : []));
  }
  for (const p of changes.products ?? []) {
    const r = raw[p.index];
    if (!r) throw new EditError('edit.no_product', { code: current.code, product: p.index + 1 });
    const set = <K extends 'debtCode' | 'pid' | 'subId' | 'debt' | 'expiration'>(key: K, value: string | undefined, field: string) => {
      if (value === undefined || String(r[key] ?? '') === value) return;
      edits.push({ field: `products[${p.index}].${field}`, before: String(r[key] ?? ''), after: value });
      (r as unknown as Record<string, unknown>)[key] = typedCell(key, value);
    };
    set('debtCode', p.debtCode, 'debt_code');
    set('pid', p.pid, 'pid');
    set('subId', p.subId, 'sub_id');
    set('debt', p.debt, 'debt');
    set('expiration', p.expiration, 'expiration');
  }
  const excluded = changes.excluded ?? current.status === 'excluded';
  if (changes.excluded !== undefined && changes.excluded !== (current.status === 'excluded')) {
    edits.push({ field: 'status', before: current.status, after: changes.excluded ? 'excluded' : 'included' });
  }
  const next = rebuild(store, current, raw, settings, excluded);
  store.db
    .transaction(() => {
      // Sent meanwhile (another process's upload): nothing of the edit is kept.
      const history = () => edits.map((e) => issue('fix', 'edited', e.field, current.sourceRows, e, { before: e.before, after: e.after }));
      if (replaceCase(store.db, caseId, next, 'agent', history) === null) throw new EditError('edit.case_sent', { code: current.code, state: 'sending' });
      const phones = new SharedPhoneChanges();
      phones.note(caseId, current, next);
      recheckSharedPhones(store, batchId, phones);
    })
    .immediate();
  const updated = getBatchCase(store.db, caseId);
  if (!updated) throw new EditError('edit.case_vanished', { caseId });
  const { raw: _raw, ...row } = updated;
  return row;
}

/** A row's phone cells as one text, for the history (a spreadsheet may have given numbers, or nothing). */
const phoneCellsText = (cells: readonly unknown[]): string =>
  cells
    .map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()))
    .filter((text) => text !== '')
    .join(' / ');

export type BulkFix =
  /** Each case keeps its first phones in priority order, as many as a campaign of this max_phone_priority takes. */
  | { kind: 'phone-limit'; maxPhonePriority: number }
  | { kind: 'default-area-code'; areaCode: string }
  | { kind: 'decimal-separator'; separator: ',' | '.' }
  | { kind: 'drop-invalid-phones' }
  | { kind: 'exclude-rejected' };

/** Applies a fix to every case not yet sent; returns how many cases changed. */
export function bulkFix(store: Store, batchId: number, fix: BulkFix, shared = NO_SHARED_LIST): { changed: number } {
  const batch = batchSettings(store.db, batchId);
  if (!batch) throw new EditError('batch.not_found', { batchId });
  if (fix.kind === 'default-area-code') {
    // One Argentina has: "011" is 11, and a code no number starts with (15, 200) is refused.
    const areaCode = normalizeAreaCode(fix.areaCode);
    if (areaCode === null) throw new EditError('edit.bad_area_code', { areaCode: fix.areaCode });
    fix = { ...fix, areaCode };
  }
  return store.db
    .transaction(() => {
      if (fix.kind === 'default-area-code') setBatchMapping(store.db, batchId, { ...batch.mapping, default_area_code: fix.areaCode });
      if (fix.kind === 'decimal-separator') setBatchMapping(store.db, batchId, { ...batch.mapping, decimal_separator: fix.separator });
      if (fix.kind === 'phone-limit') setBatchMaxPhonePriority(store.db, batchId, fix.maxPhonePriority);
      const settings = settingsForEdit(store, batchId, shared);
      const phones = new SharedPhoneChanges();
      let changed = 0;
      for (let afterId = 0; ;) {
        const page = pageCasesWithRaw(store.db, batchId, afterId, 500);
        if (page.length === 0) break;
        afterId = page[page.length - 1]?.id ?? afterId;
        for (const c of page) {
          if (!c.editable) continue;
          const raw = unpackRaw(c.raw, c);
          let excluded = c.status === 'excluded';
          if (fix.kind === 'exclude-rejected') {
            if (c.status !== 'rejected') continue;
            excluded = true;
          }
          const cellsBefore = raw.map((r) => phoneCellsText(r.phones));
          if (fix.kind === 'drop-invalid-phones') {
            // Keep only the pieces that become a valid number, as they were written: the dropped pieces
            // (and their warnings) go, while the history of how each kept one was read stays true.
            for (const r of raw)
              r.phones = r.phones.flatMap((cell) => normalizePhoneCell(cell, { defaultAreaCode: settings.defaultAreaCode }).phones.map((p) => p.original));
          }
          const next = rebuild(store, c, raw, settings, excluded);
          // Issues are always refreshed; a case counts as changed when what would be sent changed.
          // What the fix took out of a case is part of its history, as the agent's own edits are.
          const history = () =>
            raw.flatMap((r, i) => {
              const before = cellsBefore[i] ?? '';
              const after = phoneCellsText(r.phones);
              return before === after ? [] : [issue('fix', 'edited', 'phones', [r.row], { field: 'phones', before, after }, { before, after })];
            });
          const written = replaceCase(store.db, c.id, next, 'agent', history);
          if (written === null) continue; // its request may be on its way
          phones.note(c.id, c, next);
          if (!sameValues(c, { ...next, status: written })) changed += 1;
        }
      }
      recheckSharedPhones(store, batchId, phones);
      return { changed };
    })
    .immediate();
}

/**
 * Cases the ledger held back, built again from their rows against the ledger as it is now: a case
 * whose entry was removed or has expired is callable again, and a phone taken off comes back. The
 * prepare-time rules run unchanged (caseFromRaw), so only the ledger's part can differ (a rejected or
 * excluded case keeps its status, see rebuildForLedger). A skipped case too: it holds what a load again
 * would send, so that stays current; but nobody corrected it, so its batch is not kept for it (a change
 * by the ledger, not the agent: see replaceCase). Returns how many cases changed what would be sent.
 */
export function releaseFromLedger(store: Store, batchId: number, shared: SharedList | null = null, today = localDay()): { released: number } {
  const held = casesHeldByLedger(store.db, batchId);
  if (held.length === 0) return { released: 0 };
  const settings = settingsOf(store, batchId, shared, today);
  return store.db
    .transaction(() => {
      let released = 0;
      const phones = new SharedPhoneChanges();
      for (const id of held) {
        const c = getBatchCase(store.db, id);
        if (!c?.editable) continue;
        const next = rebuildForLedger(c, settings);
        // Stored before rows were kept with their case (migration 3): nothing to build it again from.
        if (next === null) continue;
        // Compared as written: a duplicate's warning kept through the rebuild keeps a ready case "with warnings".
        const history = (status: CaseStatus) =>
          sameValues(c, { ...next, status }) ? [] : [issue('fix', 'ledger-released', 'status', c.sourceRows, { before: c.status, after: status })];
        const written = replaceCase(store.db, c.id, next, 'ledger', history);
        if (written === null) continue; // its request may be on its way
        phones.note(c.id, c, next);
        if (sameValues(c, { ...next, status: written })) continue;
        released += 1;
      }
      // A phone the ledger gives back counts among its debtors again.
      recheckSharedPhones(store, batchId, phones);
      return { released };
    })
    .immediate();
}

function sameValues(a: BatchCaseRow, b: { phones: string[]; products: Product[]; status: string; firstName: string; lastName: string }): boolean {
  return (
    a.status === b.status &&
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    JSON.stringify(a.phones) === JSON.stringify(b.phones) &&
    JSON.stringify(a.products) === JSON.stringify(b.products)
  );
}
