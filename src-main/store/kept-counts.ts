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

/** A kind key as versions before migration 30 wrote it ("k:0"): one range of the keys' index, which no key of now is in. */
const EARLIER_KIND_KEY = "key >= 'k:' AND key < 'k;'";

/**
 * An earlier kind key in its form of now (as migration 30 gives it): "k:" off, and the '?' kindToken
 * now puts before a token that holds a ':' or starts with '?' without being a marked number ("?7").
 */
const BARE_KIND_KEY_SQL = `CASE WHEN instr(substr(key, 3), ':') > 0 OR (substr(key, 3, 1) = '?' AND NOT (length(key) > 3 AND substr(key, 4) NOT GLOB '*[^0-9]*'))
  THEN '?' || substr(key, 3) ELSE substr(key, 3) END`;

/**
 * Makes a batch's kept counts again from its rows and keys when they no longer add up to its number of
 * cases (migration 23, kept by the same writers), or when it holds kind keys in their earlier form
 * ("k:0", before migration 30): cases written by an older CaseDesk still running while this one
 * migrated the store come with no counts, or with such keys, which no filter finds. Its screens then
 * said too few cases. Those keys are given their form of now first. One query a batch when all is
 * well; true when it had to count.
 */
export function recountIfDrifted(db: Db, batchId: number): boolean {
  const row = db
    .prepare(
      `SELECT case_total AS total, (SELECT coalesce(sum(cases), 0) FROM batch_case_counts n WHERE n.batch_id = b.id) AS kept,
         EXISTS (SELECT 1 FROM case_keys k WHERE k.batch_id = b.id AND ${EARLIER_KIND_KEY}) AS earlierKeys FROM batches b WHERE b.id = ?`,
    )
    .get(batchId) as { total: number; kept: number; earlierKeys: 0 | 1 } | undefined;
  if (!row || (row.total === row.kept && row.earlierKeys === 0)) return false;
  db.transaction(() => {
    if (row.earlierKeys === 1) {
      db.prepare(
        `INSERT OR IGNORE INTO case_keys (batch_id, key, case_id) SELECT batch_id, ${BARE_KIND_KEY_SQL}, case_id FROM case_keys WHERE batch_id = ? AND ${EARLIER_KIND_KEY}`,
      ).run(batchId);
      db.prepare(`DELETE FROM case_keys WHERE batch_id = ? AND ${EARLIER_KIND_KEY}`).run(batchId);
    }
    keptCounts(db).drop(batchId);
    db.prepare(
      `INSERT INTO batch_case_counts (batch_id, status, upload_state, cases, errors, warnings, fixes)
       SELECT batch_id, status, upload_state, count(*), sum(error_count), sum(warning_count), sum(fix_count) FROM batch_cases WHERE batch_id = ? GROUP BY status, upload_state`,
    ).run(batchId);
    db.prepare('INSERT INTO batch_key_counts (batch_id, key, cases) SELECT batch_id, key, count(*) FROM case_keys WHERE batch_id = ? GROUP BY key').run(
      batchId,
    );
    // The total too: a case written with no count may have been written with no total (before migration 23).
    db.prepare('UPDATE batches SET case_total = (SELECT count(*) FROM batch_cases WHERE batch_id = ?) WHERE id = ?').run(batchId, batchId);
  }).immediate();
  return true;
}
