// The organization's list as compiled, kept in the data folder between runs: the app and every CLI
// run find it there, and parse the list again only when its size, time or content changed. Sealed
// with the data key like recordings (it holds the list's phones and codes), bound to the list's path.
import { join } from 'node:path';
import { fileKey, sealToFile, unsealFile } from '../keys/file-seal';
import type { CompiledLedger } from '../preparation/ledger/shared-list';

/** In the data folder, named as CaseDesk's own (a wipe removes it; see store/data-folder.ts). */
export const SHARED_LIST_INDEX = 'casedesk-shared-list.idx';
const VERSION = 1;
/** The matching rules the index was built with (codes are kept by domain/person-key.ts's key): a change makes it stale. */
const RULES = 'person-key-1';

/** Which file the index was compiled from. */
export interface ListIdentity {
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

interface Header extends ListIdentity, Omit<CompiledLedger, 'phones' | 'phoneRows' | 'phoneTerms' | 'codeRows' | 'codeTerms'> {
  version: number;
  phoneCount: number;
  codeCount: number;
}

const context = (path: string) => `shared-list ${RULES} ${path}`;
export const sharedListIndexPath = (dataDir: string) => join(dataDir, SHARED_LIST_INDEX);

/** Writes the compiled list and what it was compiled from (replacing the last one whole). */
export function writeSharedListIndex(dataDir: string, dataKey: Buffer, identity: ListIdentity, list: CompiledLedger): void {
  const { phones, phoneRows, phoneTerms, codeRows, codeTerms, ...tables } = list;
  const header: Header = { version: VERSION, ...identity, ...tables, phoneCount: phones.length, codeCount: codeRows.length };
  // Padded to whole 32-bit words: the numbers after it are read in place.
  let json = Buffer.from(JSON.stringify(header));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const arrays = [phones, phoneRows, phoneTerms, codeRows, codeTerms].map((a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  // Sealed a piece at a time: the numbers are never copied into one plain buffer.
  sealToFile(fileKey(dataKey), sharedListIndexPath(dataDir), [length, json, ...arrays], context(identity.path));
}

/**
 * The index kept for the list at `path`, with what it was compiled from; null when there is none, or
 * it is of another list, another version, another key, or damaged (it is then compiled again).
 */
export function readSharedListIndex(dataDir: string, dataKey: Buffer, path: string): { identity: ListIdentity; list: CompiledLedger } | null {
  let plain: Uint8Array;
  try {
    plain = unsealFile(fileKey(dataKey), sharedListIndexPath(dataDir), context(path));
  } catch {
    // Missing, damaged, sealed for another list or key, not a file, too large to open: compiled again.
    return null;
  }
  try {
    const jsonLength = Buffer.from(plain.buffer, plain.byteOffset, 4).readUInt32LE(0);
    const header = JSON.parse(Buffer.from(plain.buffer, plain.byteOffset + 4, jsonLength).toString()) as Header;
    if (header.version !== VERSION || header.path !== path) return null;
    let at = 4 + jsonLength;
    // Views of the decrypted file, never copies (its buffer is its own, and the header keeps them aligned).
    const numbers = (count: number) => {
      const out = new Uint32Array(plain.buffer, plain.byteOffset + at, count);
      at += count * 4;
      return out;
    };
    const phones = numbers(header.phoneCount);
    const phoneRows = numbers(header.phoneCount);
    const phoneTerms = numbers(header.phoneCount);
    const codeRows = numbers(header.codeCount);
    const codeTerms = numbers(header.codeCount);
    const { version: _v, path: p, size, mtimeMs, sha256, phoneCount: _p, codeCount: _c, ...tables } = header;
    return { identity: { path: p, size, mtimeMs, sha256 }, list: { ...tables, phones, phoneRows, phoneTerms, codeRows, codeTerms } };
  } catch {
    return null;
  }
}
