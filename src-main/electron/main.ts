// The thin Electron shell: one hardened window on the renderer, the command surface over IPC.
// Everything else runs in plain Node modules this file only wires together. It takes the Electron API
// it uses (index.ts hands in Electron's own), so a test drives it with a recording stand-in.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions, WebContents } from 'electron';
import { Failure, formatFailure } from '../domain/failures/failure';
import { formatNotice, type NoticeData } from '../domain/failures/notice';
import { DataKeyError } from '../keys/data-key';
import { APP_ROOT, appFiles } from '../layout/app-layout';
import { loadPolicy as loadPolicyFromSystem, PolicyError, type LoadedPolicy } from '../policy/policy';
import { chooseNativeBinding, NATIVE_BINDING_ENV } from '../sqlite/native-binding';
import { StoreKeyError } from '../store';
import { createAppContext } from '../surface/app-context';
import type { AppContext } from '../surface/app-context-types';
import { PROGRESS_EVENTS, type SurfaceError, type SurfaceEvents } from '../surface/procedures';
import { createSurface } from '../surface/surface';
import { appDataDir } from './app-data-dir';
import { appMenuTemplate } from './app-menu';
import { startAutoUpdates, type AutoUpdaterLike } from './auto-updater';
import { chromiumFetch } from './chromium-fetch';
import { APP_SCHEME, isTrustedSender, resolveAppPath } from './app-protocol';
import { rendererSource } from './renderer-source';
import { CONTENT_SECURITY_POLICY } from '../host/host-guard';
import { hardenWebContents } from './web-contents-security';
import { quitAfterClose } from './quit-after-close';
import { createSecureWindow } from './window-options';

/** The window, as far as the shell uses it. */
export interface ShellWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  focus(): void;
  loadURL(url: string): Promise<void>;
  readonly webContents: { send(channel: string, ...args: unknown[]): void; executeJavaScript(code: string): Promise<unknown> };
}

export interface IpcCall {
  readonly senderFrame: { readonly url: string } | null;
  readonly sender: { readonly mainFrame: unknown };
}

/** The part of Electron's API the shell uses: Electron's own in the app (index.ts), a stand-in in tests. */
export interface ElectronApi<W extends ShellWindow = ShellWindow, M = unknown> {
  app: {
    readonly isPackaged: boolean;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): unknown;
    on(event: 'second-instance' | 'window-all-closed', listener: () => void): unknown;
    on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<unknown>;
    getLocale(): string;
    getPath(name: 'home' | 'userData'): string;
    quit(): void;
    exit(code?: number): void;
  };
  BrowserWindow: { new (options: BrowserWindowConstructorOptions): W; getAllWindows(): ShellWindow[] };
  dialog: {
    showErrorBox(title: string, content: string): void;
    showMessageBox(window: W, options: { type: 'info' | 'warning'; title: string; message: string }): Promise<unknown>;
  };
  ipcMain: { handle(channel: string, listener: (event: IpcCall, ...args: unknown[]) => unknown): void };
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): M; setApplicationMenu(menu: M | null): void };
  net: { fetch(url: string, init?: RequestInit): Promise<Response>; isOnline(): boolean };
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: { standard: boolean; secure: boolean; supportFetchAPI: boolean } }[]): void;
    handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
  };
  shell: { openExternal(url: string): Promise<void> };
}

/** What the shell reads of the process: Node's own in the app. */
export interface ShellProcess {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  versions: { electron?: string | undefined };
  resourcesPath: string;
  /** The managed policy; read from its usual place by default. */
  loadPolicy?: () => LoadedPolicy;
  /** electron-updater's autoUpdater; imported by startAutoUpdates by default. */
  loadAutoUpdater?: () => Promise<AutoUpdaterLike>;
  /** Where the app's files are (layout/app-layout.ts). */
  appRoot?: string;
}

export function startMain<W extends ShellWindow, M>(electron: ElectronApi<W, M>, proc: ShellProcess): void {
  const { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, shell } = electron;
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

  const appRoot = proc.appRoot ?? APP_ROOT;
  const files = appFiles(appRoot);
  // The dev server only while developing: a packaged app ignores ELECTRON_RENDERER_URL.
  const source = rendererSource(proc.env, app.isPackaged);

  function createWindow(): W {
    const window = createSecureWindow(BrowserWindow, files.preload);
    window.once('ready-to-show', () => window.show());
    void window.loadURL(source.startUrl);
    return window;
  }

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, (url) => shell.openExternal(url)));

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(() => {
    protocol.handle(APP_SCHEME, async (request) => {
      const file = resolveAppPath(files.rendererRoot, request.url);
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
    let notices: NoticeData[] = [];
    // A development Electron opens its own build of the store's native module; a missing one is said, not crashed on.
    const native = chooseNativeBinding({ versions: proc.versions, packaged: app.isPackaged, root: appRoot, exists: existsSync, readText });
    if (!native.ok) {
      dialog.showErrorBox('CaseDesk', formatFailure(lang, native.failure.code, native.failure.params));
      app.exit(1);
      return;
    }
    // In the environment, so the worker threads (which copy it when started) open the same build.
    if (native.binding !== null) proc.env[NATIVE_BINDING_ENV] = native.binding;
    try {
      const policy = (proc.loadPolicy ?? loadPolicyFromSystem)();
      // The policy's folder, CASEDESK_DATA_DIR, or the default the CLI shares (an old store moved into it).
      const chosen = appDataDir({
        policyDir: policy.policy.data_dir,
        env: proc.env,
        platform: proc.platform,
        home: app.getPath('home'),
        userData: app.getPath('userData'),
      });
      notices = chosen.notices;
      // Chromium's network: the system proxy, PAC and the OS certificate store (IT's corporate root included).
      const network = chromiumFetch((url, init) => net.fetch(url, init));
      ctx = createAppContext({
        dataDir: chosen.dataDir,
        policy,
        env: proc.env,
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
      const message = notices.map((n) => formatNotice(lang, n.code, n.params)).join('\n\n');
      const type = notices.every((n) => n.code === 'datafolder.moved') ? 'info' : 'warning';
      window.once('ready-to-show', () => void dialog.showMessageBox(window, { type, title: 'CaseDesk', message }));
    }
    // Routes are hash-based: the menu navigates without reloading the page.
    const go = (route: string) => void window.webContents.executeJavaScript(`location.hash = ${JSON.stringify(`#${route}`)}`);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(appMenuTemplate({ isMac: proc.platform === 'darwin', isDev: source.devOrigin !== null, go, quit: () => app.quit() })),
    );
    for (const name of [...PROGRESS_EVENTS, 'updates:state'] as (keyof SurfaceEvents)[]) {
      ctx.on(name, (payload) => window.webContents.send('casedesk:event', name, payload));
    }
    const updates = startAutoUpdates(ctx, {
      packaged: app.isPackaged,
      platform: proc.platform,
      resourcesPath: proc.resourcesPath,
      online: () => net.isOnline(),
      ...(proc.loadAutoUpdater ? { loadAutoUpdater: proc.loadAutoUpdater } : {}),
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

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
