// The default data folder, with the one-time move of a store an older version kept at its own default
// (~/.casedesk for the CLI, Electron's userData for the app: default-data-dir.ts). Only CaseDesk's
// entries move (userData also holds Chromium's profile). The store is built whole in a staging folder
// next to the new place and appears there with one rename, so a crash leaves either the old store or
// the new one, never half of each: on one file system its entries are renamed (a crash part-way is
// rolled back at the next start), on another they are copied and checked byte for byte before the old
// ones are removed. Whatever fails, the old store stays and is used, with a notice. The key moves with
// the folder: its marker names it (data-key.ts), and keychains and key files are per user, not per folder.
// Links at either place are refused (someone else may have planted them). One process moves at a time.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { uptime } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { Failure } from '../domain/failures/failure';
import type { NoticeData } from '../domain/failures/notice';
import { syncDir } from '../sqlite/sync-dir';
import { dataFolderContents } from './data-folder';
import { copyEntries, copyFileDurably, plainFilesUnder, sameFiles, type CopyFile } from './folder-copy';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, writePrivateFileAtomic } from './private-files';
import { STORE_FILE_NAME } from './store-file';

/** Left in the moved folder for the app context that opens it: it audits the move and removes the note. */
export const MOVE_NOTE_FILE = 'casedesk-moved.json';
const KEY_MARKER = 'casedesk-key.json';

/** An entry of the folder itself: a name, never a path that climbs out of it or names another place. */
const EntryName = z.string().refine((name) => name !== '' && name !== '.' && name !== '..' && !/[\\/\0]/.test(name));

export const MoveNote = z.strictObject({
  version: z.literal(1),
  from: z.string().refine((path) => isAbsolute(path) && !path.includes('\0')),
  method: z.enum(['rename', 'copy']),
  entries: z.array(EntryName),
  bytes: z.number().int().nonnegative(),
  at: z.iso.datetime(),
});
export type MoveNote = z.infer<typeof MoveNote>;

export interface DataFolderChoice {
  dataDir: string;
  /** What to tell the agent (notice codes): a move done or not done, a store left behind. */
  notices: NoticeData[];
}

export interface MoveOptions {
  /** The default data folder (defaultDataDir). */
  to: string;
  /** Older defaults, the first found holding a store is the one moved (oldDefaultDataDirs). */
  from: readonly string[];
  /** Tests: how one file is copied between file systems. */
  copyFile?: CopyFile;
  /** Tests: whether two folders are on one file system (their device numbers, else). */
  sameFileSystem?: (a: string, b: string) => boolean;
  /** How long to wait for another process's move before giving up (a copy of many recordings takes a while). */
  lockWaitMs?: number;
  /** How long to wait for another process's move to take the old copy away, once its store is in place. */
  finishingWaitMs?: number;
  now?: () => Date;
}

type Reason = 'link_inside' | 'not_empty' | 'rename_failed' | 'copy_failed' | 'verify_failed' | 'io_error';

/** The data folder to open when no one chose one: the default, once an old default's store was moved into it. */
export function useDefaultDataDir(options: MoveOptions): DataFolderChoice {
  const { to } = options;
  if (isLink(to)) throw new Failure('datafolder.link', { path: to });
  const notices: NoticeData[] = [];
  const olds: string[] = [];
  for (const from of options.from) {
    if (!isLink(from)) olds.push(from);
    else if (holdsStore(from, statSync)) notices.push({ code: 'datafolder.old_link', params: { from } });
  }
  let dataDir = to;
  if (existsSync(stagingOf(to)) || (!holdsStore(to) && olds.some((dir) => holdsStore(dir)))) {
    let outcome: DataFolderChoice;
    try {
      outcome = withMoveLock(to, options.lockWaitMs ?? 120_000, () => moveUnderLock(options, olds));
    } catch (err) {
      // The file system refused something unforeseen (a folder that cannot be read or made): the old store is used as it is.
      const from = olds.find((dir) => holdsStore(dir));
      if (err instanceof Failure || from === undefined) throw err;
      outcome = { dataDir: from, notices: [{ code: 'datafolder.not_moved', params: { from, to, reason: 'io_error' } }] };
    }
    dataDir = outcome.dataDir;
    notices.push(...outcome.notices);
  }
  // A store of an old default left beside the one in use: said each time, never deleted unasked.
  if (dataDir === to) {
    // Another process's move may have placed the store and not yet taken the old copy away.
    waitForMoverFinishing(to, options.finishingWaitMs ?? MOVER_FINISHING_MS);
    for (const from of olds)
      if (holdsStore(from) && !notices.some((n) => n.params.from === from)) notices.push({ code: 'datafolder.both', params: { from, to } });
  }
  return { dataDir, notices };
}

/**
 * A mover's last step, once the store is in place, is removing the old copy: seconds. While its lock
 * stands and its owner lives, this start waits for it (never takes it), up to `waitMs`;
 * then it goes on, and a copy still there is told as left behind.
 */
function waitForMoverFinishing(to: string, waitMs: number): void {
  const lock = lockOf(to);
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!existsSync(lock) || staleLock(lock) !== null || Date.now() >= deadline) return;
    sleep(50);
  }
}

const MOVER_FINISHING_MS = 15_000;

function moveUnderLock(options: MoveOptions, olds: readonly string[]): DataFolderChoice {
  const { to } = options;
  rollBackStaging(to, olds);
  // Another process may have moved it while this one waited for the lock.
  if (holdsStore(to)) return { dataDir: to, notices: [] };
  const from = olds.find((dir) => holdsStore(dir));
  if (from === undefined) return { dataDir: to, notices: [] };
  const notMoved = (reason: Reason): DataFolderChoice => ({ dataDir: from, notices: [{ code: 'datafolder.not_moved', params: { from, to, reason } }] });

  const entries = dataFolderContents(from).ours;
  const files = plainFilesUnder(from, entries);
  if (!files) return notMoved('link_inside');
  if (existsSync(to) && readdirSync(to).length > 0) return notMoved('not_empty');
  mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
  const sameFs = (options.sameFileSystem ?? sameDevice)(from, dirname(to));
  const note: MoveNote = {
    version: 1,
    from,
    method: sameFs ? 'rename' : 'copy',
    entries,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    at: (options.now?.() ?? new Date()).toISOString(),
  };
  const staging = stagingOf(to);
  ensurePrivateDir(staging);
  // Durable before the first entry leaves the old folder: what a crash left is undone by this note.
  writePrivateFileAtomic(join(staging, MOVE_NOTE_FILE), Buffer.from(`${JSON.stringify(note)}\n`));

  if (sameFs) {
    try {
      for (const name of entries) renameSync(join(from, name), join(staging, name));
    } catch {
      rollBackStaging(to, olds);
      return notMoved('rename_failed');
    }
  } else {
    try {
      copyEntries(from, staging, entries, options.copyFile ?? copyFileDurably);
    } catch {
      rmSync(staging, { recursive: true, force: true });
      return notMoved('copy_failed');
    }
    if (!sameFiles(from, staging, entries, files)) {
      rmSync(staging, { recursive: true, force: true });
      return notMoved('verify_failed');
    }
  }
  try {
    place(staging, to);
  } catch {
    rollBackStaging(to, olds);
    return notMoved('rename_failed');
  }
  const notices: NoticeData[] = [{ code: 'datafolder.moved', params: { from, to } }];
  if (!sameFs && !removeEntries(from, entries)) notices.push({ code: 'datafolder.old_left', params: { from, to } });
  removeIfEmpty(from);
  return { dataDir: to, notices };
}

/** The staging folder becomes the data folder in one rename (an empty folder already there gives way). */
function place(staging: string, to: string): void {
  if (existsSync(to)) rmdirSync(to);
  renameSync(staging, to);
  syncDir(dirname(to));
}

/**
 * A staging folder a crash left: its renamed entries go back to the old folder (its copies are
 * simply removed), so the move starts over from a whole old store. Only to an old default this start
 * knows: a note naming another folder was not written by a move of this store.
 */
function rollBackStaging(to: string, olds: readonly string[]): void {
  const staging = stagingOf(to);
  if (!existsSync(staging)) return;
  const note = readNote(join(staging, MOVE_NOTE_FILE));
  if (note?.method === 'rename' && olds.includes(note.from)) {
    for (const name of note.entries) {
      const moved = join(staging, name);
      if (existsSync(moved) && !existsSync(join(note.from, name))) renameSync(moved, join(note.from, name));
    }
    syncDir(note.from);
  }
  // Anything else left is a copy (or nothing was moved before the note was written).
  rmSync(staging, { recursive: true, force: true });
}

/** The old copy's entries, the store's file last (a removal cut short still shows as a store). */
function removeEntries(dir: string, names: readonly string[]): boolean {
  const ordered = [...names.filter((n) => n !== STORE_FILE_NAME), ...names.filter((n) => n === STORE_FILE_NAME)];
  try {
    for (const name of ordered) rmSync(join(dir, name), { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // not empty (Chromium's profile, or files of the agent's own): left as it is
  }
}

export function readNote(file: string): MoveNote | null {
  try {
    return MoveNote.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

const stagingOf = (to: string) => `${to}.moving`;
const lockOf = (to: string) => `${to}.lock`;

/** A folder holds a store when it has the store's file or a key marker (a store whose key was made). */
function holdsStore(dir: string, stat: typeof lstatSync = lstatSync): boolean {
  try {
    if (!stat(dir).isDirectory()) return false;
  } catch {
    return false;
  }
  return [STORE_FILE_NAME, KEY_MARKER].some((name) => {
    try {
      lstatSync(join(dir, name));
      return true;
    } catch {
      return false;
    }
  });
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function sameDevice(a: string, b: string): boolean {
  return statSync(a).dev === statSync(b).dev;
}

/**
 * One mover at a time, across processes: a lock file created exclusively, holding its owner's pid.
 * One whose owner is gone (or written before the machine started) is taken over; a live one is
 * waited for, up to `waitMs`.
 */
function withMoveLock<T>(to: string, waitMs: number, work: () => T): T {
  const lock = lockOf(to);
  mkdirSync(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
  const deadline = Date.now() + waitMs;
  let mine: string | null = null;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', PRIVATE_FILE_MODE);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      mine = lockFileIdentity(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stale = staleLock(lock);
      if (stale !== null) {
        takeStaleLock(lock, stale);
        continue;
      }
      if (Date.now() >= deadline) throw new Failure('datafolder.move_busy', { to });
      sleep(100);
    }
  }
  try {
    return work();
  } finally {
    // Only this mover's own lock: another's, taken in the moment a stale one was set aside, stays.
    if (lockFileIdentity(lock) === mine) rmSync(lock, { force: true });
  }
}

/** Which lock file this is: its inode, its change time to the nanosecond and its pid (an inode alone is reused at once). */
function lockIdentity(fd: number): { id: string; mtimeMs: number; pid: number } {
  const stat = fstatSync(fd, { bigint: true });
  const text = readFileSync(fd, 'utf8');
  return { id: `${stat.ino}:${stat.mtimeNs}:${text}`, mtimeMs: Number(stat.mtimeMs), pid: Number.parseInt(text, 10) };
}

function readLockIdentity(file: string): { id: string; mtimeMs: number; pid: number } | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return null;
  }
  try {
    return lockIdentity(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The lock's identity when its owner is gone (or it was written before the machine started, its pid
 * very likely another process's now); null while its owner lives, while it is being written, or when
 * it is gone already. Judged on one open file, so the identity is the file whose pid was read.
 */
function staleLock(lock: string): string | null {
  const lockFile = readLockIdentity(lock);
  if (lockFile === null) return null; // gone already: try again
  const { id, mtimeMs, pid } = lockFile;
  if (mtimeMs < Date.now() - uptime() * 1000 - 60_000) return id;
  // Written but its pid not yet: a moment, then it is judged again.
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - mtimeMs < 5_000 ? null : id;
  try {
    process.kill(pid, 0);
    return null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? null : id;
  }
}

/**
 * Takes the stale lock `judged` (its identity) out of the way without ever removing another mover's:
 * it is renamed aside (one rename wins), and what was renamed is deleted only if it is the file judged
 * stale. A fresh lock taken meanwhile by a mover that judged it first is put back (a link fails if a
 * third took the place since). Deleting by name after judging let two movers in at once.
 */
export function takeStaleLock(lock: string, judged: string): void {
  const aside = `${lock}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // taken over by another mover already
  }
  try {
    if (readLockIdentity(aside)?.id !== judged) linkSync(aside, lock);
  } catch {
    // A third mover's lock is in its place now: theirs stands.
  } finally {
    rmSync(aside, { force: true });
  }
}

/** The identity takeStaleLock compares, of the lock file as it is now (tests). */
export function lockFileIdentity(lock: string): string | null {
  return readLockIdentity(lock)?.id ?? null;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
