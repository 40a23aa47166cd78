// The Linux gate on electron-updater's real AppImageUpdater (not a fake), fed latest-linux.yml by a
// stand-in for its HTTP client, with a stand-in for Electron's app: the isUpdateSupported hook is asked
// before a release is offered, and a manifest parsed by electron-updater's own YAML reader verifies.
// What it refuses is never kept for a download. Only the download and the install need Electron.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updaterPort, type AutoUpdaterLike } from '../../src-main/electron/auto-updater';
import { UpdateRefused, type UpdaterEvent } from '../../src-main/updates/update-controller';
import { releaseKey } from '../updates/release-keys';

const require = createRequire(import.meta.url);
const { AppImageUpdater } = require('electron-updater') as {
  AppImageUpdater: new (options: null, app: object) => AutoUpdaterLike & { logger: unknown; httpExecutor: unknown; forceDevUpdateConfig: boolean };
};

const URL = 'https://updates.example.com/casedesk/';
const SHA = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODlBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWg==';
const dir = mkdtempSync(join(tmpdir(), 'casedesk-appimage-updater-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real updater of an installed 3.0.0, whose update server answers `manifest`; the paths it asked for. */
function appImageUpdater(manifest: string) {
  const app = {
    version: '3.0.0',
    name: 'CaseDesk',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: dir,
    baseCachePath: dir,
    whenReady: async () => {},
    relaunch() {},
    quit() {},
    onQuit() {},
  };
  const updater = new AppImageUpdater(null, app);
  const asked: string[] = [];
  updater.logger = null;
  // Active without $APPIMAGE, which only a running AppImage has.
  updater.forceDevUpdateConfig = true;
  updater.httpExecutor = {
    request: async (options: { path?: string }) => {
      asked.push(options.path ?? '');
      return manifest;
    },
  };
  // Electron's session, which the port tells to refuse plain http.
  Object.defineProperty(updater, 'netSession', { value: { webRequest: { onBeforeRequest() {} } } });
  return { updater, asked };
}

const yml = (version: string, signature?: string) =>
  [
    `version: ${version}`,
    'files:',
    `  - url: CaseDesk-${version}.AppImage`,
    `    sha512: ${SHA}`,
    '    size: 123456789',
    `path: CaseDesk-${version}.AppImage`,
    `sha512: ${SHA}`,
    "releaseDate: '2026-03-02T13:00:00.000Z'",
    ...(signature ? [`signature: '${signature}'`] : []),
    '',
  ].join('\n');

describe('electron-updater’s AppImageUpdater behind the Linux gate', () => {
  const key = releaseKey();
  const release = { version: '3.1.0', files: [{ url: 'CaseDesk-3.1.0.AppImage', sha512: SHA }] };

  it('offers a release whose latest-linux.yml is signed by the key', async () => {
    const { updater, asked } = appImageUpdater(yml('3.1.0', key.sign(release)));
    const port = updaterPort(updater, URL, undefined, key.spki);
    const events: UpdaterEvent[] = [];
    port.subscribe((event) => events.push(event));
    expect(await port.checkForUpdates()).toBe(true);
    expect(asked.map((path) => path.replace(/\?.*/, ''))).toEqual(['/casedesk/latest-linux.yml']);
    expect(events).toEqual([{ type: 'checking' }, { type: 'available', version: '3.1.0' }]);
  });

  it.each([
    ['unsigned', yml('3.1.0'), 'update.unsigned_release'],
    ['signed for another version', yml('3.1.1', key.sign(release)), 'update.bad_release_signature'],
    ['signed by another key', yml('3.1.0', releaseKey().sign(release)), 'update.bad_release_signature'],
  ])('refuses a release %s, and keeps nothing to download', async (_name, manifest, code) => {
    const { updater } = appImageUpdater(manifest);
    const port = updaterPort(updater, URL, undefined, key.spki);
    const events: UpdaterEvent[] = [];
    port.subscribe((event) => events.push(event));
    const refused = await port.checkForUpdates().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpdateRefused);
    expect((refused as UpdateRefused).updateCode).toBe(code);
    expect(events).toEqual([{ type: 'checking' }]);
    // electron-updater itself has nothing to download.
    // eslint-disable-next-line no-restricted-syntax -- electron-updater's own refusal has no code: its words are all it says
    await expect(updater.downloadUpdate()).rejects.toThrow('Please check update first');
  });
});
