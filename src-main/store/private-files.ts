// Everything CaseDesk keeps is for the signed-in OS user only: folders 0700, files 0600, whatever the
// umask or an older version left behind. (On Windows the modes are mostly ignored; the per-user
// profile folders' ACLs do that job there.)
import { chmodSync, closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, writeSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { PRIVATE_FILE_MODE } from '../sqlite/private-file';
import { syncDir } from '../sqlite/sync-dir';
import { isDataFolderEntry } from './data-folder';

export { PRIVATE_FILE_MODE, tightenFile } from '../sqlite/private-file';
export const PRIVATE_DIR_MODE = 0o700;

/** New files and folders of this process get no group or other bits (workers share the process's). */
export function restrictUmask(): void {
  if (isMainThread) process.umask(0o077);
}

/** Creates the folder (and parents it creates) as 0700, and tightens it if it already existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * The data folder 0700, and CaseDesk's own entries in it (the names a wipe removes) 0700 for folders
 * and 0600 for files, however deep. Anything else in the folder keeps its mode: the folder may be a
 * project or a home folder, whose scripts and hooks are not ours to change. Links are not followed.
 */
export function tightenDataFolder(dataDir: string): void {
  let entries;
  try {
    entries = readdirSync(dataDir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  chmodSync(dataDir, PRIVATE_DIR_MODE);
  for (const entry of entries) {
    if (isDataFolderEntry(entry.name)) tightenEntry(join(dataDir, entry.name), entry);
  }
}

/** Every folder 0700 and every file 0600 from `path` down (an entry of CaseDesk's own). */
function tightenEntry(path: string, entry: Dirent): void {
  if (entry.isFile()) {
    chmodSync(path, PRIVATE_FILE_MODE);
    return;
  }
  if (!entry.isDirectory()) return;
  chmodSync(path, PRIVATE_DIR_MODE);
  for (const inner of readdirSync(path, { withFileTypes: true })) tightenEntry(join(path, inner.name), inner);
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
