// The browser host lets in only our own page: the per-launch token, our Host, our Origin.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../src-main/host/browser-host';
import { checkRequest, CONTENT_SECURITY_POLICY, TOKEN_COOKIE } from '../../src-main/host/host-guard';
import { RENDERER_DIR } from '../../src-main/host/renderer-build';
import { createAppContext, type AppContext } from '../../src-main/surface/app-context';

/** A raw request, so Host and Origin can be anything (fetch would not let us forge them). */
function raw(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
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
  const cookie = () => `${TOKEN_COOKIE}=${token}`;

  it('binds to loopback and trades the launch token for an HttpOnly, SameSite=Strict cookie', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    const res = await raw(host.port, `/?token=${token}`, { host: me() });
    expect(res.status).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
  });

  it('serves the app and its procedures with the token, under a strict CSP', async () => {
    const page = await raw(host.port, '/', { host: me(), cookie: cookie() });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const call = await raw(host.port, '/api/call/session:status', { host: me(), cookie: cookie(), origin: `http://${me()}` }, 'POST', '{}');
    expect(JSON.parse(call.body)).toMatchObject({ ok: true, value: { signedIn: false } });
  });

  it('refuses a missing or wrong token', async () => {
    expect((await raw(host.port, '/', { host: me() })).status).toBe(401);
    expect((await raw(host.port, '/api/call/session:status', { host: me(), cookie: `${TOKEN_COOKIE}=${'x'.repeat(43)}` }, 'POST', '{}')).status).toBe(401);
    expect((await raw(host.port, '/?token=wrong', { host: me() })).status).toBe(401);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin (a cross-site request), even with the token', async () => {
    expect((await raw(host.port, '/', { host: 'evil.example', cookie: cookie() })).status).toBe(421);
    expect((await raw(host.port, '/', { host: `evil.example:${host.port}`, cookie: cookie() })).status).toBe(421);
    expect((await raw(host.port, '/api/call/bots:list', { host: me(), cookie: cookie(), origin: 'http://evil.example' }, 'POST', '{}')).status).toBe(403);
    expect((await raw(host.port, '/api/call/bots:list', { host: me(), cookie: cookie(), origin: 'null' }, 'POST', '{}')).status).toBe(403);
  });

  it('answers an unknown procedure as data, not as a crash', async () => {
    const res = await raw(host.port, '/api/call/system:shutdown', { host: me(), cookie: cookie() }, 'POST', '{}');
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'unknown-procedure' } });
  });
});

describe('checkRequest', () => {
  it('accepts localhost too, and a request with no Origin (a plain navigation)', () => {
    expect(checkRequest({ host: 'localhost:4000', cookie: `${TOKEN_COOKIE}=t` }, 4000, 't')).toEqual({ ok: true });
    expect(checkRequest({ host: 'localhost:4000', 'x-casedesk-token': 't', origin: 'http://localhost:4000' }, 4000, 't')).toEqual({ ok: true });
    expect(checkRequest({ host: '127.0.0.1:4001', cookie: `${TOKEN_COOKIE}=t` }, 4000, 't')).toMatchObject({ ok: false, status: 421 });
  });
});
