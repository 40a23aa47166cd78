// The service reached from a corporate network, in-process: a TLS emulator with a private CA's
// certificate, a CONNECT proxy that may ask for credentials, and every way it can fail said as a
// problem IT can act on (never decided on message text).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, memoryVault, ServiceError } from '../../src-main/client';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import { serviceFetch, trustedCas } from '../../src-main/network/service-fetch';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy';
import { DEMO_USER } from '../support/emulator';
import { createPrivateCa, type PrivateCa } from '../support/private-ca';
import { readFileSync } from 'node:fs';

/** A name only the test proxy resolves: the client never looks it up itself when it goes through the proxy. */
const SERVICE_NAME = 'casedesk-bots.test';

let ca: PrivateCa;
let emulator: RunningEmulator;
let expired: RunningEmulator;
let otherName: RunningEmulator;
let proxy: TestProxy;
let authProxy: TestProxy;

beforeAll(async () => {
  ca = createPrivateCa();
  const tls = ca.issue('service', [SERVICE_NAME, 'localhost']);
  emulator = await startEmulator({ tickMs: 0, tls, allowedHosts: [SERVICE_NAME] });
  expired = await startEmulator({ tickMs: 0, tls: ca.issue('expired', ['localhost'], { expired: true }) });
  otherName = await startEmulator({ tickMs: 0, tls: ca.issue('other', ['elsewhere.test']), allowedHosts: ['localhost'] });
  proxy = await startConnectProxy();
  authProxy = await startConnectProxy({ user: 'agente', password: 's3cret' });
});

afterAll(async () => {
  await Promise.all([emulator?.close(), expired?.close(), otherName?.close(), proxy?.close(), authProxy?.close()]);
  ca?.remove();
});

const extraCa = () => readFileSync(ca.caFile, 'utf8');

async function signIn(baseUrl: string, fetchOptions: Parameters<typeof serviceFetch>[0]): Promise<ServiceError | 'signed-in'> {
  const session = createSession({ baseUrl, vault: memoryVault(), fetch: serviceFetch(fetchOptions), timeoutMs: 5000 });
  try {
    await session.signIn(DEMO_USER.email, DEMO_USER.password);
    return 'signed-in';
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
}

describe('TLS with a private CA', () => {
  it('serves https and prints its https address', () => {
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('is untrusted until the CA is given, then signs in', async () => {
    const url = `https://localhost:${emulator.port}`;
    expect(await signIn(url, { env: {} })).toMatchObject({
      kind: 'offline',
      ambiguous: false,
      reason: 'network',
      params: { problem: 'tls-untrusted', host: `localhost:${emulator.port}` },
    });
    expect(await signIn(url, { env: {}, extraCa: extraCa() })).toBe('signed-in');
  });

  it('says when the certificate expired, or is for another name', async () => {
    expect(await signIn(`https://localhost:${expired.port}`, { env: {}, extraCa: extraCa() })).toMatchObject({
      reason: 'network',
      params: { problem: 'tls-expired' },
    });
    expect(await signIn(`https://localhost:${otherName.port}`, { env: {}, extraCa: extraCa() })).toMatchObject({
      reason: 'network',
      params: { problem: 'tls-wrong-name' },
    });
  });

  it('keeps the usual roots and NODE_EXTRA_CA_CERTS beside an environment CA', () => {
    const cas = trustedCas('POLICY-CA', { NODE_EXTRA_CA_CERTS: ca.caFile }) ?? [];
    expect(cas.at(-1)).toBe('POLICY-CA');
    expect(cas).toContain(extraCa());
    expect(cas.length).toBeGreaterThan(100);
    // Without an environment CA, Node's own store (NODE_EXTRA_CA_CERTS included) is left as it is.
    expect(trustedCas(undefined, { NODE_EXTRA_CA_CERTS: ca.caFile })).toBeNull();
  });
});

describe('through a CONNECT proxy', () => {
  const url = () => `https://${SERVICE_NAME}:${emulator.port}`;

  it('tunnels to the service by name, as HTTPS_PROXY says', async () => {
    const before = proxy.tunnels.length;
    expect(await signIn(url(), { env: { HTTPS_PROXY: proxy.url }, extraCa: extraCa() })).toBe('signed-in');
    expect(proxy.tunnels.slice(before)).toEqual([`${SERVICE_NAME}:${emulator.port}`]);
  });

  it('gives the proxy the credentials of its URL, and says 407 when there are none', async () => {
    const refused = await signIn(url(), { env: { HTTPS_PROXY: authProxy.url }, extraCa: extraCa() });
    expect(refused).toMatchObject({
      kind: 'offline',
      ambiguous: false,
      reason: 'network',
      params: { problem: 'proxy-auth', proxy: `127.0.0.1:${authProxy.port}`, proxyStatus: 407 },
    });
    expect((refused as ServiceError).message).toContain('HTTP 407');
    const withCredentials = `http://agente:s3cret@127.0.0.1:${authProxy.port}`;
    expect(await signIn(url(), { env: { https_proxy: withCredentials }, extraCa: extraCa() })).toBe('signed-in');
    // The password never shows in what is said.
    expect(JSON.stringify({ message: (refused as ServiceError).message, params: (refused as ServiceError).params })).not.toContain('s3cret');
  });

  it('says when the proxy cannot be reached', async () => {
    const closed = await startConnectProxy();
    await closed.close();
    expect(await signIn(url(), { env: { HTTPS_PROXY: closed.url }, extraCa: extraCa() })).toMatchObject({
      reason: 'network',
      params: { problem: 'proxy-unreachable', proxy: `127.0.0.1:${closed.port}` },
    });
  });

  it('goes direct for NO_PROXY names (here the name then fails in DNS) and for loopback', async () => {
    expect(await signIn(url(), { env: { HTTPS_PROXY: proxy.url, NO_PROXY: SERVICE_NAME }, extraCa: extraCa() })).toMatchObject({
      reason: 'network',
      params: { problem: 'dns', host: `${SERVICE_NAME}:${emulator.port}` },
    });
    const before = proxy.tunnels.length;
    expect(await signIn(`https://localhost:${emulator.port}`, { env: { HTTPS_PROXY: proxy.url }, extraCa: extraCa() })).toBe('signed-in');
    expect(proxy.tunnels.length).toBe(before);
  });
});
