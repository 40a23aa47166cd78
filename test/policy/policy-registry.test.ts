// The managed policy on Windows: HKLM\SOFTWARE\Policies\CaseDesk, which only administrators (and Group
// Policy) can write, wins over any file. These tests run on Linux: a fake reader stands for reg.exe,
// and reg.exe's output is parsed from a sample.
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPolicy, PolicyError, sharedLedgerPath, type PolicySources } from '../../src-main/policy/policy';
import { parseRegQuery, REGISTRY_POLICY_KEY, type RegistryKey } from '../../src-main/policy/policy-registry';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-policy-registry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CA_PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const caFile = join(dir, 'corp-ca.pem');
writeFileSync(caFile, CA_PEM);

/** A planted machine file (an ordinary user's): the registry's policy must win over it without reading it. */
const plantedDir = join(dir, 'ProgramData-CaseDesk');
mkdirSync(plantedDir);
const planted = join(plantedDir, 'policy.json');
writeFileSync(planted, JSON.stringify({ environments: { production: { base_url: 'https://evil.example.net' } } }));
chownSync(planted, 65534, 65534);

const sz = (data: string) => ({ type: 'REG_SZ' as const, data });
const dword = (data: number) => ({ type: 'REG_DWORD' as const, data });
const key = (values: RegistryKey['values'], subkeys: RegistryKey['subkeys'] = {}): RegistryKey => ({ values, subkeys });

function fromRegistry(tree: RegistryKey | null | Error): PolicySources {
  return {
    registry: {
      read: () => {
        if (tree instanceof Error) throw tree;
        return tree;
      },
    },
    // Only the ca_file is checked (the planted policy file is never read): the administrators'.
    windowsAcl: { read: (paths) => ({ user: 'S-1-5-21-1-2-3-1001', acls: paths.map(() => ({ owner: 'S-1-5-32-544', allows: [] })) }) },
  };
}

const FLEET = key(
  {
    allow_custom_base_url: dword(0),
    allow_demo: dword(0),
    require_keychain: dword(1),
    retention_days: dword(60),
    language: sz('es'),
    data_dir: { type: 'REG_EXPAND_SZ', data: '%LOCALAPPDATA%\\CaseDesk' },
    shared_ledger: sz('\\\\fileserver\\compliance\\no-contactar.xlsx'),
  },
  {
    environments: key({}, { production: key({ base_url: sz('https://bots.example.com'), ca_file: sz(caFile) }) }),
    contact_hours: key({ from: sz('09:00'), to: sz('18:00'), days: sz('mon,tue,wed') }),
  },
);

function refusal(work: () => unknown): PolicyError {
  try {
    work();
  } catch (err) {
    if (err instanceof PolicyError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('the policy in the Windows registry', () => {
  const env = { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local', CASEDESK_POLICY: join(dir, 'agent.json') };

  it('is the policy, over a file planted at C:\\ProgramData and over CASEDESK_POLICY: the same keys, DWORDs as booleans and numbers', () => {
    const loaded = loadPolicy(env, 'win32', planted, fromRegistry(FLEET));
    expect(loaded.file).toBe(REGISTRY_POLICY_KEY);
    expect(loaded.policy).toEqual({
      allow_custom_base_url: false,
      allow_demo: false,
      require_keychain: true,
      retention_days: 60,
      language: 'es',
      data_dir: 'C:\\Users\\ana\\AppData\\Local\\CaseDesk',
      shared_ledger: '\\\\fileserver\\compliance\\no-contactar.xlsx',
      environments: { production: { base_url: 'https://bots.example.com', ca_file: caFile } },
      contact_hours: { from: '09:00', to: '18:00', days: ['mon', 'tue', 'wed'] },
    });
    expect(loaded.caCertificates).toEqual({ production: CA_PEM });
    expect(loaded.warnings).toEqual([
      { code: 'policy.variable_ignored', params: { file: REGISTRY_POLICY_KEY, variable: 'CASEDESK_POLICY', ignored: env.CASEDESK_POLICY } },
    ]);
    expect(sharedLedgerPath(loaded)).toContain('no-contactar.xlsx');
  });

  it('leaves the file to decide where the key does not exist (the planted one is refused)', () => {
    const err = refusal(() =>
      loadPolicy({}, 'win32', planted, {
        registry: { read: () => null },
        windowsAcl: { read: (paths) => ({ user: 'S-1-5-21-1-2-3-1001', acls: paths.map(() => ({ owner: 'S-1-5-21-1-2-3-1001', allows: [] })) }) },
      }),
    );
    expect(err.toData()).toMatchObject({ code: 'policy.not_protected', params: { file: planted, reason: 'owner' } });
  });

  it('stops CaseDesk when it cannot be read (fail closed)', () => {
    expect(refusal(() => loadPolicy({}, 'win32', planted, fromRegistry(new Error('reg.exe failed')))).toData()).toEqual({
      code: 'policy.registry_unreadable',
      params: { file: REGISTRY_POLICY_KEY },
    });
  });

  it.each([
    ['a boolean that is neither 0 nor 1', key({ allow_demo: dword(2) }), 'policy.invalid_key', { key: 'allow_demo' }],
    ['a number as text', key({ retention_days: sz('60') }), 'policy.invalid_key', { key: 'retention_days' }],
    [
      'a relative ca_file',
      key({}, { environments: key({}, { test: key({ base_url: sz('https://t.example.com'), ca_file: sz('ca.pem') }) }) }),
      'policy.registry_path_relative',
      { key: 'environments.test.ca_file', path: 'ca.pem' },
    ],
    [
      'a relative shared_ledger',
      key({ shared_ledger: sz('no-contactar.xlsx') }),
      'policy.registry_path_relative',
      { key: 'shared_ledger', path: 'no-contactar.xlsx' },
    ],
  ])('refuses %s, naming the registry key and the value', (_name, tree, code, params) => {
    expect(refusal(() => loadPolicy({}, 'win32', planted, fromRegistry(tree))).toData()).toEqual({
      code,
      params: expect.objectContaining({ file: REGISTRY_POLICY_KEY, ...params }),
    });
  });

  it('warns of values this version does not know, as a file’s keys', () => {
    const loaded = loadPolicy({}, 'win32', planted, fromRegistry(key({ print_logo: sz('x') }, { environments: key({}, { staging: key({}) }) })));
    expect(loaded.warnings).toEqual([
      { code: 'policy.unknown_key', params: { file: REGISTRY_POLICY_KEY, key: 'print_logo' } },
      { code: 'policy.unknown_environment', params: { file: REGISTRY_POLICY_KEY, key: 'environments.staging', environment: 'staging' } },
    ]);
  });
});

describe('parseRegQuery (what reg.exe query /s prints)', () => {
  it('reads values and subkeys, DWORDs in hex and lists joined by \\0', () => {
    const output = [
      '',
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\CaseDesk',
      '    allow_demo    REG_DWORD    0x0',
      '    retention_days    REG_DWORD    0x3c',
      '    data_dir    REG_EXPAND_SZ    %LOCALAPPDATA%\\CaseDesk',
      '    update_url    REG_SZ    https://updates.example.com/casedesk/',
      '',
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\CaseDesk\\contact_hours',
      '    from    REG_SZ    08:00',
      '    days    REG_MULTI_SZ    mon\\0tue\\0fri',
      '',
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\CaseDesk\\environments',
      '',
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\CaseDesk\\environments\\production',
      '    base_url    REG_SZ    https://bots.example.com',
      '',
    ].join('\r\n');
    expect(parseRegQuery(output)).toEqual(
      key(
        {
          allow_demo: dword(0),
          retention_days: dword(60),
          data_dir: { type: 'REG_EXPAND_SZ', data: '%LOCALAPPDATA%\\CaseDesk' },
          update_url: sz('https://updates.example.com/casedesk/'),
        },
        {
          contact_hours: key({ from: sz('08:00'), days: { type: 'REG_MULTI_SZ', data: ['mon', 'tue', 'fri'] } }),
          environments: key({}, { production: key({ base_url: sz('https://bots.example.com') }) }),
        },
      ),
    );
    expect(parseRegQuery('')).toBeNull();
  });
});
