// The OS keychain as CaseDesk uses it: a place that keeps the data key across restarts, or nothing.
import { describe, expect, it } from 'vitest';
import { memoryKeychain, osKeychain } from '../../src-main/keys/keychain';

/** No Secret Service can answer here (a headless Linux box, as this project's CI and test machines are). */
const noOsKeychainHere = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS;

describe.runIf(noOsKeychainHere)('osKeychain on Linux with no Secret Service', () => {
  // The library would fall back to the kernel's keyring, which is memory only: a data key kept there
  // is gone after a reboot, and with it every debtor in the store. "No keychain" sends it to a key file.
  it('takes nothing and finds nothing, rather than the kernel keyring that forgets at reboot', () => {
    const keychain = osKeychain('CaseDesk tests');
    // More than once: the kernel keyring's first write in a process may fail where later ones succeed.
    const accounts = [1, 2, 3].map((n) => `probe-${process.pid}-${n}`);
    try {
      for (const account of [...accounts, ...accounts]) {
        expect(keychain.set(account, 'ab'.repeat(32)), account).toBe(false);
        expect(keychain.get(account), account).toBeNull();
      }
    } finally {
      for (const account of accounts) keychain.remove(account);
    }
  });
});

describe('memoryKeychain', () => {
  it('keeps, gives back and forgets secrets by account', () => {
    const keychain = memoryKeychain();
    expect(keychain.get('a')).toBeNull();
    expect(keychain.set('a', 'secret')).toBe(true);
    expect(keychain.get('a')).toBe('secret');
    expect(keychain.remove('a')).toBe(true);
    expect(keychain.remove('a')).toBe(false);
    expect(keychain.get('a')).toBeNull();
  });
});
