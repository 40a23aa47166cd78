// Only programs that name the emulator by its own address reach it: a rebound DNS name (a web page)
// gets 421, and the fault controls refuse anything a browser page can send.
import { describe, expect, it } from 'vitest';
import { DEMO_USER, http, login, rawHttp, useEmulator } from '../support/emulator';

const emulator = useEmulator({ allowedHosts: ['casedesk-demo.test', 'proxy.test:8443'] });
const url = (path: string) => `${emulator.current.url}${path}`;
const port = () => emulator.current.port;
const loginBody = JSON.stringify(DEMO_USER);
const json = { 'content-type': 'application/json' };

describe('the Host check', () => {
  it('refuses a rebound DNS name with 421 and a small {detail}, before signing anyone in', async () => {
    for (const host of ['evil.example', `evil.example:${port()}`, `127.0.0.1:${port() + 1}`, `localhost.evil.example:${port()}`, `[::2]:${port()}`]) {
      const res = await rawHttp(url('/auth/login/'), { headers: { ...json, host }, body: loginBody });
      expect(res.status, host).toBe(421);
      expect(res.json).toEqual({ detail: expect.any(String) });
      // Closed after the answer: the rest of a body (a review's was 300 MB) is never read.
      expect(res.headers.connection, host).toBe('close');
    }
  });

  it('refuses it on every route, the fault controls included', async () => {
    const { access } = await login(emulator.current.url);
    const host = `evil.example:${port()}`;
    expect((await rawHttp(url('/api/v2/bots/'), { headers: { host, authorization: `Bearer ${access}` } })).status).toBe(421);
    expect((await rawHttp(url('/__control/state'), { headers: { host } })).status).toBe(421);
  });

  it('answers its own address, the loopback names, and the names it was given', async () => {
    for (const host of [
      `127.0.0.1:${port()}`,
      `localhost:${port()}`,
      `LOCALHOST:${port()}`,
      `[::1]:${port()}`,
      `casedesk-demo.test:${port()}`,
      'proxy.test:8443',
    ]) {
      const res = await rawHttp(url('/auth/login/'), { headers: { ...json, host }, body: loginBody });
      expect(res.status, host).toBe(200);
    }
  });
});

describe('the fault controls', () => {
  const latency = async () => ((await http(url('/__control/state'))).json as { latency_ms: number }).latency_ms;
  const local = () => ({ host: `127.0.0.1:${port()}` });

  it('refuse a request from a web page (an Origin, or a cross-site Sec-Fetch-Site), and change nothing', async () => {
    const body = JSON.stringify({ latency_ms: 900 });
    const fromPages: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: `http://127.0.0.1:${port() + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of fromPages) {
      const res = await rawHttp(url('/__control/faults'), { headers: { ...local(), ...json, ...headers }, body });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json).toEqual({ detail: expect.any(String) });
    }
    expect((await rawHttp(url('/__control/state'), { headers: { ...local(), origin: 'http://evil.example' } })).status).toBe(403);
    expect(await latency()).toBe(0);
  });

  it('refuse what a form or a no-cors fetch can send (no JSON content type), and change nothing', async () => {
    const { access } = await login(emulator.current.url);
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'access=true'],
      ['text/plain', '{"access":true}'],
      ['multipart/form-data; boundary=x', '--x--'],
      [undefined, undefined],
    ] as const) {
      const headers: Record<string, string> = { ...local(), ...(type ? { 'content-type': type } : {}) };
      const res = await rawHttp(url('/__control/expire-tokens'), { method: 'POST', headers, ...(body ? { body } : {}) });
      expect(res.status, String(type)).toBe(415);
    }
    expect((await http(url('/api/v2/bots/'), { token: access })).status).toBe(200);
  });

  it('still answer a program on this machine that sends JSON', async () => {
    expect(
      (await rawHttp(url('/__control/faults'), { headers: { ...local(), 'content-type': 'application/json; charset=utf-8' }, body: '{"latency_ms":0}' }))
        .status,
    ).toBe(200);
    expect((await rawHttp(url('/__control/state'), { headers: { ...local(), 'sec-fetch-site': 'none' } })).status).toBe(200);
  });
});
