// The release key as the policy or the build names it: base64 of the raw 32 bytes or of the SPKI, or
// SPKI in PEM; anything else (another algorithm, a cut or padded key, loose base64) is no key.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64, parseUpdatePublicKey } from '../../src-main/domain/update-public-key';

const { publicKey } = generateKeyPairSync('ed25519');
const spki = publicKey.export({ format: 'der', type: 'spki' });
const raw = new Uint8Array(spki.subarray(12));

describe('parseUpdatePublicKey', () => {
  it('reads the raw key, its SPKI and its PEM as the same 32 bytes', () => {
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    for (const text of [Buffer.from(raw).toString('base64'), spki.toString('base64'), pem, `  ${pem}\n`]) expect(parseUpdatePublicKey(text)).toEqual(raw);
  });

  it('refuses what is not an Ed25519 public key', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const pemOfRaw = `-----BEGIN PUBLIC KEY-----\n${Buffer.from(raw).toString('base64')}\n-----END PUBLIC KEY-----`;
    for (const text of ['', 'abc', Buffer.from(raw.subarray(1)).toString('base64'), Buffer.concat([spki, Buffer.from([0])]).toString('base64'), ec, pemOfRaw])
      expect(parseUpdatePublicKey(text), text).toBeNull();
  });
});

describe('decodeBase64', () => {
  it('decodes strict base64 only', () => {
    expect(decodeBase64('aGk=')).toEqual(new Uint8Array([104, 105]));
    for (const text of ['aGk', 'aG k=', 'aGk=\n', 'a-k=', '']) expect(decodeBase64(text)).toBeNull();
  });
});
