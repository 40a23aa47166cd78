// Which build of the store's native module (better-sqlite3-multiple-ciphers) a process opens.
// `npm install` compiles it for Node's ABI, which the CLI, the tests and the browser host use; Electron
// has its own NODE_MODULE_VERSION and cannot load that file. So a development Electron opens a copy
// built for it apart (`npm run native:electron`, into out/native/electron/), through better-sqlite3's
// `nativeBinding` option; a packaged app opens the module electron-builder rebuilt in place.
import { join } from 'node:path';

/** Where `npm run native:electron` puts the Electron-ABI copy, under the project's root. */
export const ELECTRON_NATIVE_DIR = join('out', 'native', 'electron');
export const NATIVE_FILE = 'better_sqlite3.node';
/** Beside it: the Electron version it was built for. */
export const NATIVE_STAMP_FILE = 'electron-version.txt';
export const NATIVE_BUILD_COMMAND = 'npm run native:electron';
/**
 * The binding main chose, handed to the worker threads (they get a copy of the environment when
 * started, and neither the preparation worker's job nor its batch writer carries one).
 */
export const NATIVE_BINDING_ENV = 'CASEDESK_SQLITE_BINDING';

export interface NativeBindingInput {
  /** process.versions: `electron` is set only inside Electron. */
  versions: { electron?: string | undefined };
  /** app.isPackaged: an installed app opens electron-builder's own rebuild. */
  packaged: boolean;
  /** The project's root (where out/ is). */
  root: string;
  exists: (path: string) => boolean;
  /** Reads a small text file, or null when it cannot. */
  readText: (path: string) => string | null;
}

export type NativeBindingChoice =
  /** `binding`: the file to open, or null for the module's own build (bindings finds it). */
  { ok: true; binding: string | null } | { ok: false; failure: { code: 'native.electron_missing' | 'native.electron_stale'; params: Record<string, string> } };

export function chooseNativeBinding(input: NativeBindingInput): NativeBindingChoice {
  const electron = input.versions.electron;
  if (!electron || input.packaged) return { ok: true, binding: null };
  const dir = join(input.root, ELECTRON_NATIVE_DIR);
  const binding = join(dir, NATIVE_FILE);
  if (!input.exists(binding)) return { ok: false, failure: { code: 'native.electron_missing', params: { path: binding, command: NATIVE_BUILD_COMMAND } } };
  // A copy built for another Electron fails to load with a message about Node versions: say which instead.
  const built = input.readText(join(dir, NATIVE_STAMP_FILE))?.trim() ?? '';
  if (built !== electron) {
    return {
      ok: false,
      failure: { code: 'native.electron_stale', params: { path: binding, built: built || '?', running: electron, command: NATIVE_BUILD_COMMAND } },
    };
  }
  return { ok: true, binding };
}

/** What sqlcipher's openDatabase passes as `nativeBinding`: the choice main made, or the module's own build. */
export function chosenBinding(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[NATIVE_BINDING_ENV] || undefined;
}
