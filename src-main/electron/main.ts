// The thin Electron shell: one hardened window on the renderer, the command surface over IPC.
// Everything else runs in plain Node modules this file only wires together.
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Failure, formatFailure, type FailureData } from '../domain/failures/failure';
import { DataKeyError } from '../keys/data-key';
import { loadPolicy, PolicyError } from '../policy/policy';
import { StoreKeyError } from '../store';
import { createAppContext } from '../surface/app-context';
import type { AppContext } from '../surface/app-context-types';
import type { SurfaceError, SurfaceEvents } from '../surface/procedures';
import { createSurface } from '../surface/surface';
import { appDataDir } from './app-data-dir';
import { appMenuTemplate } from './app-menu';
import { startAutoUpdates } from './auto-updater';
import { chromiumFetch } from './chromium-fetch';
import { APP_SCHEME, isTrustedSender, resolveAppPath } from './app-protocol';
import { rendererSource } from './renderer-source';
import { CONTENT_SECURITY_POLICY } from '../host/host-guard';
import { hardenWebContents } from './web-contents-security';
import { quitAfterClose } from './quit-after-close';
import { createSecureWindow } from './window-options';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const here = import.meta.dirname;
const rendererRoot = join(here, '../renderer');
// The dev server only while developing: a packaged app ignores ELECTRON_RENDERER_URL.
const source = rendererSource(process.env, app.isPackaged);

function createWindow(): BrowserWindow {
  const window = createSecureWindow(BrowserWindow, join(here, '../preload/index.cjs'));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(source.startUrl);
  return window;
}

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, (url) => shell.openExternal(url)));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(() => {
    protocol.handle(APP_SCHEME, async (request) => {
      const file = resolveAppPath(rendererRoot, request.url);
      if (!file) return new Response('Not found', { status: 404 });
      const res = await net.fetch(pathToFileURL(file).toString());
      // The same Content-Security-Policy as the browser host, as a header (the page repeats it in a meta tag).
      const headers = new Headers(res.headers);
      headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      headers.set('X-Content-Type-Options', 'nosniff');
      return new Response(res.body, { status: res.status, headers });
    });
    let ctx: AppContext;
    const lang = app.getLocale().startsWith('es') ? 'es' : 'en';
    let notices: FailureData[] = [];
    try {
      const policy = loadPolicy();
      // The policy's folder, CASEDESK_DATA_DIR, or the default the CLI shares (an old store moved into it).
      const chosen = appDataDir({
        policyDir: policy.policy.data_dir,
        env: process.env,
        platform: process.platform,
        home: app.getPath('home'),
        userData: app.getPath('userData'),
      });
      notices = chosen.notices;
      // Chromium's network: the system proxy, PAC and the OS certificate store (IT's corporate root included).
      const network = chromiumFetch((url, init) => net.fetch(url, init));
      ctx = createAppContext({
        dataDir: chosen.dataDir,
        policy,
        preparationInWorker: true,
        network: () => network,
      });
    } catch (err) {
      // The data key is missing or refused by policy, the data folder is a link: say which and stop; never start on a new store.
      const known = err instanceof DataKeyError || err instanceof StoreKeyError || err instanceof PolicyError || err instanceof Failure;
      // Their words in the system's language (the renderer, which has the agent's choice, is not up yet).
      dialog.showErrorBox('CaseDesk', known ? formatFailure(lang, err.code, err.params) : 'CaseDesk could not open its data folder.');
      app.exit(1);
      return;
    }
    const surface = createSurface(ctx);
    ipcMain.handle('casedesk:call', async (event, name: unknown, input: unknown) => {
      if (!isTrustedSender(event.senderFrame?.url, event.senderFrame === event.sender.mainFrame, source)) {
        return { ok: false, error: { code: 'host.untrusted_sender', message: 'untrusted sender' } satisfies SurfaceError };
      }
      return surface.call(String(name) as never, input);
    });
    const window = createWindow();
    // A store moved, not moved or left behind: told once the window is there (the trail has the move too).
    if (notices.length > 0) {
      const message = notices.map((n) => formatFailure(lang, n.code, n.params)).join('\n\n');
      const type = notices.every((n) => n.code === 'datafolder.moved') ? 'info' : 'warning';
      window.once('ready-to-show', () => void dialog.showMessageBox(window, { type, title: 'CaseDesk', message }));
    }
    // Routes are hash-based: the menu navigates without reloading the page.
    const go = (route: string) => void window.webContents.executeJavaScript(`location.hash = ${JSON.stringify(`#${route}`)}`);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(appMenuTemplate({ isMac: process.platform === 'darwin', isDev: source.devOrigin !== null, go, quit: () => app.quit() })),
    );
    for (const name of ['upload:progress', 'download:progress', 'updates:state'] as (keyof SurfaceEvents)[]) {
      ctx.on(name, (payload) => window.webContents.send('casedesk:event', name, payload));
    }
    const updates = startAutoUpdates(ctx, {
      packaged: app.isPackaged,
      platform: process.platform,
      resourcesPath: process.resourcesPath,
      online: () => net.isOnline(),
    });
    // The quit waits for the close (a big batch just prepared is still copied into the store's file).
    quitAfterClose(app, async () => {
      // Decided before the close aborts the uploads: an update installs at this quit only if none runs.
      updates.beforeQuit();
      await ctx.close();
    });
  });
  app.on('window-all-closed', () => app.quit());
}
