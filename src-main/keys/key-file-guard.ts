// A key file is used only when no other user of the machine can read it: 0600 in a 0700 folder.
// An older version or another umask may have left it open (0644 in a 0755 folder): tightened when it
// is the user's own, refused when it cannot be. Windows' modes are not its ACLs: nothing is checked there.
import { chmodSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataKeyError } from './data-key-error';

const OTHERS = 0o077;

/**
 * Makes sure the key file and its folder are readable by this user only (tightening them when
 * needed), or throws `key.file_not_private` naming the file. True when that was checked, false where
 * modes say nothing (Windows).
 */
export function holdKeyFilePrivately(keyFile: string, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32') return false;
  tighten(dirname(keyFile), 0o700, keyFile);
  tighten(keyFile, 0o600, keyFile);
  return true;
}

function tighten(path: string, mode: number, keyFile: string): void {
  const before = statSync(path);
  if ((before.mode & OTHERS) === 0) return;
  // Another user's file or folder is not ours to change, and whoever owns it can read the key.
  if (before.uid !== process.getuid?.()) throw new DataKeyError('key.file_not_private', { file: keyFile });
  try {
    chmodSync(path, mode);
  } catch {
    throw new DataKeyError('key.file_not_private', { file: keyFile });
  }
  if ((statSync(path).mode & OTHERS) !== 0) throw new DataKeyError('key.file_not_private', { file: keyFile });
}
