// Everything CaseDesk keeps is for the signed-in OS user only: folders 0700, files 0600, whatever the
// umask or an older version left behind. (On Windows the modes are mostly ignored; the per-user
// profile folders' ACLs do that job there.)
import { chmodSync, closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { syncDir } from '../sqlite/sync-dir';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** New files and folders of this process get no group or other bits (workers share the process's). */
export function restrictUmask(): void {
  if (isMainThread) process.umask(0o077);
}

/** Creates the folder (and parents it creates) as 0700, and tightens it if it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Tightens a file that exists (one SQLite or an older CaseDesk created); a missing one is fine. */
export function tightenFile(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Every folder 0700 and every file 0600 under `root` (symbolic links are left alone, not followed). */
export function tightenTree(root: string): void {
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  chmodSync(root, PRIVATE_DIR_MODE);
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) tightenTree(path);
    else if (entry.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * Writes a file whole or not at all (a temp file, fsync, rename), 0600 from its first byte, in a
 * private folder.
 */
export function writePrivateFileAtomic(file: string, bytes: Uint8Array): void {
  ensurePrivateDir(dirname(file));
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncDir(dirname(file));
}

/** True when the path is a regular file (not a link someone planted). */
export function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
