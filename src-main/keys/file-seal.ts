// Files that hold personal data besides the store (recordings, copies of imported files) are sealed
// with the data key: AES-256-GCM under a key derived for files only, a fresh nonce per file.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';

const MAGIC = Buffer.from('CDS1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SealError extends Error {
  override readonly name = 'SealError';
  constructor(readonly code: 'not-sealed' | 'tampered') {
    super(code === 'not-sealed' ? 'the file is not one CaseDesk sealed' : 'the file was changed or sealed with another key');
  }
}

/** The files' own key: the data key never encrypts two kinds of thing. */
export function fileKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'casedesk files v1', 32));
}

/**
 * `context` binds the file to what it is (e.g. "recording outbound 123"): a sealed file moved to
 * another name does not open as that name.
 */
export function seal(key: Buffer, plain: Uint8Array, context: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.concat([MAGIC, Buffer.from(context)]));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, body, cipher.getAuthTag()]);
}

export function unseal(key: Buffer, sealed: Uint8Array, context: string): Buffer {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < MAGIC.length + NONCE_BYTES + TAG_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new SealError('not-sealed');
  const nonce = bytes.subarray(MAGIC.length, MAGIC.length + NONCE_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.concat([MAGIC, Buffer.from(context)]));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(bytes.subarray(MAGIC.length + NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealError('tampered');
  }
}

export const isSealed = (bytes: Uint8Array) => bytes.length >= MAGIC.length && Buffer.from(bytes.buffer, bytes.byteOffset, MAGIC.length).equals(MAGIC);

const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Seals `parts` (one plain text, in pieces) into `file` as `seal` would, a piece at a time: a sealed
 * file of hundreds of MB never sits whole in memory. Written beside `file` and renamed over it, 0600.
 */
export function sealToFile(key: Buffer, file: string, parts: readonly Uint8Array[], context: string): void {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.concat([MAGIC, Buffer.from(context)]));
  writePrivateFileInPieces(file, (write) => {
    write(MAGIC);
    write(nonce);
    for (const part of parts)
      for (let at = 0; at < part.length; at += CHUNK_BYTES) write(cipher.update(part.subarray(at, Math.min(part.length, at + CHUNK_BYTES))));
    write(cipher.final());
    write(cipher.getAuthTag());
  });
}

/**
 * Opens a file sealed by `seal` or `sealToFile`, a piece at a time, into one buffer of its own (on a
 * SharedArrayBuffer: a worker given views of it shares them instead of copying). Throws SealError as
 * `unseal` does; what was decrypted is never returned before the tag is checked.
 */
export function unsealFile(key: Buffer, file: string, context: string): Uint8Array {
  // Never through a link, never waiting on a pipe: only a regular file is opened as sealed.
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new SealError('not-sealed');
    const size = stats.size;
    const head = Buffer.alloc(MAGIC.length + NONCE_BYTES);
    if (size < head.length + TAG_BYTES || readSync(fd, head, 0, head.length, 0) !== head.length || !head.subarray(0, MAGIC.length).equals(MAGIC))
      throw new SealError('not-sealed');
    const tag = Buffer.alloc(TAG_BYTES);
    readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length));
    decipher.setAAD(Buffer.concat([MAGIC, Buffer.from(context)]));
    decipher.setAuthTag(tag);
    const bodyBytes = size - head.length - TAG_BYTES;
    const plain = new Uint8Array(new SharedArrayBuffer(bodyBytes));
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(bodyBytes, 1)));
    let written = 0;
    try {
      for (let at = 0; at < bodyBytes;) {
        const n = readSync(fd, chunk, 0, Math.min(chunk.length, bodyBytes - at), head.length + at);
        if (n === 0) throw new SealError('tampered');
        at += n;
        const out = decipher.update(chunk.subarray(0, n));
        plain.set(out, written);
        written += out.length;
      }
      const last = decipher.final();
      plain.set(last, written);
    } catch (err) {
      if (err instanceof SealError) throw err;
      throw new SealError('tampered');
    }
    return plain;
  } finally {
    closeSync(fd);
  }
}

/** A new file's pieces written to a private temporary file beside it, then renamed over it. */
function writePrivateFileInPieces(file: string, write: (into: (bytes: Uint8Array) => void) => void): void {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.part`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    write((bytes) => {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    });
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(temp, file);
}
