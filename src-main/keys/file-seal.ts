// Files that hold personal data besides the store (recordings, copies of imported files) are sealed
// with the data key: AES-256-GCM under a key derived for files only, a fresh nonce per file.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

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
