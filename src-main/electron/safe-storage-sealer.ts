// The app's secret sealer: Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux the
// `basic_text` backend is a hard-coded key, no protection at all: refuse it, as Signal does.
import type { SecretSealer } from '../store';

/** The part of Electron's safeStorage this needs (so tests can hand in a stand-in). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

export function safeStorageSealer(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretSealer | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') return null;
  }
  return {
    name: 'electron-safe-storage',
    seal: async (plain) => new Uint8Array(safeStorage.encryptString(plain)),
    open: async (sealed) => safeStorage.decryptString(Buffer.from(sealed)),
  };
}
