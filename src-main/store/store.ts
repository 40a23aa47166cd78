// The local store: one SQLite file per data folder. The laptop is the system of record for drafts.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

export interface Store {
  db: Db;
  file: string;
  close(): void;
}

export const STORE_FILE_NAME = 'casedesk.sqlite';

export function storeFile(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

/** Opens (creating if needed) the store of a data folder and brings its schema up to date. */
export function openStore(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): Store {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = storeFile(dataDir);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // The upload queue lives here: a committed chunk outcome must survive a power cut.
    db.pragma('synchronous = FULL');
    // Deleted drafts hold names, phones and debts: overwrite them rather than leave them in free pages.
    db.pragma('secure_delete = ON');
    // Big imports touch many index pages: a 64 MB page cache keeps them in memory (the default is 2 MB).
    db.pragma('cache_size = -65536');
    migrate(db, migrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, file, close: () => db.close() };
}
