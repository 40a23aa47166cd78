// Forward-only migrations, applied in order at open and recorded in schema_migrations.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { Failure } from '../../domain/failures/failure';
import * as m001 from './001-initial';
import * as m002 from './002-sync-marks';
import * as m003 from './003-case-raw-rows';
import * as m004 from './004-issues-with-their-case';
import * as m005 from './005-no-stored-tokens';
import * as m006 from './006-retention-times';
import * as m007 from './007-do-not-contact-ledger';
import * as m008 from './008-case-keys';
import * as m009 from './009-search-in-id-order';
import * as m010 from './010-issue-texts-as-data';
import * as m011 from './011-ids-never-reused';
import * as m012 from './012-edited-while-skipped';
import * as m013 from './013-upload-run-times';
import * as m014 from './014-upload-details-as-data';
import * as m015 from './015-numbered-issues';
import * as m016 from './016-kind-tokens';
import * as m017 from './017-product-tuples';
import * as m018 from './018-compact-issue-params';
import * as m019 from './019-status-index-covers-counts';
import * as m020 from './020-chunk-cases-index';
import * as m021 from './021-stored-values-named';
import * as m022 from './022-search-text-derived';
import * as m023 from './023-batch-case-totals';
import * as m024 from './024-phones-named';
import * as m025 from './025-key-counts';
import * as m026 from './026-batch-case-counts';
import * as m027 from './027-slim-state-indexes';
import * as m028 from './028-flat-issues';
import * as m029 from './029-kinds-in-keys-only';
import * as m030 from './030-bare-kind-keys';
import * as m031 from './031-status-numbers-in-indexes';
import * as m032 from './032-upload-state-partial-indexes';
import * as m033 from './033-source-rows-from-raw';
import * as m034 from './034-rows-without-case-by-batch';
import * as m035 from './035-shared-recount-pending';

export interface Migration {
  version: number;
  name: string;
  up: string;
  /** Work SQL cannot do (JavaScript's Unicode folding), run after `up` in the same transaction. */
  backfill?: (db: Database) => void;
  /**
   * Rebuilds a table others reference (SQLite's way of changing a table it cannot ALTER): run with
   * foreign keys off, else dropping the old table deletes the rows that reference it (ON DELETE
   * CASCADE); they are checked before the commit instead. Off and on again outside the transaction:
   * the pragma does nothing inside one.
   */
  foreignKeysOff?: true;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', up: m001.up },
  { version: 2, name: 'sync-marks', up: m002.up },
  { version: 3, name: 'case-raw-rows', up: m003.up },
  { version: 4, name: 'issues-with-their-case', up: m004.up },
  { version: 5, name: 'no-stored-tokens', up: m005.up },
  { version: 6, name: 'retention-times', up: m006.up },
  { version: 7, name: 'do-not-contact-ledger', up: m007.up },
  { version: 8, name: 'case-keys', up: m008.up, backfill: m008.backfill },
  { version: 9, name: 'search-in-id-order', up: m009.up },
  { version: 10, name: 'issue-texts-as-data', up: m010.up, backfill: m010.backfill },
  { version: 11, name: 'ids-never-reused', up: m011.up, foreignKeysOff: true },
  { version: 12, name: 'edited-while-skipped', up: m012.up },
  { version: 13, name: 'upload-run-times', up: m013.up },
  { version: 14, name: 'upload-details-as-data', up: m014.up },
  { version: 15, name: 'numbered-issues', up: m015.up },
  { version: 16, name: 'kind-tokens', up: m016.up, backfill: m016.backfill },
  { version: 17, name: 'product-tuples', up: m017.up, backfill: m017.backfill },
  { version: 18, name: 'compact-issue-params', up: m018.up },
  { version: 19, name: 'status-index-covers-counts', up: m019.up },
  { version: 20, name: 'chunk-cases-index', up: m020.up },
  { version: 21, name: 'stored-values-named', up: m021.up },
  { version: 22, name: 'search-text-derived', up: m022.up },
  { version: 23, name: 'batch-case-totals', up: m023.up },
  { version: 24, name: 'phones-named', up: m024.up },
  { version: 25, name: 'key-counts', up: m025.up },
  { version: 26, name: 'batch-case-counts', up: m026.up },
  { version: 27, name: 'slim-state-indexes', up: m027.up },
  { version: 28, name: 'flat-issues', up: m028.up },
  { version: 29, name: 'kinds-in-keys-only', up: m029.up },
  { version: 30, name: 'bare-kind-keys', up: m030.up },
  { version: 31, name: 'status-numbers-in-indexes', up: m031.up },
  { version: 32, name: 'upload-state-partial-indexes', up: m032.up },
  { version: 33, name: 'source-rows-from-raw', up: m033.up },
  { version: 34, name: 'rows-without-case-by-batch', up: m034.up },
  { version: 35, name: 'shared-recount-pending', up: m035.up },
];

/** A store this version cannot take: written by a newer CaseDesk, or with a history it does not know. */
export class StoreVersionError extends Failure<'store.newer_version' | 'store.unknown_history'> {}

/** Applies what is missing; refuses a store made by a newer CaseDesk or by a different history. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): { from: number; to: number } {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const from = appliedSteps(db, migrations);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  let appliedMeanwhile = false;
  for (const migration of migrations.slice(from)) {
    const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
    const keysOff = migration.foreignKeysOff === true && enforced;
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        // Another process that read the same steps (the app and a scheduled CLI run, just after an
        // update) applied it while this one waited for the lock: not a second time.
        if (isApplied.get(migration.version)) {
          appliedMeanwhile = true;
          return;
        }
        // Compared, not required to be none: a row left dangling long ago must not keep the store shut.
        const dangling = keysOff ? danglingReferences(db) : 0;
        db.exec(migration.up);
        migration.backfill?.(db);
        if (keysOff && danglingReferences(db) > dangling) throw new Error(`Store migration ${migration.version} would leave references dangling.`);
        record.run(migration.version, migration.name, new Date().toISOString());
      }).immediate();
    } finally {
      if (keysOff) db.pragma('foreign_keys = ON');
    }
  }
  // What the other process applied is checked as a history read at the start would be (a newer CaseDesk's steps refused).
  if (appliedMeanwhile) appliedSteps(db, migrations);
  return { from, to: migrations.length };
}

/** How many steps the store has applied, once checked to be the first of `migrations`. */
function appliedSteps(db: Database, migrations: readonly Migration[]): number {
  const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
  if (applied.length > migrations.length) {
    throw new StoreVersionError('store.newer_version', { applied: applied.length, known: migrations.length });
  }
  applied.forEach((row, i) => {
    const known = migrations[i];
    if (!known || known.version !== row.version || known.name !== row.name) {
      throw new StoreVersionError('store.unknown_history', { version: row.version, name: row.name });
    }
  });
  return applied.length;
}

function danglingReferences(db: Database): number {
  return (db.pragma('foreign_key_check') as unknown[]).length;
}
