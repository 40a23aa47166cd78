// An export written where the agent said: whole and private (0600, O_EXCL) in a temporary file of the
// target's folder before it takes the target's name. A rename or a hard link replaces the name, so a
// link planted at the path is never written through, and a file left there (0666, someone else's)
// never keeps its mode: the result is always this file, 0600.
import { randomUUID } from 'node:crypto';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { writeFailure } from './write-failure';

/** Replace whatever is at the path (a file, a link), or refuse a path already taken with `exists()`. */
export type PrivateExportOptions = { replace: true } | { replace: false; exists: () => Error };

/** Errors of link() that mean this file system has no hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

export async function writePrivateExport(file: string, bytes: string | Uint8Array, options: PrivateExportOptions): Promise<void> {
  const target = resolve(file);
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  let claimed = true;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.replace) await rename(temp, target);
    else claimed = await claimName(temp, target);
  } catch (error) {
    // Said of the file the agent named, even when it was the temporary one beside it that failed.
    throw writeFailure(error, file) ?? error;
  } finally {
    // Gone already once renamed; after a hard link the target keeps the file.
    await unlink(temp).catch(() => undefined);
  }
  if (!claimed && !options.replace) throw options.exists();
}

/** Gives `temp` the name `target` only if nothing (not even a dangling link) has it; false when taken. */
async function claimName(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
  }
  // No hard links on this file system: checked, then renamed (a file appearing in between is replaced).
  const taken = await lstat(target).then(
    () => true,
    () => false,
  );
  if (!taken) await rename(temp, target);
  return !taken;
}
