// electron-updater's autoUpdater as the adapter (src-main/electron/auto-updater.ts) sees it: Electron's
// binary cannot run here. It asks isUpdateSupported before offering a release, as electron-updater does.
import { EventEmitter } from 'node:events';
import type { AutoUpdaterLike } from '../../src-main/electron/auto-updater';

/** What the release server's latest*.yml says, as electron-updater parses it. */
export interface FakeRelease {
  version: string;
  files: { url: string; sha512: string; size?: number }[];
  signature?: string;
}

export const RELEASE: FakeRelease = { version: '3.1.0', files: [{ url: 'CaseDesk-3.1.0.AppImage', sha512: 'c2hhNTEyIG9mIDMuMS4w', size: 1000 }] };

/** electron-updater's autoUpdater as far as the adapter sees it; its release server has `release`. */
export class FakeAutoUpdater implements AutoUpdaterLike {
  private readonly events = new EventEmitter();
  autoDownload = true;
  autoInstallOnAppQuit = false;
  disableWebInstaller = false;
  allowDowngrade = true;
  // As electron-updater: asked of a release before it is offered (and kept for the download).
  isUpdateSupported: (info: { version: string }) => boolean | Promise<boolean> = () => true;
  feed: unknown = null;
  release: FakeRelease | null = RELEASE;
  offered: FakeRelease | null = null;
  downloads = 0;
  active = true;
  /** False: offers the release without asking isUpdateSupported (an updater whose hook was bypassed). */
  asksHook = true;
  quitAndInstallArgs: unknown[][] = [];
  blocked: { urls: string[] } | null = null;
  blocking: ((details: unknown, callback: (response: { cancel: boolean }) => void) => void) | null = null;
  readonly netSession = {
    webRequest: {
      onBeforeRequest: (filter: { urls: string[] }, listener: (details: unknown, callback: (response: { cancel: boolean }) => void) => void) => {
        this.blocked = filter;
        this.blocking = listener;
      },
    },
  };
  on(event: string, listener: (...args: never[]) => void) {
    return this.events.on(event, listener as (...args: unknown[]) => void);
  }
  off(event: string, listener: (...args: never[]) => void) {
    return this.events.off(event, listener as (...args: unknown[]) => void);
  }
  emit(event: string, ...args: unknown[]) {
    return this.events.emit(event, ...args);
  }
  listenerCount(event: string) {
    return this.events.listenerCount(event);
  }
  setFeedURL(options: unknown) {
    this.feed = options;
  }
  async checkForUpdates() {
    if (!this.active) return null;
    this.emit('checking-for-update');
    const release = this.release;
    if (release && (!this.asksHook || (await this.isUpdateSupported(release)))) {
      this.offered = release;
      this.emit('update-available', release);
    } else this.emit('update-not-available', release ?? { version: '1.0.0' });
    return { isUpdateAvailable: this.offered !== null };
  }
  async downloadUpdate() {
    if (!this.offered) throw new Error('Please check update first');
    this.downloads++;
    this.emit('download-progress', { percent: 40.2, bytesPerSecond: 1, total: 100, transferred: 40 });
    this.emit('update-downloaded', { version: this.offered.version, downloadedFile: '/tmp/x.exe' });
    return ['/tmp/x.exe'];
  }
  quitAndInstall(...args: unknown[]) {
    this.quitAndInstallArgs.push(args);
  }
}
