// What the screens and the CLI may know of the app's updates. Pure: shared with the renderer.

/** Why this CaseDesk does not update itself. */
export const UPDATE_DISABLED_REASONS = [
  /** The organization's policy names no update_url. */
  'no-update-url',
  /** Run from the sources (npm start, development): only an installed app updates. */
  'not-packaged',
  /** The browser host and the CLI: updating is the desktop app's job. */
  'no-updater',
  /** Installed in a way electron-updater cannot update (e.g. a Linux package it does not know). */
  'unsupported',
  /** A Windows build that names no publisher: a downloaded installer's signature could not be checked, so nothing is installed. */
  'unsigned-build',
  /**
   * Linux, where an AppImage or a .deb carries no code signature: no key to check a release's signature
   * with (none built in, none in the policy's update_public_key), so updates come through the OS's packages.
   */
  'no-update-key',
] as const;
export type UpdateDisabledReason = (typeof UPDATE_DISABLED_REASONS)[number];

/** Why the last check or download failed; decided on the updater's error codes, never its text. */
export const UPDATE_ERROR_CODES = [
  /** The update address did not answer (offline, refused, timed out, a server error). */
  'update.unreachable',
  /** The address answered, but latest.yml or the installer it names is not there. */
  'update.not_published',
  /** The installer is not signed by the publisher this build names (Windows): discarded. */
  'update.bad_signature',
  /** The installer's sha512 is not the one latest.yml gives: discarded. */
  'update.bad_checksum',
  /** latest.yml is unusable (no checksum, no files, a version that is not one). */
  'update.bad_release',
  /** Linux: latest-linux.yml carries no signature: nothing is downloaded. */
  'update.unsigned_release',
  /** Linux: latest-linux.yml's signature is not the trusted key's, or not for these files and version: nothing is downloaded. */
  'update.bad_release_signature',
  'update.failed',
] as const;
export type UpdateErrorCode = (typeof UPDATE_ERROR_CODES)[number];

export type UpdateState =
  /** Up to date as of `checkedAt` (null: not checked yet). */
  | { state: 'idle'; checkedAt: string | null }
  | { state: 'disabled'; reason: UpdateDisabledReason }
  | { state: 'checking' }
  | { state: 'available'; version: string }
  | { state: 'downloading'; version: string; percent: number }
  /** Downloaded and verified: installed when CaseDesk restarts (never while an upload runs). */
  | { state: 'ready'; version: string }
  | { state: 'error'; code: UpdateErrorCode; at: string };

/** What asking to restart now did. */
export type UpdateRestartOutcome = 'restarting' | 'busy' | 'not-ready';
