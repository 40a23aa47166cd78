// The batch grid asks SQLite, not the screen, which cases match a filter (see case-keys.ts):
// case_keys holds the kinds of issue each case has, so a kind filter reads an index range; a search
// reads batch_cases_by_search (code, name and phones folded) instead of the cases' rows; and
// batch_cases_by_batch pages a whole batch by position in id order without reading what it skips.
// Numbered 8: 7 is the do-not-contact ledger's.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { rebuildAllCaseKeys } from '../case-keys';

export const up = `
CREATE TABLE case_keys (
  batch_id INTEGER NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  case_id INTEGER NOT NULL,
  PRIMARY KEY (batch_id, key, case_id)
) WITHOUT ROWID;
CREATE INDEX batch_cases_by_batch ON batch_cases (batch_id);
ALTER TABLE batch_cases ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
-- Status too, so a search with a status filter needs nothing else.
CREATE INDEX batch_cases_by_search ON batch_cases (batch_id, search_text, status);
`;

/** Cases stored before this version get their keys (names need JavaScript's Unicode folding). */
export function backfill(db: Database): void {
  rebuildAllCaseKeys(db);
}
