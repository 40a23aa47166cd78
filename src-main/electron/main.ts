// The thin Electron shell: one hardened window on the renderer. Everything else runs in plain Node
// modules this file only wires together.
import { app, BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { secureWindowOptions } from './window-options';

function createWindow(): void {
  const here = import.meta.dirname;
  const window = new BrowserWindow(secureWindowOptions(join(here, '../preload/index.cjs')));
  window.once('ready-to-show', () => window.show());
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void window.loadURL(devUrl);
  else void window.loadFile(join(here, '../renderer/index.html'));
}

// Navigation, new windows and webviews are refused everywhere; http(s) links open in the browser.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(() => {
    createWindow();
  });
  app.on('window-all-closed', () => app.quit());
}
