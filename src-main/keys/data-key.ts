// The data key: 256 random bits per data folder that encrypt the store and every sealed file. It is
// never on disk in the clear next to the data: the OS keychain keeps it (so the app and the CLI of
// the same user open the same store without a passphrase, and a copy of the folder elsewhere is
// unreadable); CASEDESK_DB_KEY supplies it for unattended runs; where the OS has no keychain, a 0600
// file in a 0700 folder of the user's configuration folder, outside the data folder, keeps it (checked
// and tightened at each use), and CaseDesk says so.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, rmdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, posix, relative, resolve, sep, win32 } from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir, writePrivateFileAtomic } from '../store/private-files';
import { storeFileState } from '../store/store-file';
import { DataKeyError } from './data-key-error';
import { holdKeyFilePrivately } from './key-file-guard';
import type { Keychain } from './keychain';

export type KeptIn = 'keychain' | 'key-file' | 'environment';

export interface DataKey {
  key: Buffer;
  keptIn: KeptIn;
  /** Where the key file is, when it is one. */
  keyFile?: string;
  /** The key file and its folder were checked readable by this user only (false on Windows, where modes say nothing). */
  keyFileChecked?: boolean;
  /** The data folder's key id (the keychain account and the key file's name). */
  id: string;
}

export { DataKeyError, type DataKeyFailureCode } from './data-key-error';

/** Not secret: which key this folder uses and where it is kept, so a missing key is told plainly. */
export const KEY_MARKER_FILE = 'casedesk-key.json';
const Marker = z.object({ version: z.literal(1), id: z.uuid(), keptIn: z.enum(['keychain', 'key-file', 'environment']) });
type Marker = z.infer<typeof Marker>;

export interface DataKeyOptions {
  env?: NodeJS.ProcessEnv;
  keychain: Keychain;
  /** Where key files go when there is no keychain; the user's configuration folder by default. */
  configDir?: string;
  /** Where older versions kept key files (one found there is moved to configDir); legacyConfigDir by default. */
  legacyConfigDir?: string | null;
  /** The organization refuses key files (policy `require_keychain`). */
  requireKeychain?: boolean;
}

/**
 * The user's folder for CaseDesk's key files. Never Electron's userData (%APPDATA%\\CaseDesk,
 * ~/Library/Application Support/CaseDesk, ~/.config/CaseDesk), Chromium's profile and an older version's default data folder.
 */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CASEDESK_CONFIG_DIR) return env.CASEDESK_CONFIG_DIR;
  const path = platform === 'win32' ? win32 : posix;
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'CaseDesk Keys');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'CaseDesk Keys');
  // Unchanged since the first version: lower case, so not the packaged app's ~/.config/CaseDesk.
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'casedesk');
}

/**
 * Where versions before 'CaseDesk Keys' kept key files on Windows and macOS: the app's default data
 * folder itself. A key file found there is moved out when its folder is opened. Null where nothing moved.
 */
export function legacyConfigDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | null {
  if (env.CASEDESK_CONFIG_DIR) return null;
  const path = platform === 'win32' ? win32 : posix;
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'CaseDesk');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'CaseDesk');
  return null;
}

/**
 * Whether `path` is `dir` or inside it, through symbolic links of what exists, and ignoring case
 * where the OS's file systems usually do (Windows, macOS).
 */
export function isInsideFolder(path: string, dir: string, platform: NodeJS.Platform = process.platform): boolean {
  const fold = platform === 'win32' || platform === 'darwin' ? (p: string) => p.toLowerCase() : (p: string) => p;
  const rel = relative(fold(realPathOf(dir)), fold(realPathOf(path)));
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

/** The path with its deepest existing ancestor resolved through links (the rest need not exist yet). */
function realPathOf(path: string): string {
  const rest: string[] = [];
  for (let head = resolve(path); ; head = dirname(head)) {
    try {
      return join(realpathSync.native(head), ...rest.reverse());
    } catch {
      if (dirname(head) === head) return resolve(path);
      rest.push(basename(head));
    }
  }
}

/** A key file inside its data folder would travel with every copy of the folder: refused, whatever the paths. */
function refuseInsideDataFolder(keyFile: string, dataDir: string): void {
  if (!isInsideFolder(keyFile, dataDir)) return;
  throw new DataKeyError('key.file_in_data_folder', { keyFile, dataDir });
}

export const keyFilePath = (configDir: string, id: string) => join(configDir, 'keys', `${id}.key`);

/** Which key this folder uses and where it is kept, or null when it has none yet. */
export function readMarker(dataDir: string): Marker | null {
  const file = join(dataDir, KEY_MARKER_FILE);
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    json = null;
  }
  const parsed = Marker.safeParse(json);
  if (!parsed.success) throw new DataKeyError('key.marker_unreadable', { file });
  return parsed.data;
}

function writeMarker(dataDir: string, marker: Marker): void {
  writePrivateFileAtomic(join(dataDir, KEY_MARKER_FILE), Buffer.from(`${JSON.stringify(marker)}\n`));
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

function readKeyFile(file: string): Buffer | null {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').trim();
  if (!HEX_KEY.test(text)) throw new DataKeyError('key.file_damaged', { file });
  return Buffer.from(text, 'hex');
}

/** Finds this data folder's key, or makes one when the folder holds no encrypted store yet. */
export function resolveDataKey(dataDir: string, options: DataKeyOptions): DataKey {
  const env = options.env ?? process.env;
  ensurePrivateDir(dataDir);
  const marker = readMarker(dataDir);
  const id = marker?.id ?? randomUUID();

  const given = env.CASEDESK_DB_KEY;
  if (given !== undefined && given !== '') {
    if (!HEX_KEY.test(given)) throw new DataKeyError('key.invalid_env', {});
    if (!marker) writeMarker(dataDir, { version: 1, id, keptIn: 'environment' });
    return { key: Buffer.from(given, 'hex'), keptIn: 'environment', id };
  }

  const configDir = options.configDir ?? userConfigDir(env);
  const keyFile = keyFilePath(configDir, id);
  const fromKeychain = options.keychain.get(id);
  if (fromKeychain !== null && HEX_KEY.test(fromKeychain)) return { key: Buffer.from(fromKeychain, 'hex'), keptIn: 'keychain', id };
  const legacyFile = legacyKeyFile(options, env, id);
  const fromFile = readKeyFile(keyFile) ?? (legacyFile ? readKeyFile(legacyFile) : null);
  if (fromFile) {
    if (options.requireKeychain) throw keychainRequired();
    refuseInsideDataFolder(keyFile, dataDir);
    if (legacyFile) moveKeyFile(legacyFile, keyFile, fromFile);
    const keyFileChecked = holdKeyFilePrivately(keyFile);
    return { key: fromFile, keptIn: 'key-file', keyFile, keyFileChecked, id };
  }

  // No key anywhere. A new one is only right when nothing was ever encrypted with the old one.
  if (storeFileState(dataDir) === 'encrypted' || marker) {
    const where = marker?.keptIn === 'environment' ? 'CASEDESK_DB_KEY' : marker?.keptIn === 'key-file' ? keyFile : "this user's keychain";
    throw new DataKeyError('key.missing', { where });
  }
  const key = randomBytes(32);
  const hex = key.toString('hex');
  if (options.keychain.set(id, hex)) {
    writeMarker(dataDir, { version: 1, id, keptIn: 'keychain' });
    return { key, keptIn: 'keychain', id };
  }
  if (options.requireKeychain) throw keychainRequired();
  refuseInsideDataFolder(keyFile, dataDir);
  ensurePrivateDir(join(configDir, 'keys'));
  writePrivateFileAtomic(keyFile, Buffer.from(`${hex}\n`));
  const keyFileChecked = holdKeyFilePrivately(keyFile);
  // The key is kept before the marker says so: a crash in between leaves a fresh folder, not a lost key.
  writeMarker(dataDir, { version: 1, id, keptIn: 'key-file' });
  return { key, keptIn: 'key-file', keyFile, keyFileChecked, id };
}

/** Wipe: the key goes wherever it was kept (the environment's copy is the caller's). */
export function forgetDataKey(dataDir: string, options: DataKeyOptions): void {
  const marker = readMarker(dataDir);
  if (!marker) return;
  options.keychain.remove(marker.id);
  for (const file of keyFilesOf(options, marker.id)) rmSync(file, { force: true });
  rmSync(join(dataDir, KEY_MARKER_FILE), { force: true });
}

/** Moves an older version's key file to `keyFile`: written there before the old one goes, so never lost. */
function moveKeyFile(legacyFile: string, keyFile: string, key: Buffer): void {
  if (!existsSync(legacyFile)) return;
  if (!existsSync(keyFile)) writePrivateFileAtomic(keyFile, Buffer.from(`${key.toString('hex')}\n`));
  let same = false;
  try {
    same = readKeyFile(legacyFile)?.equals(key) ?? false;
  } catch {
    // damaged: not a copy of this key, left for a person to look at
  }
  if (!same) return;
  rmSync(legacyFile, { force: true });
  try {
    rmdirSync(dirname(legacyFile));
  } catch {
    // other folders' keys are still there: they move when their folders are opened
  }
}

/** Where an older version kept this folder's key file, when that is not where this one keeps it. */
function legacyKeyFile(options: DataKeyOptions, env: NodeJS.ProcessEnv, id: string): string | null {
  const legacyDir = options.legacyConfigDir !== undefined ? options.legacyConfigDir : options.configDir === undefined ? legacyConfigDir(env) : null;
  const file = legacyDir === null ? null : keyFilePath(legacyDir, id);
  return file !== null && file !== keyFilePath(options.configDir ?? userConfigDir(env), id) ? file : null;
}

/** Every place a key file of `id` may be (this version's and an older one's). */
export function keyFilesOf(options: DataKeyOptions, id: string): string[] {
  const env = options.env ?? process.env;
  const legacy = legacyKeyFile(options, env, id);
  return [keyFilePath(options.configDir ?? userConfigDir(env), id), ...(legacy ? [legacy] : [])];
}

function keychainRequired(): DataKeyError {
  return new DataKeyError('key.keychain_required', {});
}
