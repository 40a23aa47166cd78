// A file named by a path that others may write (the organization's share, a path on the command line)
// is opened once, and what it is, its size and its bytes all come from that open handle: swapped
// between a check and the read for a bigger file, a pipe or a device (/dev/zero), it is never read.
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { fileSizeLimit } from '../preparation/reading/read-limits';
import { KIND_BYTES } from '../preparation/reading/text-decoding';
import { SurfaceFailure } from './surface-failure';

export function tooLarge(name: string, maxBytes: number): SurfaceFailure {
  const mb = Math.round(maxBytes / 1024 ** 2);
  return new SurfaceFailure('file.too_large', { file: name, limitMb: mb });
}

/** A size limit, or one decided by the file's first bytes (a text file's is not a workbook's). */
export type SizeLimit = number | { byHead: (head: Uint8Array) => number; headBytes: number };

/** What a creditor's file may weigh: a text file's limit or a workbook's, told by its first bytes. */
export const SPREADSHEET_SIZE: SizeLimit = { byHead: (head) => fileSizeLimit(head), headBytes: KIND_BYTES };

/**
 * Runs `work` on a regular file within the size limit, and closes it. Devices, folders and pipes are
 * refused (`file.not_a_file`): they have no size to check, and reading one may never end. A failure to
 * open is passed on as it is (its errno code), or as `cannotOpen` when given.
 */
export async function withRegularFile<T>(
  path: string,
  name: string,
  work: (handle: FileHandle, stats: Stats) => Promise<T>,
  cannotOpen?: SurfaceFailure,
  limit: SizeLimit = SPREADSHEET_SIZE,
): Promise<T> {
  // Non-blocking, so a named pipe cannot hold the open forever (regular files ignore the flag; Windows has none).
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch((err: unknown) => {
    throw cannotOpen ?? err;
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new SurfaceFailure('file.not_a_file', { file: name });
    const maxBytes = typeof limit === 'number' ? limit : limit.byHead(await readUpTo(handle, Math.min(stats.size, limit.headBytes)));
    if (stats.size > maxBytes) throw tooLarge(name, maxBytes);
    return await work(handle, stats);
  } finally {
    await handle.close();
  }
}

/** At most `size` bytes from the start, in a buffer of their own (one the preparation worker can take over). */
async function readUpTo(handle: FileHandle, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === size ? bytes : bytes.slice(0, filled);
}

/** Whether the file holds more than `size` bytes now (it grew since its size was taken): one byte is read to tell. */
async function holdsMoreThan(handle: FileHandle, size: number): Promise<boolean> {
  const { bytesRead } = await handle.read(new Uint8Array(1), 0, 1, size);
  return bytesRead > 0;
}

/**
 * The whole file, as it was when its stat was taken. Shorter, longer or written to meanwhile (its times
 * moved on), it is being written now (a list still copied to the share, a spreadsheet still saved):
 * `file.changed` rather than a part of it, or a mix of two versions.
 */
export async function readWhole(handle: FileHandle, stats: Stats, name: string): Promise<Uint8Array> {
  const bytes = await readUpTo(handle, stats.size);
  if (bytes.length < stats.size) throw new SurfaceFailure('file.changed', { file: name });
  await checkUnchanged(handle, stats, name);
  return bytes;
}

/** After reading `stats.size` bytes another way (streamed): the file is still what its stat said, else `file.changed`. */
export async function checkUnchanged(handle: FileHandle, stats: Stats, name: string): Promise<void> {
  const changed = () => new SurfaceFailure('file.changed', { file: name });
  if (await holdsMoreThan(handle, stats.size)) throw changed();
  const after = await handle.stat();
  if (after.size !== stats.size || after.mtimeMs !== stats.mtimeMs) throw changed();
}
