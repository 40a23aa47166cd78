// Reading a store's files as bytes: which debtor values are still in them, in the clear.
import { existsSync, readFileSync } from 'node:fs';

/** The store's database file and its WAL, as they are on disk now (a missing WAL is empty). */
export function storeBytes(file: string): Buffer {
  return Buffer.concat([file, `${file}-wal`].map((f) => (existsSync(f) ? readFileSync(f) : Buffer.alloc(0))));
}

/** The needles (UTF-8, as SQLite keeps text) found somewhere in `bytes`. */
export function foundIn(bytes: Buffer, needles: Iterable<string>): string[] {
  return [...new Set(needles)].filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
}
