// Opening SQLite files encrypted as a whole, SQLCipher 4 compatible (better-sqlite3-multiple-ciphers).
// A raw 256-bit key skips the passphrase KDF; the cipher settings come before anything touches the file.
import Database from 'better-sqlite3-multiple-ciphers';
import { chosenBinding } from './native-binding';

export type Db = Database.Database;

/** The file does not open with the key it was given. The store words it as its failure (store.wrong_key). */
export class WrongKeyError extends Error {
  constructor(readonly file: string) {
    super(`${file} does not open with this key.`);
    this.name = 'WrongKeyError';
  }
}

/** Applies the key to a connection just opened; null leaves the file plain (tests of plain stores). */
export function applyKey(db: Db, key: Buffer | null): void {
  if (key) {
    if (key.length !== 32) throw new Error('a store key is 32 bytes');
    db.pragma(`cipher = 'sqlcipher'`);
    db.pragma('legacy = 4');
    db.pragma(`key = "x'${key.toString('hex')}'"`);
  }
  try {
    // The first read is where a wrong key (or none, for an encrypted file) shows: the page does not decrypt to a database.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_NOTADB') throw new WrongKeyError(db.name);
    throw err;
  }
}

/**
 * Opens a file with the key applied before any other statement. Every connection of the app is opened
 * here: SQLite3MC does not encrypt temporary files, so sorts, temp tables and indices stay in memory.
 */
export function openDatabase(file: string, key: Buffer | null, options?: Database.Options): Db {
  // Under a development Electron, its own build of the native module (native-binding.ts).
  const nativeBinding = chosenBinding();
  const db = new Database(file, nativeBinding === undefined ? options : { ...options, nativeBinding });
  try {
    applyKey(db, key);
    db.pragma('temp_store = MEMORY');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
