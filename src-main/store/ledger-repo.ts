// The do-not-contact ledger's own entries, and what applying it right before an upload changes in a
// batch's cases. Values arrive normalized (preparation/ledger): the store only keeps and finds them.
import { creditorKey, type LedgerEntry, type LedgerKind, type LedgerReason } from '../domain/ledger';
import { addCaseIssues, caseDebtor, type CaseDebtor, type CaseStatus, type RawCaseDebtor } from './cases-repo';
import { decodeIssues, namableTextsOfRow, type IssueInput } from './issue-codec';
import { IMPORTING } from './batches-repo';
import { kindKey, storedSearchText } from './case-keys';
import type { Db } from './store';
import { sourceRowsSql } from './source-rows';
import { statusNumber, statusNumberSql } from './status-number';
import { decodeProducts } from './product-codec';
import type { Product } from '../contract';

export interface NewLedgerEntry {
  kind: LedgerKind;
  value: string;
  reason: LedgerReason;
  until?: string | null;
  creditor?: string | null;
  addedBy: string;
}

interface LedgerRow {
  id: number;
  kind: LedgerKind;
  value: string;
  reason: LedgerReason;
  until: string | null;
  creditor: string | null;
  added_by: string;
  added_at: string;
}

const toEntry = (r: LedgerRow): LedgerEntry => ({
  id: r.id,
  source: 'own',
  kind: r.kind,
  value: r.value,
  reason: r.reason,
  until: r.until,
  creditor: r.creditor,
  addedBy: r.added_by,
  addedAt: r.added_at,
});

/**
 * Adds an entry; the same phone or code for the same creditor scope is one entry, and adding it again
 * replaces its reason, expiry and author (`created` false).
 */
export function addLedgerEntry(db: Db, e: NewLedgerEntry, now = new Date()): { entry: LedgerEntry; created: boolean } {
  const creditor = e.creditor?.trim() ? e.creditor.trim() : null;
  const key = creditor === null ? '' : creditorKey(creditor);
  const existing = db.prepare('SELECT id FROM ledger_entries WHERE kind = ? AND value = ? AND creditor_key = ?').get(e.kind, e.value, key) as
    { id: number } | undefined;
  const at = now.toISOString();
  let id: number;
  if (existing) {
    db.prepare('UPDATE ledger_entries SET reason = ?, until = ?, creditor = ?, added_by = ?, added_at = ? WHERE id = ?').run(
      e.reason,
      e.until ?? null,
      creditor,
      e.addedBy,
      at,
      existing.id,
    );
    id = existing.id;
  } else {
    const { lastInsertRowid } = db
      .prepare('INSERT INTO ledger_entries (kind, value, reason, until, creditor, creditor_key, added_by, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(e.kind, e.value, e.reason, e.until ?? null, creditor, key, e.addedBy, at);
    id = Number(lastInsertRowid);
  }
  return { entry: getLedgerEntry(db, id) as LedgerEntry, created: !existing };
}

/** Many entries in one transaction: all of them or none. */
export function addLedgerEntries(db: Db, entries: readonly NewLedgerEntry[], now = new Date()): { added: number; updated: number } {
  return db
    .transaction(() => {
      let added = 0;
      for (const e of entries) if (addLedgerEntry(db, e, now).created) added += 1;
      return { added, updated: entries.length - added };
    })
    .immediate();
}

export function getLedgerEntry(db: Db, id: number): LedgerEntry | null {
  const row = db.prepare('SELECT * FROM ledger_entries WHERE id = ?').get(id) as LedgerRow | undefined;
  return row ? toEntry(row) : null;
}

/** Every own entry, expired ones included (they stop applying, they are not deleted), oldest first. */
export function listLedgerEntries(db: Db): LedgerEntry[] {
  return (db.prepare('SELECT * FROM ledger_entries ORDER BY id').all() as LedgerRow[]).map(toEntry);
}

/** Removes an entry; the removed one, or null when there was none. */
export function removeLedgerEntry(db: Db, id: number): LedgerEntry | null {
  const entry = getLedgerEntry(db, id);
  if (entry) db.prepare('DELETE FROM ledger_entries WHERE id = ?').run(id);
  return entry;
}

export function batchCreditor(db: Db, batchId: number): string | null {
  const row = db.prepare('SELECT creditor FROM batches WHERE id = ?').get(batchId) as { creditor: string | null } | undefined;
  return row?.creditor ?? null;
}

/** Who the debtor is (for counting a phone's debtors again, see recheckSharedPhones), the rows it came from, and its status. */
export interface CaseBeforeUpload extends CaseDebtor {
  sourceRows: number[];
  status: CaseStatus;
}

/**
 * The cases an upload would still send: ready, not yet loaded, and not in a chunk whose request may
 * be on its way (those are settled by reading the campaign back, never changed under it).
 */
export function casesBeforeUpload(db: Db, batchId: number): CaseBeforeUpload[] {
  return casesNotYetSent(db, batchId, false, false).map(({ toldOfListedCode: _told, rowsOverLimit: _rows, ...c }) => c);
}

/** A case the ledger is checked against before an upload. */
export interface CaseForLedger extends CaseBeforeUpload {
  /** It holds a suppressed-code issue already: it was told its code is listed. */
  toldOfListedCode: boolean;
  /**
   * The rows of a case that lost phones to the campaign's limit (a too-many-phones warning), when asked
   * for, with its stored products (which the stored rows may name); else null.
   */
  rowsOverLimit: { raw: unknown[]; products: Product[] } | null;
}

/**
 * The cases the ledger is checked against before an upload: the ones it would send, and the rejected
 * and excluded ones not yet sent (a phone listed now leaves them too, as preparing with the entry
 * would), none loaded or in a chunk whose request may be on its way. `rowsOverLimit`: with the rows
 * of each case over the phone limit, to find a listed phone among those it lost.
 */
export function casesForLedgerCheck(db: Db, batchId: number, opts: { rowsOverLimit: boolean }): CaseForLedger[] {
  return casesNotYetSent(db, batchId, true, opts.rowsOverLimit);
}

/**
 * The cases to send, then with `leftOut` the rejected and excluded ones too: each part read through its
 * index (the cases to send, migration 32; the status index), merged in id order. One condition over all
 * four statuses read every case of the batch, most of them loaded once it is uploaded.
 */
function casesNotYetSent(db: Db, batchId: number, leftOut: boolean, rowsOverLimit: boolean): CaseForLedger[] {
  // The cases of a kind, from the keys (case-keys.ts): one range each, read once for the whole batch.
  const ofKind = (kind: string) => `c.id IN (SELECT case_id FROM case_keys WHERE batch_id = $batch AND key = '${kindKey(kind)}')`;
  const over = (column: string) => (rowsOverLimit ? `CASE WHEN ${ofKind('too-many-phones')} THEN c.${column} END` : 'NULL');
  const part = (statuses: string, index: string) =>
    `SELECT c.id, c.code, c.first_name, c.last_name, c.phones_json, ${sourceRowsSql('c')} AS source_rows_json, c.status, ${ofKind('suppressed-code')} AS told, ${over('raw_json')} AS raw_json,
         ${over('products_json')} AS over_products_json
       FROM batch_cases c INDEXED BY ${index} LEFT JOIN upload_chunks k ON k.id = c.chunk_id
       WHERE c.batch_id = $batch AND ${statuses} AND c.upload_state = 'pending'
         AND (c.chunk_id IS NULL OR k.state IN ('pending', 'failed', 'partial'))`;
  const toSend = part("c.status IN ('ready', 'warning')", 'batch_cases_to_send');
  const excluded = `${statusNumberSql('c.status')} IN (${statusNumber('rejected')}, ${statusNumber('excluded')})`;
  type Row = RawCaseDebtor & { source_rows_json: string; status: CaseStatus; told: 0 | 1; raw_json: string | null; over_products_json: string | null };
  const read = (sql: string) => db.prepare(`${sql} ORDER BY c.id`).all({ batch: batchId }) as Row[];
  const rows = leftOut ? inIdOrder(read(toSend), read(part(excluded, 'batch_cases_by_status'))) : read(toSend);
  return rows.map((r) => ({
    ...caseDebtor(r),
    sourceRows: JSON.parse(r.source_rows_json) as number[],
    status: r.status,
    toldOfListedCode: r.told === 1,
    rowsOverLimit: r.raw_json === null ? null : { raw: JSON.parse(r.raw_json) as unknown[], products: decodeProducts(r.over_products_json ?? '[]') },
  }));
}

/** Two lists in id order, merged into one. */
function inIdOrder<T extends { id: number }>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && (a[i] as T).id < (b[j] as T).id) ? a[i++] : b[j++];
    out.push(next as T);
  }
  return out;
}

/** A case's stored rows and issues, with the stored values its rows may name. */
export interface CaseRowsAndIssues {
  raw: unknown[];
  issues: IssueInput[];
  firstName: string;
  lastName: string;
  products: Product[];
}

/** Reads a case's stored rows and issues, to build it again against the ledger and tell what that changed (one statement for many cases). */
export function caseRowsAndIssuesReader(db: Db): (caseId: number) => CaseRowsAndIssues | null {
  const read = db.prepare(
    `SELECT raw_json, issues_json, ${sourceRowsSql()} AS source_rows_json, first_name, last_name, products_json, phones_json FROM batch_cases WHERE id = ?`,
  );
  return (caseId) => {
    const row = read.get(caseId) as
      | { raw_json: string; issues_json: string; source_rows_json: string; first_name: string; last_name: string; products_json: string; phones_json: string }
      | undefined;
    if (!row) return null;
    return {
      raw: JSON.parse(row.raw_json) as unknown[],
      issues: decodeIssues(row.issues_json, JSON.parse(row.source_rows_json) as number[], namableTextsOfRow(row)),
      firstName: row.first_name,
      lastName: row.last_name,
      products: decodeProducts(row.products_json),
    };
  };
}

/**
 * What the ledger changed in a case not yet sent: its phones, its status, and why (issues appended).
 * A case that may no longer be contacted leaves its chunk, so no request carries it. Its search text
 * loses the phones taken off, as a case prepared with the entry never had them.
 */
export function recordLedgerOutcome(
  db: Db,
  batchId: number,
  debtor: CaseDebtor,
  change: { phones: string[]; status: CaseStatus; issues: readonly IssueInput[] },
): void {
  db.transaction(() => {
    const leaves = change.status === 'suppressed';
    const phones = JSON.stringify(change.phones);
    const changed = db
      .prepare(`UPDATE batch_cases SET search_text = ?, status = ?${leaves ? ', chunk_id = NULL' : ''} WHERE id = ? AND upload_state = 'pending'`)
      .run(storedSearchText({ ...debtor, phones: change.phones }, phones), change.status, debtor.id).changes;
    // The phones with the issues: an issue may name a phone by its place, which moves when one goes.
    addCaseIssues(db, debtor.id, change.issues, changed === 1 ? change.phones : undefined);
  }).immediate();
}

/** The issue kinds the ledger gives a case (see preparation/ledger/apply-ledger.ts), as case_keys keys. */
const LEDGER_KINDS: readonly string[] = ['suppressed-code', 'suppressed-phone', 'suppressed-no-phones'];
const LEDGER_KEYS = LEDGER_KINDS.map(kindKey);
const IN_LEDGER_KEYS = `(${LEDGER_KEYS.map(() => '?').join(', ')})`;

/**
 * Shown batches with a case the ledger held back (suppressed, or a phone taken off), each found through
 * case_keys. A batch still being imported has keys too (they go in as it is written) but is its writer's
 * alone: it keeps the list it was prepared with, as a batch being corrected does.
 */
export function batchesWithLedgerHolds(db: Db): number[] {
  return db
    .prepare(
      `SELECT b.id FROM batches b WHERE b.state <> '${IMPORTING}' AND EXISTS (SELECT 1 FROM case_keys k WHERE k.batch_id = b.id AND k.key IN ${IN_LEDGER_KEYS}) ORDER BY b.id`,
    )
    .pluck()
    .all(...LEDGER_KEYS) as number[];
}

/**
 * The batch's cases not yet sent that the ledger held back, in id order: skipped ones too (still the
 * agent's to edit, see isEditable), so an edit while the shared list is offline keeps what it held.
 */
export function casesHeldByLedger(db: Db, batchId: number): number[] {
  return db
    .prepare(
      `SELECT DISTINCT k.case_id FROM case_keys k JOIN batch_cases c ON c.id = k.case_id WHERE k.batch_id = ? AND k.key IN ${IN_LEDGER_KEYS} AND c.upload_state IN ('pending', 'skipped') ORDER BY k.case_id`,
    )
    .pluck()
    .all(batchId, ...LEDGER_KEYS) as number[];
}

/** The ledger's issues of each case not yet sent that it held back (what held it: see sharedHoldsOf). */
export function ledgerHoldIssues(db: Db, batchId: number): { code: string; issues: IssueInput[] }[] {
  const held = casesHeldByLedger(db, batchId);
  const read = db.prepare(
    `SELECT code, issues_json, ${sourceRowsSql()} AS source_rows_json, raw_json, products_json, phones_json FROM batch_cases WHERE id = ?`,
  );
  return held.flatMap((id) => {
    const row = read.get(id) as
      { code: string; issues_json: string; source_rows_json: string; raw_json: string; products_json: string; phones_json: string } | undefined;
    return row
      ? [
          {
            code: row.code,
            issues: decodeIssues(row.issues_json, JSON.parse(row.source_rows_json) as number[], namableTextsOfRow(row)).filter((i) =>
              LEDGER_KINDS.includes(i.kind),
            ),
          },
        ]
      : [];
  });
}
