// Issue texts are data (domain/issue-texts): an issue keeps its kind and params, and each edge words
// it in its own language. Row-level issues kept their Spanish and English words until now; they get
// a params column and lose the words. Issues stored before keep what they have as the params
// `{ words: { es, en } }` (plus their before/after), worded by the catalog's issue.legacy: their
// kind and params were never stored, and guessing them back from the words would be matching text.
// Case issues moved into their case's row by migration 4 still carry words as objects; the backfill
// turns them into the same compact tuples as every other case issue.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { issueColumns, storedTuples, type IssueInput } from '../issue-codec';

export const up = `
ALTER TABLE case_issues ADD COLUMN params_json TEXT NOT NULL DEFAULT '{}';
UPDATE case_issues SET params_json = json_object('words', json_object('es', message_es, 'en', message_en));
ALTER TABLE case_issues DROP COLUMN message_es;
ALTER TABLE case_issues DROP COLUMN message_en;
`;

/** A case issue as migration 4 wrote it: with its words, no params. */
interface WordedIssue {
  severity: IssueInput['severity'];
  field: string;
  rows: number[];
  kind: string;
  messageEs: string;
  messageEn: string;
  before?: string | null;
  after?: string | null;
}

function withParams(stored: unknown): IssueInput {
  const i = stored as WordedIssue;
  const params: Record<string, unknown> = { words: { es: i.messageEs, en: i.messageEn } };
  if (typeof i.before === 'string') params.before = i.before;
  if (typeof i.after === 'string') params.after = i.after;
  return { severity: i.severity, field: i.field, rows: i.rows, kind: i.kind, params };
}

const worded = (x: unknown): boolean => !Array.isArray(x) && typeof x === 'object' && x !== null && typeof (x as WordedIssue).messageEs === 'string';

export function backfill(db: Database): void {
  const rows = db.prepare(`SELECT id, issues_json FROM batch_cases WHERE issues_json LIKE '%"messageEs"%'`).all() as { id: number; issues_json: string }[];
  const update = db.prepare('UPDATE batch_cases SET issues_json = ? WHERE id = ?');
  for (const row of rows) {
    const stored = JSON.parse(row.issues_json) as unknown[];
    if (!stored.some(worded)) continue;
    // Issues already encoded stay as they are; issueColumns encodes the rest, and the counts do not change.
    // Its tuple, cut out of the flat list issueColumns writes since migration 28: this step keeps a list of tuples.
    const json = stored.map((x) => (worded(x) ? storedTuples(issueColumns([withParams(x)]).json)[0] : x));
    update.run(JSON.stringify(json), row.id);
  }
}
