// The browser host lets in only our own page: our Host and Origin on every request, and the
// per-launch token in a header on every /api/ request. No cookie is ever set or read.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../src-main/host/browser-host';
import { checkApiRequest, checkSite, CONTENT_SECURITY_POLICY, TOKEN_HEADER } from '../../src-main/host/host-guard';
import { RENDERER_DIR } from '../../src-main/host/renderer-build';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request, so Host and Origin can be anything (fetch would not let us forge them). */
function raw(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** The head of a request that never ends by itself (the event stream): status and headers, then hang up. */
function head(port: number, path: string, headers: Record<string, string>): Promise<Omit<RawAnswer, 'body'>> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      req.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the browser host', () => {
  let host: BrowserHost;
  let ctx: AppContext;
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'casedesk-host-'));
    ctx = createAppContext({ dataDir: dir });
    host = await startBrowserHost(ctx, { rendererDir: RENDERER_DIR });
    token = new URL(host.url).searchParams.get('token') ?? '';
  });
  afterAll(async () => {
    await host.close();
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const me = () => `127.0.0.1:${host.port}`;
  const withToken = () => ({ host: me(), [TOKEN_HEADER]: token });

  it('binds to loopback and hands the launch token to the page in the address, setting no cookie', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    const launch = await raw(host.port, `/?token=${token}`, { host: me() });
    expect(launch.status).toBe(200);
    expect(launch.body).toContain('<div id="app">');
    expect(launch.headers['set-cookie']).toBeUndefined();
    expect(launch.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the public page without a token, under a strict CSP, but never a procedure', async () => {
    const page = await raw(host.port, '/', { host: me() });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect((await raw(host.port, '/api/call/session:status', { host: me() }, 'POST', '{}')).status).toBe(401);
  });

  it('answers procedures to the token in the x-casedesk-token header', async () => {
    const call = await raw(host.port, '/api/call/session:status', { ...withToken(), origin: `http://${me()}` }, 'POST', '{}');
    expect(call.status).toBe(200);
    expect(call.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(call.body)).toMatchObject({ ok: true, value: { signedIn: false } });
    for (const answer of [call]) expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the token in a cookie, in the URL, or wrong: only the header opens the API', async () => {
    const cookie = `casedesk_token=${token}`;
    expect((await raw(host.port, '/api/call/session:status', { host: me(), cookie }, 'POST', '{}')).status).toBe(401);
    expect((await raw(host.port, `/api/call/session:status?token=${token}`, { host: me() }, 'POST', '{}')).status).toBe(401);
    expect((await raw(host.port, '/api/call/session:status', { host: me(), [TOKEN_HEADER]: 'x'.repeat(43) }, 'POST', '{}')).status).toBe(401);
    expect((await raw(host.port, '/api/call/session:status', { host: me(), [TOKEN_HEADER]: `${token}x` }, 'POST', '{}')).status).toBe(401);
  });

  it('opens the event stream to the header only, never to a cookie or a token in the URL', async () => {
    const open = await head(host.port, '/api/events', withToken());
    expect(open.status).toBe(200);
    expect(open.headers['content-type']).toBe('text/event-stream');
    expect((await raw(host.port, '/api/events', { host: me(), cookie: `casedesk_token=${token}` })).status).toBe(401);
    expect((await raw(host.port, `/api/events?token=${token}`, { host: me() })).status).toBe(401);
  });

  it('reaches no procedure through another spelling of the path', async () => {
    for (const path of [
      '/%61pi/call/session:status',
      '/api/call/session%3Astatus',
      '//api/call/session:status',
      '/api//call/session:status',
      '/API/call/session:status',
    ]) {
      const res = await raw(host.port, path, { host: me() }, 'POST', '{}');
      expect(res.body, path).not.toContain('"ok":true');
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin (a cross-site request), even with the token', async () => {
    expect((await raw(host.port, '/', { host: 'evil.example' })).status).toBe(421);
    expect((await raw(host.port, '/', { host: `evil.example:${host.port}` })).status).toBe(421);
    expect((await raw(host.port, '/api/call/bots:list', { ...withToken(), host: 'evil.example' }, 'POST', '{}')).status).toBe(421);
    expect((await raw(host.port, '/api/call/bots:list', { ...withToken(), origin: 'http://evil.example' }, 'POST', '{}')).status).toBe(403);
    expect((await raw(host.port, '/api/call/bots:list', { ...withToken(), origin: 'null' }, 'POST', '{}')).status).toBe(403);
    // Another program on this machine is another origin too: ports count.
    expect((await raw(host.port, '/api/call/bots:list', { ...withToken(), origin: 'http://127.0.0.1:1' }, 'POST', '{}')).status).toBe(403);
  });

  it('reads a big body only from a request with the token, and only on the procedure route', async () => {
    // 1 MB of JSON: any local program can send one; the review's 140 MB ones took the host to 1 GB each.
    const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
    const outside = await raw(host.port, '/nothing-here', { host: me() }, 'POST', big);
    expect(outside.status).toBe(405);
    expect(outside.headers.connection).toBe('close');
    const noToken = await raw(host.port, '/api/call/session:status', { host: me() }, 'POST', big);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.connection).toBe('close');
    const foreign = await raw(host.port, '/api/call/session:status', { ...withToken(), host: 'evil.example' }, 'POST', big);
    expect(foreign.headers.connection).toBe('close');
    // A page request carries no body: one that says it does is not read, token or not (Node's client
    // declares a GET's body only when told its length).
    const declared = { 'content-length': String(Buffer.byteLength(big)) };
    const pageWithBody = await raw(host.port, '/', { host: me(), ...declared }, 'GET', big);
    expect([pageWithBody.status, pageWithBody.headers.connection]).toEqual([400, 'close']);
    const apiGet = await raw(host.port, '/api/call/bots:list', { ...withToken(), ...declared }, 'GET', big);
    expect([apiGet.status, apiGet.headers.connection]).toEqual([400, 'close']);
    // With the token, past the small limit elsewhere: an unknown /api/ path is refused by size, the procedure route reads it.
    expect((await raw(host.port, '/api/nothing-here', withToken(), 'POST', big)).status).toBe(413);
    const call = await raw(host.port, '/api/call/session:status', withToken(), 'POST', big);
    expect(call.status).not.toBe(413);
    expect(call.body).toContain('"ok"');
  });

  it('answers an unknown procedure as data, not as a crash', async () => {
    const res = await raw(host.port, '/api/call/system:shutdown', withToken(), 'POST', '{}');
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'surface.unknown_procedure', params: { procedure: 'system:shutdown' } } });
  });
});

describe('checkSite', () => {
  it('accepts our Host by address or as localhost, with our Origin or none (a plain navigation)', () => {
    expect(checkSite({ host: '127.0.0.1:4000' }, 4000)).toEqual({ ok: true });
    expect(checkSite({ host: 'localhost:4000', origin: 'http://localhost:4000' }, 4000)).toEqual({ ok: true });
  });

  it('refuses another port, another name and another Origin', () => {
    expect(checkSite({ host: '127.0.0.1:4001' }, 4000)).toMatchObject({ ok: false, status: 421 });
    expect(checkSite({ host: 'casedesk.attacker.example:4000' }, 4000)).toMatchObject({ ok: false, status: 421 });
    expect(checkSite({}, 4000)).toMatchObject({ ok: false, status: 421 });
    expect(checkSite({ host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4001' }, 4000)).toMatchObject({ ok: false, status: 403 });
  });
});

describe('checkApiRequest', () => {
  it('wants the token in the header', () => {
    expect(checkApiRequest({ host: 'localhost:4000', [TOKEN_HEADER]: 't' }, 4000, 't')).toEqual({ ok: true });
    expect(checkApiRequest({ host: 'localhost:4000', [TOKEN_HEADER]: 'u' }, 4000, 't')).toMatchObject({ ok: false, status: 401 });
    expect(checkApiRequest({ host: 'localhost:4000', [TOKEN_HEADER]: ['t', 't'] }, 4000, 't')).toMatchObject({ ok: false, status: 401 });
  });

  it('reads no cookie, whatever it holds', () => {
    expect(checkApiRequest({ host: 'localhost:4000', cookie: 'casedesk_token=t' }, 4000, 't')).toMatchObject({ ok: false, status: 401 });
    expect(checkApiRequest({ host: 'localhost:4000', cookie: `${TOKEN_HEADER}=t` }, 4000, 't')).toMatchObject({ ok: false, status: 401 });
  });

  it('checks the site first: the token does not make a foreign Host or Origin ours', () => {
    expect(checkApiRequest({ host: 'evil.example:4000', [TOKEN_HEADER]: 't' }, 4000, 't')).toMatchObject({ ok: false, status: 421 });
    expect(checkApiRequest({ host: 'localhost:4000', origin: 'http://evil.example', [TOKEN_HEADER]: 't' }, 4000, 't')).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});
