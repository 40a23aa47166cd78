// A batch's issues as the error report and the grid list them: each case's (kept in its row, see
// issue-codec.ts) and the row-level ones of rows that became no case.
import { decodeIssuesOf, namableTextsOfRow, SEVERITIES, type IssueInput } from './issue-codec';
import type { Db } from './store';
import { sourceRowsSql } from './source-rows';

/** Row-level issues: rows that became no case (e.g. a totals row with no code). */
export function addRowIssues(db: Db, batchId: number, issues: Iterable<IssueInput>): void {
  const insert = db.prepare(
    `INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, params_json, before_value, after_value)
     VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const i of issues)
    insert.run(batchId, i.severity, i.field, JSON.stringify(i.rows), i.kind, JSON.stringify(i.params ?? {}), i.before ?? null, i.after ?? null);
}

export interface IssueRow extends IssueInput {
  /**
   * Stable within the batch: "row:7" for a row-level issue (its row in case_issues), "case:12:3" for the
   * fourth issue of case 12 (a case's issues live in its row, so they are named by their position).
   */
  id: string;
  caseId: number | null;
  code: string | null;
}

/** `rowsOnly`: the rows that became no case alone; `casesOnly`: the cases' alone. */
type IssueQuery = { severity?: IssueInput['severity']; caseId?: number; rowsOnly?: boolean; casesOnly?: boolean; withoutFixes?: boolean };

/** Cases read at a time: a whole batch's issue columns are hundreds of MB at a million cases. */
const ISSUE_PAGE_CASES = 1000;
/**
 * Issues a page gathers before it ends (after the case that reaches it, whose issues all come in it):
 * 1,000 cases of 50 rows each held about 150,000.
 */
export const ISSUE_PAGE_ISSUES = 10_000;

/**
 * Issues of a batch: row-level ones first, then each case's in case order. `withoutFixes`: errors and
 * warnings only, from the cases that have one (an error report of a 1,000,000-case batch holds three
 * fixes a case it never shows).
 */
export function listIssues(db: Db, batchId: number, opts: IssueQuery = {}): IssueRow[] {
  return [...eachIssue(db, batchId, opts)];
}

/**
 * listIssues one at a time, read a page of cases at a time, so a million-case batch's issues are never
 * held at once (the error report's). No statement stays open between pages: the store may be written
 * while the caller waits.
 */
export function* eachIssue(db: Db, batchId: number, opts: IssueQuery = {}): Generator<IssueRow> {
  const severities = severitiesOf(opts);
  if (opts.caseId === undefined && !opts.casesOnly)
    for (let page = rowIssuePage(db, batchId, severities, 0); ;) {
      yield* page.issues;
      if (page.next === null) break;
      page = rowIssuePage(db, batchId, severities, page.next);
    }
  if (opts.rowsOnly) return;
  for (let afterId = 0; ;) {
    const page = caseIssues(db, batchId, opts, severities, afterId, ISSUE_PAGE_CASES);
    yield* page.issues;
    if (page.next === null) return;
    afterId = page.next;
  }
}

/**
 * A page of a batch's issues: those of up to `cases` cases after `afterCaseId`, fewer when they reach
 * ISSUE_PAGE_ISSUES (or a page of the row-level ones, which come first: see issuePage).
 */
export interface IssuePage {
  issues: IssueRow[];
  /** The afterCaseId of the next page; null after the last. */
  next: number | null;
}

/** A page of issues that starts with the rows' (afterCaseId 0): nextRowId, when not null, asks for more of them. */
export interface IssuePageFromRows extends IssuePage {
  /** Rows that became no case are left after this one: ask again with afterCaseId 0 and this afterRowId. */
  nextRowId: number | null;
}

/**
 * A batch's issues a page at a time, for a caller that asks again (the CLI's listing of a million-case
 * batch). The rows that became no case come first, ROW_ISSUE_PAGE at a time (a million-row file without
 * codes holds a million), then the cases'.
 */
export function issuePage(
  db: Db,
  batchId: number,
  opts: { severity?: IssueInput['severity']; afterCaseId: number; afterRowId?: number; cases: number },
): IssuePageFromRows {
  const severities = severitiesOf(opts);
  const rows = opts.afterCaseId === 0 ? rowIssuePage(db, batchId, severities, opts.afterRowId ?? 0) : { issues: [], next: null };
  if (rows.next !== null) return { issues: rows.issues, next: 0, nextRowId: rows.next };
  const page = caseIssues(db, batchId, { severity: opts.severity }, severities, opts.afterCaseId, opts.cases);
  return { issues: rows.issues.length === 0 ? page.issues : [...rows.issues, ...page.issues], next: page.next, nextRowId: null };
}

/**
 * The first `limit` issues of one case, or of the rows that became no case: errors, then warnings,
 * then fixes, each in the order found (the rows', by kind first). What a screen shows of a case of
 * 100,000 rows (about 600,000 issues); the rest stay undecoded.
 */
export function firstIssues(
  db: Db,
  batchId: number,
  of: { caseId: number } | { rowsOnly: true },
  limit: number,
  severity?: IssueInput['severity'],
): IssueRow[] {
  const severities = severitiesOf({ severity });
  const found = 'caseId' in of ? caseIssues(db, batchId, { caseId: of.caseId }, severities, 0, 1, limit).issues : rowIssues(db, batchId, severities, limit);
  // A stable sort: within a severity, the order found.
  return found.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity)).slice(0, limit);
}

/** The severities listed, for the rows' issues and the cases' alike. */
function severitiesOf(opts: Pick<IssueQuery, 'severity' | 'withoutFixes'>): Set<IssueInput['severity']> {
  return new Set(SEVERITIES.filter((s) => (!opts.severity || s === opts.severity) && !(opts.withoutFixes && s === 'fix')));
}

/**
 * `limit`: the first that many, errors first (a file of a million rows without codes holds a million):
 * a severity at a time, by kind and then as found, the batch's index order, so the first page of
 * errors is read alone (in id order, SQLite read every row-level issue of every batch).
 */
function rowIssues(db: Db, batchId: number, severities: Set<IssueInput['severity']>, limit: number): IssueRow[] {
  return rowIssuesOf(firstRowsBySeverity(db, ROW_ISSUE_COLUMNS, batchId, severities, limit));
}

/** Row-level issues read at a time, in id order: a page is a few MB. */
export const ROW_ISSUE_PAGE = 5000;

/**
 * Up to ROW_ISSUE_PAGE of the rows' issues after the row `afterId`, of the severities asked, in the
 * order found, and the id to ask after next (null after the last). Their own index (migration 34) gives
 * a batch's in id order; read whole and sorted, a million took 15 s of the error report's time.
 */
function rowIssuePage(db: Db, batchId: number, severities: Set<IssueInput['severity']>, afterId: number): IssuePage {
  const wanted = [...severities];
  const rows = db
    .prepare(`${ROW_ISSUE_COLUMNS} AND severity IN (${wanted.map(() => '?').join(', ')}) AND id > ? ORDER BY id LIMIT ?`)
    .all(batchId, ...wanted, afterId, ROW_ISSUE_PAGE) as { id: number }[];
  const last = rows[rows.length - 1];
  return { issues: rowIssuesOf(rows), next: last && rows.length === ROW_ISSUE_PAGE ? last.id : null };
}

const ROW_ISSUE_COLUMNS =
  'SELECT id, severity, field, rows_json, kind, params_json, before_value, after_value FROM case_issues WHERE batch_id = ? AND case_id IS NULL';

/** Rows of case_issues as issues; both queries above ask SQLite for the severities wanted. */
function rowIssuesOf(found: unknown[]): IssueRow[] {
  const rows = found as {
    id: number;
    severity: IssueInput['severity'];
    field: string;
    rows_json: string;
    kind: string;
    /** Rows stored before migration 10 have their words here instead (see there). */
    params_json: string;
    before_value: string | null;
    after_value: string | null;
  }[];
  return rows.map((r) => ({
    id: `row:${r.id}`,
    caseId: null,
    code: null,
    severity: r.severity,
    field: r.field,
    rows: JSON.parse(r.rows_json) as number[],
    kind: r.kind,
    params: JSON.parse(r.params_json) as Record<string, unknown>,
    before: r.before_value ?? undefined,
    after: r.after_value ?? undefined,
  }));
}

/** Up to `limit` rows of `columns`, errors first: each severity asked for in turn, while some are wanted. */
function firstRowsBySeverity(db: Db, columns: string, batchId: number, severities: Set<IssueInput['severity']>, limit: number): unknown[] {
  const found: unknown[] = [];
  for (const severity of SEVERITIES) {
    if (!severities.has(severity) || found.length >= limit) continue;
    found.push(...db.prepare(`${columns} AND severity = ? ORDER BY kind, id LIMIT ?`).all(batchId, severity, limit - found.length));
  }
  return found;
}

/**
 * Cases that may hold an issue listed. Not by the count of one severity: a case is read whenever it
 * has issues, so one of a severity no version wrote fails the listing rather than go unread.
 */
function casesWithSome(opts: Pick<IssueQuery, 'withoutFixes'>): string {
  return opts.withoutFixes ? 'error_count + warning_count > 0' : "issues_json <> '[]'";
}

/** What a case's issues are read from: its row's columns that they may name (migrations 21 and 24). */
export interface CaseIssueColumns {
  id: number;
  code: string;
  issues_json: string;
  raw_json: string;
  products_json: string;
  phones_json: string;
}

/**
 * One case's issues of `severities`, from its row (`sourceRows`: its source rows, source-rows.ts), as
 * listIssues gives them: for a reader that reads the row anyway (the error report).
 */
export function issuesOfCaseRow(
  c: CaseIssueColumns,
  sourceRows: readonly number[],
  severities: ReadonlySet<IssueInput['severity']>,
  perSeverity = Infinity,
): IssueRow[] {
  // Added to the object just decoded (never shared), as a spread would, without copying it.
  return decodeIssuesOf(c.issues_json, severities, sourceRows, namableTextsOfRow(c), perSeverity).map(({ at, issue: i }) =>
    Object.assign(i, { before: i.before ?? undefined, after: i.after ?? undefined, id: `case:${c.id}:${at}`, caseId: c.id, code: c.code }),
  );
}

/** The issues of up to `limit` cases after `afterId` (or of opts.caseId alone), and where the next page starts. */
function caseIssues(
  db: Db,
  batchId: number,
  opts: IssueQuery,
  severities: Set<IssueInput['severity']>,
  afterId: number,
  limit: number,
  perSeverity = Infinity,
): IssuePage {
  // The rows, products and phones too: a stored issue may name their texts (migrations 21 and 24).
  const columns = `SELECT id, code, issues_json, ${sourceRowsSql()} AS source_rows_json, raw_json, products_json, phones_json FROM batch_cases WHERE batch_id = ?`;
  const { caseId } = opts;
  const cases = (
    caseId === undefined
      ? db.prepare(`${columns} AND ${casesWithSome(opts)} AND id > ? ORDER BY id LIMIT ?`).all(batchId, afterId, limit)
      : afterId === 0
        ? db.prepare(`${columns} AND id = ?`).all(batchId, caseId)
        : []
  ) as (CaseIssueColumns & { source_rows_json: string })[];
  const issues: IssueRow[] = [];
  for (const [n, c] of cases.entries()) {
    for (const i of issuesOfCaseRow(c, JSON.parse(c.source_rows_json) as number[], severities, perSeverity)) issues.push(i);
    // Cases of many rows hold many issues each: the page ends after the case that fills it.
    if (caseId === undefined && issues.length >= ISSUE_PAGE_ISSUES && n < cases.length - 1) return { issues, next: c.id };
  }
  const last = cases[cases.length - 1];
  return { issues, next: caseId === undefined && last && cases.length === limit ? last.id : null };
}

/** The batch's issues by severity, from its kept counts (migration 26). */
const ISSUE_COUNTS_SQL =
  'SELECT coalesce(sum(errors), 0) AS errors, coalesce(sum(warnings), 0) AS warnings, coalesce(sum(fixes), 0) AS fixes FROM batch_case_counts WHERE batch_id = ?';

/** Errors and warnings of the batch, its rows' and its cases': the reasons the error report lists, one a row. */
export function countReasons(db: Db, batchId: number): number {
  const cases = db.prepare(ISSUE_COUNTS_SQL).get(batchId) as { errors: number; warnings: number };
  const rows = db.prepare("SELECT count(*) AS n FROM case_issues WHERE batch_id = ? AND case_id IS NULL AND severity <> 'fix'").get(batchId) as { n: number };
  return cases.errors + cases.warnings + rows.n;
}

export function countIssuesBySeverity(db: Db, batchId: number): { errors: number; warnings: number; fixes: number; rowErrors: number } {
  const cases = db.prepare(ISSUE_COUNTS_SQL).get(batchId) as { errors: number; warnings: number; fixes: number };
  const rowErrors = (db.prepare('SELECT count(*) AS n FROM case_issues WHERE batch_id = ? AND case_id IS NULL').get(batchId) as { n: number }).n;
  return { ...cases, rowErrors };
}
