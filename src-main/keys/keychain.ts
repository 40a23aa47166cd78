// The OS keychain (macOS Keychain, Windows Credential Manager, Linux Secret Service) through
// @napi-rs/keyring, which ships prebuilt binaries. Where there is none (a headless Linux box, CI),
// reads find nothing and writes fail: callers fall back, they never crash.
import { createRequire } from 'node:module';

export interface Keychain {
  /** The secret kept under this account, or null when there is none or no keychain answers. */
  get(account: string): string | null;
  /** Keeps the secret; false when no keychain would take it. */
  set(account: string, secret: string): boolean;
  /** Forgets the secret (wipe); false when there was nothing or no keychain answers. */
  remove(account: string): boolean;
}

export const KEYCHAIN_SERVICE = 'CaseDesk';

interface KeyringEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}
type KeyringModule = { Entry: new (service: string, account: string, options?: { linux?: { store?: 'secret-service' | 'keyutils' } }) => KeyringEntry };

// On Linux the library falls back to the kernel's keyring, which lives in memory: a data key kept
// there is lost at reboot, and the store with it. Only the Secret Service keeps it; else "no keychain".
const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };

function loadKeyring(): KeyringModule | null {
  try {
    // Loaded lazily: a missing native binary means "no keychain", not a failed start.
    return createRequire(import.meta.url)('@napi-rs/keyring') as KeyringModule;
  } catch {
    return null;
  }
}

export function osKeychain(service = KEYCHAIN_SERVICE): Keychain {
  const keyring = loadKeyring();
  const entry = (account: string) => (keyring ? new keyring.Entry(service, account, ENTRY_OPTIONS) : null);
  return {
    get(account) {
      try {
        return entry(account)?.getPassword() ?? null;
      } catch {
        return null;
      }
    },
    set(account, secret) {
      try {
        const e = entry(account);
        if (!e) return false;
        e.setPassword(secret);
        // Some stores accept a write they cannot give back (a locked collection): trust only a read.
        return e.getPassword() === secret;
      } catch {
        return false;
      }
    },
    remove(account) {
      try {
        return entry(account)?.deletePassword() ?? false;
      } catch {
        return false;
      }
    },
  };
}

/** A keychain in memory: tests of the keychain path, on machines that have none. */
export function memoryKeychain(): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (account) => entries.get(account) ?? null,
    set: (account, secret) => (entries.set(account, secret), true),
    remove: (account) => entries.delete(account),
  };
}
