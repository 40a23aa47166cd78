// A password-protected workbook, told by its structure: SheetJS says so only in an error's words.
// - .xlsx/.xlsm saved with a password: a compound file holding EncryptionInfo + EncryptedPackage.
// - .xls with a password: a FILEPASS record in the workbook globals of its BIFF stream.
// - .ods with a password: its manifest describes encryption-data for the encrypted entries.
import * as XLSX from '@e965/xlsx';
import type { ZipEntries } from './zip-unpack';

interface CfbEntry {
  content?: Uint8Array | number[];
}
interface CfbApi {
  read(data: Uint8Array, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): CfbEntry | null;
}

const BIFF_FILEPASS = 0x002f;
const BIFF_EOF = 0x000a;

/** True when the compound file is an encrypted workbook; false when it is not or cannot tell (SheetJS then decides). */
export function isEncryptedCompoundFile(bytes: Uint8Array): boolean {
  const cfb = (XLSX as unknown as { CFB: CfbApi }).CFB;
  let container: unknown;
  try {
    container = cfb.read(bytes, { type: 'buffer' });
  } catch {
    return false;
  }
  if (cfb.find(container, 'EncryptionInfo') && cfb.find(container, 'EncryptedPackage')) return true;
  const stream = cfb.find(container, 'Workbook') ?? cfb.find(container, 'Book');
  return stream?.content ? hasFilePass(Uint8Array.from(stream.content)) : false;
}

/** Walks the BIFF records of the globals substream (type, length, body) up to its EOF. */
export function hasFilePass(biff: Uint8Array): boolean {
  let at = 0;
  while (at + 4 <= biff.length) {
    const type = biff[at]! | (biff[at + 1]! << 8);
    const length = biff[at + 2]! | (biff[at + 3]! << 8);
    if (type === BIFF_FILEPASS) return true;
    if (type === BIFF_EOF) return false;
    at += 4 + length;
  }
  return false;
}

export function isEncryptedOds(entries: ZipEntries): boolean {
  const manifest = entries.get('META-INF/manifest.xml');
  return manifest !== undefined && /<(?:\w+:)?encryption-data\b/.test(manifest.toString('utf8'));
}
