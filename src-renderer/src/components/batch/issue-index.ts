// Issues of a whole batch, folded per case code: how many of each severity a case has, and which
// cases have each kind (for the table's issues column and its filter by kind). Built once from
// `batches:issues`; fixes are left out of it when there are too many to fetch comfortably.
import type { IssueView } from '../../../../src-main/surface/procedures';

/** Above this many automatic fixes, they are not fetched for the table (the drawer still lists them). */
export const FIXES_INDEX_LIMIT = 60_000;

export interface CaseIssueCounts {
  errors: number;
  warnings: number;
  fixes: number;
}

export interface KindEntry {
  kind: string;
  severity: IssueView['severity'];
  codes: Set<string>;
}

export interface IssueIndex {
  byCode: Map<string, CaseIssueCounts>;
  kinds: Map<string, KindEntry>;
  /** Problems of rows that became no case (a totals row, a row without a code). */
  rowIssues: IssueView[];
  fixesIndexed: boolean;
}

export function emptyIndex(fixesIndexed: boolean): IssueIndex {
  return { byCode: new Map(), kinds: new Map(), rowIssues: [], fixesIndexed };
}

export function addIssues(index: IssueIndex, issues: readonly IssueView[]): void {
  for (const issue of issues) {
    if (issue.code === null) {
      index.rowIssues.push(issue);
      continue;
    }
    if (issue.severity === 'fix' && !index.fixesIndexed) continue;
    let counts = index.byCode.get(issue.code);
    if (!counts) index.byCode.set(issue.code, (counts = { errors: 0, warnings: 0, fixes: 0 }));
    if (issue.severity === 'error') counts.errors += 1;
    else if (issue.severity === 'warning') counts.warnings += 1;
    else counts.fixes += 1;
    let entry = index.kinds.get(issue.kind);
    if (!entry) index.kinds.set(issue.kind, (entry = { kind: issue.kind, severity: issue.severity, codes: new Set() }));
    entry.codes.add(issue.code);
  }
}

/** A case's issues changed (an edit): its counts and kinds are replaced. */
export function replaceCaseIssues(index: IssueIndex, code: string, issues: readonly IssueView[]): void {
  index.byCode.delete(code);
  for (const entry of index.kinds.values()) entry.codes.delete(code);
  addIssues(index, issues);
  for (const [kind, entry] of index.kinds) if (entry.codes.size === 0) index.kinds.delete(kind);
}
