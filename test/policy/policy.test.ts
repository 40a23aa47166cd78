// The organization's policy file: read from the OS's place, or CASEDESK_POLICY where there is none
// there; fail closed when it is broken, unknown keys reported; `require_keychain` refuses a key file
// where there is no keychain.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureWords, noteLine } from '../../src-main/cli/cli-globals';
import { Failure, formatFailure } from '../../src-main/domain/failures/failure';
import { DataKeyError } from '../../src-main/keys/data-key';
import { memoryKeychain, osKeychain } from '../../src-main/keys/keychain';
import {
  effectivePolicy,
  expandDataDir,
  loadPolicy,
  machinePolicyLocation,
  NO_POLICY,
  policyLocation,
  PolicyError,
  refuseBaseUrl,
  type LoadedPolicy,
} from '../../src-main/policy/policy';
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
    expect(policyLocation({}, 'win32')).toBe('C:\\ProgramData\\CaseDesk\\policy.json');
    expect(loadPolicy({ CASEDESK_POLICY: '' }, 'linux').file === null || existsSync('/etc/casedesk/policy.json')).toBe(true);
  });

  it('reads the keys it knows and reports the others', () => {
    const file = policyFile('ok.json', JSON.stringify({ require_keychain: true, retention_days: 30, print_logo: 'x' }));
    expect(loadPolicy({ CASEDESK_POLICY: file })).toEqual({
      policy: { require_keychain: true, retention_days: 30 },
      file,
      warnings: [{ code: 'policy.unknown_key', params: { file, key: 'print_logo' } }],
      caCertificates: {},
    });
  });

  it.each([
    ['absent.json', null, 'policy.file_missing', {}],
    ['broken.json', '{"require_keychain": tru', 'policy.not_json', {}],
    ['array.json', '[]', 'policy.not_object', {}],
    ['typed.json', '{"retention_days": "90"}', 'policy.invalid_key', { key: 'retention_days' }],
    ['hours.json', '{"contact_hours": {"from": "20:00", "to": "08:00", "days": ["mon"]}}', 'policy.invalid_key', { key: 'contact_hours.to' }],
    ['days.json', '{"contact_hours": {"from": "08:00", "to": "20:00", "days": ["lunes"]}}', 'policy.invalid_key', { key: 'contact_hours.days.0' }],
  ])('stops on a policy it cannot use (%s): a code of the catalog with the file and what is wrong', (name, text, code, params) => {
    const file = text === null ? join(dir, name) : policyFile(name, text);
    const err = thrown(() => loadPolicy({ CASEDESK_POLICY: file }));
    expect(err).toBeInstanceOf(PolicyError);
    expect(err).toBeInstanceOf(Failure);
    expect((err as PolicyError).toData()).toMatchObject({ code, params: { file, ...params } });
    // Worded at the edge, in either language, naming the file.
    for (const lang of ['en', 'es'] as const) expect(failureWords((err as PolicyError).toData(), lang)).toContain(file);
  });

  it('says a key zod refuses with its path and the problem, in the language asked for', () => {
    const file = policyFile('typed-es.json', '{"retention_days": 0}');
    const err = thrown(() => loadPolicy({ CASEDESK_POLICY: file })) as PolicyError;
    expect(err.code).toBe('policy.invalid_key');
    expect(err.params).toMatchObject({ file, key: 'retention_days', problem: 'too_small', measure: 'value', bound: 'at_least', limit: 1 });
    expect(formatFailure('es', err.code, err.params)).toMatch(
      new RegExp(`^No se puede usar el archivo de política .*: retention_days: debe ser al menos 1\\. `),
    );
    expect(formatFailure('en', err.code, err.params)).toContain(': retention_days: must be at least 1. ');
  });

  // The problem is a code worded by the catalog: no sentence of zod's (English) reaches either language.
  it.each([
    ['wrong-type.json', '{"retention_days": "90"}', 'retention_days', 'type', 'retention_days: debe ser un número.'],
    ['half-day.json', '{"retention_days": 1.5}', 'retention_days', 'type', 'retention_days: debe ser un número entero.'],
    [
      'late-from.json',
      '{"contact_hours": {"from": "20:00", "to": "08:00", "days": ["mon"]}}',
      'contact_hours.to',
      'order',
      'contact_hours.to: debe ser posterior a from.',
    ],
    [
      'same-day.json',
      '{"contact_hours": {"from": "08:00", "to": "20:00", "days": ["mon", "mon"]}}',
      'contact_hours.days',
      'repeated',
      'contact_hours.days: repite un mismo valor.',
    ],
    [
      'no-days.json',
      '{"contact_hours": {"from": "08:00", "to": "20:00", "days": []}}',
      'contact_hours.days',
      'too_small',
      'contact_hours.days: debe tener al menos 1 elemento(s).',
    ],
    [
      'hour.json',
      '{"contact_hours": {"from": "8", "to": "20:00", "days": ["mon"]}}',
      'contact_hours.from',
      'format',
      'contact_hours.from: debe escribirse como una hora HH:MM.',
    ],
    ['no-to.json', '{"contact_hours": {"from": "08:00", "days": ["mon"]}}', 'contact_hours.to', 'missing', 'contact_hours.to: falta.'],
    [
      'day-name.json',
      '{"contact_hours": {"from": "08:00", "to": "20:00", "days": ["lunes"]}}',
      'contact_hours.days.0',
      'choice',
      'contact_hours.days.0: debe ser uno de estos valores: mon, tue, wed, thu, fri, sat, sun.',
    ],
    [
      'env-key.json',
      '{"environments": {"test": {"base_url": "https://bots.example.com", "ca": "x.pem"}}}',
      'environments.test',
      'unknown_key',
      'environments.test: tiene claves que no admite: ca.',
    ],
  ])('words a key it refuses (%s) from a code of its problem, in Spanish without zod’s English', (name, text, key, problem, spanish) => {
    const file = policyFile(name, text);
    const err = thrown(() => loadPolicy({ CASEDESK_POLICY: file })) as PolicyError;
    expect(err.toData()).toMatchObject({ code: 'policy.invalid_key', params: { file, key, problem } });
    const words = formatFailure('es', err.code, err.params);
    expect(words).toContain(spanish);
    expect(words).not.toMatch(/Invalid|expected|Too small|must/);
  });
});

// CASEDESK_POLICY is the agent's to set: it must not replace what IT put on the machine.
describe("the machine's policy and CASEDESK_POLICY", () => {
  const FLEET = { allow_custom_base_url: false, shared_ledger_required: true, require_keychain: true };
  const machineDir = join(dir, 'machine');
  mkdirSync(machineDir);
  const machineFile = join(machineDir, 'policy.json');
  writeFileSync(machineFile, JSON.stringify(FLEET));
  const nothing = policyFile('nothing.json', '{}');

  it("is the machine's whenever it exists: a CASEDESK_POLICY of {} changes nothing, and is said to be ignored", () => {
    const loaded = loadPolicy({ CASEDESK_POLICY: nothing }, 'linux', machineFile);
    expect(loaded.file).toBe(machineFile);
    expect(loaded.policy).toEqual(FLEET);
    const warning = { code: 'policy.variable_ignored', params: { file: machineFile, variable: 'CASEDESK_POLICY', ignored: nothing } };
    expect(loaded.warnings).toEqual([warning]);
    // What `casedesk policy` and the diagnostics show: the file used, and the warning.
    expect(effectivePolicy(loaded)).toMatchObject({ file: machineFile, policy: FLEET, warnings: [warning] });
    expect(refuseBaseUrl(loaded, 'test', 'https://agent.example.com')).toEqual({ rule: 'allow_custom_base_url', environment: 'test' });
    // Worded where the CLI prints policy warnings, naming both files, in either language.
    for (const lang of ['en', 'es'] as const) {
      const line = noteLine('warning', loaded.warnings[0]!, lang);
      expect(line).toContain('policy.variable_ignored');
      expect(line).toContain(machineFile);
      expect(line).toContain(nothing);
    }
  });

  it("is the machine's even when CASEDESK_POLICY names a file that is not there", () => {
    const loaded = loadPolicy({ CASEDESK_POLICY: join(dir, 'nowhere.json') }, 'linux', machineFile);
    expect(loaded).toMatchObject({ file: machineFile, policy: FLEET, warnings: [{ code: 'policy.variable_ignored' }] });
  });

  it("warns of nothing when CASEDESK_POLICY names the machine's own file", () => {
    expect(loadPolicy({ CASEDESK_POLICY: machineFile }, 'linux', machineFile)).toMatchObject({ file: machineFile, policy: FLEET, warnings: [] });
  });

  it('is CASEDESK_POLICY as before where the machine has none', () => {
    const absent = join(machineDir, 'absent.json');
    const own = policyFile('own.json', JSON.stringify({ retention_days: 30 }));
    expect(loadPolicy({ CASEDESK_POLICY: own }, 'linux', absent)).toEqual({ policy: { retention_days: 30 }, file: own, warnings: [], caCertificates: {} });
    expect(loadPolicy({ CASEDESK_POLICY: nothing }, 'linux', absent)).toMatchObject({ policy: {}, file: nothing, warnings: [] });
    expect(loadPolicy({}, 'linux', absent)).toBe(NO_POLICY);
    expect((thrown(() => loadPolicy({ CASEDESK_POLICY: join(dir, 'nowhere.json') }, 'linux', absent)) as PolicyError).code).toBe('policy.file_missing');
  });

  it('is looked for on Windows at the fixed C:\\ProgramData, never where %ProgramData% points', () => {
    // A policy of the agent's own where they point ProgramData.
    const agentProgramData = join(dir, 'agent-programdata');
    mkdirSync(join(agentProgramData, 'CaseDesk'), { recursive: true });
    writeFileSync(join(agentProgramData, 'CaseDesk', 'policy.json'), '{}');
    const env = { ProgramData: agentProgramData, PROGRAMDATA: agentProgramData, ALLUSERSPROFILE: agentProgramData };
    expect(machinePolicyLocation('win32')).toBe('C:\\ProgramData\\CaseDesk\\policy.json');
    expect(policyLocation(env, 'win32')).toBe('C:\\ProgramData\\CaseDesk\\policy.json');
    // On Linux there is no registry: a fake with no CaseDesk key, and an ACL reader never reached.
    const noRegistry = {
      registry: { read: () => null },
      windowsAcl: { read: (paths: readonly string[]) => ({ user: 'S-1-5-21-1-2-3-1001', acls: paths.map(() => ({ owner: 'S-1-5-18', allows: [] })) }) },
    };
    expect(loadPolicy(env, 'win32', undefined, noRegistry).file).not.toBe(join(agentProgramData, 'CaseDesk', 'policy.json'));
  });
});

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (e) {
    return e;
  }
  return null;
}

describe('require_keychain', () => {
  const policy = { ...NO_POLICY, policy: { require_keychain: true }, file: '/etc/casedesk/policy.json' };

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
    const policy = { ...NO_POLICY, policy: { retention_days: 30 }, file: '/etc/casedesk/policy.json' };
    const ctx = createAppContext({ dataDir: join(dir, 'data-retention'), policy });
    const surface = createSurface(ctx);
    const got = await surface.call('settings:get', {});
    expect(got.ok && got.value).toMatchObject({ retentionDays: 30, lockedByPolicy: ['retentionDays'] });
    const refused = await surface.call('settings:set', { retentionDays: 365 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'policy.setting_locked', params: { setting: 'retentionDays' } } });
    expect(!refused.ok && refused.error.message).toContain('/etc/casedesk/policy.json');
    // Other settings are still the agent's.
    expect((await surface.call('settings:set', { defaultAreaCode: '351' })).ok).toBe(true);
    await ctx.close();
  });
});

describe('contact_hours', () => {
  it('sets when debtors may be called, shown locked, refused from Settings, and used to check campaigns', async () => {
    const file = policyFile(
      'contact.json',
      JSON.stringify({ contact_hours: { from: '09:00', to: '18:00', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] } }),
    );
    const policy = loadPolicy({ CASEDESK_POLICY: file });
    const ctx = createAppContext({ dataDir: join(dir, 'data-contact'), policy });
    const surface = createSurface(ctx);
    const hours = { from: '09:00', to: '18:00', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] };
    expect(await surface.call('settings:get', {})).toMatchObject({ ok: true, value: { contactHours: hours, lockedByPolicy: ['contactHours'] } });
    const refused = await surface.call('settings:set', { contactHours: { from: '08:00', to: '20:00', days: ['mon'] } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'policy.setting_locked', params: { setting: 'contactHours', file } } });
    // The same hours again change nothing and are not refused.
    expect((await surface.call('settings:set', { contactHours: hours, defaultAreaCode: '351' })).ok).toBe(true);
    // The policy's hours are the ones campaigns are checked against: 08:30 is before its 09:00.
    const checked = await surface.call('campaigns:checkSchedule', { callFrom: '08:30', callTo: '18:00' });
    expect(checked.ok && checked.value.warnings.filter((w) => w.code === 'campaign.outside_contact_hours')).toEqual([
      { code: 'campaign.outside_contact_hours', params: { callFrom: '08:30', callTo: '18:00', from: '09:00', to: '18:00' } },
    ]);
    await ctx.close();
  });
});

const CA_PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('the fleet keys', () => {
  it('reads environments with their CA files (beside the policy when relative), and warns of environments it does not have', () => {
    writeFileSync(join(dir, 'corp-ca.pem'), CA_PEM);
    const file = policyFile(
      'fleet.json',
      JSON.stringify({
        environments: { production: { base_url: 'https://bots.example.com/', ca_file: 'corp-ca.pem' }, staging: { base_url: 'https://s.example.com' } },
        allow_custom_base_url: false,
        allow_demo: false,
        language: 'es',
        update_url: 'https://updates.example.com/casedesk',
      }),
    );
    const loaded = loadPolicy({ CASEDESK_POLICY: file });
    expect(loaded.caCertificates).toEqual({ production: CA_PEM });
    expect(loaded.policy).toMatchObject({ allow_custom_base_url: false, allow_demo: false, language: 'es' });
    expect(loaded.warnings).toEqual([{ code: 'policy.unknown_environment', params: { file, key: 'environments.staging', environment: 'staging' } }]);
  });

  it.each([
    [
      'http-base.json',
      { environments: { test: { base_url: 'http://bots.example.com' } } },
      'policy.invalid_url',
      { key: 'environments.test.base_url', url: 'http://bots.example.com' },
    ],
    [
      'missing-ca.json',
      { environments: { test: { base_url: 'https://bots.example.com', ca_file: 'nowhere.pem' } } },
      'policy.ca_file_unreadable',
      { key: 'environments.test.ca_file', path: join(dir, 'nowhere.pem') },
    ],
    [
      'not-pem.json',
      { environments: { production: { base_url: 'https://bots.example.com', ca_file: 'not-pem.json' } } },
      'policy.ca_file_not_pem',
      { key: 'environments.production.ca_file', path: join(dir, 'not-pem.json') },
    ],
    ['http-update.json', { update_url: 'http://updates.example.com' }, 'policy.invalid_url', { key: 'update_url', url: 'http://updates.example.com' }],
    ['http-local-update.json', { update_url: 'http://127.0.0.1:8080' }, 'policy.invalid_url', { key: 'update_url', url: 'http://127.0.0.1:8080' }],
    ['relative-data.json', { data_dir: 'casedesk-data' }, 'policy.data_dir_relative', { dataDir: 'casedesk-data' }],
    ['language.json', { language: 'fr' }, 'policy.invalid_key', { key: 'language' }],
    ['update-key.json', { update_public_key: 'not a key' }, 'policy.invalid_key', { key: 'update_public_key', problem: 'format', format: 'signing_key' }],
  ])('stops on a fleet key it cannot use (%s), as a code with the file and the key', (name, body, code, params) => {
    const file = policyFile(name, JSON.stringify(body));
    const err = thrown(() => loadPolicy({ CASEDESK_POLICY: file }));
    expect(err).toBeInstanceOf(PolicyError);
    expect((err as PolicyError).toData()).toEqual({ code, params: expect.objectContaining({ file, ...params }) });
  });

  it('reads update_public_key, an Ed25519 key in base64 (raw or SPKI) or PEM', () => {
    const publicKey = generateKeyPairSync('ed25519').publicKey;
    const spki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    for (const key of [spki, publicKey.export({ format: 'pem', type: 'spki' }).toString()]) {
      const file = policyFile('update-key-ok.json', JSON.stringify({ update_url: 'https://updates.example.com/casedesk', update_public_key: key }));
      expect(loadPolicy({ CASEDESK_POLICY: file })).toMatchObject({ policy: { update_public_key: key }, warnings: [] });
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const file = policyFile('update-key-rsa.json', JSON.stringify({ update_public_key: rsa }));
    const err = thrown(() => loadPolicy({ CASEDESK_POLICY: file })) as PolicyError;
    expect(err.toData()).toMatchObject({ code: 'policy.invalid_key', params: { key: 'update_public_key', problem: 'format' } });
    expect(formatFailure('es', err.code, err.params)).toContain('como una clave pública Ed25519');
  });

  it('expands the data folder from the user environment, and stops when a variable is not set', () => {
    expect(expandDataDir('p.json', '${HOME}/casedesk', { HOME: '/home/ana' })).toBe('/home/ana/casedesk');
    expect(expandDataDir('p.json', '~/casedesk', { HOME: '/home/ana' })).toBe(join('/home/ana', 'casedesk'));
    expect(expandDataDir('p.json', '%LOCALAPPDATA%\\CaseDesk', { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' })).toBe(
      'C:\\Users\\ana\\AppData\\Local\\CaseDesk',
    );
    expect(thrown(() => expandDataDir('p.json', '%LOCALAPPDATA%\\CaseDesk', {}))).toMatchObject({
      code: 'policy.data_dir_variable',
      params: { file: 'p.json', variable: 'LOCALAPPDATA' },
    });
  });
});

describe('a locked policy at the surface', () => {
  const locked: LoadedPolicy = {
    ...NO_POLICY,
    file: '/etc/casedesk/policy.json',
    policy: { environments: { production: { base_url: 'https://bots.example.com' } }, allow_custom_base_url: false, allow_demo: false, language: 'en' },
  };

  it('fixes production, turns test and Demo off, and refuses another address naming the policy', async () => {
    const ctx = createAppContext({ dataDir: join(dir, 'data-locked'), policy: locked });
    const surface = createSurface(ctx);
    const list = await surface.call('environments:list', {});
    expect(list.ok && list.value).toEqual([
      { name: 'demo', builtIn: true, managed: false, allowed: false, baseUrl: null },
      { name: 'test', builtIn: false, managed: false, allowed: false, baseUrl: null },
      { name: 'production', builtIn: false, managed: true, allowed: true, baseUrl: 'https://bots.example.com' },
    ]);
    const elsewhere = await surface.call('environments:setBaseUrl', { environment: 'production', baseUrl: 'https://evil.example.net' });
    expect(elsewhere).toMatchObject({
      ok: false,
      error: { code: 'policy.environment_fixed', params: { rule: 'environments', file: '/etc/casedesk/policy.json' } },
    });
    expect(!elsewhere.ok && elsewhere.error.message).toContain('/etc/casedesk/policy.json');
    const custom = await surface.call('session:signIn', { environment: 'test', email: 'ana@example.com', password: 'x', baseUrl: 'https://bots.example.com' });
    expect(custom).toMatchObject({ ok: false, error: { code: 'policy.custom_url_refused', params: { rule: 'allow_custom_base_url' } } });
    const demo = await surface.call('session:signIn', { environment: 'demo', email: 'demo@casedesk.local', password: 'demo1234' });
    expect(demo).toMatchObject({ ok: false, error: { code: 'policy.demo_off', params: { rule: 'allow_demo' } } });
    // The same address, however it is spelled, is what the policy says: accepted.
    const same = await surface.call('environments:setBaseUrl', { environment: 'production', baseUrl: 'https://bots.example.com/' });
    expect(same.ok).toBe(true);
    expect(ctx.currentEnvironment()).toBe('production');
    expect(await ctx.baseUrl('demo')).toBeNull();
    const settings = await surface.call('settings:get', {});
    expect(settings.ok && settings.value).toMatchObject({ language: 'en', lockedByPolicy: ['language'] });
    expect(await surface.call('settings:set', { language: 'es' })).toMatchObject({
      ok: false,
      error: { code: 'policy.setting_locked', params: { setting: 'language' } },
    });
    await ctx.close();
  });
});
