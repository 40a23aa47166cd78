// An Ed25519 release key made for a test, and signatures of manifests with it, as the release process
// makes them (scripts/sign-update.mjs signs the same bytes).
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { signedReleaseBytes, type SignedRelease } from '../../src-main/updates/release-signature';

export interface ReleaseKey {
  /** base64 of the SPKI (DER), as the policy names it. */
  spki: string;
  /** base64 of the 32 raw bytes. */
  raw: string;
  pem: string;
  privateKey: KeyObject;
  /** base64 of the signature of the release's signed fields. */
  sign(release: SignedRelease): string;
}

export function releaseKey(): ReleaseKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    spki: der.toString('base64'),
    raw: der.subarray(12).toString('base64'),
    pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    privateKey,
    sign: (release) => sign(null, signedReleaseBytes(release), privateKey).toString('base64'),
  };
}
