// An agent's PC in a company, end to end with child processes: the service is a TLS emulator whose
// certificate a private CA signed, reached by name through a CONNECT proxy that wants credentials,
// and the only configuration is the managed policy and the environment (HTTPS_PROXY,
// NODE_EXTRA_CA_CERTS). What the policy locks, the CLI refuses as bad input naming the policy.
import { type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_FILE_NAME } from '../../src-main/store/store-file';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy';
import { DEMO_USER } from '../support/emulator';
import { createPrivateCa, type PrivateCa } from '../support/private-ca';
import { runCasedesk, startCasedesk } from '../support/cli';

const SERVICE_NAME = 'casedesk-bots.test';
const dir = mkdtempSync(join(tmpdir(), 'casedesk-corp-'));

let ca: PrivateCa;
let emulator: ChildProcess;
let serviceUrl = '';
let proxy: TestProxy;
let policyFile = '';
let dataDir = '';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The agent's shell: the policy, the proxy with its credentials, and the account from the environment. */
function agentEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const { CASEDESK_DATA_DIR: _d, HTTPS_PROXY: _p, https_proxy: _q, NO_PROXY: _n, no_proxy: _m, NODE_EXTRA_CA_CERTS: _c, ...rest } = process.env;
  return {
    ...rest,
    CASEDESK_POLICY: policyFile,
    HTTPS_PROXY: `http://agente:s3cret@127.0.0.1:${proxy.port}`,
    CASEDESK_EMAIL: DEMO_USER.email,
    CASEDESK_PASSWORD: DEMO_USER.password,
    ...extra,
  };
}

function casedesk(args: string[], env: NodeJS.ProcessEnv = agentEnv()): Promise<Run> {
  return runCasedesk([...args], { env });
}

function writePolicy(policy: Record<string, unknown>): void {
  writeFileSync(policyFile, JSON.stringify(policy, null, 2));
}

const fleetPolicy = (withCa = true) => ({
  environments: { production: { base_url: serviceUrl, ...(withCa ? { ca_file: 'corp-ca.pem' } : {}) } },
  allow_custom_base_url: false,
  allow_demo: false,
  data_dir: dataDir,
});

beforeAll(async () => {
  ca = createPrivateCa();
  const tls = ca.issue('service', [SERVICE_NAME]);
  mkdirSync(join(dir, 'etc'));
  policyFile = join(dir, 'etc', 'policy.json');
  // IT puts the CA beside the policy; the policy names it by a relative path.
  copyFileSync(ca.caFile, join(dir, 'etc', 'corp-ca.pem'));
  dataDir = join(dir, 'agent-data');
  proxy = await startConnectProxy({ user: 'agente', password: 's3cret' });
  // The service, as `casedesk emulator` serves it over TLS.
  emulator = startCasedesk(['emulator', '--tls-cert', tls.certFile, '--tls-key', tls.keyFile, '--allowed-host', SERVICE_NAME]);
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: emulator.stdout! }).once('line', resolve);
    emulator.once('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
  const match = /^listening on https:\/\/127\.0\.0\.1:(\d+)$/.exec(first);
  expect(match, first).not.toBeNull();
  serviceUrl = `https://${SERVICE_NAME}:${match?.[1] ?? ''}`;
  writePolicy(fleetPolicy());
}, 60_000);

afterAll(async () => {
  emulator?.kill('SIGTERM');
  await proxy?.close();
  ca?.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe('the CLI on a corporate network', () => {
  it('signs in to production through the proxy, trusting the policy CA, in the policy data folder', async () => {
    const before = proxy.tunnels.length;
    const login = await casedesk(['login', '--env', 'production']);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('Signed in to production as demo@casedesk.local');
    expect(proxy.tunnels.slice(before)).toContain(`${SERVICE_NAME}:${new URL(serviceUrl).port}`);
    expect(existsSync(join(dataDir, STORE_FILE_NAME))).toBe(true);
    const bots = await casedesk(['bots', '--env', 'production', '--json']);
    expect(bots.code, bots.stderr).toBe(0);
    expect((JSON.parse(bots.stdout) as unknown[]).length).toBeGreaterThan(0);
  }, 60_000);

  it('says in words IT can act on when the proxy wants credentials, and never shows them', async () => {
    const res = await casedesk(['login', '--env', 'production'], agentEnv({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` }));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('asks for authentication (HTTP 407)');
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('trusts NODE_EXTRA_CA_CERTS where the policy gives no CA file, and says "not trusted" without either', async () => {
    writePolicy(fleetPolicy(false));
    try {
      const untrusted = await casedesk(['login', '--env', 'production']);
      expect(untrusted.code).toBe(1);
      expect(untrusted.stderr).toContain(`the certificate of ${SERVICE_NAME}:${new URL(serviceUrl).port} is not trusted`);
      const trusted = await casedesk(['login', '--env', 'production'], agentEnv({ NODE_EXTRA_CA_CERTS: ca.caFile }));
      expect(trusted.code, trusted.stderr).toBe(0);
    } finally {
      writePolicy(fleetPolicy());
    }
  }, 60_000);

  it('refuses, as bad input naming the policy, another address, Demo, and another data folder', async () => {
    const elsewhere = await casedesk(['login', '--env', 'production', '--base-url', 'https://bots.example.net']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(policyFile);
    const custom = await casedesk(['login', '--env', 'test', '--base-url', 'https://bots.example.net']);
    expect(custom.code).toBe(2);
    expect(custom.stderr).toContain('allow_custom_base_url');
    const demo = await casedesk(['login', '--env', 'demo']);
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain('allow_demo');
    const folder = await casedesk(['--data-dir', join(dir, 'elsewhere'), 'whoami']);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(policyFile);
  }, 60_000);

  it('prints the effective policy and its file', async () => {
    const res = await casedesk(['policy', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const shown = JSON.parse(res.stdout) as { file: string; policy: { allow_demo: boolean; environments: { production: { base_url: string } } } };
    expect(shown.file).toBe(policyFile);
    expect(shown.policy.allow_demo).toBe(false);
    expect(shown.policy.environments.production.base_url).toBe(serviceUrl);
    const text = await casedesk(['policy']);
    expect(text.stdout).toContain(`Policy file: ${policyFile}`);
  });

  it('stops, naming the file and the problem, on a policy it cannot parse', async () => {
    const broken = join(dir, 'etc', 'broken.json');
    writeFileSync(broken, '{"allow_demo": fals');
    const res = await casedesk(['whoami'], agentEnv({ CASEDESK_POLICY: broken }));
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`casedesk: The policy file ${broken} is not valid JSON. CaseDesk does not start without it; ask your IT department.\n`);
    const es = await casedesk(['--lang', 'es', 'whoami'], agentEnv({ CASEDESK_POLICY: broken }));
    expect(es.code).toBe(1);
    expect(es.stderr).toBe(
      `casedesk: El archivo de política ${broken} no es JSON válido. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.\n`,
    );
  });
});
