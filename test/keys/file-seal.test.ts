// Sealed files (recordings, copies of imported files): readable only with the data folder's key, as
// the very file they were sealed as, and any change to them is caught.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileKey, isSealed, seal, SealError, sealToFile, unseal, unsealFile } from '../../src-main/keys/file-seal';

const dataKey = randomBytes(32);
const key = fileKey(dataKey);
const plain = Buffer.from('code;first_name;last_name;phone\nC-1001;María José;Fernández;3514567890\n');
const context = 'import 2026-11-23 cartera.csv';

function sealFailure(run: () => unknown): SealError['code'] {
  try {
    run();
  } catch (err) {
    if (err instanceof SealError) return err.code;
    throw err;
  }
  throw new Error('expected a SealError');
}

describe('seal / unseal', () => {
  it('gives the same bytes back with the same key and context', () => {
    const sealed = seal(key, plain, context);
    expect(isSealed(sealed)).toBe(true);
    expect(unseal(key, sealed, context).equals(plain)).toBe(true);
    // An empty file and a large one too.
    expect(unseal(key, seal(key, new Uint8Array(0), context), context)).toHaveLength(0);
    const large = randomBytes(3 * 1024 * 1024);
    expect(unseal(key, seal(key, large, context), context).equals(large)).toBe(true);
  });

  it('keeps none of the plain text in the sealed bytes, and never seals twice alike', () => {
    const sealed = seal(key, plain, context);
    for (const word of ['María José', 'Fernández', '3514567890', 'C-1001', 'first_name']) expect(sealed.includes(Buffer.from(word)), word).toBe(false);
    expect(seal(key, plain, context).equals(sealed)).toBe(false);
  });

  it('uses a key of its own, never the data key itself', () => {
    expect(key).toHaveLength(32);
    expect(key.equals(dataKey)).toBe(false);
    expect(fileKey(dataKey).equals(key)).toBe(true);
    expect(sealFailure(() => unseal(dataKey, seal(key, plain, context), context))).toBe('tampered');
  });

  it('refuses a file with any byte changed: tampered', () => {
    const sealed = seal(key, plain, context);
    // The nonce, the body and the tag: each is covered.
    for (const at of [4, 10, 20, sealed.length - 20, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = (changed[at] as number) ^ 0x01;
      expect(
        sealFailure(() => unseal(key, changed, context)),
        `byte ${at}`,
      ).toBe('tampered');
    }
    expect(sealFailure(() => unseal(key, sealed.subarray(0, sealed.length - 1), context))).toBe('tampered');
  });

  it('refuses a file opened as something else, or with another key: tampered', () => {
    const sealed = seal(key, plain, context);
    expect(sealFailure(() => unseal(key, sealed, 'recording outbound 7'))).toBe('tampered');
    expect(sealFailure(() => unseal(fileKey(randomBytes(32)), sealed, context))).toBe('tampered');
  });

  it('refuses a file it never sealed: not-sealed', () => {
    expect(isSealed(plain)).toBe(false);
    expect(sealFailure(() => unseal(key, plain, context))).toBe('not-sealed');
    expect(sealFailure(() => unseal(key, new Uint8Array(0), context))).toBe('not-sealed');
    // Its magic alone is not a sealed file either.
    expect(sealFailure(() => unseal(key, Buffer.from('CDS1'), context))).toBe('not-sealed');
  });

  it('reads a sealed file from any view of its bytes (a slice of a larger buffer)', () => {
    const sealed = seal(key, plain, context);
    const pool = Buffer.concat([Buffer.from('xxxx'), sealed, Buffer.from('yyyy')]);
    const view = new Uint8Array(pool.buffer, pool.byteOffset + 4, sealed.length);
    expect(isSealed(view)).toBe(true);
    expect(unseal(key, view, context).equals(plain)).toBe(true);
  });
});

describe('sealToFile / unsealFile (large files, a piece at a time)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-seal-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Past one 4 MB piece, and not a whole number of them.
  const big = randomBytes(9 * 1024 * 1024 + 17);
  const parts = [big.subarray(0, 5), big.subarray(5, 6_000_000), big.subarray(6_000_000)];

  it('gives the pieces back as one, and opens as unseal opens a file seal made', () => {
    const file = join(dir, 'grande.idx');
    sealToFile(key, file, parts, 'shared-list x');
    expect(Buffer.from(unsealFile(key, file, 'shared-list x')).equals(big)).toBe(true);
    expect(unseal(key, readFileSync(file), 'shared-list x').equals(big)).toBe(true);
    writeFileSync(file, seal(key, big.subarray(0, 1000), 'small'));
    expect(Buffer.from(unsealFile(key, file, 'small')).equals(big.subarray(0, 1000))).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('refuses a file with a byte changed, another context or another key, and one it never sealed', () => {
    const file = join(dir, 'tocada.idx');
    sealToFile(key, file, parts, 'ctx');
    const bytes = readFileSync(file);
    bytes[bytes.length - 1_000_000] = (bytes[bytes.length - 1_000_000] ?? 0) ^ 1;
    writeFileSync(file, bytes);
    expect(sealFailure(() => unsealFile(key, file, 'ctx'))).toBe('tampered');
    sealToFile(key, file, parts, 'ctx');
    expect(sealFailure(() => unsealFile(key, file, 'other'))).toBe('tampered');
    expect(sealFailure(() => unsealFile(randomBytes(32), file, 'ctx'))).toBe('tampered');
    writeFileSync(file, 'hello, not sealed at all');
    expect(sealFailure(() => unsealFile(key, file, 'ctx'))).toBe('not-sealed');
  });
});
