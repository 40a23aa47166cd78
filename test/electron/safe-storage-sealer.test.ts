// Sealing secrets with the OS: used where it protects, refused where it does not.
import { describe, expect, it } from 'vitest';
import { safeStorageSealer, type SafeStorageLike } from '../../src-main/electron/safe-storage-sealer';

function fakeSafeStorage(backend: string, available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (plain) => Buffer.from(plain, 'utf8').reverse(),
    decryptString: (sealed) => Buffer.from(sealed).reverse().toString('utf8'),
  };
}

describe('safeStorageSealer', () => {
  it('seals and opens through the OS store', async () => {
    const sealer = safeStorageSealer(fakeSafeStorage('gnome_libsecret'), 'linux');
    const sealed = await sealer?.seal('refresh-token');
    expect(Buffer.from(sealed ?? []).toString()).not.toContain('refresh-token');
    expect(await sealer?.open(sealed ?? new Uint8Array())).toBe('refresh-token');
  });

  it("refuses Linux's basic_text backend and an unavailable store: nothing is kept then", () => {
    expect(safeStorageSealer(fakeSafeStorage('basic_text'), 'linux')).toBeNull();
    expect(safeStorageSealer(fakeSafeStorage('kwallet5', false), 'linux')).toBeNull();
    expect(safeStorageSealer(fakeSafeStorage('n/a'), 'darwin')).not.toBeNull();
  });
});
