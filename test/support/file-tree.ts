// What is on disk under a folder, as the tests of file modes and raw bytes need it: every entry with
// its type and permission bits (symbolic links reported, not followed).
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface TreeEntry {
  /** Relative to the root ('' is the root itself). */
  path: string;
  kind: 'dir' | 'file' | 'link' | 'other';
  /** Permission bits, e.g. 0o600. */
  mode: number;
}

export function walkTree(root: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    const kind = stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other';
    entries.push({ path: relative(root, path), kind, mode: stat.mode & 0o777 });
    if (kind === 'dir') for (const name of readdirSync(path).sort()) visit(join(path, name));
  };
  visit(root);
  return entries;
}

/** Every regular file's bytes, by relative path: to compare a folder before and after, or to scan it. */
export function readTree(root: string): Map<string, Buffer> {
  return new Map(
    walkTree(root)
      .filter((e) => e.kind === 'file')
      .map((e) => [e.path, readFileSync(join(root, e.path))]),
  );
}

export const octal = (mode: number) => `0${mode.toString(8)}`;
