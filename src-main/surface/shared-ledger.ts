// The organization's do-not-contact list, named by the policy (shared_ledger): read-only, read again
// whenever its size or modification time changes, never copied into the store. When it cannot be read,
// preparing and uploading say so (a notice with a stable code), or refuse when the policy requires it.
import { basename } from 'node:path';
import { Failure } from '../domain/failures/failure';
import type { LedgerEntry } from '../domain/ledger';
import { LedgerFileError, type LedgerFileContents, type LedgerRowProblem } from '../preparation/ledger/read-ledger-file';
import type { SharedListRead } from '../preparation/edit-batch';
import type { Notice } from '../preparation/preparation-types';
import { ReadError } from '../preparation/reading/read-errors';
import { sharedLedgerPath } from '../policy/policy';
import type { AppContext } from './app-context-types';
import { readLedger } from './read-off-thread';
import { readWhole, withRegularFile } from './regular-file';
import { SurfaceFailure } from './surface-failure';

export interface SharedLedger {
  entries: LedgerEntry[];
  /** What to tell the agent: the list could not be read, or some of its rows were not understood. */
  notices: Notice[];
}

interface Read {
  entries: LedgerEntry[];
  problems: LedgerRowProblem[];
}

/**
 * The last read of each list (by path), kept while its size and modification time stay the same: a
 * list of thousands of rows is parsed once, not at every upload, and a list that could not be read
 * for what it holds (not a spreadsheet, no phone column) is not read again until it changes.
 */
const lastRead = new Map<string, Known>();
/** The read of each list under way: calls that come meanwhile (a refresh, an upload) wait for it instead of starting their own worker. */
const reading = new Map<string, Promise<Read>>();
type Outcome = { read: Read } | { failed: unknown };
type Known = { mtimeMs: number; size: number; outcome: Outcome };

/**
 * Why a list could not be read, as a stable code: a failure's own (`file.too_large`, `file.not_a_file`,
 * `file.changed`, `ledger.no_header`…), else `missing`, `not-allowed` or `unreadable`.
 */
function unreadableReason(err: unknown): string {
  if (err instanceof Failure) return err.code;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'missing';
  if (code === 'EACCES' || code === 'EPERM') return 'not-allowed';
  return 'unreadable';
}

// Others can write the share: the list is opened once, and whether it is a file, its size, its time
// and its bytes all come from that one open file (regular-file.ts), so a file swapped or grown between
// a check and the read is never read whole, and a named pipe cannot hang the read.
function readShared(ctx: AppContext, path: string): Promise<Read> {
  const running = reading.get(path);
  if (running) return running;
  const read = readSharedNow(ctx, path).finally(() => reading.delete(path));
  reading.set(path, read);
  return read;
}

async function readSharedNow(ctx: AppContext, path: string): Promise<Read> {
  const file = basename(path);
  const opened = await withRegularFile(path, file, async (handle, stats): Promise<Known | { bytes: Uint8Array; mtimeMs: number; size: number }> => {
    const known = lastRead.get(path);
    if (known && known.mtimeMs === stats.mtimeMs && known.size === stats.size) return known;
    // A list being written now is not remembered as failed: it may be whole at the next call.
    return { bytes: await readWhole(handle, stats, file), mtimeMs: stats.mtimeMs, size: stats.size };
  });
  if ('outcome' in opened) {
    if ('failed' in opened.outcome) throw opened.outcome.failed;
    return opened.outcome.read;
  }
  const { mtimeMs, size } = opened;
  const remember = (outcome: Outcome) => lastRead.set(path, { mtimeMs, size, outcome });
  let contents: LedgerFileContents;
  try {
    // Parsed off this thread in the app (its bytes handed over, not used after).
    contents = await readLedger(ctx, { name: path, bytes: opened.bytes }, { defaultReason: 'other' });
  } catch (err) {
    // What the file holds fails the same way until it changes.
    if (err instanceof ReadError || err instanceof LedgerFileError) remember({ failed: err });
    throw err;
  }
  const addedAt = new Date(mtimeMs).toISOString();
  const entries = contents.entries.map((e): LedgerEntry => ({
    id: e.row,
    source: 'shared',
    kind: e.kind,
    value: e.value,
    reason: e.reason,
    until: e.until,
    creditor: e.creditor,
    addedBy: '',
    addedAt,
  }));
  const read = { entries, problems: contents.problems };
  remember({ read });
  return read;
}

/**
 * The shared list as it is now. No list in the policy: nothing. Unreadable: a notice
 * `ledger.shared_unreadable` {file, reason}, or, when shared_ledger_required, a refusal
 * `ledger.shared_unavailable` with the same params.
 */
export async function sharedLedger(ctx: AppContext): Promise<SharedLedger> {
  const path = sharedLedgerPath(ctx.policy);
  if (path === null) return { entries: [], notices: [] };
  let read: Read;
  try {
    read = await readShared(ctx, path);
  } catch (err) {
    const params = { file: path, reason: unreadableReason(err) };
    if (ctx.policy.policy.shared_ledger_required === true) {
      throw new SurfaceFailure('ledger.shared_unavailable', params);
    }
    return { entries: [], notices: [{ code: 'ledger.shared_unreadable', params }] };
  }
  const notices: Notice[] = [];
  const [first] = read.problems;
  if (first)
    notices.push({
      code: 'ledger.shared_bad_rows',
      params: { file: path, rows: read.problems.length, firstRow: first.row, firstColumn: first.column ?? '', firstProblem: first.code },
    });
  return { entries: read.entries, notices };
}

/**
 * The shared list for work that is not refused for it (edits, bulk fixes, corrections), and whether it
 * was read whole: unreadable (even when the policy requires it) or with rows not understood, it was not,
 * and the rebuild keeps what the list held (see settingsForEdit).
 */
export async function sharedListForEdits(ctx: AppContext): Promise<SharedListRead> {
  try {
    const shared = await sharedLedger(ctx);
    return { entries: shared.entries, complete: shared.notices.length === 0 };
  } catch (err) {
    if (err instanceof SurfaceFailure) return { entries: [], complete: false };
    throw err;
  }
}
