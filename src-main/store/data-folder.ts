// What CaseDesk keeps in a data folder, by name, and removing files that are the folder's own.
// The folder may be shared (Electron's userData also holds Chromium's profile), so a wipe removes
// CaseDesk's entries only, and says which others it left.
import { lstatSync, readdirSync, realpathSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Sub-folders of the data folder. */
export const RECORDINGS_DIR = 'recordings';
export const IMPORTS_DIR = 'imports';

/**
 * Entries of a data folder that are CaseDesk's: the store (with its WAL, shared memory, journal and
 * an interrupted encryption's copy), the key marker, the Demo service's state, recordings, imported
 * files, logs, the audit trail, and temporary files.
 */
const OURS = /^(casedesk|demo-service|recordings|imports|exports|logs?|audit|tmp)([.-]|$)|\.part$/i;

export function isDataFolderEntry(name: string): boolean {
  return OURS.test(name);
}

export interface DataFolderContents {
  /** CaseDesk's entries (names in the data folder), sorted. */
  ours: string[];
  /** Entries CaseDesk did not create; a wipe leaves them. */
  others: string[];
}

export function dataFolderContents(dataDir: string): DataFolderContents {
  let names: string[];
  try {
    names = readdirSync(dataDir).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ours: [], others: [] };
    throw err;
  }
  return { ours: names.filter(isDataFolderEntry), others: names.filter((n) => !isDataFolderEntry(n)) };
}

/**
 * Removes CaseDesk's entries from the data folder, the store's own file last: a wipe interrupted
 * half-way still shows as a CaseDesk folder, and running it again finishes it.
 */
export function removeDataFolderEntries(dataDir: string): string[] {
  const { ours } = dataFolderContents(dataDir);
  const last = ours.filter((n) => /^casedesk\.sqlite$/i.test(n));
  const first = ours.filter((n) => !last.includes(n));
  for (const name of [...first, ...last]) rmSync(join(dataDir, name), { recursive: true, force: true });
  return ours;
}

/**
 * Deletes `file` only when it really lies inside `root` (a sub-folder of the data folder): a path
 * read back from the store is never trusted to point there. A symbolic link is removed, never
 * followed. Returns whether a file was deleted; the folders it leaves empty under `root` go too.
 */
export function removeFileInside(root: string, file: string): boolean {
  const found = insidePath(root, file);
  if (!found) return false;
  try {
    if (lstatSync(found.path).isDirectory()) return false;
  } catch {
    return false;
  }
  rmSync(found.path, { force: true });
  removeEmptyParents(found.root, dirname(found.path));
  return true;
}

/** `file` with its folder's real path, when that folder is `root` or inside it (links followed); else null. */
export function insidePath(root: string, file: string): { root: string; path: string } | null {
  let realRoot: string;
  let realDir: string;
  try {
    realRoot = realpathSync(root);
    realDir = realpathSync(dirname(resolve(file)));
  } catch {
    return null;
  }
  const rel = relative(realRoot, realDir);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return { root: realRoot, path: join(realDir, basename(resolve(file))) };
}

function removeEmptyParents(root: string, dir: string): void {
  for (let at = dir; at !== root && at.startsWith(`${root}${sep}`); at = dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return; // not empty (or gone): stop here
    }
  }
}

/** Files under `root` last modified before `cutoffMs` (links are listed, never followed). */
export function filesModifiedBefore(root: string, cutoffMs: number): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (lstatSync(path).mtimeMs < cutoffMs) found.push(path);
    }
  };
  walk(root);
  return found;
}
