// The Electron adapter over electron-updater, with a fake autoUpdater (Electron's binary cannot run
// here): the generic provider at the policy's update_url, checks kept on, https only even after a
// redirect, the updater's events mapped, and the surface told of every state. Only the real download
// and install need Electron.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAutoUpdates, updaterPort } from '../../src-main/electron/auto-updater';
import { NO_POLICY } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import { uploadWork } from '../../src-main/app/work-keys';
import { createSurface } from '../../src-main/surface/surface';
import type { UpdaterEvent } from '../../src-main/updates/update-controller';
import type { UpdateState } from '../../src-main/updates/update-state';
import { FakeAutoUpdater } from './fake-auto-updater';

const URL = 'https://updates.example.com/casedesk/';

const dirs: string[] = [];
const made: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const ctx of made) await ctx.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function context(updateUrl: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-auto-updater-'));
  dirs.push(dir);
  const ctx = createAppContext({ dataDir: dir, policy: { ...NO_POLICY, file: join(dir, 'policy.json'), policy: updateUrl ? { update_url: updateUrl } : {} } });
  made.push(ctx);
  return { ctx, dir };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('the electron-updater port', () => {
  it('feeds from the update_url with the generic provider, keeps the checks on, and refuses plain http', () => {
    const updater = new FakeAutoUpdater();
    updaterPort(updater, URL);
    expect(updater.feed).toEqual({ provider: 'generic', url: URL });
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.disableWebInstaller).toBe(true);
    expect(updater.allowDowngrade).toBe(false);
    expect(updater.blocked).toEqual({ urls: ['http://*/*'] });
    let answer: { cancel: boolean } | null = null;
    updater.blocking!({ url: 'http://updates.example.com/latest.yml' }, (response) => (answer = response));
    expect(answer).toEqual({ cancel: true });
  });

  it('maps the updater’s events, and lets go of them', async () => {
    const updater = new FakeAutoUpdater();
    const port = updaterPort(updater, URL);
    const events: UpdaterEvent[] = [];
    const off = port.subscribe((event) => events.push(event));
    expect(await port.checkForUpdates()).toBe(true);
    await port.downloadUpdate();
    const failure = Object.assign(new Error('x'), { code: 'ERR_CHECKSUM_MISMATCH' });
    updater.emit('error', failure, 'x');
    expect(events).toEqual([
      { type: 'checking' },
      { type: 'available', version: '3.1.0' },
      { type: 'progress', percent: 40.2 },
      { type: 'downloaded', version: '3.1.0' },
      { type: 'error', error: failure },
    ]);
    off();
    for (const name of ['checking-for-update', 'update-available', 'update-not-available', 'download-progress', 'update-downloaded', 'error'])
      expect(updater.listenerCount(name)).toBe(0);
  });

  it('says false when the updater is not active, installs silently and comes back, and sets install-at-quit', async () => {
    const updater = new FakeAutoUpdater();
    updater.active = false;
    const port = updaterPort(updater, URL);
    expect(await port.checkForUpdates()).toBe(false);
    port.setInstallOnQuit(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    port.quitAndInstall();
    expect(updater.quitAndInstallArgs).toEqual([[true, true]]);
  });

  it('finds electron-updater’s autoUpdater where Node’s ES module loader puts it', () => {
    // The built main process is an ES module run by Node, whose CommonJS interop differs from the test
    // runner's: asked in a plain Node process. The getter is only looked at: it builds an updater, which needs Electron.
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import('electron-updater'); console.log(JSON.stringify({ named: 'autoUpdater' in m, getter: typeof Object.getOwnPropertyDescriptor(m.default, 'autoUpdater')?.get }));`,
      ],
      { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(JSON.parse(probe.stdout)).toEqual({ named: false, getter: 'function' });
  });
});

describe('startAutoUpdates', () => {
  it('checks, downloads and reports to the surface in a packaged app with an update_url', async () => {
    const { ctx, dir } = context(URL);
    const updater = new FakeAutoUpdater();
    const events: UpdateState[] = [];
    ctx.on('updates:state', (state) => events.push(state));
    const controller = startAutoUpdates(ctx, { packaged: true, platform: 'darwin', resourcesPath: dir, loadAutoUpdater: async () => updater });
    await settle();
    expect(updater.feed).toEqual({ provider: 'generic', url: URL });
    expect(events.map((e) => e.state)).toEqual(['checking', 'available', 'downloading', 'downloading', 'ready']);
    expect(await createSurface(ctx).call('updates:status', {})).toEqual({ ok: true, value: { state: 'ready', version: '3.1.0' } });

    // Quitting during a real tracked upload leaves the update for a later quit.
    let finish = () => {};
    const upload = ctx.track(uploadWork(3), () => new Promise<void>((resolve) => (finish = resolve)));
    expect(controller.beforeQuit()).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    finish();
    await upload;
    expect(controller.beforeQuit()).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    controller.stop();
  });

  it('never loads electron-updater without an update_url, or in an app that is not packaged', async () => {
    let loads = 0;
    const loadAutoUpdater = async () => {
      loads++;
      return new FakeAutoUpdater();
    };
    const none = context(undefined);
    startAutoUpdates(none.ctx, { packaged: true, platform: 'win32', resourcesPath: none.dir, loadAutoUpdater });
    const dev = context(URL);
    startAutoUpdates(dev.ctx, { packaged: false, platform: 'win32', resourcesPath: dev.dir, loadAutoUpdater });
    await settle();
    expect(loads).toBe(0);
    expect(await createSurface(none.ctx).call('updates:status', {})).toEqual({ ok: true, value: { state: 'disabled', reason: 'no-update-url' } });
    expect(await createSurface(dev.ctx).call('updates:status', {})).toEqual({ ok: true, value: { state: 'disabled', reason: 'not-packaged' } });
  });

  it('on Windows, updates only a build whose app-update.yml names the publisher', async () => {
    const unsigned = context(URL);
    writeFileSync(join(unsigned.dir, 'app-update.yml'), `provider: generic\nurl: https://updates.invalid/casedesk\nupdaterCacheDirName: casedesk-updater\n`);
    const updater = new FakeAutoUpdater();
    startAutoUpdates(unsigned.ctx, { packaged: true, platform: 'win32', resourcesPath: unsigned.dir, loadAutoUpdater: async () => updater });
    await settle();
    expect(unsigned.ctx.updates?.state()).toEqual({ state: 'disabled', reason: 'unsigned-build' });
    expect(updater.feed).toBeNull();

    const signed = context(URL);
    writeFileSync(
      join(signed.dir, 'app-update.yml'),
      `provider: generic\nurl: https://updates.invalid/casedesk\npublisherName:\n  - Estudio Ejemplo S.A.\nupdaterCacheDirName: casedesk-updater\n`,
    );
    const signedUpdater = new FakeAutoUpdater();
    const controller = startAutoUpdates(signed.ctx, {
      packaged: true,
      platform: 'win32',
      resourcesPath: signed.dir,
      loadAutoUpdater: async () => signedUpdater,
    });
    await settle();
    expect(signed.ctx.updates?.state()).toEqual({ state: 'ready', version: '3.1.0' });
    controller.stop();
  });
});
