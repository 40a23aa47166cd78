// The one window, created with Electron's security checklist spelled out where the options are
// passed (so reviewers and Electronegativity see them at the constructor).
import type { BrowserWindowConstructorOptions } from 'electron';

export function createSecureWindow<W>(Window: new (options: BrowserWindowConstructorOptions) => W, preloadPath: string): W {
  return new Window({
    width: 1366,
    height: 768,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'CaseDesk',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click opens links in new windows; there are none to open.
      disableBlinkFeatures: 'Auxclick',
    },
  });
}
