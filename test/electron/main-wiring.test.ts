// main.ts needs Electron's binary, which cannot run here; so its wiring of the tested pieces is read
// from its source: the dev server is decided by rendererSource with app.isPackaged, and every web
// contents goes through hardenWebContents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const main = readFileSync(join(import.meta.dirname, '../../src-main/electron/main.ts'), 'utf8');
const autoUpdater = readFileSync(join(import.meta.dirname, '../../src-main/electron/auto-updater.ts'), 'utf8');

describe('the Electron shell wiring', () => {
  it('reads ELECTRON_RENDERER_URL only through rendererSource, with app.isPackaged', () => {
    expect(main).toMatch(/rendererSource\(process\.env, app\.isPackaged\)/);
    expect(main).not.toMatch(/\.ELECTRON_RENDERER_URL|\[['"`]ELECTRON_RENDERER_URL/);
  });

  it('hardens every web contents in one place', () => {
    expect(main).toMatch(/app\.on\('web-contents-created', \(_event, contents\) => hardenWebContents\(contents,/);
    expect(main).not.toMatch(/setPermissionRequestHandler|setWindowOpenHandler/);
  });

  it('sends every service request through Chromium (net.fetch), never Node', () => {
    expect(main).toMatch(/chromiumFetch\(\(url, init\) => net\.fetch\(url, init\)\)/);
    expect(main).toMatch(/network: \(\) => network/);
  });

  it('starts the updater with app.isPackaged, forwards its state, and decides the install before the close aborts uploads', () => {
    expect(main).toMatch(/startAutoUpdates\(ctx, \{\s*packaged: app\.isPackaged,/);
    expect(main).toMatch(/\['upload:progress', 'download:progress', 'updates:state'\]/);
    expect(main).toMatch(/quitAfterClose\(app, async \(\) => \{[^}]*updates\.beforeQuit\(\);[^}]*await ctx\.close\(\);/);
    // Electron would not wait for a before-quit listener's promise: the quit is held by quitAfterClose alone.
    expect(main).not.toMatch(/'before-quit'/);
  });

  it('opens the data folder appDataDir chose (the default it shares with the CLI), never userData itself', () => {
    expect(main).toMatch(/appDataDir\(\{[^}]*policyDir: policy\.policy\.data_dir,[^}]*userData: app\.getPath\('userData'\),?\s*\}\)/);
    expect(main).toMatch(/createAppContext\(\{\s*dataDir: chosen\.dataDir,/);
  });

  it('loads electron-updater only by a dynamic import, and never turns its checks off', () => {
    for (const source of [main, autoUpdater]) expect(source).not.toMatch(/^import (?!type)[^;]*from 'electron-updater'/m);
    expect(autoUpdater).toMatch(/await import\('electron-updater'\)/);
    expect(autoUpdater).not.toMatch(/verifyUpdateCodeSignature|forceDevUpdateConfig|allowDowngrade = true|disableWebInstaller = false|isUserWithinRollout/);
    // isUpdateSupported is replaced only by the Linux signature check, which still asks the original
    // (auto-updater-linux.test.ts: a signed release electron-updater's own check refuses is not offered).
    expect(autoUpdater.match(/isUpdateSupported = /g)).toHaveLength(1);
    expect(autoUpdater).toMatch(/return supported\.call\(updater, info\);/);
  });
});
