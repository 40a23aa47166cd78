// The shell's window follows Electron's security checklist.
import { describe, expect, it } from 'vitest';
import { secureWindowOptions } from '../../src-main/electron/window-options';

describe('secureWindowOptions', () => {
  it('isolates and sandboxes the renderer, with no Node and no webviews', () => {
    const prefs = secureWindowOptions('/app/preload/index.cjs').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it('fits a 1366×768 screen', () => {
    const options = secureWindowOptions('p');
    expect(options.minWidth).toBeLessThanOrEqual(1366);
    expect(options.minHeight).toBeLessThanOrEqual(768);
  });
});
