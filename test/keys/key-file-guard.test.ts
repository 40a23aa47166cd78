// A key file readable by others (0644 in a 0755 folder, as an older version or another umask left it)
// is tightened before its key is used, or refused naming the file when it is not the user's to change.
import { chmodSync, chownSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataKeyError, resolveDataKey, type DataKeyOptions } from '../../src-main/keys/data-key';
import { holdKeyFilePrivately } from '../../src-main/keys/key-file-guard';
import type { Keychain } from '../../src-main/keys/keychain';

const root = mkdtempSync(join(tmpdir(), 'casedesk-key-file-guard-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const noKeychain = (): Keychain => ({ get: () => null, set: () => false, remove: () => false });
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** A data folder whose key was put in a key file (no keychain here), and the options that find it again. */
function folderWithKeyFile(): { dataDir: string; keyFile: string; options: DataKeyOptions; key: Buffer } {
  const n = ++folders;
  const dataDir = join(root, `data-${n}`);
  const options: DataKeyOptions = { env: {}, keychain: noKeychain(), configDir: join(root, `config-${n}`), legacyConfigDir: null };
  const made = resolveDataKey(dataDir, options);
  if (!made.keyFile) throw new Error('expected a key file');
  return { dataDir, keyFile: made.keyFile, options, key: made.key };
}

function codeOf(run: () => unknown): { code: string; params: unknown } {
  try {
    run();
  } catch (err) {
    if (err instanceof DataKeyError) return { code: err.code, params: err.params };
    throw err;
  }
  throw new Error('expected a DataKeyError');
}

describe.skipIf(process.platform === 'win32')('a key file readable by others', () => {
  it('0644 in a 0755 folder is tightened to 0600 in 0700 before its key is used, and said checked', () => {
    const { dataDir, keyFile, options, key } = folderWithKeyFile();
    chmodSync(keyFile, 0o644);
    chmodSync(dirname(keyFile), 0o755);
    const again = resolveDataKey(dataDir, options);
    expect([mode(keyFile), mode(dirname(keyFile))]).toEqual(['600', '700']);
    expect(again).toMatchObject({ keptIn: 'key-file', keyFile, keyFileChecked: true });
    expect(again.key.equals(key)).toBe(true);
  });

  it('a new key file is checked too', () => {
    const n = ++folders;
    const made = resolveDataKey(join(root, `data-${n}`), { env: {}, keychain: noKeychain(), configDir: join(root, `config-${n}`), legacyConfigDir: null });
    expect(made.keyFileChecked).toBe(true);
  });

  it.skipIf(!isRoot)('one that belongs to another user is refused, naming the file (its key is not used)', () => {
    const { dataDir, keyFile, options } = folderWithKeyFile();
    chmodSync(keyFile, 0o644);
    chownSync(keyFile, NOBODY, NOBODY);
    expect(codeOf(() => resolveDataKey(dataDir, options))).toEqual({ code: 'key.file_not_private', params: { file: keyFile } });
    expect(mode(keyFile)).toBe('644');
  });

  it.skipIf(!isRoot)('one in a folder open to others that belongs to another user is refused, naming the file', () => {
    const { dataDir, keyFile, options } = folderWithKeyFile();
    chmodSync(dirname(keyFile), 0o755);
    chownSync(dirname(keyFile), NOBODY, NOBODY);
    expect(codeOf(() => resolveDataKey(dataDir, options))).toEqual({ code: 'key.file_not_private', params: { file: keyFile } });
  });
});

describe('where modes say nothing', () => {
  it('Windows: nothing is checked, and it says so', () => {
    expect(holdKeyFilePrivately(join(root, 'no-such.key'), 'win32')).toBe(false);
  });
});
