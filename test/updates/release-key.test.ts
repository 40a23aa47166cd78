// The key a Linux release must be signed with: the policy's when it names one (and then only that one),
// else the one built into the app; this repository builds in none.
import { describe, expect, it } from 'vitest';
import { parseUpdatePublicKey } from '../../src-main/domain/update-public-key';
import { BUILT_IN_RELEASE_KEY, trustedReleaseKey } from '../../src-main/updates/release-key';
import { releaseKey } from './release-keys';

describe('trustedReleaseKey', () => {
  const policy = releaseKey().spki;
  const builtIn = releaseKey().spki;

  it('trusts only the policy’s key when it names one', () => {
    expect(trustedReleaseKey(policy, builtIn)).toBe(policy);
    expect(trustedReleaseKey(policy, '')).toBe(policy);
  });

  it('else the built-in key, and none when that is empty', () => {
    expect(trustedReleaseKey(undefined, builtIn)).toBe(builtIn);
    expect(trustedReleaseKey(undefined, '')).toBeNull();
    expect(trustedReleaseKey(undefined, '  ')).toBeNull();
  });

  it('is built without a key here (Linux does not update itself), or with one that parses', () => {
    if (BUILT_IN_RELEASE_KEY === '') expect(trustedReleaseKey(undefined)).toBeNull();
    else expect(parseUpdatePublicKey(BUILT_IN_RELEASE_KEY)).not.toBeNull();
  });
});
