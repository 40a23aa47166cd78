// One default data folder per OS, for the app and the CLI alike, worked out from the platform, the
// environment and the home folder alone: every OS's answer is checked here, whatever OS runs the tests.
import { describe, expect, it } from 'vitest';
import { posix, win32 } from 'node:path';
import { userConfigDir } from '../../src-main/keys/data-key';
import { cliOldDataDir, defaultDataDir, electronUserDataDir, homeOf, oldDefaultDataDirs } from '../../src-main/store/default-data-dir';

const win = (env: NodeJS.ProcessEnv) => ({ platform: 'win32' as const, env, home: 'C:\\Users\\ana' });
const mac = { platform: 'darwin' as const, env: {}, home: '/Users/ana' };
const linux = (env: NodeJS.ProcessEnv) => ({ platform: 'linux' as const, env, home: '/home/ana' });

describe('the default data folder', () => {
  it('is %LOCALAPPDATA%\\CaseDesk\\Data on Windows: local, never the roaming profile', () => {
    const env = { LOCALAPPDATA: 'D:\\Perfiles\\ana\\AppData\\Local', APPDATA: 'D:\\Perfiles\\ana\\AppData\\Roaming' };
    expect(defaultDataDir(win(env))).toBe('D:\\Perfiles\\ana\\AppData\\Local\\CaseDesk\\Data');
  });

  it('is the profile’s AppData\\Local on Windows when LOCALAPPDATA is unset (or not absolute)', () => {
    expect(defaultDataDir(win({}))).toBe('C:\\Users\\ana\\AppData\\Local\\CaseDesk\\Data');
    expect(defaultDataDir(win({ LOCALAPPDATA: 'AppData\\Local' }))).toBe('C:\\Users\\ana\\AppData\\Local\\CaseDesk\\Data');
  });

  it('is ~/Library/Application Support/CaseDesk/Data on macOS', () => {
    expect(defaultDataDir(mac)).toBe('/Users/ana/Library/Application Support/CaseDesk/Data');
  });

  it('is $XDG_DATA_HOME/casedesk on Linux, ~/.local/share/casedesk without it', () => {
    expect(defaultDataDir(linux({ XDG_DATA_HOME: '/srv/datos/ana' }))).toBe('/srv/datos/ana/casedesk');
    expect(defaultDataDir(linux({}))).toBe('/home/ana/.local/share/casedesk');
    expect(defaultDataDir(linux({ XDG_DATA_HOME: '' }))).toBe('/home/ana/.local/share/casedesk');
  });

  it('ignores a relative XDG_DATA_HOME, as the XDG spec says', () => {
    expect(defaultDataDir(linux({ XDG_DATA_HOME: 'datos' }))).toBe('/home/ana/.local/share/casedesk');
    expect(defaultDataDir(linux({ XDG_DATA_HOME: './datos' }))).toBe('/home/ana/.local/share/casedesk');
  });

  it('is never Electron’s userData, where Chromium’s profile stays (on Windows, not even under the roaming profile)', () => {
    for (const place of [win({ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local', APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }), mac, linux({})]) {
      expect(defaultDataDir(place)).not.toBe(electronUserDataDir(place));
    }
    expect(defaultDataDir(win({}))).not.toContain('Roaming');
  });

  it('never holds the user’s key folder, which a key file must stay outside of (key.file_in_data_folder)', () => {
    for (const place of [win({ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local', APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }), mac, linux({})]) {
      const path = place.platform === 'win32' ? win32 : posix;
      const env = { HOME: place.home, ...place.env };
      const rel = path.relative(defaultDataDir(place).toLowerCase(), userConfigDir(env, place.platform).toLowerCase());
      expect(rel.startsWith('..'), place.platform).toBe(true);
    }
  });
});

describe('the old defaults a store is moved from', () => {
  it('are ~/.casedesk (the CLI’s) and userData (the app’s), the running face’s own first', () => {
    expect(oldDefaultDataDirs(linux({}), 'cli')).toEqual(['/home/ana/.casedesk', '/home/ana/.config/CaseDesk']);
    expect(oldDefaultDataDirs(linux({ XDG_CONFIG_HOME: '/cfg' }), 'app')).toEqual(['/cfg/CaseDesk', '/home/ana/.casedesk']);
    expect(oldDefaultDataDirs(win({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }), 'app')).toEqual([
      'C:\\Users\\ana\\AppData\\Roaming\\CaseDesk',
      'C:\\Users\\ana\\.casedesk',
    ]);
    expect(oldDefaultDataDirs(mac, 'cli')).toEqual(['/Users/ana/.casedesk', '/Users/ana/Library/Application Support/CaseDesk']);
    expect(cliOldDataDir(win({}))).toBe('C:\\Users\\ana\\.casedesk');
  });

  it('reads the home folder from HOME, then USERPROFILE, then the OS', () => {
    expect(homeOf({ HOME: '/home/ana', USERPROFILE: 'C:\\Users\\x' }, () => '/os')).toBe('/home/ana');
    expect(homeOf({ USERPROFILE: 'C:\\Users\\ana' }, () => '/os')).toBe('C:\\Users\\ana');
    expect(homeOf({ HOME: '' }, () => '/os')).toBe('/os');
  });
});
