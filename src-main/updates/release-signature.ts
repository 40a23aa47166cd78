// The Ed25519 signature a Linux release's manifest (latest-linux.yml) carries. Windows and macOS
// installers carry the OS's code signature; an AppImage or a .deb has none, and the manifest's sha512
// comes from the same server as the file. So on Linux the release process signs what decides which
// bytes get installed — the version, and each file's url and sha512 — and CaseDesk takes a release only
// when that signature verifies with the key it trusts (release-key.ts).
//
// Pure (WebCrypto, no Node import): this folder runs in the page too.
import { z } from 'zod';
import { decodeBase64, parseUpdatePublicKey } from '../domain/update-public-key';

/** Names what is signed, so a signature made for anything else with the same key never fits. */
export const RELEASE_SIGNATURE_CONTEXT = 'casedesk-release/v1';

/**
 * The manifest's fields the signature covers, as electron-updater parses them (js-yaml). `files` is
 * what it downloads from (the legacy top-level path/sha512 are read only when `files` is empty: a
 * manifest without files is refused). Each file needs a sha512: that is what binds it to its bytes.
 */
const SignedRelease = z.object({
  version: z.string().min(1),
  files: z.array(z.object({ url: z.string().min(1), sha512: z.string().min(1) })).min(1),
});
export type SignedRelease = z.infer<typeof SignedRelease>;

/** Why a release is refused: no usable key, a manifest without what is signed, no signature, or one that does not verify. */
export type ReleaseSignatureProblem = 'key_invalid' | 'manifest_invalid' | 'signature_missing' | 'signature_invalid';
export type ReleaseVerdict = { ok: true; release: SignedRelease } | { ok: false; problem: ReleaseSignatureProblem };

/** The fields the signature covers, or null when the manifest lacks them (what the signing script signs). */
export function signedRelease(manifest: unknown): SignedRelease | null {
  const release = SignedRelease.safeParse(manifest);
  return release.success ? release.data : null;
}

/**
 * The bytes signed: one JSON array (so no field can run into the next), the context first, then the
 * version and each file's url and sha512 in the manifest's order. Another version, file or checksum
 * gives other bytes: a signature cannot be replayed for them.
 */
export function signedReleaseBytes(release: SignedRelease): Uint8Array<ArrayBuffer> {
  const fields = [RELEASE_SIGNATURE_CONTEXT, release.version, release.files.map((file) => [file.url, file.sha512])];
  return new TextEncoder().encode(JSON.stringify(fields));
}

/**
 * Whether the manifest (electron-updater's parsed UpdateInfo, `signature` being base64 of the 64-byte
 * Ed25519 signature) is signed by `publicKey` (see parseUpdatePublicKey). Never throws.
 */
export async function verifyReleaseSignature(manifest: unknown, publicKey: string): Promise<ReleaseVerdict> {
  const key = parseUpdatePublicKey(publicKey);
  if (key === null) return { ok: false, problem: 'key_invalid' };
  const release = signedRelease(manifest);
  if (release === null) return { ok: false, problem: 'manifest_invalid' };
  const given = (manifest as { signature?: unknown }).signature;
  if (given === undefined || given === null || given === '') return { ok: false, problem: 'signature_missing' };
  const signature = typeof given === 'string' ? decodeBase64(given.trim()) : null;
  if (signature === null || signature.length !== 64) return { ok: false, problem: 'signature_invalid' };
  try {
    const verifier = await crypto.subtle.importKey('raw', key, { name: 'Ed25519' }, false, ['verify']);
    const valid = await crypto.subtle.verify({ name: 'Ed25519' }, verifier, signature, signedReleaseBytes(release));
    return valid ? { ok: true, release } : { ok: false, problem: 'signature_invalid' };
  } catch {
    // 32 bytes that are no point of the curve: no release can verify with them.
    return { ok: false, problem: 'key_invalid' };
  }
}
