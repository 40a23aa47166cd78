// Which key a Linux release must be signed with (release-signature.ts).

/**
 * The publisher's release key, built into the app: base64 of the Ed25519 public key (raw or SPKI), as
 * `node scripts/sign-update.mjs --public-key <private key>` prints it. Set it before `npm run package`
 * when you publish Linux updates. Empty here: a build from this repository trusts no key, so on Linux it
 * never updates itself unless the policy names one (update_public_key).
 */
export const BUILT_IN_RELEASE_KEY = '';

/**
 * The one key trusted: the policy's when it names one (then the built-in key is not), else the built-in
 * one; null when there is neither, and Linux updates come through the OS's packages.
 */
export function trustedReleaseKey(policyKey: string | undefined, builtIn: string = BUILT_IN_RELEASE_KEY): string | null {
  if (policyKey !== undefined) return policyKey;
  return builtIn.trim() === '' ? null : builtIn;
}
