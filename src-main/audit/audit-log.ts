// The audit trail on disk: append-only JSON lines in <dataDir>/audit/, one event a line, rotated by
// size and every rotated file kept. Each line carries the SHA-256 of the line before it, so an edit,
// a removed line or a removed older file breaks the chain where it happened. Anyone able to write the
// files could recompute the chain, so the caller keeps the head ({seq, hash}) somewhere they cannot
// write (the encrypted store), and readAudit checks the log still holds it, as its last entry.
// The lines hold no personal data: who acted and which file are pseudonyms (audit-pseudonyms.ts),
// whose readable values only the store keeps; revealEntry puts them back for the key's holder. Lines
// written before that (readable actor, `file`, `path`) are read, chained and shown as they are.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { AuditEntry, AuditEvent, PERSONAL_FIELDS, WrittenActor, type AuditActor, type ShownAuditEntry } from '../domain/audit-events';
import type { Pseudonyms } from './audit-pseudonyms';

export const AUDIT_FOLDER = 'audit';
const CURRENT = 'audit.jsonl';
const ROTATED = /^audit-(\d{6})\.jsonl$/;
const LOCK = 'audit.lock';
/** Events are small and rare: a megabyte holds thousands of them. */
export const ROTATE_AT_BYTES = 1024 * 1024;
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 5_000;

export interface AuditHead {
  seq: number;
  hash: string;
}

export interface AppendOptions {
  /**
   * The ids that stand for who acted and which file (audit-pseudonyms.ts), keeping their readable
   * values in the store. Null only without a data key (a wipe's first line): those values are left out.
   */
  pseudonyms: Pseudonyms | null;
  now?: Date;
  rotateAtBytes?: number;
  /**
   * The head the caller keeps where the log's writers cannot (the store). Read and written under the
   * trail's lock, so the kept head and the file move together even with two processes appending.
   */
  kept?: { read(): AuditHead | null; write(head: AuditHead): void };
}

export interface ChainBreak {
  /** The entry where the chain no longer holds (null when the problem is the log's end). */
  seq: number | null;
  file: string;
  reason: 'prev-mismatch' | 'seq-gap' | 'start-missing' | 'head-missing' | 'after-head';
  /** after-head: how many entries follow the kept head (none of them is vouched for). */
  count?: number;
}

export interface AuditReading {
  /** Oldest first: those at or after `since`, the last `limit` of them. */
  entries: AuditEntry[];
  chain: { ok: boolean; breaks: ChainBreak[]; /** Lines that could not be read (a crash mid-write leaves one). */ unreadable: number };
  head: AuditHead | null;
}

export interface ReadOptions {
  since?: Date;
  limit?: number;
  /** The head the caller kept after its last append: the log must still hold it. */
  head?: AuditHead | null;
}

const sha256 = (line: string) => createHash('sha256').update(line, 'utf8').digest('hex');

/** Appends one event; returns the new head. Throws when the event is not one the trail may hold. */
export function appendAudit(dataDir: string, event: AuditEvent, actor: AuditActor, options: AppendOptions): AuditHead {
  const checked = AuditEvent.parse(event);
  const id = (value: string | null) => (value === null || options.pseudonyms === null ? null : options.pseudonyms.of(value));
  const written = WrittenActor.parse({ osUserId: id(actor.osUser), serviceUserId: id(actor.serviceUser), environment: actor.environment, face: actor.face });
  // A personal field becomes `<field>Id` where it stood (readers list fields in the order written).
  const fields = Object.fromEntries(
    Object.entries(checked).map(([key, value]) =>
      (PERSONAL_FIELDS as readonly string[]).includes(key) ? [`${key}Id`, typeof value === 'string' ? id(value) : null] : [key, value],
    ),
  );
  const dir = auditFolder(dataDir);
  return withLock(dir, () => {
    const current = join(dir, CURRENT);
    rotateIfFull(dir, current, options.rotateAtBytes ?? ROTATE_AT_BYTES);
    // With a kept head, the new line builds on it, never on lines found past it: those were not
    // written by a holder of the store (or their head was never kept), so adopting them would vouch
    // for a forgery. They stay in the file, and the reader shows the fork (prev-mismatch) from then on.
    const kept = options.kept?.read() ?? null;
    const last = kept ?? lastHead(dir);
    const seq = (last?.seq ?? 0) + 1;
    const line = JSON.stringify({ at: (options.now ?? new Date()).toISOString(), seq, prev: last?.hash ?? null, actor: written, ...fields });
    // A line torn by a crash is left where it is; the next one starts on its own line.
    const fd = openSync(current, 'a', 0o600);
    try {
      fchmodSync(fd, 0o600);
      const size = statSync(current).size;
      writeSync(fd, `${size > 0 && !endsWithNewline(current, size) ? '\n' : ''}${line}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const head = { seq, hash: sha256(line) };
    options.kept?.write(head);
    return head;
  });
}

/** Reads the whole trail, checking its chain, and returns the entries asked for. */
export function readAudit(dataDir: string, options: ReadOptions = {}): AuditReading {
  const dir = join(dataDir, AUDIT_FOLDER);
  const breaks: ChainBreak[] = [];
  let entries: AuditEntry[] = [];
  let unreadable = 0;
  let previous: AuditHead | null = null;
  let headSeen = false;
  let afterHead: { seq: number; file: string; count: number } | null = null;
  const since = options.since?.getTime();
  const limit = options.limit ?? Infinity;
  for (const file of logFiles(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line === '') continue;
      const entry = parseLine(line);
      if (!entry) {
        unreadable += 1;
        continue;
      }
      if (previous === null) {
        if (entry.seq !== 1 || entry.prev !== null) breaks.push({ seq: entry.seq, file, reason: 'start-missing' });
      } else if (entry.prev !== previous.hash) breaks.push({ seq: entry.seq, file, reason: 'prev-mismatch' });
      else if (entry.seq !== previous.seq + 1) breaks.push({ seq: entry.seq, file, reason: 'seq-gap' });
      previous = { seq: entry.seq, hash: sha256(line) };
      if (headSeen) {
        afterHead ??= { seq: entry.seq, file, count: 0 };
        afterHead.count += 1;
      } else if (options.head && previous.seq === options.head.seq && previous.hash === options.head.hash) headSeen = true;
      if (since !== undefined && !(Date.parse(entry.at) >= since)) continue;
      entries.push(entry);
      if (entries.length > 2 * limit) entries = entries.slice(-limit);
    }
  }
  if (options.head && !headSeen) breaks.push({ seq: options.head.seq, file: CURRENT, reason: 'head-missing' });
  // The kept head is the last entry a holder of the key wrote: whatever follows it, chained or not,
  // was written by someone else (or a crash came between writing a line and keeping its head).
  if (afterHead) breaks.push({ seq: afterHead.seq, file: afterHead.file, reason: 'after-head', count: afterHead.count });
  return { entries: Number.isFinite(limit) ? entries.slice(-limit) : entries, chain: { ok: breaks.length === 0, breaks, unreadable }, head: previous };
}

/**
 * An entry as whoever holds the data key sees it: the readable value of each id (`name(id)`, from the
 * store), or the id itself when the store has none. A line written before pseudonyms is shown as it is.
 */
export function revealEntry(entry: AuditEntry, name: (id: string) => string | null): ShownAuditEntry {
  const shown = (id: unknown) => (typeof id === 'string' ? (name(id) ?? id) : null);
  const actor =
    'osUserId' in entry.actor
      ? { osUser: shown(entry.actor.osUserId), serviceUser: shown(entry.actor.serviceUserId), environment: entry.actor.environment, face: entry.actor.face }
      : entry.actor;
  const fields = Object.entries(entry).map(([key, value]) => {
    const personal = PERSONAL_FIELDS.find((field) => key === `${field}Id`);
    return personal ? [personal, shown(value)] : [key, value];
  });
  return { ...(Object.fromEntries(fields) as AuditEntry), actor };
}

function parseLine(line: string): AuditEntry | null {
  try {
    const parsed = AuditEntry.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The folder, created private; one that exists already is made private too. */
function auditFolder(dataDir: string): string {
  const dir = join(dataDir, AUDIT_FOLDER);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** Rotated files in order, then the current one. */
function logFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  const rotated = names.filter((n) => ROTATED.test(n)).sort();
  return names.includes(CURRENT) ? [...rotated, CURRENT] : rotated;
}

function rotateIfFull(dir: string, current: string, limit: number): void {
  if (!existsSync(current) || statSync(current).size < limit) return;
  const numbers = readdirSync(dir)
    .flatMap((n) => ROTATED.exec(n)?.[1] ?? [])
    .map(Number);
  const next = String(Math.max(0, ...numbers) + 1).padStart(6, '0');
  renameSync(current, join(dir, `audit-${next}.jsonl`));
}

/** The last readable line of the trail (a torn last line is skipped, as the reader skips it). */
function lastHead(dir: string): AuditHead | null {
  for (const file of logFiles(dir).reverse()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i] ?? '';
      const entry = line === '' ? null : parseLine(line);
      if (entry) return { seq: entry.seq, hash: sha256(line) };
    }
  }
  return null;
}

function endsWithNewline(file: string, size: number): boolean {
  const fd = openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/**
 * One writer at a time across processes (the app and the CLI may share a data folder): a lock file
 * created exclusively. Events are rare, so waiting a few milliseconds is fine.
 */
function withLock<T>(dir: string, work: () => T): T {
  const lock = join(dir, LOCK);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (lockIsStale(lock)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error('the audit trail is locked by another CaseDesk process');
      else sleep(5);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

function lockIsStale(lock: string): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);
