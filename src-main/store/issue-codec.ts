// How a case's issues are kept in its row (migration 4): a compact tuple per issue, decoded back to
// objects, and the counts and kinds the grid's columns and keys are made from.

/** An issue found while preparing: the store keeps it with its case (or with no case, for a row). */
export interface IssueInput {
  severity: 'error' | 'warning' | 'fix';
  field: string;
  rows: number[];
  kind: string;
  /** What its words are made from (worded when shown, see domain/issue-texts). */
  params?: Record<string, unknown> | undefined;
  before?: string | undefined;
  after?: string | undefined;
}

const SEVERITY_CODE = { error: 'e', warning: 'w', fix: 'f' } as const;

const SEVERITY_OF = { e: 'error', w: 'warning', f: 'fix' } as const;

/**
 * A case's issues as stored: [severity, kind, field, rows, params] each, or [severity, kind, field,
 * rows, before, after] when the params are just those two (most fixes: 100,000 cases carry about
 * 300,000, and the key names were a fifth of the bytes). `before` and `after` are the params' own,
 * so they are not stored twice; words are rendered when shown.
 */
function encodeIssues(issues: readonly IssueInput[]): string {
  return JSON.stringify(issues.map(encodeIssue));
}

function encodeIssue(i: IssueInput): unknown[] {
  const params = i.params ?? {};
  const { before, after } = params;
  let keys = 0;
  for (const _key in params) keys += 1;
  if (keys === 2 && typeof before === 'string' && typeof after === 'string') return [SEVERITY_CODE[i.severity], i.kind, i.field, i.rows, before, after];
  return [SEVERITY_CODE[i.severity], i.kind, i.field, i.rows, params];
}

/** Stored issues back as objects; issues stored as objects (before this encoding) stay as they are. */
export function decodeIssues(json: string): IssueInput[] {
  return (JSON.parse(json) as unknown[]).map((x) => {
    if (!Array.isArray(x)) return x as IssueInput;
    const [s, kind, field, rows, fifth, sixth] = x as ['e' | 'w' | 'f', string, string, number[], unknown, unknown];
    const params = x.length === 6 ? { before: fifth, after: sixth } : (fifth as Record<string, unknown>);
    const before = typeof params.before === 'string' ? params.before : undefined;
    const after = typeof params.after === 'string' ? params.after : undefined;
    return { severity: SEVERITY_OF[s], kind, field, rows, params, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
  });
}

/** The columns a case's issues are kept in (see migration 4). */
export function issueColumns(issues: readonly IssueInput[] = []) {
  let errors = 0;
  let warnings = 0;
  let fixes = 0;
  const kinds = new Set<string>();
  for (const i of issues) {
    if (i.severity === 'error') errors += 1;
    else if (i.severity === 'warning') warnings += 1;
    else fixes += 1;
    kinds.add(i.kind);
  }
  return { json: encodeIssues(issues), errors, warnings, fixes, kinds: kinds.size ? ` ${[...kinds].join(' ')} ` : '' };
}
