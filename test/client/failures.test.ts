// How failures are classified, what pagination refuses, and what error messages never say.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../support/closed-port';
import { collect, createServiceClient, createSession, memoryVault, ServiceError, serviceFailure } from '../../src-main/client';
import { networkFailure } from '../../src-main/client/network-failure';
import { CONTRACT_ISSUES_KEPT } from '../../src-main/client/http';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { bodyOf, campaignRequest, connect, control, fixedTokens, sendJson, useLocalServer } from './helpers';
import { aBotBody } from '../support/wire-bodies';

const emulator = useEmulator();
const base = () => emulator.current.url;
const server = useLocalServer();
const local = (timeoutMs = 2_000) => createServiceClient({ baseUrl: server.url, session: fixedTokens, timeoutMs });

async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await closedPort()}`;
}

describe('network failures', () => {
  it('a closed port is offline and not ambiguous, for sign-in and for requests', async () => {
    const url = await closedPortUrl();
    const error = await createServiceClient({ baseUrl: url, session: fixedTokens })
      .bots()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'offline', ambiguous: false, method: 'GET', path: '/api/v2/bots/' });
    expect(error).toMatchObject({ reason: 'network', params: { problem: 'refused', host: new URL(url).host, proxy: null } });
    expect(serviceFailure(error as ServiceError)).toMatchObject({ code: 'network.refused' });
    const session = createSession({ baseUrl: url, vault: memoryVault() });
    await expect(session.signIn(DEMO_USER.email, DEMO_USER.password)).rejects.toMatchObject({ kind: 'offline', ambiguous: false });
  });

  it('no answer in time is a timeout, ambiguous', async () => {
    const { session } = await connect(base());
    const client = createServiceClient({ baseUrl: base(), session, timeoutMs: 300 });
    const { id } = await client.createCampaign(campaignRequest('Lenta'));
    await control(base(), 'faults', { latency_ms: 2000 });
    try {
      const started = Date.now();
      await expect(client.bots()).rejects.toMatchObject({ kind: 'timeout', ambiguous: true });
      await expect(client.uploadCases(id, bodyOf(1, 'L'))).rejects.toMatchObject({ kind: 'timeout', ambiguous: true, method: 'PUT' });
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      emulator.current.faults.reset(); // in-process: an HTTP reset would itself wait out the latency
    }
  });

  it('tells errors that never left from those that broke after sending', () => {
    const ctx = { method: 'PUT', path: '/api/v2/create_campaign/1/' };
    const code = (c: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(c), { code: c }) });
    for (const c of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']) {
      expect(networkFailure(ctx, code(c), false), c).toMatchObject({ kind: 'offline', ambiguous: false });
    }
    for (const c of ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'SOMETHING_NEW']) {
      expect(networkFailure(ctx, code(c), false), c).toMatchObject({ kind: 'offline', ambiguous: true });
    }
    const both = new TypeError('fetch failed', {
      cause: new AggregateError([Object.assign(new Error(), { code: 'ECONNREFUSED' }), Object.assign(new Error(), { code: 'ENETUNREACH' })]),
    });
    expect(networkFailure(ctx, both, false)).toMatchObject({ kind: 'offline', ambiguous: false });
    expect(networkFailure(ctx, new Error('aborted'), true)).toMatchObject({ kind: 'timeout', ambiguous: true });
  });
});

describe('HTTP failures', () => {
  it('5xx and 429 are server errors, other 4xx client errors, a 401 that survives a refresh auth', async () => {
    const answers: [number, string][] = [
      [503, 'server'],
      [429, 'server'],
      [500, 'server'],
      [409, 'client'],
      [418, 'client'],
      [401, 'auth'],
    ];
    for (const [status, kind] of answers) {
      server.handle = (_req, res) => sendJson(res, status, status === 401 ? { token: 'Token is invalid or expired' } : { detail: 'nope' });
      await expect(local().bots(), String(status)).rejects.toMatchObject({ kind, status, ambiguous: false });
    }
    // Writes whose failure may come after the work was done stay ambiguous.
    server.handle = (_req, res) => sendJson(res, 502, {});
    await expect(local().campaignAction(1, 'start')).rejects.toMatchObject({ kind: 'server', status: 502, ambiguous: true });
    server.handle = (_req, res) => sendJson(res, 503, {});
    await expect(local().uploadCases(1, '{}')).rejects.toMatchObject({ kind: 'server', status: 503, ambiguous: false });
  });

  it('shows what the server said, without personal data', async () => {
    server.handle = (_req, res) => sendJson(res, 400, { detail: 'El teléfono 351 456-7890 de maria.gonzalez@example.com vence el 2026-12-31' });
    const error = (await local()
      .campaignAction(1, 'start')
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ kind: 'client', status: 400, method: 'POST', path: '/api/v2/campaigns/1/start/' });
    expect(error.serverMessage).toBe('El teléfono [number] de [e-mail] vence el 2026-12-31');
    expect(serviceFailure(error)).toEqual({
      code: 'service.refused',
      params: { request: 'POST /api/v2/campaigns/1/start/', status: 400, detail: `: ${error.serverMessage}` },
    });
  });

  it('keeps the first issues of a body that breaks the contract everywhere, and counts them all', async () => {
    server.handle = (_req, res) =>
      sendJson(
        res,
        200,
        Array.from({ length: 20_000 }, () => ({ id: 'uno' })),
      );
    const error = (await local()
      .bots()
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ kind: 'contract' });
    expect(error.issues).toHaveLength(CONTRACT_ISSUES_KEPT);
    expect(error.issues?.[0]?.path).toBe('[0].id');
  });

  it('a body that breaks the contract is kind contract with JSON paths, not a crash', async () => {
    server.handle = (_req, res) => sendJson(res, 200, [{ id: 'uno', name: 'x' }]);
    const error = (await local()
      .bots()
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ kind: 'contract', ambiguous: false });
    expect(error.issues?.map((i) => i.path)).toContain('[0].id');
    expect(serviceFailure(error)).toMatchObject({ code: 'service.contract', params: { issues: expect.stringContaining('[0].id') } });

    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": 1, "name": ');
    };
    await expect(local().campaign(1)).rejects.toMatchObject({ kind: 'contract', issues: [{ path: '(root)', message: 'the body is not JSON' }] });
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login</html>');
    };
    await expect(local().campaign(1)).rejects.toMatchObject({
      kind: 'contract',
      reason: 'content-type',
      issues: [{ path: '(root)', message: 'content type text/html, not JSON' }],
    });
  });

  it('keeps unknown fields of a loose answer', async () => {
    server.handle = (_req, res) => sendJson(res, 200, [aBotBody({ name: 'n', alias: 'a', nuevo: true })]);
    expect((await local().bots())[0]).toMatchObject({ id: 1, nuevo: true });
  });
});

describe('pagination guards', () => {
  const page = (next: string | null, ids: number[]) => ({ count: 99, next, previous: null, results: ids.map((id) => ({ id })) });
  const calls = (origin: string, next: (n: number) => string | null) => {
    server.handle = (req, res) => {
      const n = Number(new URL(req.url ?? '/', origin).searchParams.get('page') ?? '1');
      sendJson(res, 200, { ...page(next(n), []), results: [] });
    };
  };

  it('follows next verbatim, whatever the page sizes, including empty pages', async () => {
    calls(server.url, (n) => (n < 4 ? `${server.url}/api/v2/campaigns/1/cases/2/calls/?page=${n + 1}&weird=%C3%B1` : null));
    expect(await collect(local().caseCallPages(1, 2))).toHaveLength(4);
  });

  it('refuses a next link to another origin, and a loop', async () => {
    calls(server.url, () => 'http://elsewhere.example/api/v2/campaigns/1/cases/2/calls/?page=2');
    await expect(collect(local().caseCalls(1, 2))).rejects.toMatchObject({
      kind: 'contract',
      reason: 'next-link',
      params: { problem: 'other-origin', host: 'elsewhere.example' },
    });
    calls(server.url, (n) => `${server.url}/api/v2/campaigns/1/cases/2/calls/?page=${n === 3 ? 2 : n + 1}`);
    await expect(collect(local().caseCalls(1, 2))).rejects.toMatchObject({ kind: 'contract', reason: 'next-link', params: { problem: 'loop' } });
  });
});

describe('secrets', () => {
  it('no ServiceError ever shows the access token, the refresh token or the password', async () => {
    const password = 'Pa55-word-never-shown';
    const errors: unknown[] = [];
    const catchInto = (p: Promise<unknown>) =>
      p.then(
        () => errors.push(new Error('expected a failure')),
        (e: unknown) => errors.push(e),
      );

    await catchInto(createSession({ baseUrl: base(), vault: memoryVault() }).signIn(DEMO_USER.email, password));
    const { session, client, vault } = await connect(base());
    const access = await session.accessToken();
    const refresh = (await vault.read()) ?? '';

    // A server that echoes the Authorization header (and the body) back in every kind of error.
    const echo = createServiceClient({ baseUrl: server.url, session });
    for (const status of [400, 404, 500, 503]) {
      server.handle = (req, res) => sendJson(res, status, { detail: `bad header ${req.headers.authorization}`, error: String(req.headers.authorization) });
      await catchInto(echo.bots());
      await catchInto(echo.campaignAction(1, 'end'));
      await catchInto(echo.downloadOutboundRecording(1, '/nonexistent-never-created'));
    }
    server.handle = (req, res) => sendJson(res, 400, { [String(req.headers.authorization)]: ['is not valid'] });
    await catchInto(echo.createCampaign(campaignRequest('Eco')));
    const upload = await echo.uploadCases(1, bodyOf(1, 'E'));
    expect(JSON.stringify(upload)).not.toContain(access);

    await control(base(), 'faults', { drop_upload: [1] });
    const { id } = await client.createCampaign(campaignRequest('Secretos'));
    await catchInto(client.uploadCases(id, bodyOf(1, 'S')));
    await control(base(), 'expire-tokens', { access: true, refresh: true });
    await catchInto(client.bots());
    await catchInto(session.accessToken());

    expect(errors).toHaveLength(17);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ServiceError);
      for (const shown of [String(error), (error as Error).message, (error as Error).stack ?? '', inspect(error, { depth: 10 }), JSON.stringify(error)]) {
        for (const secret of [access, refresh, password]) expect(shown).not.toContain(secret);
        expect(shown).not.toContain(access.split('.')[2] ?? access); // not even the signature
      }
    }
  });
});
