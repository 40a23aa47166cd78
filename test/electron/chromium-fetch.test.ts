// net.fetch's failures, which carry only Chromium's error name, become the same network problems
// the CLI reports (the Electron binary cannot run here: its net.fetch is stood in by a function that
// rejects the way it does).
import { describe, expect, it } from 'vitest';
import { createSession, memoryVault, ServiceError } from '../../src-main/client';
import { chromiumErrorName, chromiumFetch } from '../../src-main/electron/chromium-fetch';

const failingWith = (message: string) => chromiumFetch(() => Promise.reject(new Error(message)));

async function signInWith(fetch: ReturnType<typeof chromiumFetch>): Promise<unknown> {
  return createSession({ baseUrl: 'https://bots.example.com', vault: memoryVault(), fetch })
    .signIn('ana@example.com', 'x')
    .catch((e: unknown) => e);
}

describe('Chromium network failures', () => {
  it.each([
    ['net::ERR_CERT_AUTHORITY_INVALID', 'tls-untrusted', false],
    ['net::ERR_CERT_DATE_INVALID', 'tls-expired', false],
    ['net::ERR_CERT_COMMON_NAME_INVALID', 'tls-wrong-name', false],
    ['net::ERR_NAME_NOT_RESOLVED', 'dns', false],
    ['net::ERR_PROXY_CONNECTION_FAILED', 'proxy-unreachable', false],
    ['net::ERR_TUNNEL_CONNECTION_FAILED', 'proxy-refused', false],
    ['net::ERR_PROXY_AUTH_REQUESTED', 'proxy-auth', false],
    ['net::ERR_CONNECTION_REFUSED', 'refused', false],
    ['net::ERR_CONNECTION_RESET', 'connection', true],
    ['something else entirely', 'connection', true],
  ])('%s is %s', async (message, problem, ambiguous) => {
    const error = await signInWith(failingWith(message));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'offline', ambiguous, reason: 'network', params: { problem, host: 'bots.example.com' } });
  });

  it('reads only the error name', () => {
    expect(chromiumErrorName(new Error('net::ERR_CERT_DATE_INVALID'))).toBe('ERR_CERT_DATE_INVALID');
    expect(chromiumErrorName('net::ERR_CERT_DATE_INVALID')).toBeNull();
  });

  it('passes answers through untouched', async () => {
    const answer = new Response('{"access":"a","refresh":"r"}', { status: 200, headers: { 'content-type': 'application/json' } });
    let seen: RequestInit | undefined;
    const fetch = chromiumFetch((_url, init) => {
      seen = init;
      return Promise.resolve(answer);
    });
    expect(await fetch('https://bots.example.com/auth/login/', { method: 'POST', redirect: 'manual' })).toBe(answer);
    expect(seen?.redirect).toBe('manual');
  });
});
