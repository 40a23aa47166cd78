// The thin adapter between electron-updater's autoUpdater and the update controller. electron-updater is
// loaded (a dynamic import) only in a packaged app whose policy names an update_url: development, the
// browser host, the CLI and the tests never load it. Its checks stay on: the sha512 latest.yml gives,
// and on Windows the publisher's signature (app-update.yml names the publisher; a build that does not is
// not updated at all). On Linux, where an AppImage or a .deb has no signature of its own, a release is
// offered only when latest-linux.yml is signed by the trusted release key (updates/release-signature.ts);
// with no key, the app does not update itself there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../surface/app-context-types';
import { restartHeldBack } from '../surface/handlers/sync-handlers';
import { parseUpdatePublicKey } from '../domain/update-public-key';
import { trustedReleaseKey } from '../updates/release-key';
import { verifyReleaseSignature, type ReleaseSignatureProblem } from '../updates/release-signature';
import { namesPublisher } from '../updates/update-config';
import { createUpdateController, UpdateRefused, type UpdateController, type UpdaterEvent, type UpdaterPort } from '../updates/update-controller';
import type { UpdateDisabledReason, UpdateErrorCode } from '../updates/update-state';

/** The part of electron-updater's AppUpdater this adapter uses (a fake in tests). */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  disableWebInstaller: boolean;
  allowDowngrade: boolean;
  /** Asked of each release other than the running one before it is offered (and kept for the download). */
  isUpdateSupported: (info: { version: string }) => boolean | Promise<boolean>;
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
  /** The release key built into the app (release-key.ts); the tests name their own. */
  builtInReleaseKey?: string;
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

const REFUSALS: Record<ReleaseSignatureProblem, UpdateErrorCode> = {
  signature_missing: 'update.unsigned_release',
  signature_invalid: 'update.bad_release_signature',
  key_invalid: 'update.bad_release_signature',
  manifest_invalid: 'update.bad_release',
};

/**
 * Offers only releases whose manifest is signed by `releaseKey`, through electron-updater's
 * isUpdateSupported hook: it is asked before a release is offered and kept for the download, so an
 * unsigned one is never downloaded. What it refused is thrown from the check, as a code.
 */
function requireSignedReleases(updater: AutoUpdaterLike, releaseKey: string) {
  const verified = new WeakSet<object>();
  let refused: UpdateErrorCode | null = null;
  let offered: object | null = null;
  const supported = updater.isUpdateSupported;
  updater.isUpdateSupported = async (info) => {
    const verdict = await verifyReleaseSignature(info, releaseKey);
    if (!verdict.ok) {
      refused = REFUSALS[verdict.problem];
      return false;
    }
    verified.add(info);
    return supported.call(updater, info);
  };
  updater.on('update-available', (info: object) => (offered = info));
  return {
    startCheck: () => (refused = null),
    refusal: () => refused,
    /** Twice sure: the release about to be downloaded is one the hook verified. */
    assertVerified() {
      if (offered === null || !verified.has(offered)) throw new UpdateRefused('update.unsigned_release');
    },
  };
}

/**
 * The controller's port over electron-updater, fed from `url` (the generic provider); with a
 * `releaseKey` (Linux), only releases signed by it.
 */
export function updaterPort(updater: AutoUpdaterLike, url: string, online?: () => boolean, releaseKey?: string): UpdaterPort {
  updater.setFeedURL({ provider: 'generic', url });
  // The controller downloads what a check finds, and reports each step.
  updater.autoDownload = false;
  // On, so electron-updater installs at quit once an update is downloaded; each quit then decides
  // (UpdateController.beforeQuit): off while an upload runs.
  updater.autoInstallOnAppQuit = true;
  // CaseDesk publishes whole installers; a web installer's package would be one more thing to trust.
  updater.disableWebInstaller = true;
  // An older release, however signed, is never installed: an old manifest served again changes nothing.
  updater.allowDowngrade = false;
  const signed = releaseKey === undefined ? null : requireSignedReleases(updater, releaseKey);
  // https only, even after a redirect: latest.yml carries the checksums, so it must not travel in the clear.
  updater.netSession.webRequest.onBeforeRequest({ urls: ['http://*/*'] }, (_details, callback) => callback({ cancel: true }));
  return {
    async checkForUpdates() {
      signed?.startCheck();
      // null: the updater is not active in this install.
      const active = (await updater.checkForUpdates()) !== null;
      const refused = signed?.refusal();
      if (refused) throw new UpdateRefused(refused);
      return active;
    },
    async downloadUpdate() {
      signed?.assertVerified();
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
        // A refused release is reported by the check as what it is, not as "up to date".
        [
          'update-not-available',
          () => {
            if (!signed?.refusal()) listener({ type: 'not-available' });
          },
        ],
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
    busy: () => restartHeldBack(ctx),
    async loadPort(url): Promise<UpdaterPort | { disabled: UpdateDisabledReason }> {
      const load = env.loadAutoUpdater ?? importAutoUpdater;
      if (env.platform === 'win32') {
        if (!namesPublisher(readAppUpdateConfig(env.resourcesPath))) return { disabled: 'unsigned-build' };
      } else if (env.platform !== 'darwin') {
        // Linux (electron-updater's AppImage and package updaters): a signed manifest, or no self-update.
        const key = trustedReleaseKey(ctx.policy.policy.update_public_key, env.builtInReleaseKey);
        if (key === null || parseUpdatePublicKey(key) === null) return { disabled: 'no-update-key' };
        return updaterPort(await load(), url, env.online, key);
      }
      return updaterPort(await load(), url, env.online);
    },
  });
  ctx.updates = controller;
  controller.subscribe((state) => ctx.emit('updates:state', state));
  void controller.start();
  return controller;
}
