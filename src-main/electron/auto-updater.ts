// The thin adapter between electron-updater's autoUpdater and the update controller. electron-updater is
// loaded (a dynamic import) only in a packaged app whose policy names an update_url: development, the
// browser host, the CLI and the tests never load it. Its checks stay on: the sha512 latest.yml gives,
// and on Windows the publisher's signature (app-update.yml names the publisher; a build that does not is
// not updated at all).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../surface/app-context-types';
import { uploadsRunning } from '../surface/handlers/sync-handlers';
import { namesPublisher } from '../updates/update-config';
import { createUpdateController, type UpdateController, type UpdaterEvent, type UpdaterPort } from '../updates/update-controller';
import type { UpdateDisabledReason } from '../updates/update-state';

/** The part of electron-updater's AppUpdater this adapter uses (a fake in tests). */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  disableWebInstaller: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  /** The session electron-updater downloads with. */
  readonly netSession: {
    webRequest: { onBeforeRequest(filter: { urls: string[] }, listener: (details: unknown, callback: (response: { cancel: boolean }) => void) => void): void };
  };
}

export interface AutoUpdateEnvironment {
  packaged: boolean;
  platform: NodeJS.Platform;
  /** Where electron-builder put app-update.yml (process.resourcesPath). */
  resourcesPath: string;
  /** Electron's net.isOnline. */
  online?: () => boolean;
  /** electron-updater's autoUpdater; loaded here by default. */
  loadAutoUpdater?: () => Promise<AutoUpdaterLike>;
}

/**
 * electron-updater is CommonJS: imported by Node's ES module loader (the built app), autoUpdater is a
 * property of the default export only (a getter the loader cannot see); bundlers may name it too.
 */
async function importAutoUpdater(): Promise<AutoUpdaterLike> {
  const loaded = (await import('electron-updater')) as unknown as { autoUpdater?: AutoUpdaterLike; default?: { autoUpdater?: AutoUpdaterLike } };
  const updater = loaded.default?.autoUpdater ?? loaded.autoUpdater;
  if (!updater) throw new Error('electron-updater has no autoUpdater');
  return updater;
}

/** The controller's port over electron-updater, fed from `url` (the generic provider). */
export function updaterPort(updater: AutoUpdaterLike, url: string, online?: () => boolean): UpdaterPort {
  updater.setFeedURL({ provider: 'generic', url });
  // The controller downloads what a check finds, and reports each step.
  updater.autoDownload = false;
  // On, so electron-updater installs at quit once an update is downloaded; each quit then decides
  // (UpdateController.beforeQuit): off while an upload runs.
  updater.autoInstallOnAppQuit = true;
  // CaseDesk publishes whole installers; a web installer's package would be one more thing to trust.
  updater.disableWebInstaller = true;
  // https only, even after a redirect: latest.yml carries the checksums, so it must not travel in the clear.
  updater.netSession.webRequest.onBeforeRequest({ urls: ['http://*/*'] }, (_details, callback) => callback({ cancel: true }));
  return {
    async checkForUpdates() {
      // null: the updater is not active in this install.
      return (await updater.checkForUpdates()) !== null;
    },
    async downloadUpdate() {
      await updater.downloadUpdate();
    },
    setInstallOnQuit(install) {
      updater.autoInstallOnAppQuit = install;
    },
    quitAndInstall() {
      // Silent, and CaseDesk comes back once installed.
      updater.quitAndInstall(true, true);
    },
    subscribe(listener) {
      const handlers: [string, (...args: never[]) => void][] = [
        ['checking-for-update', () => listener({ type: 'checking' })],
        ['update-available', (info: { version: string }) => listener({ type: 'available', version: info.version })],
        ['update-not-available', () => listener({ type: 'not-available' })],
        ['download-progress', (progress: { percent: number }) => listener({ type: 'progress', percent: progress.percent })],
        ['update-downloaded', (event: { version: string }) => listener({ type: 'downloaded', version: event.version })],
        ['error', (error: unknown) => listener({ type: 'error', error } satisfies UpdaterEvent)],
      ];
      for (const [name, handler] of handlers) updater.on(name, handler);
      return () => {
        for (const [name, handler] of handlers) updater.off(name, handler);
      };
    },
    ...(online ? { online } : {}),
  };
}

function readAppUpdateConfig(resourcesPath: string): string {
  try {
    return readFileSync(join(resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    return '';
  }
}

/** Creates the app's update controller, hands it to the surface (updates:status, the updates:state event) and starts it. */
export function startAutoUpdates(ctx: AppContext, env: AutoUpdateEnvironment): UpdateController {
  const controller = createUpdateController({
    updateUrl: ctx.policy.policy.update_url,
    packaged: env.packaged,
    busy: () => uploadsRunning(ctx),
    async loadPort(url): Promise<UpdaterPort | { disabled: UpdateDisabledReason }> {
      if (env.platform === 'win32' && !namesPublisher(readAppUpdateConfig(env.resourcesPath))) return { disabled: 'unsigned-build' };
      return updaterPort(await (env.loadAutoUpdater ?? importAutoUpdater)(), url, env.online);
    },
  });
  ctx.updates = controller;
  controller.subscribe((state) => ctx.emit('updates:state', state));
  void controller.start();
  return controller;
}
