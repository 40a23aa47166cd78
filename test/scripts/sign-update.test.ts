// scripts/sign-update.mjs, as the release process runs it: the latest-linux.yml electron-builder wrote,
// signed in place with a private key file; the app's own check then takes it with the printed public
// key, and refuses it once its files or version are changed.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyReleaseSignature } from '../../src-main/updates/release-signature';

const root = join(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
/** electron-updater's own YAML parser: the one the app reads latest-linux.yml with. */
const yaml = createRequire(require.resolve('electron-updater'))('js-yaml') as { load(text: string): unknown };
const dir = mkdtempSync(join(tmpdir(), 'casedesk-sign-update-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const APPIMAGE_SHA = 'q7Yz0bJ3Jm5n9Jr1x0mC6r1jvH8lF2eYp8t3n4b5c6d7e8f9g0h1i2j3k4l5m6n7o8p9q0r1s2t3u4v5w6x7y8z9A==';
const DEB_SHA = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4==';
/** As electron-builder writes it. */
const MANIFEST = `version: 3.1.0
files:
  - url: CaseDesk-3.1.0.AppImage
    sha512: ${APPIMAGE_SHA}
    size: 123456789
    blockMapSize: 130912
  - url: casedesk_3.1.0_amd64.deb
    sha512: ${DEB_SHA}
    size: 80000000
path: CaseDesk-3.1.0.AppImage
sha512: ${APPIMAGE_SHA}
releaseDate: '2026-03-02T13:00:00.000Z'
`;

function run(...args: string[]) {
  return spawnSync(process.execPath, [join(root, 'scripts/sign-update.mjs'), ...args], { cwd: root, encoding: 'utf8' });
}

function keyFile(name: string, type: 'ed25519' | 'rsa' = 'ed25519') {
  const pair = type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 1024 }) : generateKeyPairSync('ed25519');
  const file = join(dir, name);
  writeFileSync(file, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  return file;
}

describe('scripts/sign-update.mjs', () => {
  const key = keyFile('release-key.pem');
  const manifest = join(dir, 'latest-linux.yml');

  it('signs latest-linux.yml in place, and the app verifies it with the printed public key', async () => {
    writeFileSync(manifest, MANIFEST);
    const signed = run('--key', key, manifest);
    expect(signed.status, signed.stderr).toBe(0);
    expect(signed.stdout).toContain('version 3.1.0, 2 file(s)');
    const text = readFileSync(manifest, 'utf8');
    // The rest of the file stays as electron-builder wrote it.
    expect(text.startsWith(MANIFEST)).toBe(true);
    expect(text.slice(MANIFEST.length)).toMatch(/^signature: '[A-Za-z0-9+/]{86}=='\n$/);

    const publicKey = run('--public-key', key);
    expect(publicKey.status, publicKey.stderr).toBe(0);
    expect(await verifyReleaseSignature(yaml.load(text), publicKey.stdout.trim())).toMatchObject({ ok: true, release: { version: '3.1.0' } });
    // Another key's public half does not verify it.
    expect(await verifyReleaseSignature(yaml.load(text), run('--public-key', keyFile('other.pem')).stdout.trim())).toEqual({
      ok: false,
      problem: 'signature_invalid',
    });

    for (const tampered of [
      text.replace(`sha512: ${DEB_SHA}`, `sha512: ${APPIMAGE_SHA}`),
      text.replace('version: 3.1.0', 'version: 3.1.1'),
      text.replace('- url: CaseDesk-3.1.0.AppImage', '- url: CaseDesk-3.1.0-x.AppImage'),
    ]) {
      expect(tampered).not.toBe(text);
      expect(await verifyReleaseSignature(yaml.load(tampered), publicKey.stdout.trim())).toEqual({ ok: false, problem: 'signature_invalid' });
    }
  });

  it('replaces an earlier signature rather than adding a second', () => {
    writeFileSync(manifest, MANIFEST.trimEnd());
    expect(run('--key', key, manifest).status).toBe(0);
    expect(run('--key', key, manifest).status).toBe(0);
    expect(readFileSync(manifest, 'utf8').match(/^signature:/gm)).toHaveLength(1);
  });

  it('refuses a key that is not Ed25519, and a manifest without its files', () => {
    writeFileSync(manifest, MANIFEST);
    const rsa = run('--key', keyFile('rsa.pem', 'rsa'), manifest);
    expect(rsa.status).toBe(2);
    expect(rsa.stderr).toContain('not Ed25519');
    writeFileSync(manifest, 'version: 3.1.0\npath: CaseDesk-3.1.0.AppImage\n');
    const bare = run('--key', key, manifest);
    expect(bare.status).toBe(2);
    expect(readFileSync(manifest, 'utf8')).toBe('version: 3.1.0\npath: CaseDesk-3.1.0.AppImage\n');
  });
});
