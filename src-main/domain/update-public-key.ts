// The Ed25519 public key that signs Linux releases, as the policy (update_public_key) or the build
// names it. Pure text and bytes: the policy checks a key with it, the updater verifies with it.

/** What every Ed25519 SubjectPublicKeyInfo (DER) starts with: the OID 1.3.101.112 and a 32-byte bit string. */
const ED25519_SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

/** Strict base64 (padding included): anything else is not a key, rather than a key read wrong. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The key's 32 raw bytes, from base64 of the raw key, base64 of its SPKI (DER), or SPKI in PEM
 * (`openssl pkey -pubout`); null for anything else, an RSA or EC key included.
 */
export function parseUpdatePublicKey(text: string): Uint8Array<ArrayBuffer> | null {
  const pem = /^-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----$/.exec(text.trim());
  const bytes = decodeBase64(pem ? pem[1]!.replace(/\s+/g, '') : text.trim());
  if (bytes === null) return null;
  if (bytes.length === 32 && !pem) return bytes;
  if (bytes.length === 44 && ED25519_SPKI_PREFIX.every((byte, i) => bytes[i] === byte)) return bytes.slice(12);
  return null;
}
