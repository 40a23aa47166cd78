// The app's updates as a small state machine around an updater port: electron-updater in the packaged
// app (src-main/electron/auto-updater.ts), a fake in tests. No Electron here, so everything but the
// download itself runs in plain Node.
//
// Installing waits for a restart, and never happens under an upload: whether the downloaded update
// installs as the app quits is decided at that quit (beforeQuit). Quitting during an upload aborts the
// upload half-way; an installer that then replaces the app (and may kill it while it still closes)
// adds nothing but risk, so that quit leaves the update downloaded, and a later quit installs it.
import type { UpdateDisabledReason, UpdateErrorCode, UpdateRestartOutcome, UpdateState } from './update-state';

export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  /** 0–100. */
  | { type: 'progress'; percent: number }
  /** Downloaded and verified (sha512 from latest.yml; on Windows the publisher's signature, on Linux latest-linux.yml's). */
  | { type: 'downloaded'; version: string }
  | { type: 'error'; error: unknown };

export interface UpdaterPort {
  /** Asks the update address for latest.yml; false when the updater is not active in this install. */
  checkForUpdates(): Promise<boolean>;
  /** Downloads the update the last check found; rejects when it cannot be verified. */
  downloadUpdate(): Promise<void>;
  /** Whether a downloaded update installs as the app quits (electron-updater's autoInstallOnAppQuit). */
  setInstallOnQuit(install: boolean): void;
  /** Quits the app and runs the installer now. */
  quitAndInstall(): void;
  subscribe(listener: (event: UpdaterEvent) => void): () => void;
  /** False when the machine knows it is offline: a failure without a code is then 'update.unreachable'. */
  online?(): boolean;
}

export interface UpdateControllerOptions {
  /** The policy's update_url; none turns updates off. */
  updateUrl: string | undefined;
  /** Only an installed app updates itself (app.isPackaged). */
  packaged: boolean;
  /** The port for this address, or why there is none here; called once, only when updates are on. */
  loadPort(url: string): Promise<UpdaterPort | { disabled: UpdateDisabledReason }>;
  /** True while an upload runs. */
  busy(): boolean;
  /** Between background checks; 4 hours by default. */
  intervalMs?: number;
  now?: () => Date;
}

export interface UpdateController {
  state(): UpdateState;
  subscribe(listener: (state: UpdateState) => void): () => void;
  /** Loads the port, checks now and then every intervalMs; resolves once the first check is done. */
  start(): Promise<void>;
  check(): Promise<void>;
  /** As the app starts quitting: installs the downloaded update at this quit only when no upload runs. True when it will. */
  beforeQuit(): boolean;
  /** Installs the downloaded update now (the app quits and comes back), unless an upload runs. */
  restartNow(): UpdateRestartOutcome;
  stop(): void;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** The updater's error codes (electron-updater, builder-util-runtime, Node) this version knows. */
const KNOWN_CODES: Record<string, UpdateErrorCode> = {
  ERR_UPDATER_INVALID_SIGNATURE: 'update.bad_signature',
  ERR_CHECKSUM_MISMATCH: 'update.bad_checksum',
  ERR_UPDATER_CHANNEL_FILE_NOT_FOUND: 'update.not_published',
  ERR_UPDATER_NO_CHECKSUM: 'update.bad_release',
  ERR_UPDATER_INVALID_UPDATE_INFO: 'update.bad_release',
  ERR_UPDATER_NO_FILES_PROVIDED: 'update.bad_release',
  ERR_UPDATER_INVALID_VERSION: 'update.bad_release',
  ERR_UPDATER_ZIP_FILE_NOT_FOUND: 'update.bad_release',
  ECONNREFUSED: 'update.unreachable',
  ECONNRESET: 'update.unreachable',
  ECONNABORTED: 'update.unreachable',
  ENOTFOUND: 'update.unreachable',
  EAI_AGAIN: 'update.unreachable',
  ETIMEDOUT: 'update.unreachable',
  ENETUNREACH: 'update.unreachable',
  ENETDOWN: 'update.unreachable',
  EHOSTUNREACH: 'update.unreachable',
};

/** A refusal of CaseDesk's own around the updater (a release whose signature does not verify), already a code. */
export class UpdateRefused extends Error {
  constructor(readonly updateCode: UpdateErrorCode) {
    super(updateCode);
    this.name = 'UpdateRefused';
  }
}

/**
 * A failure of the updater as a stable code, from its `code` (and an HTTP error's `statusCode`), never
 * its message. Anything else is 'update.failed', or 'update.unreachable' when the machine is offline.
 */
export function updateErrorCode(error: unknown, online?: boolean): UpdateErrorCode {
  if (error instanceof UpdateRefused) return error.updateCode;
  if (typeof error === 'object' && error !== null) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (typeof code === 'string' && Object.hasOwn(KNOWN_CODES, code)) return KNOWN_CODES[code]!;
    if (typeof statusCode === 'number') {
      if (statusCode === 404 || statusCode === 410) return 'update.not_published';
      if (statusCode >= 500 || statusCode === 408 || statusCode === 429) return 'update.unreachable';
    }
  }
  return online === false ? 'update.unreachable' : 'update.failed';
}

const isPort = (loaded: UpdaterPort | { disabled: UpdateDisabledReason }): loaded is UpdaterPort => !('disabled' in loaded);

export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const now = options.now ?? (() => new Date());
  const listeners = new Set<(state: UpdateState) => void>();
  let current: UpdateState =
    options.updateUrl === undefined
      ? { state: 'disabled', reason: 'no-update-url' }
      : !options.packaged
        ? { state: 'disabled', reason: 'not-packaged' }
        : { state: 'idle', checkedAt: null };
  let port: UpdaterPort | null = null;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let started = false;
  let checking = false;
  let downloading = false;

  // Read through a call: events change it while a check or a download awaits.
  const stateNow = (): UpdateState['state'] => current.state;
  const set = (next: UpdateState) => {
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    current = next;
    for (const listener of [...listeners]) {
      try {
        listener(next);
      } catch {
        // A screen that failed to take the news must not stop the others, or the updater.
      }
    }
  };
  const fail = (error: unknown) => {
    const code = updateErrorCode(error, port?.online?.());
    // electron-updater both emits 'error' and rejects the call: one state change, not two.
    if (current.state === 'error' && current.code === code) return;
    set({ state: 'error', code, at: now().toISOString() });
  };
  const disable = (reason: UpdateDisabledReason) => {
    stop();
    set({ state: 'disabled', reason });
  };

  async function download(version: string) {
    if (!port || downloading) return;
    downloading = true;
    set({ state: 'downloading', version, percent: 0 });
    try {
      await port.downloadUpdate();
      // Resolved means downloaded and verified, even if the port said nothing more.
      if (stateNow() === 'downloading') set({ state: 'ready', version });
    } catch (error) {
      fail(error);
    } finally {
      downloading = false;
    }
  }

  function onEvent(event: UpdaterEvent) {
    switch (event.type) {
      case 'checking':
        if (current.state === 'idle' || current.state === 'error') set({ state: 'checking' });
        return;
      case 'not-available':
        if (current.state === 'checking') set({ state: 'idle', checkedAt: now().toISOString() });
        return;
      case 'available':
        if (current.state === 'ready' || downloading) return;
        set({ state: 'available', version: event.version });
        // Downloaded at once, in the background; installing waits for a restart.
        void download(event.version);
        return;
      case 'progress':
        if (current.state === 'downloading') set({ ...current, percent: Math.max(0, Math.min(100, Math.floor(event.percent))) });
        return;
      case 'downloaded':
        set({ state: 'ready', version: event.version });
        return;
      case 'error':
        fail(event.error);
        return;
    }
  }

  async function check() {
    if (!port || checking || downloading) return;
    // What is downloaded (or on its way) is kept until it is installed.
    if (current.state !== 'idle' && current.state !== 'error') return;
    checking = true;
    set({ state: 'checking' });
    try {
      const active = await port.checkForUpdates();
      if (!active) disable('unsupported');
      // The check ended without an event saying what it found: nothing newer.
      else if (stateNow() === 'checking') set({ state: 'idle', checkedAt: now().toISOString() });
    } catch (error) {
      fail(error);
    } finally {
      checking = false;
    }
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    unsubscribe?.();
    unsubscribe = null;
  }

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      if (started || current.state === 'disabled' || options.updateUrl === undefined) return;
      started = true;
      let loaded;
      try {
        loaded = await options.loadPort(options.updateUrl);
      } catch {
        // No updater could be made in this install: nothing to check, nothing to install.
        disable('unsupported');
        return;
      }
      if (!isPort(loaded)) {
        disable(loaded.disabled);
        return;
      }
      port = loaded;
      unsubscribe = port.subscribe(onEvent);
      timer = setInterval(() => void check(), options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS);
      // Background checks must never keep a closing process alive.
      (timer as { unref?: () => void }).unref?.();
      await check();
    },
    check,
    beforeQuit() {
      if (!port || current.state !== 'ready') return false;
      const install = !options.busy();
      port.setInstallOnQuit(install);
      return install;
    },
    restartNow() {
      if (!port || current.state !== 'ready') return 'not-ready';
      if (options.busy()) return 'busy';
      port.quitAndInstall();
      return 'restarting';
    },
    stop,
  };
}
