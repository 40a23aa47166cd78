// A Linux release's manifest is taken only with a valid Ed25519 signature of its version and files by
// the trusted key: tampering with any of them, another key, no signature or a malformed key refuse it.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedReleaseBytes, verifyReleaseSignature, type SignedRelease } from '../../src-main/updates/release-signature';
import { releaseKey } from './release-keys';

const SHA = 'Xf3hVfmP1kL0pQ2rS3tU4vW5xY6zA7bC8dE9fG0hI1jK2lM3nO4pQ5rS6tU7vW8xY9zA0bC1dE2fG3hI4jK5lM6n==';
const release: SignedRelease = { version: '3.1.0', files: [{ url: 'CaseDesk-3.1.0.AppImage', sha512: SHA }] };
const key = releaseKey();
/** As electron-updater parses latest-linux.yml: more fields than are signed. */
const manifest = (signature: string | undefined, fields: Partial<SignedRelease> = {}) => ({
  ...release,
  path: 'CaseDesk-3.1.0.AppImage',
  sha512: SHA,
  releaseDate: '2026-03-02T13:00:00.000Z',
  ...fields,
  files: (fields.files ?? release.files).map((file) => ({ ...file, size: 123456, blockMapSize: 789 })),
  ...(signature === undefined ? {} : { signature }),
});

describe('verifyReleaseSignature', () => {
  it('accepts a manifest signed by the key, named raw, as SPKI or as PEM', async () => {
    const signature = key.sign(release);
    for (const named of [key.spki, key.raw, key.pem]) expect(await verifyReleaseSignature(manifest(signature), named)).toEqual({ ok: true, release });
  });

  it.each([
    ['another sha512', { files: [{ url: 'CaseDesk-3.1.0.AppImage', sha512: SHA.replace('Xf3', 'Xf4') }] }],
    ['another version', { version: '3.1.1' }],
    ['another file', { files: [{ url: 'CaseDesk-3.1.0-evil.AppImage', sha512: SHA }] }],
    ['one more file', { files: [...release.files, { url: 'casedesk_3.1.0_amd64.deb', sha512: SHA }] }],
  ])('refuses the signature for %s', async (_name, fields) => {
    expect(await verifyReleaseSignature(manifest(key.sign(release), fields), key.spki)).toEqual({ ok: false, problem: 'signature_invalid' });
  });

  it('refuses a signature by another key, and one of other bytes', async () => {
    expect(await verifyReleaseSignature(manifest(releaseKey().sign(release)), key.spki)).toEqual({ ok: false, problem: 'signature_invalid' });
    expect(await verifyReleaseSignature(manifest(Buffer.alloc(64, 7).toString('base64')), key.spki)).toEqual({ ok: false, problem: 'signature_invalid' });
    expect(await verifyReleaseSignature(manifest('not base64!'), key.spki)).toEqual({ ok: false, problem: 'signature_invalid' });
    expect(await verifyReleaseSignature(manifest(Buffer.alloc(32).toString('base64')), key.spki)).toEqual({ ok: false, problem: 'signature_invalid' });
    expect(await verifyReleaseSignature(manifest(key.sign(release)), key.spki)).toMatchObject({ ok: true });
  });

  it('refuses a manifest with no signature', async () => {
    for (const signature of [undefined, ''])
      expect(await verifyReleaseSignature(manifest(signature), key.spki)).toEqual({ ok: false, problem: 'signature_missing' });
  });

  it('refuses a manifest without what is signed: no version, no files, a file without its sha512', async () => {
    const signature = key.sign(release);
    for (const bad of [
      { ...manifest(signature), version: undefined },
      { ...manifest(signature), files: [] },
      { ...manifest(signature), files: [{ url: 'CaseDesk-3.1.0.AppImage', sha2: 'abc' }] },
      null,
      'version: 3.1.0',
    ])
      expect(await verifyReleaseSignature(bad, key.spki)).toEqual({ ok: false, problem: 'manifest_invalid' });
  });

  it('refuses a malformed key, or one that is not Ed25519', async () => {
    const signature = key.sign(release);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    for (const bad of ['', 'not a key', key.raw.slice(0, -4), `${key.spki}AAAA`, rsa, x25519, Buffer.alloc(31).toString('base64')])
      expect(await verifyReleaseSignature(manifest(signature), bad)).toEqual({ ok: false, problem: 'key_invalid' });
  });

  it('signs one JSON array, the context first, so no field runs into the next', () => {
    expect(new TextDecoder().decode(signedReleaseBytes(release))).toBe(`["casedesk-release/v1","3.1.0",[["CaseDesk-3.1.0.AppImage","${SHA}"]]]`);
  });
});
