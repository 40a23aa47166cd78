// A file for the signed-in OS user only (0600), whatever the umask or an older version left behind.
// Here, below the store and the emulator, so both keep their SQLite files the same way.
import { chmodSync, closeSync, openSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;

/** Tightens a file that exists (one SQLite or an older CaseDesk created); a missing one is fine. */
export function tightenFile(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * A SQLite file 0600 before SQLite opens it: created empty with that mode (SQLite would make it 0644
 * under the usual umask), an existing one tightened with its WAL and shared memory. SQLite gives the
 * WAL and shared-memory files it creates the mode of the database file.
 */
export function holdSqliteFilePrivately(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  for (const suffix of ['', '-wal', '-shm']) tightenFile(`${file}${suffix}`);
}
