// Copying a data folder's entries to another file system and checking the copy byte for byte, for the
// one-time move of a store (data-folder-move.ts). Links and special files are never followed nor copied:
// the walk refuses them before anything is written.
import { createHash } from 'node:crypto';
import { closeSync, constants, copyFileSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, tightenFile } from './private-files';

export interface TreeFile {
  /** Relative to the folder walked, with the OS's separator. */
  path: string;
  bytes: number;
}

/** Every file under `root`'s `names`, or null when one of them is (or holds) a link or anything but a file or folder. */
export function plainFilesUnder(root: string, names: readonly string[]): TreeFile[] | null {
  const files: TreeFile[] = [];
  const walk = (rel: string): boolean => {
    const stat = lstatSync(join(root, rel));
    if (stat.isFile()) {
      files.push({ path: rel, bytes: stat.size });
      return true;
    }
    if (!stat.isDirectory()) return false;
    return readdirSync(join(root, rel)).every((name) => walk(join(rel, name)));
  };
  return names.every(walk) ? files : null;
}

export type CopyFile = (from: string, to: string) => void;

/** Copies a file that must not exist yet, durably, readable by this user only. */
export const copyFileDurably: CopyFile = (from, to) => {
  copyFileSync(from, to, constants.COPYFILE_EXCL);
  tightenFile(to);
  const fd = openSync(to, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** Copies `names` of `from` into `to` (which exists): folders 0700, files 0600. */
export function copyEntries(from: string, to: string, names: readonly string[], copyFile: CopyFile = copyFileDurably): void {
  const copy = (rel: string) => {
    const source = join(from, rel);
    if (lstatSync(source).isDirectory()) {
      mkdirSync(join(to, rel), { mode: PRIVATE_DIR_MODE });
      for (const name of readdirSync(source)) copy(join(rel, name));
    } else copyFile(source, join(to, rel));
  };
  for (const name of names) copy(name);
}

/** Whether every file listed has the same bytes in `to` as in `from`, and `to` holds nothing more. */
export function sameFiles(from: string, to: string, names: readonly string[], files: readonly TreeFile[]): boolean {
  const copied = plainFilesUnder(to, names);
  if (!copied || copied.length !== files.length) return false;
  const sizes = new Map(copied.map((f) => [f.path, f.bytes]));
  return files.every((f) => sizes.get(f.path) === f.bytes && digest(join(from, f.path)) === digest(join(to, f.path)));
}

function digest(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'r');
  try {
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
