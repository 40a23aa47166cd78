// The update controller over a fake updater port: it checks on start and then on a timer, downloads
// what a check finds, reports each step, turns failures into stable codes by their code (never their
// text), and never installs while an upload runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createUpdateController,
  updateErrorCode,
  UpdateRefused,
  type UpdateControllerOptions,
  type UpdaterEvent,
  type UpdaterPort,
} from '../../src-main/updates/update-controller';
import type { UpdateState } from '../../src-main/updates/update-state';

const URL = 'https://updates.example.com/casedesk/';
const NOW = new Date('2026-03-02T13:00:00.000Z');

/** What the release server has, and how its calls go; every call to the port is recorded. */
class FakeUpdater implements UpdaterPort {
  latest: string | null = null;
  active = true;
  checkError: unknown = null;
  downloadError: unknown = null;
  /** Progress steps the download reports before it is done. */
  steps = [25, 40.7, 100];
  /** Emits 'error' as well as rejecting, the way electron-updater does. */
  emitsErrors = true;
  installOnQuit = true;
  quitAndInstallCalls = 0;
  checks = 0;
  downloads = 0;
  isOnline: boolean | undefined = undefined;
  private listeners = new Set<(event: UpdaterEvent) => void>();

  emit(event: UpdaterEvent) {
    for (const listener of this.listeners) listener(event);
  }
  async checkForUpdates() {
    this.checks++;
    if (!this.active) return false;
    this.emit({ type: 'checking' });
    await Promise.resolve();
    if (this.checkError) {
      if (this.emitsErrors) this.emit({ type: 'error', error: this.checkError });
      throw this.checkError;
    }
    this.emit(this.latest ? { type: 'available', version: this.latest } : { type: 'not-available' });
    return true;
  }
  async downloadUpdate() {
    this.downloads++;
    for (const percent of this.steps) {
      await Promise.resolve();
      this.emit({ type: 'progress', percent });
    }
    if (this.downloadError) {
      if (this.emitsErrors) this.emit({ type: 'error', error: this.downloadError });
      throw this.downloadError;
    }
    this.emit({ type: 'downloaded', version: this.latest! });
  }
  setInstallOnQuit(install: boolean) {
    this.installOnQuit = install;
  }
  quitAndInstall() {
    this.quitAndInstallCalls++;
  }
  subscribe(listener: (event: UpdaterEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  online() {
    return this.isOnline ?? true;
  }
  get subscribers() {
    return this.listeners.size;
  }
}

/** An error as electron-updater makes one: a message, and a code property. */
const updaterError = (message: string, code?: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), code ? { code } : {}, extra);

let stopAll: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopAll) stop();
  stopAll = [];
  vi.useRealTimers();
});

function setUp(options: Partial<UpdateControllerOptions> & { fake?: FakeUpdater; uploading?: { now: boolean } } = {}) {
  const fake = options.fake ?? new FakeUpdater();
  const uploading = options.uploading ?? { now: false };
  const loadPort = vi.fn(options.loadPort ?? (async () => fake));
  const controller = createUpdateController({ updateUrl: URL, packaged: true, busy: () => uploading.now, now: () => NOW, ...options, loadPort });
  stopAll.push(controller.stop);
  const seen: UpdateState[] = [];
  controller.subscribe((state) => seen.push(state));
  /** Lets the fake's chained promises run out. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { fake, uploading, loadPort, controller, seen, settle };
}

describe('the update controller', () => {
  it('is disabled without an update_url, and never loads the updater', async () => {
    const { controller, loadPort } = setUp({ updateUrl: undefined });
    await controller.start();
    expect(controller.state()).toEqual({ state: 'disabled', reason: 'no-update-url' });
    expect(loadPort).not.toHaveBeenCalled();
    expect(controller.beforeQuit()).toBe(false);
    expect(controller.restartNow()).toBe('not-ready');
  });

  it('is disabled in an app that is not packaged', async () => {
    const { controller, loadPort } = setUp({ packaged: false });
    await controller.start();
    expect(controller.state()).toEqual({ state: 'disabled', reason: 'not-packaged' });
    expect(loadPort).not.toHaveBeenCalled();
  });

  it('is disabled when the port says why (an unsigned Windows build), or cannot be made', async () => {
    const unsigned = setUp({ loadPort: async () => ({ disabled: 'unsigned-build' as const }) });
    await unsigned.controller.start();
    expect(unsigned.controller.state()).toEqual({ state: 'disabled', reason: 'unsigned-build' });
    const broken = setUp({
      loadPort: async () => {
        throw new Error('Cannot find module electron-updater');
      },
    });
    await broken.controller.start();
    expect(broken.controller.state()).toEqual({ state: 'disabled', reason: 'unsupported' });
  });

  it('checks on start with the policy’s address, and says it is up to date', async () => {
    const { controller, fake, loadPort, seen } = setUp();
    expect(controller.state()).toEqual({ state: 'idle', checkedAt: null });
    await controller.start();
    expect(loadPort).toHaveBeenCalledWith(URL);
    expect(fake.checks).toBe(1);
    expect(seen).toEqual([{ state: 'checking' }, { state: 'idle', checkedAt: NOW.toISOString() }]);
    expect(fake.downloads).toBe(0);
  });

  it('is disabled when the updater is not active in this install', async () => {
    const fake = new FakeUpdater();
    fake.active = false;
    const { controller } = setUp({ fake });
    await controller.start();
    expect(controller.state()).toEqual({ state: 'disabled', reason: 'unsupported' });
    expect(fake.subscribers).toBe(0);
  });

  it('checks again every interval, and not while a download is on its way or waiting', async () => {
    vi.useFakeTimers();
    const { controller, fake, settle } = setUp({ intervalMs: 1000 });
    await controller.start();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.checks).toBe(3);
    fake.latest = '1.2.0';
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(controller.state()).toEqual({ state: 'ready', version: '1.2.0' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.checks).toBe(4);
    expect(fake.downloads).toBe(1);
  });

  it('downloads what a check finds, reports its progress, and waits for a restart', async () => {
    const fake = new FakeUpdater();
    fake.latest = '1.2.0';
    const { controller, seen, settle } = setUp({ fake });
    await controller.start();
    await settle();
    expect(seen).toEqual([
      { state: 'checking' },
      { state: 'available', version: '1.2.0' },
      { state: 'downloading', version: '1.2.0', percent: 0 },
      { state: 'downloading', version: '1.2.0', percent: 25 },
      { state: 'downloading', version: '1.2.0', percent: 40 },
      { state: 'downloading', version: '1.2.0', percent: 100 },
      { state: 'ready', version: '1.2.0' },
    ]);
    expect(fake.downloads).toBe(1);
    // Ready is not installed: nothing quits the app.
    expect(fake.quitAndInstallCalls).toBe(0);
  });

  it('installs at a quit when no upload runs', async () => {
    const fake = new FakeUpdater();
    fake.latest = '1.2.0';
    const { controller, settle } = setUp({ fake });
    await controller.start();
    await settle();
    expect(controller.beforeQuit()).toBe(true);
    expect(fake.installOnQuit).toBe(true);
    expect(fake.quitAndInstallCalls).toBe(0);
  });

  it('never installs while an upload runs: not at that quit, not on request', async () => {
    const fake = new FakeUpdater();
    fake.latest = '1.2.0';
    const { controller, uploading, settle } = setUp({ fake, uploading: { now: true } });
    await controller.start();
    await settle();
    expect(controller.state()).toEqual({ state: 'ready', version: '1.2.0' });
    expect(controller.restartNow()).toBe('busy');
    expect(controller.beforeQuit()).toBe(false);
    expect(fake.installOnQuit).toBe(false);
    expect(fake.quitAndInstallCalls).toBe(0);
    // Once the upload is over, the next quit (or a restart now) installs it.
    uploading.now = false;
    expect(controller.beforeQuit()).toBe(true);
    expect(fake.installOnQuit).toBe(true);
    expect(controller.restartNow()).toBe('restarting');
    expect(fake.quitAndInstallCalls).toBe(1);
  });

  it('leaves the quit alone when nothing is downloaded', async () => {
    const { controller, fake } = setUp();
    await controller.start();
    fake.installOnQuit = true;
    expect(controller.beforeQuit()).toBe(false);
    expect(controller.restartNow()).toBe('not-ready');
    expect(fake.quitAndInstallCalls).toBe(0);
  });

  it('reports a failed check once, as a stable code, and the next check starts over', async () => {
    const fake = new FakeUpdater();
    fake.checkError = updaterError('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED');
    const { controller, seen } = setUp({ fake });
    await controller.start();
    expect(seen).toEqual([{ state: 'checking' }, { state: 'error', code: 'update.unreachable', at: NOW.toISOString() }]);
    fake.checkError = null;
    await controller.check();
    expect(controller.state()).toEqual({ state: 'idle', checkedAt: NOW.toISOString() });
  });

  it('discards a download whose signature or checksum is wrong: an error, never ready', async () => {
    for (const [code, expected] of [
      ['ERR_UPDATER_INVALID_SIGNATURE', 'update.bad_signature'],
      ['ERR_CHECKSUM_MISMATCH', 'update.bad_checksum'],
    ] as const) {
      const fake = new FakeUpdater();
      fake.latest = '1.2.0';
      fake.downloadError = updaterError('New version 1.2.0 is not signed by the application owner', code);
      const { controller, seen, settle } = setUp({ fake });
      await controller.start();
      await settle();
      expect(controller.state()).toEqual({ state: 'error', code: expected, at: NOW.toISOString() });
      expect(seen.filter((s) => s.state === 'ready')).toEqual([]);
      expect(seen.filter((s) => s.state === 'error')).toHaveLength(1);
      expect(controller.beforeQuit()).toBe(false);
      expect(controller.restartNow()).toBe('not-ready');
    }
  });

  it('stops listening to the updater when stopped', async () => {
    const { controller, fake } = setUp();
    await controller.start();
    expect(fake.subscribers).toBe(1);
    controller.stop();
    expect(fake.subscribers).toBe(0);
  });
});

describe('update error codes', () => {
  it('come from the error’s code, whatever its message says', () => {
    expect(updateErrorCode(updaterError('sha512 checksum mismatch', 'ERR_CHECKSUM_MISMATCH'))).toBe('update.bad_checksum');
    expect(updateErrorCode(updaterError('not signed by the application owner', 'ERR_UPDATER_INVALID_SIGNATURE'))).toBe('update.bad_signature');
    expect(updateErrorCode(updaterError('Cannot find channel "latest.yml"', 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'))).toBe('update.not_published');
    expect(updateErrorCode(updaterError('no checksum', 'ERR_UPDATER_NO_CHECKSUM'))).toBe('update.bad_release');
    expect(updateErrorCode(updaterError('getaddrinfo ENOTFOUND', 'ENOTFOUND'))).toBe('update.unreachable');
    // The same words without the code decide nothing.
    expect(updateErrorCode(new Error('sha512 checksum mismatch, ERR_CHECKSUM_MISMATCH'))).toBe('update.failed');
    expect(updateErrorCode(new Error('is not signed by the application owner: ERR_UPDATER_INVALID_SIGNATURE'))).toBe('update.failed');
    expect(updateErrorCode(updaterError('sha512 checksum mismatch', 'ERR_SOMETHING_NEW'))).toBe('update.failed');
  });

  it('keep the code of a refusal of CaseDesk’s own (a Linux release without a valid signature), offline or not', () => {
    expect(updateErrorCode(new UpdateRefused('update.unsigned_release'))).toBe('update.unsigned_release');
    expect(updateErrorCode(new UpdateRefused('update.bad_release_signature'), false)).toBe('update.bad_release_signature');
  });

  it('read an HTTP error’s status', () => {
    expect(updateErrorCode(updaterError('404 Not Found', 'HTTP_ERROR_404', { statusCode: 404 }))).toBe('update.not_published');
    expect(updateErrorCode(updaterError('503 Service Unavailable', 'HTTP_ERROR_503', { statusCode: 503 }))).toBe('update.unreachable');
    expect(updateErrorCode(updaterError('401 Unauthorized', 'HTTP_ERROR_401', { statusCode: 401 }))).toBe('update.failed');
  });

  it('say unreachable for a failure without a code only when the machine is offline', () => {
    const chromium = new Error('net::ERR_INTERNET_DISCONNECTED');
    expect(updateErrorCode(chromium)).toBe('update.failed');
    expect(updateErrorCode(chromium, true)).toBe('update.failed');
    expect(updateErrorCode(chromium, false)).toBe('update.unreachable');
    expect(updateErrorCode('a string')).toBe('update.failed');
    expect(updateErrorCode(null)).toBe('update.failed');
    // An inherited name is not a known code.
    expect(updateErrorCode({ code: 'constructor' })).toBe('update.failed');
  });

  it('asks the port whether the machine is offline', async () => {
    const fake = new FakeUpdater();
    fake.isOnline = false;
    fake.checkError = new Error('net::ERR_INTERNET_DISCONNECTED');
    const { controller } = setUp({ fake });
    await controller.start();
    expect(controller.state()).toMatchObject({ state: 'error', code: 'update.unreachable' });
  });
});
