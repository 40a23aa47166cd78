// Signs a Linux release's manifest for CaseDesk's updater (src-main/updates/release-signature.ts): the
// version and each file's url and sha512 of latest-linux.yml, with the publisher's Ed25519 private key,
// written into the file as `signature:`. Run it after `npm run package`, before latest-linux.yml is
// uploaded (last, after the AppImage). The key stays off the update server: whoever holds it can ship code.
//
//   openssl genpkey -algorithm ed25519 -out release-key.pem        (once; keep it offline)
//   node scripts/sign-update.mjs --public-key release-key.pem      (the public key, for update_public_key or release-key.ts)
//   node scripts/sign-update.mjs --key release-key.pem dist/latest-linux.yml
//
// The manifest is read with electron-updater's own YAML parser, and the bytes signed come from the
// app's own code, so what is signed is what the app verifies.
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const require = createRequire(import.meta.url);
const yaml = createRequire(require.resolve('electron-updater'))('js-yaml');
const { signedRelease, signedReleaseBytes, verifyReleaseSignature } = await tsImport('../src-main/updates/release-signature.ts', import.meta.url);

function fail(message) {
  process.stderr.write(`sign-update: ${message}\n`);
  process.exit(2);
}

function privateKey(file) {
  let key;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch {
    fail(`${file} is not a private key (PEM or DER)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') fail(`${file} is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** base64 of the public key's SPKI, as the policy's update_public_key takes it. */
const publicKeyText = (key) => createPublicKey(key).export({ format: 'der', type: 'spki' }).toString('base64');

const { values, positionals } = parseArgs({ options: { key: { type: 'string' }, 'public-key': { type: 'string' } }, allowPositionals: true });

if (values['public-key'] !== undefined) {
  process.stdout.write(`${publicKeyText(privateKey(values['public-key']))}\n`);
  process.exit(0);
}
if (values.key === undefined || positionals.length !== 1) fail('usage: node scripts/sign-update.mjs --key <private key> <latest-linux.yml>');

const key = privateKey(values.key);
const file = positionals[0];
let text;
try {
  text = readFileSync(file, 'utf8');
} catch {
  fail(`cannot read ${file}`);
}
const release = signedRelease(yaml.load(text));
if (release === null) fail(`${file} has no version, or no files each with a url and a sha512`);

// Any earlier signature goes; the rest of the file stays byte for byte.
const signature = sign(null, signedReleaseBytes(release), key).toString('base64');
const kept = text.replace(/^signature:.*(\r?\n|$)/gm, '');
const signed = `${kept}${kept === '' || kept.endsWith('\n') ? '' : '\n'}signature: '${signature}'\n`;

// What the app will read must verify before it replaces the file.
const check = await verifyReleaseSignature(yaml.load(signed), publicKeyText(key));
if (!check.ok) fail(`the signed manifest does not verify (${check.problem})`);
writeFileSync(`${file}.tmp`, signed);
renameSync(`${file}.tmp`, file);
process.stdout.write(`signed ${file}: version ${release.version}, ${release.files.length} file(s)\n`);
