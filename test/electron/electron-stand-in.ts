// A recording stand-in for the part of Electron's API the shell uses (src-main/electron/main.ts):
// Electron's binary cannot run here, so the shell is driven through this and what it did is read back.
import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions, WebContents } from 'electron';
import type { ElectronApi, IpcCall, ShellWindow } from '../../src-main/electron/main';

type Listener = (...args: never[]) => unknown;

export class StandInWindow implements ShellWindow {
  readonly listeners = new Map<string, (() => void)[]>();
  readonly loaded: string[] = [];
  readonly sent: unknown[][] = [];
  readonly executed: string[] = [];
  shown = false;
  focused = false;
  readonly webContents = {
    send: (channel: string, ...args: unknown[]) => void this.sent.push([channel, ...args]),
    executeJavaScript: async (code: string) => void this.executed.push(code),
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {}
  once(event: 'ready-to-show', listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: 'ready-to-show') {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
  show() {
    this.shown = true;
  }
  focus() {
    this.focused = true;
  }
  async loadURL(url: string) {
    this.loaded.push(url);
  }
}

export interface StandIn {
  electron: ElectronApi<StandInWindow, MenuItemConstructorOptions[]>;
  windows: StandInWindow[];
  errorBoxes: { title: string; content: string }[];
  messageBoxes: { type: string; message: string }[];
  exitCodes: number[];
  /** app.quit() calls that went through (no before-quit listener held them). */
  quits: number;
  schemes: string[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  ipcHandlers: Map<string, (event: IpcCall, ...args: unknown[]) => unknown>;
  fetched: string[];
  menus: MenuItemConstructorOptions[][];
  emit(event: string, ...args: unknown[]): void;
  ready: Promise<void>;
}

export function electronStandIn(opts: { packaged?: boolean; locale?: string; home: string; userData: string; singleInstance?: boolean }): StandIn {
  const listeners = new Map<string, Listener[]>();
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));
  const standIn: StandIn = {
    windows: [],
    errorBoxes: [],
    messageBoxes: [],
    exitCodes: [],
    quits: 0,
    schemes: [],
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    fetched: [],
    menus: [],
    emit(event, ...args) {
      for (const listener of listeners.get(event) ?? []) (listener as (...a: unknown[]) => unknown)(...args);
    },
    ready: readyPromise,
    electron: {
      app: {
        isPackaged: opts.packaged ?? false,
        on(event: string, listener: Listener) {
          listeners.set(event, [...(listeners.get(event) ?? []), listener]);
          return this;
        },
        requestSingleInstanceLock: () => opts.singleInstance ?? true,
        // The shell's ready handler runs in the then() after this: `ready` resolves after it.
        whenReady: () => Promise.resolve().then(() => void setImmediate(markReady)),
        getLocale: () => opts.locale ?? 'es-AR',
        getPath: (name: 'home' | 'userData') => (name === 'home' ? opts.home : opts.userData),
        // As Electron: 'before-quit' first; a listener that prevents it holds the quit.
        quit() {
          let prevented = false;
          standIn.emit('before-quit', { preventDefault: () => (prevented = true) });
          if (!prevented) standIn.quits++;
        },
        exit: (code?: number) => void standIn.exitCodes.push(code ?? 0),
      },
      BrowserWindow: class extends StandInWindow {
        constructor(options: BrowserWindowConstructorOptions) {
          super(options);
          standIn.windows.push(this);
        }
        static getAllWindows() {
          return standIn.windows;
        }
      },
      dialog: {
        showErrorBox: (title: string, content: string) => void standIn.errorBoxes.push({ title, content }),
        showMessageBox: async (_window: StandInWindow, options: { type: string; message: string }) => void standIn.messageBoxes.push(options),
      },
      ipcMain: { handle: (channel, listener) => void standIn.ipcHandlers.set(channel, listener) },
      Menu: { buildFromTemplate: (template) => template, setApplicationMenu: (menu) => void (menu && standIn.menus.push(menu)) },
      net: {
        fetch: async (url: string) => {
          standIn.fetched.push(url);
          return new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
        },
        isOnline: () => true,
      },
      protocol: {
        registerSchemesAsPrivileged: (schemes) => void standIn.schemes.push(...schemes.map((s) => s.scheme)),
        handle: (scheme, handler) => void standIn.protocolHandlers.set(scheme, handler),
      },
      shell: { openExternal: async () => undefined },
    },
  };
  return standIn;
}

/** A web contents as hardenWebContents sees it, recording what was installed. */
export function standInContents() {
  const on = new Map<string, (event: { preventDefault(): void }) => void>();
  const installed: { windowOpen?: (details: { url: string }) => { action: string } } = {};
  const contents = {
    on(event: string, listener: (event: { preventDefault(): void }) => void) {
      on.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      installed.windowOpen = handler;
    },
    session: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, setDevicePermissionHandler() {} },
  };
  return { contents: contents as unknown as WebContents, on, installed };
}
