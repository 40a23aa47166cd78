// A service that answers with a redirect is never followed: not the sign-in (the password would go
// along), not an upload (307/308 re-send the cases), not a page, not a recording.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, createServiceClient, createSession, hasReason, memoryVault, ServiceError, serviceFailure } from '../../src-main/client';
import { bodyOf, campaignRequest, fixedTokens, sendJson, useElsewhereServer, useLocalServer } from './helpers';

const service = useLocalServer();
const elsewhere = useElsewhereServer();
const client = () => createServiceClient({ baseUrl: service.url, session: fixedTokens, timeoutMs: 2_000 });
const EMAIL = 'agente@cobranzas.example';
const PASSWORD = 'Clave-que-no-viaja-1';

/** A redirect whose Location carries a path and a query that must never be shown. */
const redirect = (res: ServerResponse, status: number, location = `${elsewhere.url}/robar/credenciales/?token=secreto-en-la-url`) => {
  res.writeHead(status, { location, 'content-type': 'application/json' });
  res.end(JSON.stringify({ detail: 'moved' }));
};

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'casedesk-redirects-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  elsewhere.received.length = 0;
});

/** The failure a redirect must give: kind contract, reason redirect, the Location's host only. */
async function redirectFailure(attempt: Promise<unknown>, status: number): Promise<ServiceError> {
  const error = await attempt.then(
    () => new Error('expected the redirect to be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect(error).toMatchObject({ kind: 'contract', status, reason: 'redirect', params: { status, locationHost: elsewhere.host } });
  const failure = error as ServiceError;
  expect(serviceFailure(failure)).toMatchObject({ code: 'service.redirect', params: { status, host: elsewhere.host } });
  // Not how it is recognised: no secret of the Location may reach the words logged.
  for (const hidden of ['robar', 'credenciales', 'secreto-en-la-url', 'token=']) expect(failure.message).not.toContain(hidden);
  return failure;
}

describe('sign-in and refresh', () => {
  it('a 307 or 308 from the login never carries the e-mail and password to the Location, nor takes its tokens', async () => {
    for (const status of [307, 308]) {
      service.handle = (_req, res) => redirect(res, status);
      const session = createSession({ baseUrl: service.url, vault: memoryVault(), timeoutMs: 2_000 });
      await redirectFailure(session.signIn(EMAIL, PASSWORD), status);
      expect(session.state(), String(status)).toBe('signed-out');
    }
    expect(elsewhere.received).toEqual([]);
  });

  it('a refresh answered with a redirect sends the refresh token nowhere else, and keeps the session', async () => {
    service.handle = (req, res) => (req.url === '/auth/login/' ? sendJson(res, 200, { access: 'first-access', refresh: 'first-refresh' }) : redirect(res, 307));
    const session = createSession({ baseUrl: service.url, vault: memoryVault(), timeoutMs: 2_000 });
    await session.signIn(EMAIL, PASSWORD);
    await redirectFailure(session.refreshAfterUnauthorized('first-access'), 307);
    // A service that misbehaves has not refused the session: it is kept for the next attempt.
    expect(session.state()).toBe('active');
    expect(elsewhere.received).toEqual([]);
  });
});

describe('authorized requests', () => {
  it('301, 302, 303, 307 and 308 on a read are refused, and the token goes nowhere', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      service.handle = (_req, res) => redirect(res, status);
      const failure = await redirectFailure(client().bots(), status);
      expect(failure.ambiguous, String(status)).toBe(false);
    }
    expect(elsewhere.received).toEqual([]);
  });

  it('an upload answered 307 or 308 is not re-sent elsewhere, and is not in doubt: those statuses mean "not done here"', async () => {
    for (const status of [307, 308]) {
      service.handle = (_req, res) => redirect(res, status);
      const failure = await redirectFailure(client().uploadCases(4, bodyOf(3, 'R')), status);
      expect(failure).toMatchObject({ method: 'PUT', ambiguous: false });
    }
    expect(elsewhere.received).toEqual([]);
  });

  it('a write answered 301, 302 or 303 stays in doubt: such an answer may come after the work was done', async () => {
    for (const status of [301, 302, 303]) {
      service.handle = (_req, res) => redirect(res, status);
      expect(await redirectFailure(client().uploadCases(4, bodyOf(3, 'R')), status), String(status)).toMatchObject({ ambiguous: true });
      expect(await redirectFailure(client().createCampaign(campaignRequest('Desviada')), status), String(status)).toMatchObject({ ambiguous: true });
    }
    expect(elsewhere.received).toEqual([]);
  });

  it('a Location on the service itself is refused too, and one without a usable destination says so', async () => {
    service.handle = (_req, res) => redirect(res, 302, '/api/v2/bots/?page=2');
    await expect(client().bots()).rejects.toMatchObject({ reason: 'redirect', params: { status: 302, locationHost: new URL(service.url).host } });
    service.handle = (_req, res) => {
      res.writeHead(302);
      res.end();
    };
    const failure = await client()
      .bots()
      .catch((e: unknown) => e);
    expect(hasReason(failure, 'redirect') && failure.params).toEqual({ status: 302, locationHost: null });
  });
});

describe('pages and recordings', () => {
  it('a next page that redirects stops the list', async () => {
    service.handle = (req, res) => {
      if (req.url?.includes('page=2')) return redirect(res, 302);
      sendJson(res, 200, { count: 2, next: `${service.url}/api/v2/campaigns/1/cases/2/calls/?page=2`, previous: null, results: [] });
    };
    await redirectFailure(collect(client().caseCallPages(1, 2)), 302);
    expect(elsewhere.received).toEqual([]);
  });

  it('a recording that redirects is not fetched from the Location, and nothing is written', async () => {
    service.handle = (_req, res) => redirect(res, 302);
    const dir = join(root, 'grabaciones');
    await redirectFailure(client().downloadOutboundRecording(9, dir), 302);
    // Not "no recording": a redirect is not a 404.
    await redirectFailure(client().downloadInboundRecording(9, dir), 302);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });
});
