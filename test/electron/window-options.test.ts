// The shell's window follows Electron's security checklist.
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createSecureWindow } from '../../src-main/electron/window-options';

function optionsOf(preload: string): BrowserWindowConstructorOptions {
  let seen: BrowserWindowConstructorOptions = {};
  class FakeWindow {
    constructor(options: BrowserWindowConstructorOptions) {
      seen = options;
    }
  }
  createSecureWindow(FakeWindow as unknown as new (o: BrowserWindowConstructorOptions) => BrowserWindow, preload);
  return seen;
}

describe('createSecureWindow', () => {
  it('isolates and sandboxes the renderer, with no Node, no webviews, no insecure content', () => {
    expect(optionsOf('/app/preload/index.cjs').webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('fits a 1366×768 screen', () => {
    const options = optionsOf('p');
    expect(options.minWidth).toBeLessThanOrEqual(1366);
    expect(options.minHeight).toBeLessThanOrEqual(768);
  });
});
