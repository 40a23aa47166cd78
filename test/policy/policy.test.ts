// The organization's policy file: read from CASEDESK_POLICY or the OS's place, fail closed when it
// is broken, unknown keys reported; `require_keychain` refuses a key file where there is no keychain.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataKeyError } from '../../src-main/keys/data-key';
import { memoryKeychain, osKeychain } from '../../src-main/keys/keychain';
import { loadPolicy, policyLocation, PolicyError } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function policyFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('loadPolicy', () => {
  it('looks in the OS place by default, and nothing there means nothing is managed', () => {
    expect(policyLocation({}, 'linux')).toBe('/etc/casedesk/policy.json');
    expect(policyLocation({}, 'darwin')).toBe('/Library/Application Support/CaseDesk/policy.json');
    expect(policyLocation({ ProgramData: 'C:\\ProgramData' }, 'win32')).toBe(join('C:\\ProgramData', 'CaseDesk', 'policy.json'));
    expect(loadPolicy({ CASEDESK_POLICY: '' }, 'linux').file === null || existsSync('/etc/casedesk/policy.json')).toBe(true);
  });

  it('reads the keys it knows and reports the others', () => {
    const file = policyFile('ok.json', JSON.stringify({ require_keychain: true, retention_days: 30, shared_ledger: 'x' }));
    expect(loadPolicy({ CASEDESK_POLICY: file })).toEqual({ policy: { require_keychain: true, retention_days: 30 }, file, warnings: ['unknown policy key "shared_ledger" (ignored by this version)'] });
  });

  it.each([
    ['absent.json', null, 'it does not exist'],
    ['broken.json', '{"require_keychain": tru', 'it is not valid JSON'],
    ['array.json', '[]', 'it must be a JSON object'],
    ['typed.json', '{"retention_days": "90"}', 'retention_days'],
  ])('stops on a policy it cannot use (%s), naming the file and what is wrong', (name, text, problem) => {
    const file = text === null ? join(dir, name) : policyFile(name, text);
    const err = (() => {
      try {
        loadPolicy({ CASEDESK_POLICY: file });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(PolicyError);
    expect((err as PolicyError).message).toContain(file);
    expect((err as PolicyError).message).toContain(problem);
  });
});

describe('require_keychain', () => {
  const policy = { policy: { require_keychain: true }, file: '/etc/casedesk/policy.json', warnings: [] };

  it('refuses to keep the key in a file where the OS has no keychain, and writes none', () => {
    const configDir = join(dir, 'config-refused');
    const dataDir = join(dir, 'data-refused');
    expect(() => createAppContext({ dataDir, policy, keychain: osKeychain('CaseDesk tests'), env: { CASEDESK_CONFIG_DIR: configDir } })).toThrow(DataKeyError);
    expect(existsSync(join(configDir, 'keys')) ? readdirSync(join(configDir, 'keys')) : []).toEqual([]);
  });

  it('is satisfied by a keychain', async () => {
    const keychain = memoryKeychain();
    const ctx = createAppContext({ dataDir: join(dir, 'data-keychain'), policy, keychain, env: { CASEDESK_CONFIG_DIR: join(dir, 'config-keychain') } });
    expect(ctx.dataKey.keptIn).toBe('keychain');
    expect(keychain.entries.size).toBe(1);
    await ctx.close();
  });
});

describe('retention_days', () => {
  it('sets how long data is kept, shown locked, and refuses a change from Settings', async () => {
    const policy = { policy: { retention_days: 30 }, file: '/etc/casedesk/policy.json', warnings: [] };
    const ctx = createAppContext({ dataDir: join(dir, 'data-retention'), policy });
    const surface = createSurface(ctx);
    const got = await surface.call('settings:get', {});
    expect(got.ok && got.value).toMatchObject({ retentionDays: 30, lockedByPolicy: ['retentionDays'] });
    const refused = await surface.call('settings:set', { retentionDays: 365 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', params: { setting: 'retentionDays' } } });
    expect(!refused.ok && refused.error.message).toContain('/etc/casedesk/policy.json');
    // Other settings are still the agent's.
    expect((await surface.call('settings:set', { defaultAreaCode: '351' })).ok).toBe(true);
    await ctx.close();
  });
});
