// The data key as the CLI meets it on a machine with no OS keychain (this one, and CI): kept in a
// 0600 file outside the data folder and said so; the same store opens on the next run; another
// user's copy of the folder does not open; a bad CASEDESK_DB_KEY is bad input.
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../src-main/store';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-key-'));
const dataDir = join(dir, 'data');
const configDir = join(dir, 'config');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The suite's own key is taken away: this is an agent's shell, not a test run. */
function casedesk(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { CASEDESK_DB_KEY: _k, CASEDESK_CONFIG_DIR: _c, ...rest } = process.env;
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...rest, ...env } });
}

const filesUnder = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(root, e.name)) : [join(root, e.name)]));

describe('the data key without an OS keychain', () => {
  let batchId = 0;
  let keyFile = '';

  it('keeps a new key in a 0600 file of the user configuration folder and says so', async () => {
    const res = await casedesk({ CASEDESK_CONFIG_DIR: configDir }, 'prepare', SAMPLE, '--max-phone-priority', '2', '--json');
    expect(res.code, res.stderr).toBe(0);
    batchId = (JSON.parse(res.stdout) as { batchId: number }).batchId;
    const keys = readdirSync(join(configDir, 'keys'));
    expect(keys).toHaveLength(1);
    keyFile = join(configDir, 'keys', keys[0] ?? '');
    expect(res.stderr).toContain(`casedesk: note key.kept_in_file: This machine has no OS keychain; the key that encrypts ${dataDir} is kept in ${keyFile}`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(configDir, 'keys')).mode & 0o777).toBe(0o700);
    // Never next to the data: no file of the data folder holds the key.
    const hex = readFileSync(keyFile, 'utf8').trim();
    for (const file of filesUnder(dataDir)) {
      const bytes = readFileSync(file);
      expect(bytes.includes(hex), file).toBe(false);
      expect(bytes.includes(Buffer.from(hex, 'hex')), file).toBe(false);
    }
  });

  it('opens the same store on the next run, without a passphrase', async () => {
    const res = await casedesk({ CASEDESK_CONFIG_DIR: configDir }, 'issues', String(batchId), '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).not.toHaveLength(0);
  });

  it.skipIf(process.platform === 'win32')(
    'tightens a key file an older version left 0644 in a 0755 folder before using it, and only then says it is yours alone',
    async () => {
      chmodSync(keyFile, 0o644);
      chmodSync(join(configDir, 'keys'), 0o755);
      const res = await casedesk({ CASEDESK_CONFIG_DIR: configDir }, 'issues', String(batchId), '--json');
      expect(res.code, res.stderr).toBe(0);
      expect([statSync(keyFile).mode & 0o777, statSync(join(configDir, 'keys')).mode & 0o777]).toEqual([0o600, 0o700]);
      expect(res.stderr).toContain(
        `casedesk: note key.kept_in_file: This machine has no OS keychain; the key that encrypts ${dataDir} is kept in ${keyFile} (readable only by you).`,
      );
    },
  );

  it.skipIf(process.getuid?.() !== 0)('refuses a key file readable by others that is not the user’s to tighten, naming it, and claims nothing', async () => {
    chmodSync(keyFile, 0o644);
    chownSync(keyFile, 65534, 65534);
    try {
      const res = await casedesk({ CASEDESK_CONFIG_DIR: configDir }, 'issues', String(batchId), '--json');
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain(keyFile);
      expect(res.stderr).not.toContain('key.kept_in_file');
      expect(statSync(keyFile).mode & 0o777).toBe(0o644);
    } finally {
      chownSync(keyFile, 0, 0);
      chmodSync(keyFile, 0o600);
    }
  });

  it('does not open the folder for another user (another configuration folder), and leaves it as it was', async () => {
    const before = readFileSync(storeFile(dataDir));
    const res = await casedesk({ CASEDESK_CONFIG_DIR: join(dir, 'someone-else') }, 'issues', String(batchId));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/key of this data folder is not here/);
    expect(readFileSync(storeFile(dataDir)).equals(before)).toBe(true);
    expect(() => readdirSync(join(dir, 'someone-else', 'keys'))).toThrow();
  });

  it('takes CASEDESK_DB_KEY for unattended runs, and refuses a malformed one as bad input', async () => {
    const hex = readFileSync(keyFile, 'utf8').trim();
    const ok = await casedesk({ CASEDESK_CONFIG_DIR: join(dir, 'unattended'), CASEDESK_DB_KEY: hex }, 'issues', String(batchId), '--json');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).not.toContain('no OS keychain');
    const bad = await casedesk({ CASEDESK_CONFIG_DIR: configDir, CASEDESK_DB_KEY: 'not-hex' }, 'issues', String(batchId));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('CASEDESK_DB_KEY must be 64 hexadecimal characters');
  });

  it('says where the key file is in --lang, once, as a note with its code (the run goes on)', async () => {
    const spanishData = join(dir, 'datos-es');
    const spanishConfig = join(dir, 'config-es');
    const { CASEDESK_DB_KEY: _k, CASEDESK_CONFIG_DIR: _c, ...rest } = process.env;
    const res = await runCasedesk(['--data-dir', spanishData, '--lang', 'es', 'batches', 'list', '--json'], {
      env: { ...rest, CASEDESK_POLICY: '', CASEDESK_CONFIG_DIR: spanishConfig },
    });
    expect(res.code, res.stderr).toBe(0);
    const keys = readdirSync(join(spanishConfig, 'keys'));
    expect(keys).toHaveLength(1);
    expect(res.stderr).toBe(
      `casedesk: note key.kept_in_file: Esta máquina no tiene llavero del sistema; la clave que cifra ${spanishData} se guarda en ${join(spanishConfig, 'keys', keys[0] ?? '')} (solo usted puede leerlo). Defina CASEDESK_DB_KEY para indicarla usted.\n`,
    );
  });

  it("says a well-formed key that is not this store's as store.wrong_key, in --lang, naming the store (exit 1), and leaves it as it was", async () => {
    const before = readFileSync(storeFile(dataDir));
    const other = 'ab'.repeat(32);
    const res = await casedesk({ CASEDESK_CONFIG_DIR: join(dir, 'unattended'), CASEDESK_DB_KEY: other }, '--lang', 'es', 'issues', String(batchId));
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      `casedesk: El almacén ${storeFile(dataDir)} no se puede abrir con esta clave (¿se copió la carpeta desde otra máquina, otro usuario u otra carpeta?).\n`,
    );
    expect(readFileSync(storeFile(dataDir)).equals(before)).toBe(true);
  });
});
