// The organization's do-not-contact list, named by the policy (shared_ledger): read-only, compiled into
// a sealed index in the data folder (shared-list-index.ts) whenever its size, time or content changes,
// never copied into the store. When it cannot be read, preparing says so (a notice with a stable code)
// and an upload is refused unless the policy lets it go on (shared_ledger_required: false).
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { Failure } from '../domain/failures/failure';
import { compileSharedList, SHARED_LIST_LIMITS, type CompiledSharedList, type ListBytes } from '../preparation/ledger/compile-shared-list';
import { LedgerFileError } from '../preparation/ledger/read-ledger-file';
import type { CompiledLedger } from '../preparation/ledger/shared-list';
import type { SharedListRead } from '../preparation/edit-batch';
import type { Notice } from '../preparation/preparation-types';
import { ReadError } from '../preparation/reading/read-errors';
import { READ_LIMITS } from '../preparation/reading/read-limits';
import { compileSharedListInWorker } from '../preparation/worker/preparation-job';
import { sharedLedgerPath } from '../policy/policy';
import type { AppParts } from './app-parts';
import { checkUnchanged, withRegularFile } from './regular-file';
import { readSharedListIndex, writeSharedListIndex } from './shared-list-index';
import { SurfaceFailure } from './surface-failure';

export interface SharedLedger {
  /** The list compiled for lookup; null when the policy names none, or it could not be read. */
  list: CompiledLedger | null;
  /** What to tell the agent: the list could not be read, or some of its rows were not understood. */
  notices: Notice[];
}

/**
 * The last compile of each list (by path), per app (its data folder and key), kept while its size and
 * modification time stay the same: a list of millions of rows is compiled once, not at every upload,
 * and a list that could not be read for what it holds (not a spreadsheet, no phone column) is not read
 * again until it changes.
 */
const lastReads = new WeakMap<object, Map<string, Known>>();
/** The read of each list under way: calls that come meanwhile (a refresh, an upload) wait for it instead of starting their own worker. */
const readings = new WeakMap<object, Map<string, Promise<CompiledLedger>>>();
function ofApp<V>(maps: WeakMap<object, Map<string, V>>, ctx: object): Map<string, V> {
  let map = maps.get(ctx);
  if (!map) maps.set(ctx, (map = new Map()));
  return map;
}
type Outcome = { list: CompiledLedger } | { failed: unknown };
type Known = { mtimeMs: number; size: number; sha256: string | null; outcome: Outcome };

/**
 * Why a list could not be read, as a stable code: a failure's own (`file.too_large`, `file.not_a_file`,
 * `file.changed`, `ledger.no_header`…), else `missing`, `not-allowed` or `unreadable`.
 */
function unreadableReason(err: unknown): string {
  if (err instanceof NoEntries) return 'no-entries';
  if (err instanceof Failure) return err.code;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'missing';
  if (code === 'EACCES' || code === 'EPERM') return 'not-allowed';
  return 'unreadable';
}

// Others can write the share: the list is opened once, and whether it is a file, its size, its time
// and its bytes all come from that one open file (regular-file.ts), so a file swapped or grown between
// a check and the read is never read whole, and a named pipe cannot hang the read.
function readShared(ctx: Pick<AppParts, 'dataKey' | 'options'>, path: string): Promise<CompiledLedger> {
  const reading = ofApp(readings, ctx);
  const running = reading.get(path);
  if (running) return running;
  const read = readSharedNow(ctx, path).finally(() => reading.delete(path));
  reading.set(path, read);
  return read;
}

/** A text list is streamed, so it may be as large as a national register; a workbook is read whole, within the spreadsheet limits. */
const maxBytesOf = (path: string) => (/\.(csv|txt|tsv|tab)$/i.test(path) ? SHARED_LIST_LIMITS.maxTextBytes : READ_LIMITS.maxFileBytes);

async function readSharedNow(ctx: Pick<AppParts, 'dataKey' | 'options'>, path: string): Promise<CompiledLedger> {
  const file = basename(path);
  const lastRead = ofApp(lastReads, ctx);
  const outcome = await withRegularFile(
    path,
    file,
    async (handle, stats): Promise<Outcome> => {
      const known = lastRead.get(path);
      // The same size and time may still be another content (a copy tool that keeps times, a coarse
      // clock on the share): what was read is reused only while its bytes hash the same.
      let sha256: string | null = null;
      if (known && known.mtimeMs === stats.mtimeMs && known.size === stats.size) {
        if (known.sha256 === null) return known.outcome;
        sha256 = await hashOf(handle, stats.size);
        await checkUnchanged(handle, stats, file);
        if (sha256 === known.sha256) return known.outcome;
      }
      const remember = (o: Outcome, hash: string | null) => {
        lastRead.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, sha256: hash, outcome: o });
        return o;
      };
      const key = ctx.dataKey.key;
      // Compiled before, by this app or a CLI run: used when the file's size, time and content are the same.
      const kept = readSharedListIndex(ctx.options.dataDir, key, path);
      if (kept && kept.identity.size === stats.size && kept.identity.mtimeMs === stats.mtimeMs) {
        sha256 ??= await hashOf(handle, stats.size);
        await checkUnchanged(handle, stats, file);
        if (sha256 === kept.identity.sha256) return remember({ list: kept.list }, sha256);
      }
      let compiled: CompiledSharedList;
      try {
        compiled = await compile(ctx, handle, { name: path, size: stats.size }, new Date(stats.mtimeMs).toISOString());
      } catch (err) {
        // What the file holds fails the same way until it changes.
        // (Remembered without a hash: its failure is not worth reading it whole again at every call.)
        if (err instanceof ReadError || err instanceof LedgerFileError) remember({ failed: err }, null);
        throw err;
      }
      // A list being written now is not remembered, nor kept: it may be whole at the next call.
      await checkUnchanged(handle, stats, file);
      try {
        writeSharedListIndex(ctx.options.dataDir, key, { path, size: stats.size, mtimeMs: stats.mtimeMs, sha256: compiled.sha256 }, compiled.list);
      } catch {
        // The list was read whole and applies; only the next run compiles it again (a folder planted
        // at the index's name, a full disk).
      }
      return remember({ list: compiled.list }, compiled.sha256);
    },
    undefined,
    maxBytesOf(path),
  );
  if ('failed' in outcome) throw outcome.failed;
  return outcome.list;
}

/** Compiled off this thread in the app (the worker reads the open file itself), on it in the CLI. */
function compile(ctx: Pick<AppParts, 'options'>, handle: FileHandle, file: { name: string; size: number }, addedAt: string): Promise<CompiledSharedList> {
  const options = { defaultReason: 'other' as const, addedAt };
  compiles.set(file.name, (compiles.get(file.name) ?? 0) + 1);
  if (ctx.options.preparationInWorker) return compileSharedListInWorker({ fd: handle.fd, ...file }, options);
  return compileSharedList(handleBytes(handle, file.name, file.size), options);
}

/** The open file's bytes, never past the size taken when it was opened. */
function handleBytes(handle: FileHandle, name: string, size: number): ListBytes {
  return {
    name,
    size,
    read: async (into, position) => {
      const length = Math.min(into.length, size - position);
      return length <= 0 ? 0 : (await handle.read(into, 0, length, position)).bytesRead;
    },
  };
}

/** How many times each list was compiled by this process (the diagnostics and tests tell a reuse from a read). */
const compiles = new Map<string, number>();
export const sharedListCompiles = (path: string): number => compiles.get(path) ?? 0;

/** SHA-256 of the file's first `size` bytes, read 4 MB at a time. */
async function hashOf(handle: FileHandle, size: number): Promise<string> {
  const hash = createHash('sha256');
  const block = new Uint8Array(Math.min(4 * 1024 * 1024, Math.max(size, 1)));
  for (let at = 0; at < size;) {
    const { bytesRead } = await handle.read(block, 0, Math.min(block.length, size - at), at);
    if (bytesRead === 0) break;
    hash.update(block.subarray(0, bytesRead));
    at += bytesRead;
  }
  return hash.digest('hex');
}

class NoEntries extends Error {}

/** What the shared list is read for: preparing and edits go on without it (with a notice); an upload does not, unless the policy says so. */
export type SharedListUse = 'prepare' | 'upload';

/**
 * The shared list as it is now. No list in the policy: nothing. Unreadable: a notice
 * `ledger.shared_unreadable` {file, reason}, or a refusal `ledger.shared_unavailable` with the same
 * params: for an upload unless the policy sets shared_ledger_required to false (fail closed), for
 * anything when it sets it to true.
 */
export async function sharedLedger(ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy'>, use: SharedListUse = 'prepare'): Promise<SharedLedger> {
  const path = sharedLedgerPath(ctx.policy);
  if (path === null) return { list: null, notices: [] };
  let list: CompiledLedger;
  try {
    list = await readShared(ctx, path);
    // A list that gives no entry at all (a header no column of which is a phone or code, every row
    // unreadable) is no list: the same as one that cannot be read, never an empty one applied.
    if (list.phones.length + list.codeKeys.length === 0) throw new NoEntries();
  } catch (err) {
    const params = { file: path, reason: unreadableReason(err) };
    const required = ctx.policy.policy.shared_ledger_required;
    if (required === true || (use === 'upload' && required !== false)) throw new SurfaceFailure('ledger.shared_unavailable', params);
    return { list: null, notices: [{ code: 'ledger.shared_unreadable', params }] };
  }
  const notices: Notice[] = [];
  const [first] = list.problems;
  if (first)
    notices.push({
      code: 'ledger.shared_bad_rows',
      params: { file: path, rows: list.problemCount, firstRow: first.row, firstColumn: first.column ?? '', firstProblem: first.code },
    });
  return { list, notices };
}

/**
 * The shared list for a look or a check that is never refused for it (the ledger screen, a batch
 * opened): what the policy would refuse is the notice ledger.shared_unreadable instead.
 */
export async function sharedLedgerNeverRefused(ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy'>): Promise<SharedLedger> {
  try {
    return await sharedLedger(ctx);
  } catch (err) {
    if (!(err instanceof SurfaceFailure) || !err.params) throw err;
    return { list: null, notices: [{ code: 'ledger.shared_unreadable', params: err.params as Record<string, string> }] };
  }
}

/**
 * The shared list for work that is not refused for it (edits, bulk fixes, corrections), and whether it
 * was read whole: unreadable (even when the policy requires it) or with rows not understood, it was not,
 * and the rebuild keeps what the list held (see settingsForEdit).
 */
export async function sharedListForEdits(ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy'>): Promise<SharedListRead> {
  try {
    const shared = await sharedLedger(ctx);
    return { list: shared.list, complete: shared.notices.length === 0 };
  } catch (err) {
    if (err instanceof SurfaceFailure) return { list: null, complete: false };
    throw err;
  }
}
