// Durable renames: a folder's entries reach the disk (the store's private files and an encrypted copy
// of a SQLite file both end in a rename).
import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Makes a rename durable (a no-op where folders cannot be opened, as on Windows). */
export function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // not supported here: the rename itself is still atomic
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
