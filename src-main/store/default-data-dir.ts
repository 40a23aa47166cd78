// Where the data folder is when no one chose one: the same place for the app and the CLI, one per OS.
// Pure (paths only, no file system): the platform, the environment and the home folder are inputs,
// so every OS's answer is tested on any OS. The store is local and per machine: never the Windows
// roaming profile, which is copied to the domain's profile server at every logoff. Chromium's own
// profile stays in Electron's userData, apart from it.
import { posix, win32 } from 'node:path';

export interface DataDirPlace {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The user's home folder (os.homedir()). */
  home: string;
}

const pathOf = (platform: NodeJS.Platform) => (platform === 'win32' ? win32 : posix);

/** A folder named by an environment variable, when it is set and absolute (the XDG spec ignores a relative one). */
function absoluteVar(place: DataDirPlace, name: string): string | null {
  const value = place.env[name];
  return value && pathOf(place.platform).isAbsolute(value) ? value : null;
}

/**
 * The default data folder: %LOCALAPPDATA%\CaseDesk\Data on Windows, ~/Library/Application
 * Support/CaseDesk/Data on macOS, $XDG_DATA_HOME/casedesk (~/.local/share/casedesk) elsewhere.
 */
export function defaultDataDir(place: DataDirPlace): string {
  const path = pathOf(place.platform);
  if (place.platform === 'win32') return path.join(absoluteVar(place, 'LOCALAPPDATA') ?? path.join(place.home, 'AppData', 'Local'), 'CaseDesk', 'Data');
  if (place.platform === 'darwin') return path.join(place.home, 'Library', 'Application Support', 'CaseDesk', 'Data');
  return path.join(absoluteVar(place, 'XDG_DATA_HOME') ?? path.join(place.home, '.local', 'share'), 'casedesk');
}

/** Electron's userData for CaseDesk: the app's default data folder before this one (and Chromium's profile still). */
export function electronUserDataDir(place: DataDirPlace): string {
  const path = pathOf(place.platform);
  if (place.platform === 'win32') return path.join(absoluteVar(place, 'APPDATA') ?? path.join(place.home, 'AppData', 'Roaming'), 'CaseDesk');
  if (place.platform === 'darwin') return path.join(place.home, 'Library', 'Application Support', 'CaseDesk');
  return path.join(absoluteVar(place, 'XDG_CONFIG_HOME') ?? path.join(place.home, '.config'), 'CaseDesk');
}

/** The CLI's default data folder before this one. */
export function cliOldDataDir(place: DataDirPlace): string {
  return pathOf(place.platform).join(place.home, '.casedesk');
}

/**
 * Where older versions kept a store by default, the running face's own first: a store found there
 * is moved to defaultDataDir once (data-folder-move.ts).
 */
export function oldDefaultDataDirs(place: DataDirPlace, face: 'app' | 'cli'): string[] {
  const both = face === 'app' ? [electronUserDataDir(place), cliOldDataDir(place)] : [cliOldDataDir(place), electronUserDataDir(place)];
  const fresh = defaultDataDir(place);
  return [...new Set(both)].filter((dir) => dir !== fresh);
}

/** The home folder as the CLI has always read it: $HOME (or %USERPROFILE%) before the OS's answer. */
export function homeOf(env: NodeJS.ProcessEnv, osHome: () => string): string {
  return env.HOME || env.USERPROFILE || osHome();
}
