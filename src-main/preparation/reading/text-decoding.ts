// Text exports: UTF-8 (with or without BOM) or, when the bytes are not valid UTF-8, Windows-1252 —
// what Argentine Excel writes by default.

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
