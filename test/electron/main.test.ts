// The Electron shell driven by behaviour: startMain with a recording stand-in for Electron's API
// (electron-stand-in.ts), a real store in a fresh folder, and what it did read back.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain, type ShellProcess } from '../../src-main/electron/main';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { CONTENT_SECURITY_POLICY } from '../../src-main/host/host-guard';
import { appFiles } from '../../src-main/layout/app-layout';
import { NO_POLICY, type LoadedPolicy } from '../../src-main/policy/policy';
import { NATIVE_BINDING_ENV } from '../../src-main/sqlite/native-binding';
import { STORE_FILE_NAME } from '../../src-main/store/store-file';
import { createAppContext } from '../../src-main/surface/app-context';
import { electronStandIn, standInContents, type StandIn } from './electron-stand-in';
import { FakeAutoUpdater } from './fake-auto-updater';

const dirs: string[] = [];
const running: StandIn[] = [];
afterAll(async () => {
  // Each shell's store is closed the way the app closes it: through the held quit.
  for (const standIn of running) standIn.electron.app.quit();
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-shell-'));
  dirs.push(dir);
  return dir;
}

const policyWith = (policy: LoadedPolicy['policy']): LoadedPolicy => ({ ...NO_POLICY, policy });

async function start(opts: { packaged?: boolean; policy?: LoadedPolicy; env?: NodeJS.ProcessEnv; proc?: Partial<ShellProcess>; updater?: FakeAutoUpdater }) {
  const dir = tempDir();
  const standIn = electronStandIn({ packaged: opts.packaged, home: join(dir, 'home'), userData: join(dir, 'userData') });
  const proc: ShellProcess = {
    // The run's own key and key folder (vitest.config.ts): never the user's.
    env: {
      CASEDESK_DB_KEY: process.env.CASEDESK_DB_KEY,
      CASEDESK_CONFIG_DIR: process.env.CASEDESK_CONFIG_DIR,
      CASEDESK_DATA_DIR: join(dir, 'data'),
      ...opts.env,
    },
    platform: 'darwin',
    versions: {},
    resourcesPath: join(dir, 'resources'),
    loadPolicy: () => opts.policy ?? NO_POLICY,
    loadAutoUpdater: async () => opts.updater ?? new FakeAutoUpdater(),
    ...opts.proc,
  };
  startMain(standIn.electron, proc);
  await standIn.ready;
  if (standIn.windows.length > 0) running.push(standIn);
  return { standIn, proc, dataDir: join(dir, 'data') };
}

describe('the Electron shell', () => {
  it('opens one hardened window on app://casedesk, with the preload the layout names', async () => {
    const { standIn } = await start({});
    expect(standIn.schemes).toEqual(['app']);
    expect(standIn.windows).toHaveLength(1);
    const [window] = standIn.windows;
    expect(window!.options.webPreferences).toMatchObject({
      preload: appFiles().preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
    });
    expect(window!.loaded).toEqual(['app://casedesk/index.html']);
    expect(window!.shown).toBe(false);
    window!.emit('ready-to-show');
    expect(window!.shown).toBe(true);
    expect(standIn.errorBoxes).toEqual([]);
    expect(standIn.menus).toHaveLength(1);
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app, and loads the dev server while developing', async () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' };
    expect((await start({ packaged: true, env })).standIn.windows[0]!.loaded).toEqual(['app://casedesk/index.html']);
    expect((await start({ env })).standIn.windows[0]!.loaded).toEqual(['http://localhost:5173/']);
  });

  it('serves app:// only from out/renderer, with the Content-Security-Policy header', async () => {
    const { standIn } = await start({});
    const handler = standIn.protocolHandlers.get('app')!;
    const page = await handler(new Request('app://casedesk/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(standIn.fetched).toEqual([pathToFileURL(join(appFiles().rendererRoot, 'index.html')).toString()]);
    expect((await handler(new Request('app://casedesk/..%2fmain%2findex.js'))).status).toBe(404);
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect(standIn.fetched).toHaveLength(1);
  });

  it('answers IPC only for the main frame of our origin', async () => {
    const { standIn } = await start({});
    const call = standIn.ipcHandlers.get('casedesk:call')!;
    const mainFrame = { url: 'app://casedesk/index.html' };
    const ours = await call({ senderFrame: mainFrame, sender: { mainFrame } }, 'environments:list', {});
    expect(ours).toMatchObject({ ok: true });
    const refused = { ok: false, error: { code: 'host.untrusted_sender', message: 'untrusted sender' } };
    expect(await call({ senderFrame: { url: 'app://casedesk/index.html' }, sender: { mainFrame } }, 'environments:list', {})).toEqual(refused);
    const elsewhere = { url: 'https://example.com/' };
    expect(await call({ senderFrame: elsewhere, sender: { mainFrame: elsewhere } }, 'environments:list', {})).toEqual(refused);
    expect(await call({ senderFrame: null, sender: { mainFrame } }, 'environments:list', {})).toEqual(refused);
  });

  it('sends service requests through Chromium (net.fetch), never Node', async () => {
    const { standIn } = await start({});
    const call = standIn.ipcHandlers.get('casedesk:call')!;
    const mainFrame = { url: 'app://casedesk/index.html' };
    const input = { environment: 'test', email: 'agent@example.com', password: 'x', baseUrl: 'https://service.example.com' };
    await call({ senderFrame: mainFrame, sender: { mainFrame } }, 'session:signIn', input);
    expect(standIn.fetched.some((url) => url.startsWith('https://service.example.com/'))).toBe(true);
  });

  it('opens the data folder the policy names, and the default it shares with the CLI otherwise, never userData', async () => {
    const policyDir = join(tempDir(), 'policy-data');
    const named = await start({ env: { CASEDESK_DATA_DIR: '' }, policy: policyWith({ data_dir: policyDir }) });
    expect(existsSync(join(policyDir, STORE_FILE_NAME))).toBe(true);
    const { standIn } = await start({ env: { CASEDESK_DATA_DIR: '' } });
    const home = standIn.electron.app.getPath('home');
    expect(existsSync(join(home, 'Library', 'Application Support', 'CaseDesk', 'Data', STORE_FILE_NAME))).toBe(true);
    expect(existsSync(join(standIn.electron.app.getPath('userData'), STORE_FILE_NAME))).toBe(false);
    expect(named.standIn.errorBoxes).toEqual([]);
  });

  it('hardens every web contents: no navigation, no new window', async () => {
    const { standIn } = await start({});
    const { contents, on, installed } = standInContents();
    standIn.emit('web-contents-created', {}, contents);
    let prevented = false;
    on.get('will-navigate')!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(installed.windowOpen!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('shows the data-key failure in a dialog, in the system language, and stops without a window', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    // A store whose key was in CASEDESK_DB_KEY, started without it.
    const first = createAppContext({
      dataDir,
      policy: NO_POLICY,
      env: { CASEDESK_DB_KEY: 'ab'.repeat(32), CASEDESK_CONFIG_DIR: process.env.CASEDESK_CONFIG_DIR },
    });
    await first.close();
    const { standIn } = await start({ env: { CASEDESK_DATA_DIR: dataDir, CASEDESK_DB_KEY: undefined } });
    expect(standIn.errorBoxes).toEqual([{ title: 'CaseDesk', content: formatFailure('es', 'key.missing', { where: 'CASEDESK_DB_KEY' }) }]);
    expect(standIn.exitCodes).toEqual([1]);
    expect(standIn.windows).toEqual([]);
    expect(standIn.ipcHandlers.size).toBe(0);
  });

  it('under a development Electron, says how to build its native module when it is missing', async () => {
    const appRoot = tempDir();
    const { standIn } = await start({ proc: { versions: { electron: '45.4.1' }, appRoot } });
    expect(standIn.errorBoxes).toHaveLength(1);
    expect(standIn.errorBoxes[0]!.content).toContain('npm run native:electron');
    expect(standIn.exitCodes).toEqual([1]);
    expect(standIn.windows).toEqual([]);
  });

  it('under a development Electron, hands its own build of the native module to the store and the workers', async () => {
    const appRoot = tempDir();
    const nativeDir = join(appRoot, 'out', 'native', 'electron');
    mkdirSync(nativeDir, { recursive: true });
    writeFileSync(join(nativeDir, 'better_sqlite3.node'), '');
    writeFileSync(join(nativeDir, 'electron-version.txt'), '45.4.1\n');
    const dir = tempDir();
    const standIn = electronStandIn({ home: dir, userData: dir });
    // The store is not reached: a refused policy stops the start right after the choice.
    const env: NodeJS.ProcessEnv = {};
    startMain(standIn.electron, {
      env,
      platform: 'linux',
      versions: { electron: '45.4.1' },
      resourcesPath: dir,
      appRoot,
      loadPolicy: () => {
        throw new Error('stop here');
      },
    });
    await standIn.ready;
    expect(env[NATIVE_BINDING_ENV]).toBe(join(nativeDir, 'better_sqlite3.node'));
    expect(standIn.exitCodes).toEqual([1]);
  });

  it('starts updates only when packaged with a policy update_url, and forwards their state to the window', async () => {
    const withUrl = policyWith({ update_url: 'https://updates.example.com/casedesk/' });
    const runs = [
      { packaged: true, policy: withUrl, expected: 1 },
      { packaged: false, policy: withUrl, expected: 0 },
      { packaged: true, policy: NO_POLICY, expected: 0 },
    ];
    for (const run of runs) {
      let loads = 0;
      const updater = new FakeAutoUpdater();
      const { standIn } = await start({ packaged: run.packaged, policy: run.policy, proc: { loadAutoUpdater: async () => (loads++, updater) } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(loads, JSON.stringify(run)).toBe(run.expected);
      const forwarded = standIn.windows[0]!.sent.filter(([channel, name]) => channel === 'casedesk:event' && name === 'updates:state');
      expect(forwarded.length > 0, JSON.stringify(run)).toBe(run.expected === 1);
    }
  });

  it('holds the quit until the store is closed', async () => {
    const { standIn, dataDir } = await start({});
    running.splice(running.indexOf(standIn), 1);
    const wal = join(dataDir, `${STORE_FILE_NAME}-wal`);
    expect(existsSync(join(dataDir, STORE_FILE_NAME))).toBe(true);
    standIn.electron.app.quit();
    expect(standIn.quits).toBe(0);
    await expect.poll(() => standIn.quits, { timeout: 10_000 }).toBe(1);
    // Closed: the last connection's checkpoint removed the WAL.
    expect(existsSync(wal)).toBe(false);
    standIn.emit('window-all-closed');
    expect(standIn.quits).toBe(2);
  });
});
