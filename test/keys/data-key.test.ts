// The data key of a data folder: CASEDESK_DB_KEY when given, else the OS keychain, else a private key
// file in the user's configuration folder (never in the data folder); made once, and never made
// again for a folder whose store it already encrypted.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, win32 } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DataKeyError,
  forgetDataKey,
  isInsideFolder,
  KEY_MARKER_FILE,
  keyFilePath,
  legacyConfigDir,
  resolveDataKey,
  userConfigDir,
  type DataKeyFailureCode,
  type DataKeyOptions,
} from '../../src-main/keys/data-key';
import { memoryKeychain, osKeychain, type Keychain } from '../../src-main/keys/keychain';
import { openStore, storeFileState } from '../../src-main/store';
import { octal, readTree, walkTree } from '../support/file-tree';
import { formatFailure, type FailureParamValue } from '../../src-main/domain/failures/failure';

const root = mkdtempSync(join(tmpdir(), 'casedesk-data-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
/** A data folder and a configuration folder of their own (the suite's CASEDESK_* never apply: env is {}). */
function place() {
  const n = ++folders;
  return { dataDir: join(root, `data-${n}`), configDir: join(root, `config-${n}`) };
}

/** No Secret Service can answer here (a headless Linux box, as this project's CI and test machines are). */
const noOsKeychainHere = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS;
/** A keychain that takes nothing, as where the OS has none. */
const noKeychain = (): Keychain => ({ get: () => null, set: () => false, remove: () => false });
/** The real OS keychain, under a service name of the tests' own so a user's CaseDesk entries are never touched. */
const realKeychain = () => osKeychain('CaseDesk tests');

function failure(run: () => unknown): { code: DataKeyFailureCode; params: Record<string, FailureParamValue>; messageEs: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof DataKeyError) return { code: err.code, params: err.params, messageEs: formatFailure('es', err.code, err.params) };
    throw err;
  }
  throw new Error('expected a DataKeyError');
}

/** A data folder whose store holds one setting, encrypted under the key resolved with `options`. */
function folderWithStore(options: DataKeyOptions) {
  const where = place();
  const dataKey = resolveDataKey(where.dataDir, { configDir: where.configDir, ...options });
  const store = openStore(where.dataDir, dataKey.key);
  store.db.prepare("INSERT INTO settings (key, value_json) VALUES ('language', '\"es\"')").run();
  store.close();
  expect(storeFileState(where.dataDir)).toBe('encrypted');
  return { ...where, dataKey };
}

describe('resolveDataKey with CASEDESK_DB_KEY', () => {
  it('uses the given key as it is, and keeps it nowhere else', () => {
    const { dataDir, configDir } = place();
    const hex = randomBytes(32).toString('hex');
    const keychain = memoryKeychain();
    const dataKey = resolveDataKey(dataDir, { env: { CASEDESK_DB_KEY: hex.toUpperCase() }, keychain, configDir });
    expect(dataKey.keptIn).toBe('environment');
    expect(dataKey.key.toString('hex')).toBe(hex);
    expect(keychain.entries.size).toBe(0);
    expect(existsSync(configDir)).toBe(false);
    // The marker says where the key is, never what it is.
    expect(readFileSync(join(dataDir, KEY_MARKER_FILE), 'utf8')).not.toContain(hex);
  });

  it.each([
    ['too short', 'ab'.repeat(31)],
    ['too long', 'ab'.repeat(33)],
    ['not hexadecimal', 'zz'.repeat(32)],
    ['a passphrase', 'correct horse battery staple'],
    ['padded', ` ${'ab'.repeat(32)}`],
  ])('refuses a key that is %s with key.invalid_env, and makes none of its own', (_what, given) => {
    const { dataDir, configDir } = place();
    const keychain = memoryKeychain();
    const refused = failure(() => resolveDataKey(dataDir, { env: { CASEDESK_DB_KEY: given }, keychain, configDir }));
    expect(refused.code).toBe('key.invalid_env');
    // The refusal never repeats what was given (it may be a real key mistyped).
    expect(JSON.stringify(refused)).not.toContain(given.trim());
    expect(keychain.entries.size).toBe(0);
    expect(existsSync(join(dataDir, KEY_MARKER_FILE))).toBe(false);
    expect(existsSync(configDir)).toBe(false);
  });
});

describe('resolveDataKey with a keychain', () => {
  it("keeps a new folder's key in the keychain and writes no key file", () => {
    const { dataDir, configDir } = place();
    const keychain = memoryKeychain();
    const dataKey = resolveDataKey(dataDir, { env: {}, keychain, configDir });
    expect(dataKey.keptIn).toBe('keychain');
    expect(dataKey.keyFile).toBeUndefined();
    expect(dataKey.key).toHaveLength(32);
    expect([...keychain.entries]).toEqual([[dataKey.id, dataKey.key.toString('hex')]]);
    expect(existsSync(configDir)).toBe(false);
    for (const [path, bytes] of readTree(dataDir)) expect(bytes.toString('latin1'), path).not.toContain(dataKey.key.toString('hex'));

    const again = resolveDataKey(dataDir, { env: {}, keychain, configDir });
    expect(again).toEqual(dataKey);
    expect(keychain.entries.size).toBe(1);
  });

  it('gives each data folder its own key', () => {
    const keychain = memoryKeychain();
    const one = place();
    const two = place();
    const a = resolveDataKey(one.dataDir, { env: {}, keychain, configDir: one.configDir });
    const b = resolveDataKey(two.dataDir, { env: {}, keychain, configDir: one.configDir });
    expect(a.id).not.toBe(b.id);
    expect(a.key.equals(b.key)).toBe(false);
  });
});

describe.runIf(noOsKeychainHere)('resolveDataKey on a machine with no OS keychain', () => {
  it('keeps the key in a 0600 file of the configuration folder, outside the data folder, and says so', () => {
    const { dataDir, configDir } = place();
    const dataKey = resolveDataKey(dataDir, { env: {}, keychain: realKeychain(), configDir });
    expect(dataKey.keptIn).toBe('key-file');
    expect(dataKey.keyFile).toBe(keyFilePath(configDir, dataKey.id));
    const keyFile = dataKey.keyFile as string;
    expect(relative(configDir, keyFile).startsWith('..')).toBe(false);
    expect(relative(dataDir, keyFile).startsWith('..')).toBe(true);
    expect(octal(statSync(keyFile).mode & 0o777)).toBe('0600');
    expect(octal(statSync(join(configDir, 'keys')).mode & 0o777)).toBe('0700');
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(dataKey.key.toString('hex'));
    // Nothing in the data folder holds the key: a copy of the folder alone opens nothing.
    for (const [path, bytes] of readTree(dataDir)) expect(bytes.toString('latin1'), path).not.toContain(dataKey.key.toString('hex'));

    expect(resolveDataKey(dataDir, { env: {}, keychain: realKeychain(), configDir })).toEqual(dataKey);
  });

  it('refuses a key file when the organization requires the keychain, and writes nothing', () => {
    const { dataDir, configDir } = place();
    const refused = failure(() => resolveDataKey(dataDir, { env: {}, keychain: realKeychain(), configDir, requireKeychain: true }));
    expect(refused.code).toBe('key.keychain_required');
    expect(refused.messageEs).toMatch(/llavero/);
    expect(existsSync(configDir)).toBe(false);
    expect(walkTree(dataDir).filter((e) => e.kind !== 'dir')).toEqual([]);
  });
});

describe('a data folder whose key is not here', () => {
  it('refuses a key file kept before the policy required the keychain', () => {
    const { dataDir, configDir } = folderWithStore({ env: {}, keychain: noKeychain() });
    const before = readTree(dataDir);
    expect(failure(() => resolveDataKey(dataDir, { env: {}, keychain: memoryKeychain(), configDir, requireKeychain: true })).code).toBe(
      'key.keychain_required',
    );
    expect(readTree(dataDir)).toEqual(before);
  });

  it.each([
    {
      how: 'kept in the keychain, opened by another user (an empty keychain)',
      keptWith: () => ({ env: {}, keychain: memoryKeychain() }),
      where: "this user's keychain",
    },
    {
      how: 'kept in a key file, copied to another machine (another configuration folder)',
      keptWith: () => ({ env: {}, keychain: noKeychain() }),
      where: 'key-file',
    },
    {
      how: 'given as CASEDESK_DB_KEY, opened without it',
      keptWith: () => ({ env: { CASEDESK_DB_KEY: randomBytes(32).toString('hex') }, keychain: memoryKeychain() }),
      where: 'CASEDESK_DB_KEY',
    },
  ])('$how: key.missing, no new key, the store untouched', ({ keptWith, where }) => {
    const kept = keptWith();
    const original = folderWithStore(kept);
    // The folder as it arrives elsewhere: copied whole, marker included.
    const elsewhere = place();
    cpSync(original.dataDir, elsewhere.dataDir, { recursive: true });
    for (const dataDir of [original.dataDir, elsewhere.dataDir]) {
      const before = readTree(dataDir);
      const keychain = memoryKeychain();
      const missing = failure(() => resolveDataKey(dataDir, { env: {}, keychain, configDir: elsewhere.configDir }));
      expect(missing.code).toBe('key.missing');
      expect(missing.params.where).toBe(where === 'key-file' ? keyFilePath(elsewhere.configDir, original.dataKey.id) : where);
      expect(keychain.entries.size).toBe(0);
      expect(existsSync(elsewhere.configDir)).toBe(false);
      expect(readTree(dataDir)).toEqual(before);
    }
    // Where the key is, the folder still opens as it was.
    const again = resolveDataKey(original.dataDir, { configDir: original.configDir, ...kept });
    expect(again.key.equals(original.dataKey.key)).toBe(true);
    const store = openStore(original.dataDir, again.key);
    expect(store.db.prepare("SELECT value_json FROM settings WHERE key = 'language'").get()).toEqual({ value_json: '"es"' });
    store.close();
  });

  it('an encrypted store with no marker at all (the marker lost): key.missing, never a new key', () => {
    const { dataDir, configDir } = place();
    const store = openStore(dataDir, randomBytes(32));
    store.close();
    const before = readTree(dataDir);
    const keychain = memoryKeychain();
    expect(failure(() => resolveDataKey(dataDir, { env: {}, keychain, configDir })).code).toBe('key.missing');
    expect(keychain.entries.size).toBe(0);
    expect(readTree(dataDir)).toEqual(before);
  });

  it('a damaged key file or marker is key.file_damaged or key.marker_unreadable, not a crash and not a new key', () => {
    const keyFileFolder = folderWithStore({ env: {}, keychain: noKeychain() });
    writeFileSync(keyFileFolder.dataKey.keyFile as string, 'not a key\n');
    expect(failure(() => resolveDataKey(keyFileFolder.dataDir, { env: {}, keychain: noKeychain(), configDir: keyFileFolder.configDir })).code).toBe(
      'key.file_damaged',
    );

    for (const damaged of ['{"version":1}', '{"version":1,"id":"x", "keptIn": "keychain"', '']) {
      const { dataDir, configDir } = place();
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, KEY_MARKER_FILE), damaged);
      const keychain = memoryKeychain();
      expect(failure(() => resolveDataKey(dataDir, { env: {}, keychain, configDir })).code, damaged).toBe('key.marker_unreadable');
      expect(keychain.entries.size).toBe(0);
    }
  });
});

describe('forgetDataKey (wipe)', () => {
  it('removes the key from the keychain and the marker from the folder', () => {
    const keychain = memoryKeychain();
    const { dataDir, configDir, dataKey } = folderWithStore({ env: {}, keychain });
    expect(keychain.entries.size).toBe(1);
    forgetDataKey(dataDir, { env: {}, keychain, configDir });
    expect(keychain.entries.size).toBe(0);
    expect(existsSync(join(dataDir, KEY_MARKER_FILE))).toBe(false);
    // Gone for good: the store it encrypted no longer opens, and no key is made for it.
    expect(failure(() => resolveDataKey(dataDir, { env: {}, keychain, configDir })).code).toBe('key.missing');
    expect(keychain.get(dataKey.id)).toBeNull();
  });

  it('removes the key file', () => {
    const { dataDir, configDir, dataKey } = folderWithStore({ env: {}, keychain: noKeychain() });
    expect(existsSync(dataKey.keyFile as string)).toBe(true);
    forgetDataKey(dataDir, { env: {}, keychain: noKeychain(), configDir });
    expect(existsSync(dataKey.keyFile as string)).toBe(false);
    expect(existsSync(join(dataDir, KEY_MARKER_FILE))).toBe(false);
  });

  it('on a folder that never had a key, does nothing', () => {
    const { dataDir, configDir } = place();
    const keychain = memoryKeychain();
    keychain.set('someone-else', 'ab'.repeat(32));
    forgetDataKey(dataDir, { env: {}, keychain, configDir });
    expect(keychain.entries.size).toBe(1);
  });
});

describe('userConfigDir', () => {
  it('is CASEDESK_CONFIG_DIR when set, else the platform’s per-user configuration folder', () => {
    expect(userConfigDir({ CASEDESK_CONFIG_DIR: '/srv/conf', HOME: '/home/ana' }, 'linux')).toBe('/srv/conf');
    expect(userConfigDir({ HOME: '/home/ana' }, 'linux')).toBe('/home/ana/.config/casedesk');
    expect(userConfigDir({ HOME: '/home/ana', XDG_CONFIG_HOME: '/home/ana/.cfg' }, 'linux')).toBe('/home/ana/.cfg/casedesk');
    expect(userConfigDir({ HOME: '/Users/ana' }, 'darwin')).toBe('/Users/ana/Library/Application Support/CaseDesk Keys');
    expect(userConfigDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32')).toBe('C:\\Users\\ana\\AppData\\Roaming\\CaseDesk Keys');
    expect(userConfigDir({ USERPROFILE: 'C:\\Users\\ana' }, 'win32')).toBe('C:\\Users\\ana\\AppData\\Roaming\\CaseDesk Keys');
  });

  it('is never Electron’s userData folder (the app’s default data folder) nor inside it', () => {
    // userData is the app data folder plus the product name, CaseDesk.
    const platforms = [
      {
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
        userData: 'C:\\Users\\ana\\AppData\\Roaming\\CaseDesk',
        path: win32,
        foldsCase: true,
      },
      { platform: 'darwin', env: { HOME: '/Users/ana' }, userData: '/Users/ana/Library/Application Support/CaseDesk', path: posix, foldsCase: true },
      { platform: 'linux', env: { HOME: '/home/ana' }, userData: '/home/ana/.config/CaseDesk', path: posix, foldsCase: false },
    ] as const;
    for (const { platform, env, userData, path, foldsCase } of platforms) {
      const fold = (p: string) => (foldsCase ? p.toLowerCase() : p);
      const rel = path.relative(fold(userData), fold(userConfigDir(env, platform)));
      expect(rel === '' || !rel.startsWith('..'), platform).toBe(false);
    }
  });

  it('names where Windows and macOS kept key files before (the data folder itself), and nothing elsewhere', () => {
    expect(legacyConfigDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32')).toBe('C:\\Users\\ana\\AppData\\Roaming\\CaseDesk');
    expect(legacyConfigDir({ HOME: '/Users/ana' }, 'darwin')).toBe('/Users/ana/Library/Application Support/CaseDesk');
    expect(legacyConfigDir({ HOME: '/home/ana' }, 'linux')).toBeNull();
    expect(legacyConfigDir({ HOME: '/Users/ana', CASEDESK_CONFIG_DIR: '/srv/conf' }, 'darwin')).toBeNull();
  });
});

describe('a key file inside the data folder', () => {
  it('is refused, whatever the paths say: a configuration folder inside the data folder, by name or through a link', () => {
    const inside = place();
    const linked = place();
    mkdirSync(linked.dataDir, { recursive: true });
    symlinkSync(linked.dataDir, linked.configDir);
    for (const [dataDir, configDir] of [
      [inside.dataDir, join(inside.dataDir, 'conf')],
      [linked.dataDir, linked.configDir],
      [inside.dataDir, inside.dataDir],
    ] as const) {
      const refused = failure(() => resolveDataKey(dataDir, { env: {}, keychain: noKeychain(), configDir }));
      expect(refused.code).toBe('key.file_in_data_folder');
      expect(refused.params.dataDir).toBe(dataDir);
      expect(refused.messageEs).toMatch(/dentro de la carpeta de datos/);
      // Nothing was kept: no key file, no marker.
      expect(walkTree(dataDir).filter((e) => e.kind !== 'dir')).toEqual([]);
    }
  });

  it('is refused by default where the data folder is the configuration folder (an unpackaged app on Linux)', () => {
    const home = join(root, `home-${++folders}`);
    const dataDir = join(home, '.config', 'casedesk');
    expect(failure(() => resolveDataKey(dataDir, { env: { HOME: home }, keychain: noKeychain() })).code).toBe('key.file_in_data_folder');
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('is refused when an older version left it there, and left where it is', () => {
    const { dataDir, configDir, dataKey } = folderWithStore({ env: {}, keychain: noKeychain() });
    const insideConfig = join(dataDir, 'conf');
    mkdirSync(join(insideConfig, 'keys'), { recursive: true });
    renameSync(dataKey.keyFile as string, keyFilePath(insideConfig, dataKey.id));
    expect(existsSync(configDir)).toBe(true);
    expect(failure(() => resolveDataKey(dataDir, { env: {}, keychain: noKeychain(), configDir: insideConfig })).code).toBe('key.file_in_data_folder');
    expect(readFileSync(keyFilePath(insideConfig, dataKey.id), 'utf8').trim()).toBe(dataKey.key.toString('hex'));
  });

  it('kept by an older version on Windows or macOS (the data folder was the configuration folder) is moved out, and the store opens', () => {
    const { dataDir, configDir, dataKey } = folderWithStore({ env: {}, keychain: noKeychain() });
    // The layout an older version left: <data>/keys/<id>.key.
    const oldFile = keyFilePath(dataDir, dataKey.id);
    mkdirSync(join(dataDir, 'keys'));
    renameSync(dataKey.keyFile as string, oldFile);
    const newConfig = join(root, `config-new-${++folders}`);
    const moved = resolveDataKey(dataDir, { env: {}, keychain: noKeychain(), configDir: newConfig, legacyConfigDir: dataDir });
    expect(moved).toEqual({ key: dataKey.key, keptIn: 'key-file', keyFile: keyFilePath(newConfig, dataKey.id), keyFileChecked: true, id: dataKey.id });
    expect(octal(statSync(moved.keyFile as string).mode & 0o777)).toBe('0600');
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(join(dataDir, 'keys'))).toBe(false);
    for (const [path, bytes] of readTree(dataDir)) expect(bytes.toString('latin1'), path).not.toContain(dataKey.key.toString('hex'));
    const store = openStore(dataDir, moved.key);
    expect(store.db.prepare("SELECT value_json FROM settings WHERE key = 'language'").get()).toEqual({ value_json: '"es"' });
    store.close();
    // Opened again, the key is where it was moved to.
    expect(resolveDataKey(dataDir, { env: {}, keychain: noKeychain(), configDir: newConfig, legacyConfigDir: dataDir })).toEqual(moved);
    expect(existsSync(configDir)).toBe(true);
  });

  it('a wipe forgets the key file an older version kept, too', () => {
    const { dataDir, dataKey } = folderWithStore({ env: {}, keychain: noKeychain() });
    const legacyDir = join(root, `legacy-${++folders}`);
    mkdirSync(join(legacyDir, 'keys'), { recursive: true });
    writeFileSync(keyFilePath(legacyDir, dataKey.id), `${dataKey.key.toString('hex')}\n`);
    const newConfig = join(root, `config-new-${++folders}`);
    forgetDataKey(dataDir, { env: {}, keychain: noKeychain(), configDir: newConfig, legacyConfigDir: legacyDir });
    expect(existsSync(keyFilePath(legacyDir, dataKey.id))).toBe(false);
  });
});

describe('isInsideFolder', () => {
  it('ignores case only where the file systems usually do', () => {
    const dir = join(root, `case-${++folders}`, 'Data');
    const file = join(root, `case-${folders}`, 'data', 'keys', 'x.key');
    expect(isInsideFolder(file, dir, 'darwin')).toBe(true);
    expect(isInsideFolder(file, dir, 'win32')).toBe(true);
    expect(isInsideFolder(file, dir, 'linux')).toBe(false);
    expect(isInsideFolder(join(dir, '..', 'Data-keys', 'x.key'), dir, 'linux')).toBe(false);
    expect(isInsideFolder(join(dir, 'keys', '..', 'x.key'), dir, 'linux')).toBe(true);
  });
});
