// Any program of the machine can reach the Demo service's port: before a valid token it reads small
// bodies only. Sign-in and refresh answer 413 past 16 KiB (from Content-Length, before reading), and an
// upload without a valid token is refused 401 before its body is read, closing the connection.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { campaignRequest } from '../client/helpers';
import { http, login, uploadBody, useEmulator } from '../support/emulator';

// As the Demo service runs: no test controls, its own password.
const emulator = useEmulator({ faults: false, accountPassword: 'la-clave-de-esta-corrida' });
const MIB = 1024 * 1024;
const DEMO = { email: 'demo@casedesk.local', password: 'la-clave-de-esta-corrida' };

interface EarlyAnswer {
  status: number;
  connection: string | undefined;
  /** Bytes of the body written when the answer came. */
  sentWhenAnswered: number;
}

/**
 * Declares a body of `declared` bytes and writes 64 KiB of it, then waits: a server that reads the
 * body whole before answering never answers (null after 3 s).
 */
function sendPartly(path: string, method: string, declared: number, headers: Record<string, string> = {}): Promise<EarlyAnswer | null> {
  const target = new URL(emulator.current.url);
  return new Promise((resolve) => {
    let sent = 0;
    const req = request({
      host: target.hostname,
      port: target.port,
      method,
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(declared), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, 3_000);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, sentWhenAnswered: sent });
      req.destroy();
    });
    req.on('error', () => {});
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    req.write(chunk, () => (sent += chunk.length));
  });
}

describe('bodies before sign-in', () => {
  it('a 1 MB sign-in body gets 413, and so does a refresh', async () => {
    const big = { email: DEMO.email, password: DEMO.password, padding: 'x'.repeat(MIB) };
    expect((await http(`${emulator.current.url}/auth/login/`, { body: big })).status).toBe(413);
    const pair = await login(emulator.current.url, DEMO);
    const refresh = await http(`${emulator.current.url}/auth/token/refresh/`, {
      auth: `JWT ${pair.refresh}`,
      body: { access: pair.access, padding: 'x'.repeat(MIB) },
    });
    expect(refresh.status).toBe(413);
  });

  it('a sign-in that declares 100 MB is answered 413 before its body is read', async () => {
    const answer = await sendPartly('/auth/login/', 'POST', 100 * MIB);
    expect(answer).toMatchObject({ status: 413 });
  });

  it('a body to a path that does not exist is read no further than the small cap', async () => {
    expect(await sendPartly('/api/v2/nowhere/', 'POST', 100 * MIB)).toMatchObject({ status: 413 });
  });

  it.each([
    ['no token', {}],
    ['a forged token', { authorization: 'Bearer not.a.token' }],
  ])('an upload with %s is refused 401 before its body is read, and the connection closes', async (_what, headers) => {
    const answer = await sendPartly('/api/v2/create_campaign/1/', 'PUT', 100 * MIB, headers);
    expect(answer).toMatchObject({ status: 401, connection: 'close' });
    expect(answer?.sentWhenAnswered ?? Infinity).toBeLessThanOrEqual(64 * 1024);
  });

  it('a signed-in user still creates campaigns, and uploads a body past the small caps (about 1.2 MB)', async () => {
    const { access } = await login(emulator.current.url, DEMO);
    const created = await http(`${emulator.current.url}/api/v2/create_campaign/`, { token: access, body: campaignRequest('Con límites') });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    const upload = await http(`${emulator.current.url}/api/v2/create_campaign/${id}/`, { method: 'PUT', token: access, body: uploadBody(6_000) });
    expect(upload.status).toBe(200);
  });
});
