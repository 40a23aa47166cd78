// Counts a batch keeps beside its cases, so that its screens read them instead of counting a million
// rows: how many cases have each key (migration 25), and how many cases, errors, warnings and fixes
// each status and upload state holds (migration 26). Cases and keys go in through the writers that
// add to these counts in the same transaction; a change of a case's status, upload state or issue
// counts is followed by migration 26's trigger, whatever statement makes it; a batch's counts leave
// with it (lifecycle-repo.ts), as its cases do (never one by one).
import type { Db } from '../sqlite/sqlcipher';

export interface KeyCounts {
  add(batchId: number, key: string, cases: number): void;
}

export interface CaseCounts {
  /** Cases just inserted (upload state pending, the column's default): how many of a status, and their issues. */
  add(batchId: number, status: string, cases: number, errors: number, warnings: number, fixes: number): void;
}

interface KeptCounts {
  keys: KeyCounts;
  cases: CaseCounts;
  /** A batch's counts, gone with its cases and keys. */
  drop(batchId: number): void;
}

const KEY_COUNT_SQL =
  'INSERT INTO batch_key_counts (batch_id, key, cases) VALUES (?, ?, ?) ON CONFLICT (batch_id, key) DO UPDATE SET cases = cases + excluded.cases';

const CASE_COUNT_SQL = `INSERT INTO batch_case_counts (batch_id, status, upload_state, cases, errors, warnings, fixes) VALUES (?, ?, 'pending', ?, ?, ?, ?)
  ON CONFLICT (batch_id, status, upload_state) DO UPDATE
  SET cases = cases + excluded.cases, errors = errors + excluded.errors, warnings = warnings + excluded.warnings, fixes = fixes + excluded.fixes`;

const keptIn = new WeakMap<Db, KeptCounts>();

/**
 * The counts this store keeps. A store not yet at their migration has none to keep (they are made from
 * its rows when it gets there): the tests of older migrations write cases with this code at their schema.
 * Only a store that has both tables is remembered: one without is looked at again on every call, so a
 * migration that comes later (even on the same schema number, after a rollback) is never missed.
 */
export function keptCounts(db: Db): KeptCounts {
  const known = keptIn.get(db);
  if (known) return known;
  const { counts, complete } = statements(db);
  if (complete) keptIn.set(db, counts);
  return counts;
}

function statements(db: Db): { counts: KeptCounts; complete: boolean } {
  const has = (table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  const keyCount = has('batch_key_counts') ? db.prepare(KEY_COUNT_SQL) : null;
  const caseCount = has('batch_case_counts') ? db.prepare(CASE_COUNT_SQL) : null;
  const drops = [
    ...(keyCount ? [db.prepare('DELETE FROM batch_key_counts WHERE batch_id = ?')] : []),
    ...(caseCount ? [db.prepare('DELETE FROM batch_case_counts WHERE batch_id = ?')] : []),
  ];
  const counts: KeptCounts = {
    keys: { add: (batchId, key, cases) => void keyCount?.run(batchId, key, cases) },
    cases: { add: (batchId, status, cases, errors, warnings, fixes) => void caseCount?.run(batchId, status, cases, errors, warnings, fixes) },
    drop: (batchId) => {
      for (const drop of drops) drop.run(batchId);
    },
  };
  return { counts, complete: keyCount !== null && caseCount !== null };
}
