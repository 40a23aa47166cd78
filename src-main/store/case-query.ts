// The batch grid's questions, answered by SQLite and nowhere else: which cases of a batch match a
// filter, how many, the page at a position, and how many cases have each kind of issue. Every
// query reads an index range (batch_cases_by_batch, batch_cases_by_status, case_keys, the partial
// index of skipped cases corrected since, batch_cases_edited_while_skipped): a page of a
// 100,000-case batch never reads the cases it skips (test/store/case-query.test.ts checks the plans).
import type { Db } from '../sqlite/sqlcipher';
import { batchCaseTotal } from './batches-repo';
import { statusNumber, statusNumberSql } from './status-number';
import { DUPLICATE_KEY, KEY_OF_A_SET_SQL, kindKey, kindOfKey, searchTextSql, searchWords } from './case-keys';
import { casesByIds, type BatchCaseRow, type CaseStatus } from './cases-repo';
import type { IssueInput } from './issue-codec';
import { listIssues } from './issues-repo';
import { correctedSkippedWhere } from './lifecycle-repo';

/** What the agent narrowed the grid to; every part given must hold. */
export interface CaseFilter {
  status?: CaseStatus | undefined;
  /** Only cases with an issue of this kind. */
  kind?: string | undefined;
  /** Only cases whose code is already elsewhere: another batch not yet uploaded, or the campaign. */
  duplicates?: boolean | undefined;
  /**
   * Only the skipped cases changed since the upload skipped them, neither loaded again nor excluded:
   * the ones the batch's "kept for corrections" notice counts (lifecycle-repo's correctedSkippedCount).
   */
  corrected?: boolean | undefined;
  /** Words that must each be found in the case's code, name or phones (any case, any accent). */
  search?: string | undefined;
}

/**
 * The ids of the matching cases, in id order, as SQL (without LIMIT). The most selective index
 * drives: the partial index of corrected cases for those (a few, most often none), the search index
 * for a search, case_keys for a kind, the status index for a status; the rest of the filter is
 * checked on that index's entries, on the few rows it names, or by a probe of another index.
 *
 * A new filter is one more condition here. A set of cases the writer can name (the "d:" key of
 * duplicates) is a case_keys probe like the kind's; a new status (the do-not-contact ledger's
 * "suppressed") needs nothing, it is a status like the others. Key filters (kind, duplicates) take
 * the one given first to drive and probe for the other.
 */
function matchingIds(batchId: number, filter: CaseFilter): { sql: string; args: unknown[] } {
  const words = searchWords(filter.search ?? '');
  const keys = [...(filter.kind ? [kindKey(filter.kind)] : []), ...(filter.duplicates ? [DUPLICATE_KEY] : [])];
  const [driver, ...probes] = keys;
  const probe = (alias: string) => probes.map(() => `EXISTS (SELECT 1 FROM case_keys p WHERE p.batch_id = ? AND p.key = ? AND p.case_id = ${alias})`);
  const probeArgs = probes.flatMap((key) => [batchId, key]);
  // INDEXED BY: the status or search index would read every case of the batch they hold to find a handful.
  if (filter.corrected) return throughIndex('batch_cases_edited_while_skipped', correctedSkippedWhere('c'), batchId, words, filter.status, keys);
  // INDEXED BY: the batch index would give id order for free but read every case's row to search it.
  if (words.length > 0) return throughIndex('batch_cases_by_search', null, batchId, words, filter.status, keys);
  if (driver) {
    if (filter.status) {
      const where = ['k.batch_id = ?', 'k.key = ?', `${statusNumberSql('c.status')} = ?`, ...probe('k.case_id')].join(' AND ');
      return {
        sql: `SELECT k.case_id AS id FROM case_keys k JOIN batch_cases c ON c.id = k.case_id WHERE ${where} ORDER BY k.case_id`,
        args: [batchId, driver, statusNumber(filter.status), ...probeArgs],
      };
    }
    const where = ['batch_id = ?', 'key = ?', ...probe('case_keys.case_id')].join(' AND ');
    return { sql: `SELECT case_id AS id FROM case_keys WHERE ${where} ORDER BY case_id`, args: [batchId, driver, ...probeArgs] };
  }
  if (filter.status)
    return { sql: `SELECT id FROM batch_cases WHERE batch_id = ? AND ${statusNumberSql()} = ? ORDER BY id`, args: [batchId, statusNumber(filter.status)] };
  return { sql: 'SELECT id FROM batch_cases WHERE batch_id = ? ORDER BY id', args: [batchId] };
}

/** The ids one index leads to, every other condition checked on the few rows it gives. */
function throughIndex(
  index: string,
  lead: string | null,
  batchId: number,
  words: readonly string[],
  status: CaseFilter['status'],
  keys: readonly string[],
): { sql: string; args: unknown[] } {
  const where = ['c.batch_id = ?', ...(lead ? [lead] : []), ...words.map(() => `instr(${searchTextSql('c')}, ?) > 0`)];
  const args: unknown[] = [batchId, ...words];
  if (status) {
    where.push(`${statusNumberSql('c.status')} = ?`);
    args.push(statusNumber(status));
  }
  for (const key of keys) {
    where.push('EXISTS (SELECT 1 FROM case_keys k WHERE k.batch_id = ? AND k.key = ? AND k.case_id = c.id)');
    args.push(batchId, key);
  }
  return { sql: `SELECT c.id FROM batch_cases c INDEXED BY ${index} WHERE ${where.join(' AND ')} ORDER BY c.id`, args };
}

/** The SQL of a page's ids (for the tests that read its query plan). */
export function casePageQuery(batchId: number, filter: CaseFilter, offset: number, limit: number): { sql: string; args: unknown[] } {
  const ids = matchingIds(batchId, filter);
  return { sql: `${ids.sql} LIMIT ? OFFSET ?`, args: [...ids.args, limit, offset] };
}

/** The SQL of a filter's count. */
export function caseCountQuery(batchId: number, filter: CaseFilter): { sql: string; args: unknown[] } {
  const ids = matchingIds(batchId, filter);
  return { sql: `SELECT count(*) AS n FROM (${ids.sql})`, args: ids.args };
}

/** Whether a filter narrows nothing: the whole batch, whose number of cases the batch keeps (migration 23). */
const isWholeBatch = (filter: CaseFilter): boolean =>
  !filter.status && !filter.kind && !filter.duplicates && !filter.corrected && searchWords(filter.search ?? '').length === 0;

/**
 * A page past the middle of a whole batch, read from its end: an offset walks the index entries it
 * skips (24 ms for the last page of 1,000,000 cases), so no page walks more than half of them.
 */
export function casePageFromEndQuery(batchId: number, total: number, offset: number, limit: number): { sql: string; args: unknown[] } {
  const end = Math.min(total, offset + limit);
  return { sql: 'SELECT id FROM batch_cases WHERE batch_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', args: [batchId, Math.max(0, end - offset), total - end] };
}

/**
 * The first and last id of a batch whose ids run without a gap (one writer wrote it alone, as most
 * are): a case's position is then its id less the first, and a page needs no walk at all. Null when
 * another batch's cases came between: its ids then leave gaps, and a page walks the index.
 */
function idRun(db: Db, batchId: number, total: number): { first: number; last: number } | null {
  const span = db
    .prepare('SELECT (SELECT min(id) FROM batch_cases WHERE batch_id = ?) AS first, (SELECT max(id) FROM batch_cases WHERE batch_id = ?) AS last')
    .get(batchId, batchId) as { first: number | null; last: number | null };
  if (span.first === null || span.last === null) return null;
  // `total` distinct ids of the batch, all between first and last: no gap exactly when they fill it.
  return span.last - span.first + 1 === total ? { first: span.first, last: span.last } : null;
}

/** Ids of the matching cases at positions [offset, offset + limit), in id order. */
export function pageCaseIds(db: Db, batchId: number, filter: CaseFilter, offset: number, limit: number): number[] {
  if (isWholeBatch(filter)) {
    const total = batchCaseTotal(db, batchId);
    const run = offset < total ? idRun(db, batchId, total) : null;
    if (run) {
      const from = run.first + offset;
      const to = Math.min(run.last, from + limit - 1);
      return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
    }
    if (offset > total / 2) {
      if (offset >= total) return [];
      const q = casePageFromEndQuery(batchId, total, offset, limit);
      return (
        db
          .prepare(q.sql)
          .pluck()
          .all(...q.args) as number[]
      ).reverse();
    }
  }
  const q = casePageQuery(batchId, filter, offset, limit);
  return db
    .prepare(q.sql)
    .pluck()
    .all(...q.args) as number[];
}

/** How many cases match. */
export function countMatchingCases(db: Db, batchId: number, filter: CaseFilter): number {
  if (isWholeBatch(filter)) return batchCaseTotal(db, batchId);
  const q = caseCountQuery(batchId, filter);
  return db
    .prepare(q.sql)
    .pluck()
    .get(...q.args) as number;
}

export interface KindCount {
  kind: string;
  /** Cases with at least one issue of this kind. */
  cases: number;
  /** A case that has one: its issues say the kind's severity. */
  sampleCaseId: number;
}

/** How many cases of the batch have each kind of issue (the counts kept with the keys, migration 25). */
export function countCasesByKind(db: Db, batchId: number): KindCount[] {
  // The sample is the first key of its range: one seek a kind.
  const rows = db
    .prepare(
      `SELECT n.key AS kind, n.cases, (SELECT min(k.case_id) FROM case_keys k WHERE k.batch_id = n.batch_id AND k.key = n.key) AS sampleCaseId
       FROM batch_key_counts n WHERE n.batch_id = ? AND NOT ${KEY_OF_A_SET_SQL('n.key')} AND n.cases > 0`,
    )
    .all(batchId) as KindCount[];
  // By name, as before kinds were numbered (migration 16).
  return rows.map((r) => ({ ...r, kind: kindOfKey(r.kind) })).sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/** A page of the matching cases, at positions [offset, offset + limit). */
export function pageCases(db: Db, batchId: number, filter: CaseFilter, offset: number, limit: number): BatchCaseRow[] {
  // Two steps: the page's ids off the index, then only those cases' rows.
  return casesByIds(db, pageCaseIds(db, batchId, filter, offset, limit));
}

export interface KindSummary {
  kind: string;
  severity: IssueInput['severity'];
  cases: number;
}

/** Each kind of issue the batch's cases have, its severity and how many cases have it. */
export function summarizeKinds(db: Db, batchId: number): KindSummary[] {
  return countCasesByKind(db, batchId).map(({ kind, cases, sampleCaseId }) => {
    const severity = listIssues(db, batchId, { caseId: sampleCaseId }).find((i) => i.kind === kind)?.severity ?? 'fix';
    return { kind, severity, cases };
  });
}
