// The organization's do-not-contact list, named by the policy (shared_ledger): read-only, read again
// whenever its size or modification time changes, never copied into the store. When it cannot be read,
// preparing and uploading say so (a notice with a stable code), or refuse when the policy requires it.
import { readFile, stat } from 'node:fs/promises';
import type { LedgerEntry } from '../domain/ledger';
import { LedgerFileError, readLedgerFile, type LedgerRowProblem } from '../preparation/ledger/read-ledger-file';
import type { SharedListRead } from '../preparation/edit-batch';
import type { Notice } from '../preparation/preparation-types';
import { ReadError } from '../preparation/reading/read-errors';
import { sharedLedgerPath } from '../policy/policy';
import type { AppContext } from './app-context-types';
import { SurfaceFailure } from './surface-failure';

export interface SharedLedger {
  entries: LedgerEntry[];
  /** What to tell the agent: the list could not be read, or some of its rows were not understood. */
  notices: Notice[];
}

interface Read {
  mtimeMs: number;
  size: number;
  entries: LedgerEntry[];
  problems: LedgerRowProblem[];
}

/** The last read of each list (by path): a list of thousands of rows is parsed once, not at every upload. */
const lastRead = new Map<string, Read>();

/** Why a list could not be read, as a stable code. */
function unreadableReason(err: unknown): string {
  if (err instanceof ReadError || err instanceof LedgerFileError) return err.code;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'missing';
  if (code === 'EACCES' || code === 'EPERM') return 'not-allowed';
  return 'unreadable';
}

async function readShared(path: string): Promise<Read> {
  const before = await stat(path);
  const known = lastRead.get(path);
  if (known && known.mtimeMs === before.mtimeMs && known.size === before.size) return known;
  const bytes = await readFile(path);
  const contents = await readLedgerFile({ name: path, bytes: new Uint8Array(bytes) }, { defaultReason: 'other' });
  const addedAt = new Date(before.mtimeMs).toISOString();
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
  const read = { mtimeMs: before.mtimeMs, size: before.size, entries, problems: contents.problems };
  lastRead.set(path, read);
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
    read = await readShared(path);
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
