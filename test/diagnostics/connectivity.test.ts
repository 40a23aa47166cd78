// The connection test of a diagnostics export, against real servers: an emulator that answers, a
// port nobody listens on, a TLS emulator whose certificate a private CA signed (untrusted until the
// policy's CA is given), a CONNECT proxy with and without credentials, and a server that never
// answers (each step gives up at its deadline). Problems are the client's codes, never message text.
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort as freePort } from '../support/closed-port';
import { checkConnectivity, proxyFor, type ConnectivityTarget } from '../../src-main/diagnostics/connectivity';
import { chromiumFetch } from '../../src-main/electron/chromium-fetch';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import { serviceFetch } from '../../src-main/network/service-fetch';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy';
import { createPrivateCa, type PrivateCa } from '../support/private-ca';

/** Only the test proxy resolves it (*.test never resolves in DNS). */
const SERVICE_NAME = 'casedesk-diag.test';

let plain: RunningEmulator;
let tls: RunningEmulator;
let ca: PrivateCa;
let proxy: TestProxy;
let authProxy: TestProxy;
let silent: Server;
const silentSockets = new Set<Socket>();
let closedPort = 0;

beforeAll(async () => {
  ca = createPrivateCa('CaseDesk Diagnostics Test Root CA');
  plain = await startEmulator({ tickMs: 0 });
  tls = await startEmulator({ tickMs: 0, tls: ca.issue('service', [SERVICE_NAME, 'localhost']), allowedHosts: [SERVICE_NAME] });
  proxy = await startConnectProxy();
  authProxy = await startConnectProxy({ user: 'agente', password: 'pr0xy-s3cret' });
  // Accepts connections and never says a word.
  silent = createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  closedPort = await freePort();
});

afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await Promise.all([plain?.close(), tls?.close(), proxy?.close(), authProxy?.close(), new Promise((resolve) => silent?.close(resolve))]);
  ca?.remove();
});

const caPem = () => readFileSync(ca.caFile, 'utf8');

function target(baseUrl: string, env: NodeJS.ProcessEnv = {}, extraCa?: string): ConnectivityTarget {
  return { environment: 'test', baseUrl, fetch: serviceFetch({ extraCa, env }), network: 'node', extraCa, env };
}

describe('checkConnectivity', () => {
  it('says an emulator that answers is reachable, with its HTTP status', async () => {
    const check = await checkConnectivity(target(plain.url));
    expect(check).toMatchObject({
      environment: 'test',
      host: '127.0.0.1',
      port: plain.port,
      proxy: null,
      dns: { status: 'skipped', why: 'ip-address' },
      tls: { status: 'skipped', why: 'http' },
      signIn: { status: 'reachable' },
    });
    if (check.signIn.status === 'reachable') expect(check.signIn.httpStatus).toBeGreaterThanOrEqual(200);
  });

  it('looks names up in DNS', async () => {
    const check = await checkConnectivity(target(`http://localhost:${plain.port}`));
    expect(check.dns.status).toBe('ok');
    if (check.dns.status === 'ok') expect(check.dns.addresses.some((a) => a === '127.0.0.1' || a === '::1')).toBe(true);
    expect(check.signIn.status).toBe('reachable');
  });

  it('says a port nobody listens on refuses', async () => {
    const check = await checkConnectivity(target(`https://127.0.0.1:${closedPort}`));
    expect(check.signIn).toMatchObject({ status: 'unreachable', problem: 'refused', code: 'ECONNREFUSED' });
    expect(check.tls).toMatchObject({ status: 'failed', problem: 'refused', code: 'ECONNREFUSED' });
  });

  it('says a certificate of a private CA is untrusted without the CA, and names who signed it', async () => {
    const check = await checkConnectivity(target(`https://localhost:${tls.port}`));
    expect(check.signIn).toMatchObject({
      status: 'unreachable',
      problem: 'tls-untrusted',
      code: expect.stringMatching(/^(UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO)/),
    });
    expect(check.tls).toMatchObject({ status: 'untrusted', problem: 'tls-untrusted' });
    if (check.tls.status === 'untrusted') {
      expect(check.tls.certificate?.issuer).toContain('CN=CaseDesk Diagnostics Test Root CA');
      expect(check.tls.certificate?.altNames).toContain(`DNS:${SERVICE_NAME}`);
      expect(check.tls.certificate?.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    }
  });

  it('trusts it with the policy CA, as the app does', async () => {
    const check = await checkConnectivity(target(`https://localhost:${tls.port}`, {}, caPem()));
    expect(check.tls).toMatchObject({ status: 'trusted' });
    expect(check.signIn.status).toBe('reachable');
  });

  it('goes through the proxy of HTTPS_PROXY: no DNS of its own, the tunnel for TLS, the proxy named by host and port', async () => {
    const before = proxy.tunnels.length;
    const check = await checkConnectivity(target(`https://${SERVICE_NAME}:${tls.port}`, { HTTPS_PROXY: proxy.url }, caPem()));
    expect(check).toMatchObject({
      proxy: { host: '127.0.0.1', port: proxy.port, from: 'https_proxy' },
      dns: { status: 'skipped', why: 'proxy' },
      tls: { status: 'trusted' },
      signIn: { status: 'reachable' },
    });
    expect(proxy.tunnels.slice(before)).toEqual(expect.arrayContaining([`${SERVICE_NAME}:${tls.port}`]));
  });

  it('says a proxy wants credentials (407), and never shows those it was given', async () => {
    const refused = await checkConnectivity(target(`https://${SERVICE_NAME}:${tls.port}`, { HTTPS_PROXY: authProxy.url }, caPem()));
    expect(refused.signIn).toMatchObject({ status: 'unreachable', problem: 'proxy-auth', proxyStatus: 407 });
    expect(refused.tls).toMatchObject({ status: 'failed', problem: 'proxy-auth', proxyStatus: 407 });
    const withCredentials = `http://agente:pr0xy-s3cret@127.0.0.1:${authProxy.port}`;
    const through = await checkConnectivity(target(`https://${SERVICE_NAME}:${tls.port}`, { https_proxy: withCredentials }, caPem()));
    expect(through).toMatchObject({ proxy: { host: '127.0.0.1', port: authProxy.port }, tls: { status: 'trusted' }, signIn: { status: 'reachable' } });
    const said = JSON.stringify([refused, through]);
    expect(said).not.toContain('pr0xy-s3cret');
    expect(said).not.toContain('agente');
  });

  it("reports Chromium's own error name when the app's network gives one", async () => {
    // Electron's net.fetch fails this way (only the error's words name it); the app's adapter reads it.
    const netFetch = async (): Promise<Response> => Promise.reject(new Error('net::ERR_CERT_AUTHORITY_INVALID'));
    const check = await checkConnectivity({ ...target(plain.url), network: 'app', fetch: chromiumFetch(netFetch) });
    expect(check).toMatchObject({ network: 'app', signIn: { status: 'unreachable', problem: 'tls-untrusted', code: 'ERR_CERT_AUTHORITY_INVALID' } });
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const started = Date.now();
    const check = await checkConnectivity(target(`https://127.0.0.1:${(silent.address() as { port: number }).port}`), 400);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(check.signIn).toMatchObject({ status: 'unreachable', problem: 'timeout' });
    expect(check.tls).toMatchObject({ status: 'failed', problem: 'timeout' });
  });
});

describe('proxyFor', () => {
  const url = (text: string) => new URL(text);
  it('follows HTTPS_PROXY, then HTTP_PROXY, lower case first, and never loopback', () => {
    expect(proxyFor(url('https://api.example.com'), { HTTPS_PROXY: 'http://u:p@proxy.corp:3128' })?.proxy).toEqual({
      host: 'proxy.corp',
      port: 3128,
      from: 'https_proxy',
    });
    expect(proxyFor(url('https://api.example.com'), { HTTP_PROXY: 'http://proxy.corp' })?.proxy).toEqual({ host: 'proxy.corp', port: 80, from: 'http_proxy' });
    expect(proxyFor(url('https://api.example.com'), { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })?.proxy.host).toBe('lower');
    expect(proxyFor(url('https://127.0.0.1:8443'), { HTTPS_PROXY: 'http://proxy.corp:3128' })).toBeNull();
    expect(proxyFor(url('https://api.example.com'), {})).toBeNull();
  });

  it('leaves out NO_PROXY names, their subdomains and ports, and everything for *', () => {
    const env = (noProxy: string) => ({ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: noProxy });
    expect(proxyFor(url('https://api.example.com'), env('example.com'))).toBeNull();
    expect(proxyFor(url('https://api.example.com'), env('.example.com'))).toBeNull();
    expect(proxyFor(url('https://api.example.com'), env('*.example.com'))).toBeNull();
    expect(proxyFor(url('https://api.example.com'), env('other.com, api.example.com:443'))).toBeNull();
    expect(proxyFor(url('https://api.example.com'), env('api.example.com:8443'))).not.toBeNull();
    expect(proxyFor(url('https://myexample.com'), env('example.com'))).not.toBeNull();
    expect(proxyFor(url('https://api.example.com'), env('*'))).toBeNull();
  });
});
