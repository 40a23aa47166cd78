// Files the agent handed over, named by an opaque id. The renderer and the browser host can only name
// a file this way, so a caller cannot make CaseDesk read any other file of the machine; only the CLI
// (run by the user in their own shell) registers a path of its own. Ids live in this process's memory,
// one set per app context (per data folder), and die with it. A picked file is kept in memory only,
// never copied to disk: its debtors reach the disk only inside the encrypted store.
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { SourceFile } from '../preparation/preparation-types';
import { fileSizeLimit, READ_LIMITS } from '../preparation/reading/read-limits';
import { KIND_BYTES } from '../preparation/reading/text-decoding';
import { FILE_ID_PATTERN, type ReceivedFileInfo } from './app-results';
import { readWhole, tooLarge, withRegularFile } from './regular-file';
import { SurfaceFailure } from './surface-failure';

type Entry = { name: string } & ({ bytes: Uint8Array } | { path: string });

/** Picked files held at once (a wizard needs one; a few spare for going back): older ones are let go. */
const HELD_IN_MEMORY = 4;

/** Whom the files were handed to (the app context): its ids are its own, and die with it. */
type HandedTo = object;

const registries = new WeakMap<HandedTo, Map<string, Entry>>();

function registryOf(ctx: HandedTo): Map<string, Entry> {
  let registry = registries.get(ctx);
  if (!registry) registries.set(ctx, (registry = new Map()));
  return registry;
}

function register(ctx: HandedTo, entry: Entry): string {
  // 256 random bits: an id cannot be guessed, only received.
  const fileId = randomBytes(32).toString('base64url');
  const registry = registryOf(ctx);
  registry.set(fileId, entry);
  const held = [...registry].filter(([, e]) => 'bytes' in e);
  for (const [id] of held.slice(0, Math.max(0, held.length - HELD_IN_MEMORY))) registry.delete(id);
  return fileId;
}

/** The name to show: its last part (either separator), without control characters, never empty. */
function displayName(name: string): string {
  return (
    basename(name.replace(/\\/g, '/'))
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 255) || 'archivo'
  );
}

/** Holds a file the agent picked or dropped (in memory, never on disk), and names it by a new id. */
export async function receiveFile(ctx: HandedTo, name: string, bytes: Uint8Array): Promise<ReceivedFileInfo> {
  return holdFile(ctx, displayName(name), new Uint8Array(bytes));
}

/** Checks a file's size for its kind and names it by a new id; `bytes` are kept as they are (the caller's own copy). */
function holdFile(ctx: HandedTo, shown: string, bytes: Uint8Array): ReceivedFileInfo {
  if (bytes.length === 0) throw new SurfaceFailure('file.empty', { file: shown });
  const maxBytes = fileSizeLimit(bytes);
  if (bytes.length > maxBytes) throw tooLarge(shown, maxBytes);
  return { fileId: register(ctx, { name: shown, bytes }), name: shown, bytes: bytes.length };
}

/** A file arriving in parts (files:receiveStart, files:receivePart, files:receiveEnd). */
interface Receiving {
  receiveId: string;
  name: string;
  bytes: Uint8Array;
  received: number;
}

/** The file each app context is taking in parts: one at a time. */
const receivings = new WeakMap<HandedTo, Receiving>();

/**
 * Starts taking a file in parts: a file picked in the app may be bigger than one call can carry (V8's
 * longest string, Electron's IPC, the browser host's request). One at a time per app context: a new
 * one lets the last go. Its room is taken at once, within the biggest file CaseDesk reads.
 */
export function startReceiving(ctx: HandedTo, name: string, size: number): { receiveId: string } {
  const shown = displayName(name);
  const maxBytes = READ_LIMITS.maxTextFileBytes;
  if (size > maxBytes) throw tooLarge(shown, maxBytes);
  const receiveId = randomBytes(32).toString('base64url');
  receivings.set(ctx, { receiveId, name: shown, bytes: new Uint8Array(size), received: 0 });
  return { receiveId };
}

function receivingOf(ctx: HandedTo, receiveId: string): Receiving {
  const receiving = receivings.get(ctx);
  if (!receiving || receiving.receiveId !== receiveId) throw new SurfaceFailure('file.not_handed_over', {});
  return receiving;
}

/**
 * The next part, in order: a part out of place or past the announced size ends the file's arrival.
 * A first part long enough to tell the file's kind already holds it to its kind's limit: a 300 MB
 * workbook is refused before the rest of it travels. The end checks again, whatever the parts were.
 */
export function receivePart(ctx: HandedTo, receiveId: string, offset: number, part: Uint8Array): { received: number } {
  const receiving = receivingOf(ctx, receiveId);
  const size = receiving.bytes.length;
  if (offset !== receiving.received || offset + part.length > size) {
    receivings.delete(ctx);
    throw new SurfaceFailure('file.receive_broken', { file: receiving.name, offset, bytes: size });
  }
  const limit = offset === 0 && part.length >= Math.min(KIND_BYTES, size) ? fileSizeLimit(part) : Infinity;
  if (size > limit) {
    receivings.delete(ctx);
    throw tooLarge(receiving.name, limit);
  }
  receiving.bytes.set(part, offset);
  receiving.received += part.length;
  return { received: receiving.received };
}

/** The file, whole: held as a picked file is (receiveFile's checks), and named by a new id. */
export async function endReceiving(ctx: HandedTo, receiveId: string): Promise<ReceivedFileInfo> {
  const receiving = receivingOf(ctx, receiveId);
  receivings.delete(ctx);
  if (receiving.received !== receiving.bytes.length) {
    throw new SurfaceFailure('file.receive_broken', { file: receiving.name, offset: receiving.received, bytes: receiving.bytes.length });
  }
  return holdFile(ctx, receiving.name, receiving.bytes);
}

/**
 * Names a file of the user's own by a new id, without copying it. Only for the CLI: the surface refuses
 * `files:open` to every other caller. The path is the user's own argument, so it may be said back.
 */
export async function registerLocalFile(ctx: HandedTo, path: string): Promise<ReceivedFileInfo> {
  const name = displayName(path);
  const size = await withRegularFile(path, name, async (_handle, stats) => stats.size, new SurfaceFailure('file.cannot_open', { path }));
  return { fileId: register(ctx, { name, path }), name, bytes: size };
}

/** The bytes and the agent's name of a handed-over file. An id this process did not issue is refused. */
export async function openReceivedFile(ctx: HandedTo, fileId: string): Promise<SourceFile> {
  const entry = FILE_ID_PATTERN.test(fileId) ? registryOf(ctx).get(fileId) : undefined;
  if (!entry) {
    throw new SurfaceFailure('file.not_handed_over', {});
  }
  const { name } = entry;
  // A fresh copy each time (a Uint8Array of its own, never a Buffer view): the preparation worker
  // takes over the bytes it is given.
  if ('bytes' in entry) return { name, bytes: new Uint8Array(entry.bytes) };
  const gone = new SurfaceFailure('file.gone', { file: name });
  return withRegularFile(entry.path, name, async (handle, stats) => ({ name, bytes: await readWhole(handle, stats, name) }), gone);
}
