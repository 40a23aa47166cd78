// electron-updater is loaded only by a dynamic import, and its checks are never turned off: read from
// the adapter's source (the shell's own wiring is driven by behaviour in main.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const main = readFileSync(join(import.meta.dirname, '../../src-main/electron/main.ts'), 'utf8');
const autoUpdater = readFileSync(join(import.meta.dirname, '../../src-main/electron/auto-updater.ts'), 'utf8');

describe('the updater adapter', () => {
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
