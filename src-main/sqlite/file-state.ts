// Whether a SQLite file is there, plain or encrypted: SQLCipher's format starts with random salt
// where plain SQLite starts with its magic string.
import { closeSync, openSync, readSync } from 'node:fs';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0');

export function fileState(file: string): 'absent' | 'plain' | 'encrypted' {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw err;
  }
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read === 0) return 'absent';
    return read === head.length && head.equals(SQLITE_MAGIC) ? 'plain' : 'encrypted';
  } finally {
    closeSync(fd);
  }
}
