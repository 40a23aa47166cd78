// Where a batch's codes already are, as this workstation knows it: in other batches of the environment
// still to be sent, in a campaign (loaded from a batch here, or seen in its downloaded results). And
// what checking duplicates again changes in a case not yet sent. The rules are preparation's
// (preparation/duplicates): the store only finds and keeps.
import type { Environment } from '../domain/environments';
import { isDuplicateKind } from '../domain/duplicates';
import { personKey } from '../domain/person-key';
import { storedUploadDetail, uploadDetails } from '../domain/upload-detail';
import { batchCaseCodes, caseDebtor, type CaseDebtor, type CaseStatus, type RawCaseDebtor, type UploadState } from './cases-repo';
import { decodeIssues, issueColumns, namableTextsOfRow, type IssueInput } from './issue-codec';
import { DUPLICATE_KEY, kindKey, searchTextSql, withCaseKeys } from './case-keys';
import type { Db } from './store';
import { sourceRowsSql } from './source-rows';
import { statusNumber, statusNumberSql } from './status-number';
import { TO_SEND_SQL } from './upload-state-indexes';
import { IMPORTING } from './batches-repo';

/**
 * Person (the key of a code, domain/person-key.ts: "30.000.001" and "30000001" are one) → the lowest id of another batch of the environment that still holds the code unsent: not yet
 * loaded (pending or in doubt), and not left out (excluded, do not contact); a rejected case counts,
 * it is one fix away from being sent.
 */
export function codesWaitingInOtherBatches(db: Db, env: Environment, exceptBatchId: number | null): Map<string, number> {
  // Two parts, each through its index: the cases to send (migration 32) and the rejected ones (the status
  // index). One condition over both read every case of every other batch, most of them loaded.
  // CROSS JOIN: the environment's batches first, then each one's cases through the index (left to choose,
  // the planner read every case of the store).
  const part = (
    which: string,
    index: string,
  ) => `SELECT c.code, c.batch_id AS batchId FROM batches b CROSS JOIN batch_cases c INDEXED BY ${index} ON c.batch_id = b.id
       WHERE b.environment = ? AND b.id <> ? AND b.state <> '${IMPORTING}' AND ${which}`;
  const rejected = `${statusNumberSql('c.status')} = ${statusNumber('rejected')} AND c.upload_state IN ('pending', 'in_doubt')`;
  const except = exceptBatchId ?? -1;
  const rows = db
    .prepare(`${part(TO_SEND_SQL('c'), 'batch_cases_to_send')} UNION ALL ${part(rejected, 'batch_cases_by_status')}`)
    .all(env, except, env, except) as { code: string; batchId: number }[];
  const out = new Map<string, number>();
  for (const r of rows) {
    const person = personKey(r.code);
    // The lowest batch id, whichever part found it first.
    const known = out.get(person);
    if (known === undefined || r.batchId < known) out.set(person, r.batchId);
  }
  return out;
}

/**
 * The people a campaign holds (by the key of their code, as above): those a batch of this workstation (but `exceptBatchId`) loaded into it,
 * with that batch, and those its downloaded results show (batch null). The service holds what other
 * workstations loaded too: the results are how this one learns of them.
 */
export function codesCampaignHolds(db: Db, env: Environment, campaignId: number, exceptBatchId: number | null): Map<string, { batch: number | null }> {
  const out = new Map<string, { batch: number | null }>();
  const loaded = db
    .prepare(
      `SELECT c.code, c.batch_id AS batchId FROM batches b JOIN batch_cases c ON c.batch_id = b.id JOIN upload_chunks u ON u.id = c.chunk_id
       WHERE b.environment = ? AND b.id <> ? AND c.upload_state = 'loaded' AND u.campaign_id = ? ORDER BY b.id`,
    )
    .all(env, exceptBatchId ?? -1, campaignId) as { code: string; batchId: number }[];
  for (const r of loaded) {
    const person = personKey(r.code);
    if (!out.has(person)) out.set(person, { batch: r.batchId });
  }
  const seen = db
    .prepare('SELECT code FROM result_cases WHERE environment = ? AND campaign_id = ? AND code IS NOT NULL')
    .pluck()
    .all(env, campaignId) as string[];
  for (const code of seen) {
    const person = personKey(code);
    if (!out.has(person)) out.set(person, { batch: null });
  }
  return out;
}

/** A case that checking duplicates again may change. */
export interface CaseToRecheck {
  id: number;
  code: string;
  sourceRows: number[];
  status: CaseStatus;
  uploadState: UploadState;
  /** In a chunk that was sent and not answered: settled by reading the campaign back, never changed under it. */
  inFlight: boolean;
}

/**
 * The batch's cases whose duplicate warnings may have to change: those flagged now (the "d:" key)
 * and those whose code names a person in `people` (keys of codes). Only cases not yet sent: a loaded case's issues are history.
 */
export function casesToRecheck(db: Db, batchId: number, people: ReadonlySet<string>): CaseToRecheck[] {
  const flagged = new Set(db.prepare('SELECT case_id FROM case_keys WHERE batch_id = ? AND key = ?').pluck().all(batchId, DUPLICATE_KEY) as number[]);
  // The (batch_id, code) unique index holds both: the codes are read without reading the cases.
  // Nobody elsewhere (no other batch, no campaign held): no code of this batch to read (1 s for 1,000,000).
  if (people.size > 0) for (const r of batchCaseCodes(db, batchId)) if (people.has(personKey(r.code))) flagged.add(r.id);
  if (flagged.size === 0) return [];
  const rows = db
    .prepare(
      `SELECT c.id, c.code, ${sourceRowsSql('c')} AS source_rows_json, c.status, c.upload_state, coalesce(k.state IN ('sending', 'unknown'), 0) AS in_flight
       FROM batch_cases c LEFT JOIN upload_chunks k ON k.id = c.chunk_id
       WHERE c.id IN (SELECT value FROM json_each(?)) AND c.upload_state IN ('pending', 'skipped') ORDER BY c.id`,
    )
    .all(JSON.stringify([...flagged])) as {
    id: number;
    code: string;
    source_rows_json: string;
    status: CaseStatus;
    upload_state: UploadState;
    in_flight: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    sourceRows: JSON.parse(r.source_rows_json) as number[],
    status: r.status,
    uploadState: r.upload_state,
    inFlight: r.in_flight === 1,
  }));
}

/**
 * Replaces a case's issues of some kinds with `fresh` (duplicates checked again, a phone's debtors
 * counted); a case ready or with warnings becomes one or the other by what remains. False when
 * nothing changed, or the case was already sent.
 */
export function replaceIssuesOfKinds(db: Db, caseId: number, ofKind: (kind: string) => boolean, fresh: readonly IssueInput[]): boolean {
  const row = db
    .prepare(
      `SELECT status, upload_state, issues_json, ${sourceRowsSql()} AS source_rows_json, raw_json, products_json, phones_json FROM batch_cases WHERE id = ?`,
    )
    .get(caseId) as
    | {
        status: CaseStatus;
        upload_state: UploadState;
        issues_json: string;
        source_rows_json: string;
        raw_json: string;
        products_json: string;
        phones_json: string;
      }
    | undefined;
  if (!row || (row.upload_state !== 'pending' && row.upload_state !== 'skipped')) return false;
  const rows = JSON.parse(row.source_rows_json) as number[];
  const texts = namableTextsOfRow(row);
  const before = decodeIssues(row.issues_json, rows, texts);
  const old = before.filter((i) => ofKind(i.kind));
  const same = (a: IssueInput, b: IssueInput) => a.kind === b.kind && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});
  if (old.length === fresh.length && old.every((o, n) => same(o, fresh[n] as IssueInput))) return false;
  const issues = [...before.filter((i) => !ofKind(i.kind)), ...fresh];
  const i = issueColumns(issues, rows, texts);
  const status = row.status === 'ready' || row.status === 'warning' ? (i.warnings > 0 ? 'warning' : 'ready') : row.status;
  withCaseKeys(db, caseId, () =>
    db
      .prepare("UPDATE batch_cases SET status = ?, issues_json = ?, error_count = ?, warning_count = ?, fix_count = ?, issue_kinds = '' WHERE id = ?")
      .run(status, i.json, i.errors, i.warnings, i.fixes, caseId),
  );
  return true;
}

/** Only duplicates' issues (for replaceIssuesOfKinds). */
export const duplicateIssueKinds = (kind: string): boolean => isDuplicateKind(kind);

/**
 * A case the campaign already holds stays out of this upload (and out of its chunk, if the chunk was
 * not sent): unless the agent chooses to load it again, which puts it back in the queue. Skipped as it
 * is now: only a change after this counts as edited while skipped (replaceCase). False when it was
 * not pending.
 */
export function markSkipped(db: Db, caseId: number): boolean {
  return (
    db
      .prepare(
        `UPDATE batch_cases SET upload_state = 'skipped', upload_detail = ?, chunk_id = NULL, edited_while_skipped = 0
     WHERE id = ? AND upload_state = 'pending'`,
      )
      .run(storedUploadDetail(uploadDetails.alreadyHeld), caseId).changes > 0
  );
}

/** The agent chose to load them again: every skipped case of the batch goes back to the queue (pending: what it holds goes as it is now). */
export function unskipCases(db: Db, batchId: number): number {
  return db
    .prepare("UPDATE batch_cases SET upload_state = 'pending', upload_detail = NULL, edited_while_skipped = 0 WHERE batch_id = ? AND upload_state = 'skipped'")
    .run(batchId).changes;
}

/** Cases of a batch the campaign already held at upload, left out. */
export function skippedCount(db: Db, batchId: number): number {
  return db.prepare("SELECT count(*) FROM batch_cases WHERE batch_id = ? AND upload_state = 'skipped'").pluck().get(batchId) as number;
}

/** Cases of a batch flagged as duplicates now (one index range). */
export function duplicateCount(db: Db, batchId: number): number {
  return db.prepare('SELECT count(*) FROM case_keys WHERE batch_id = ? AND key = ?').pluck().get(batchId, DUPLICATE_KEY) as number;
}

/** A case as counting a phone's debtors reads it: who it is, its phones, and the issues it has now. */
export interface CaseOfPhones extends CaseDebtor {
  sourceRows: number[];
  issues: IssueInput[];
}

/** The cases with these ids (a JSON array) that are the batch's: each read by its id. */
export const CASES_OF_PHONES_SQL = `SELECT id, code, first_name, last_name, phones_json, ${sourceRowsSql()} AS source_rows_json, issues_json, raw_json, products_json FROM batch_cases
  WHERE id IN (SELECT value FROM json_each(?)) AND batch_id = ? ORDER BY id`;

/** Phones per scan of the search index: each adds a test per case scanned, and SQLite caps a statement's parameters. */
const PHONES_PER_SCAN = 50;

/**
 * The batch's cases with any of these phones, and those with the ids in `alsoIds` (an edited case
 * left with none of them), in id order. Found through the search index, which holds their digits: one
 * pass over the batch's range of it for up to 50 phones (a case's own row is read only when it matches).
 */
export function casesWithPhones(db: Db, batchId: number, phones: readonly string[], alsoIds: readonly number[] = []): CaseOfPhones[] {
  const wanted = new Set(phones);
  const digits = [...new Set([...wanted].map((p) => p.replace(/\D/g, '')).filter((d) => d !== ''))];
  // A set: a bulk fix may ask for every case of the batch, and each row found is looked up in it.
  const also = new Set(alsoIds);
  const ids = new Set(also);
  for (let from = 0; from < digits.length; from += PHONES_PER_SCAN) {
    const some = digits.slice(from, from + PHONES_PER_SCAN);
    for (const id of db
      .prepare(casesWithDigitsSql(some.length))
      .pluck()
      .all(batchId, ...some) as number[])
      ids.add(id);
  }
  if (ids.size === 0) return [];
  const rows = db.prepare(CASES_OF_PHONES_SQL).all(JSON.stringify([...ids]), batchId) as (RawCaseDebtor & {
    source_rows_json: string;
    issues_json: string;
    raw_json: string;
    products_json: string;
  })[];
  const out: CaseOfPhones[] = [];
  for (const r of rows) {
    const debtor = caseDebtor(r);
    // The digits may be inside a code or a longer number: only a case that has the phone itself.
    if (!also.has(r.id) && !debtor.phones.some((p) => wanted.has(p))) continue;
    const sourceRows = JSON.parse(r.source_rows_json) as number[];
    out.push({ ...debtor, sourceRows, issues: decodeIssues(r.issues_json, sourceRows, namableTextsOfRow(r)) });
  }
  return out;
}

/** The ids of a batch's cases whose search text holds any of `count` digit strings: one pass over the batch's part of the search index. */
export function casesWithDigitsSql(count: number): string {
  const any = Array.from({ length: count }, () => `instr(${searchTextSql()}, ?) > 0`).join(' OR ');
  return `SELECT id FROM batch_cases INDEXED BY batch_cases_by_search WHERE batch_id = ? AND (${any})`;
}

/** A batch's cases with one kind of issue: one range of case_keys's key. */
export const CASE_IDS_WITH_KIND_SQL = 'SELECT case_id FROM case_keys WHERE batch_id = ? AND key = ?';

/** The ids of a batch's cases with an issue of this kind now (one range of case_keys). */
export function caseIdsWithKind(db: Db, batchId: number, kind: string): number[] {
  return db.prepare(CASE_IDS_WITH_KIND_SQL).pluck().all(batchId, kindKey(kind)) as number[];
}

/** A page of a batch's cases in id order: a range of an index on the batch. */
export const PAGE_CASE_DEBTORS_SQL = 'SELECT id, code, first_name, last_name, phones_json FROM batch_cases WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ?';

/** Who each case of a batch is and its phones, a page at a time in id order (counting every phone's debtors again). */
export function pageCaseDebtors(db: Db, batchId: number, afterId: number, limit: number): CaseDebtor[] {
  return (db.prepare(PAGE_CASE_DEBTORS_SQL).all(batchId, afterId, limit) as RawCaseDebtor[]).map(caseDebtor);
}
