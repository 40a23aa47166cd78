// Text exports: UTF-8 (with or without BOM) or, when the bytes are not valid UTF-8, Windows-1252 —
// what Argentine Excel writes by default.
import { isUtf8 } from 'node:buffer';
import type { TextBytes, TextEncoding } from './csv-records';

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'windows-1252';
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}

const windows1252 = new TextDecoder('windows-1252');

/**
 * A slice of the file as text, as decodeText decodes the whole: Buffer's own UTF-8 (the bytes were
 * validated whole), the same TextDecoder for Windows-1252 (Node 20's reads 0x80..0x9F as Latin-1 does;
 * a row must read as it always has, whatever the runtime).
 */
export function decodeSlice(b: Buffer, from: number, to: number, encoding: TextEncoding): string {
  return encoding === 'utf-8' ? b.toString('utf8', from, to) : windows1252.decode(b.subarray(from, to));
}

const hasBomAt = (bytes: Uint8Array, at: number) => bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;

/**
 * A text file's bytes as decodeText would read them, without decoding them: UTF-8 when all of them
 * are (validated where they lie, nothing built), else Windows-1252; a byte-order mark skipped, and the
 * ones after it that decoding and parsing the whole text would drop.
 */
export function textBytesOf(bytes: Uint8Array): TextBytes {
  const start = hasBomAt(bytes, 0) ? 3 : 0;
  if (!isUtf8(bytes.subarray(start))) return { bytes, start, encoding: 'windows-1252' };
  // TextDecoder drops a second mark, and papaparse a third from the text it parses.
  let text = start;
  for (let marks = 0; marks < 2 && hasBomAt(bytes, text); marks++) text += 3;
  return { bytes, start: text, encoding: 'utf-8' };
}

/** The first bytes of a text file that sniffing looks at: 4 MiB hold more than the first million characters lineBreakOf reads. */
export const HEAD_BYTES = 4 * 1024 * 1024;

/** The text of the file's first `headBytes` bytes, cut before a character they split. */
export function textHead({ bytes, start, encoding }: TextBytes, headBytes = HEAD_BYTES): string {
  let end = Math.min(bytes.length, start + headBytes);
  if (encoding === 'utf-8' && end < bytes.length) {
    // Back to the first byte of the character the cut falls in.
    while (end > start && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
  }
  return decodeSlice(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), start, end, encoding);
}

/** Bytes that no text export contains: NULs, or many control characters. */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control += 1;
  }
  return sample.length > 0 && control / sample.length > 0.05;
}

export function kindOf(bytes: Uint8Array): 'zip' | 'cfb' | 'text' | 'binary' {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'cfb';
  return looksBinary(bytes) ? 'binary' : 'text';
}

/** Whether these bytes (the whole file, or its first 64 KiB) are read as a text file (CSV, TXT): not a zip, not an old workbook, not binary. */
export function isTextFile(bytes: Uint8Array): boolean {
  return bytes.length > 0 && kindOf(bytes) === 'text';
}

/** How much of a file tells what kind it is (looksBinary's sample). */
export const KIND_BYTES = 64 * 1024;
