// The local store: one SQLite file per data folder, encrypted as a whole with the folder's data key.
// The laptop is the system of record for drafts.
import { ensurePrivateDir, tightenFile } from './private-files';
import { encryptPlainStore, removeEncryptionLeftovers } from '../sqlite/encrypt-store';
import { migrate, MIGRATIONS, type Migration } from './migrations';
import { openDatabase, WrongKeyError, type Db } from '../sqlite/sqlcipher';
import { Failure } from '../domain/failures/failure';
import { fileState } from '../sqlite/file-state';
import { storeFile } from './store-file';

export type { Db } from '../sqlite/sqlcipher';
export { STORE_FILE_NAME, storeFile, storeFileState } from './store-file';

export interface Store {
  db: Db;
  file: string;
  /** The data key (null: a plain test store). Threads that open their own connection need it. */
  key: Buffer | null;
  close(): void;
}

/**
 * Opens (creating if needed) the store of a data folder and brings its schema up to date. A plain
 * store left by an older CaseDesk is encrypted first, once. `key: null` opens a plain store: only
 * tests that must read the raw bytes do that.
 */
/** The store's file does not open with the key it was given (another machine's, user's or folder's). */
export class StoreKeyError extends Failure<'store.wrong_key'> {
  constructor(file: string) {
    super('store.wrong_key', { file });
    this.name = 'StoreKeyError';
  }
}

function openStoreFile(file: string, key: Buffer | null): Db {
  try {
    return openDatabase(file, key);
  } catch (err) {
    if (err instanceof WrongKeyError) throw new StoreKeyError(err.file);
    throw err;
  }
}

export function openStore(dataDir: string, key: Buffer | null, migrations: readonly Migration[] = MIGRATIONS): Store {
  ensurePrivateDir(dataDir);
  const file = storeFile(dataDir);
  removeEncryptionLeftovers(file);
  if (key && fileState(file) === 'plain') encryptPlainStore(file, key);
  const db = openStoreFile(file, key);
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
  // An older version, or another umask, may have made them readable by others.
  for (const suffix of ['', '-wal', '-shm']) tightenFile(`${file}${suffix}`);
  return { db, file, key, close: () => db.close() };
}
