// The session against the emulator: sign-in, refresh on 401 and before exp, one refresh for many
// callers, an expired session that comes back after signing in again.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createServiceClient, createSession, memoryVault, ServiceError, type SessionState } from '../../src-main/client';
import { startEmulator } from '../../src-main/emulator';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { connect, control, recordingFetch } from './helpers';

const REFRESH = '/auth/token/refresh/';
const BOTS_PATH = '/api/v2/bots/';
const emulator = useEmulator();
const base = () => emulator.current.url;

describe('signing in and out', () => {
  it('signs in, keeps the refresh token in the vault, and wipes both on sign-out', async () => {
    const vault = memoryVault();
    const session = createSession({ baseUrl: base(), vault });
    expect(session.state()).toBe('signed-out');
    expect(await session.resume()).toBe(false);
    await session.signIn(DEMO_USER.email, DEMO_USER.password);
    expect(session.state()).toBe('active');
    expect(await session.resume()).toBe(true);
    const refresh = await vault.read();
    expect(decodeJwt(refresh ?? '').token_type).toBe('refresh');
    expect(decodeJwt(await session.accessToken()).token_type).toBe('access');

    await session.signOut();
    expect(session.state()).toBe('signed-out');
    expect(await vault.read()).toBeNull();
    await expect(session.accessToken()).rejects.toMatchObject({ kind: 'auth' });
  });

  it('cannot resume from the vault alone after a restart: the refresh needs the old access token', async () => {
    const vault = memoryVault();
    await createSession({ baseUrl: base(), vault }).signIn(DEMO_USER.email, DEMO_USER.password);
    const restarted = createSession({ baseUrl: base(), vault });
    expect(await vault.read()).not.toBeNull();
    expect(await restarted.resume()).toBe(false);
    expect(restarted.state()).toBe('signed-out');
  });

  it("refuses a wrong password with kind auth and the server's words, never the password", async () => {
    const session = createSession({ baseUrl: base(), vault: memoryVault() });
    const error = await session.signIn(DEMO_USER.email, 'hunter2-secret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'auth', status: 401, ambiguous: false });
    expect((error as ServiceError).serverMessage).toContain('No active account found');
    expect(String(error)).not.toContain('hunter2-secret');
    expect(String(error)).not.toContain(DEMO_USER.email);
    expect(session.state()).toBe('signed-out');
  });
});

describe('refreshing', () => {
  it('refreshes once after a 401 and retries the request', async () => {
    const { client, requests } = await connect(base());
    await control(base(), 'expire-tokens', { access: true });
    expect((await client.bots()).length).toBeGreaterThan(0);
    expect(requests.count(REFRESH)).toBe(1);
    expect(requests.count(BOTS_PATH)).toBe(2);
    const refresh = requests.sent.find((r) => r.url.endsWith(REFRESH));
    expect(refresh?.headers.authorization).toMatch(/^JWT /);
  });

  it('ten concurrent requests on an expired token share exactly one refresh', async () => {
    const { client, requests } = await connect(base());
    await control(base(), 'expire-tokens', { access: true });
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.bots()));
    expect(answers.filter((bots) => !(bots.length > 0))).toEqual([]);
    expect(requests.count(REFRESH)).toBe(1);
    expect(requests.count(BOTS_PATH)).toBe(20); // ten refused, ten retried with the one new token
  });

  it('refreshes before the access token expires, without waiting for a 401', async () => {
    let shift = 0;
    const { client, session, requests } = await connect(base(), DEMO_USER, { now: () => Date.now() + shift });
    const before = await session.accessToken();
    shift = 285_000; // 15 s before the 300 s token expires: inside the 30 s skew
    await client.bots();
    expect(requests.count(REFRESH)).toBe(1);
    expect(requests.count(BOTS_PATH)).toBe(1); // no 401 round trip
    expect(await session.accessToken()).not.toBe(before);
    await client.bots();
    expect(requests.count(REFRESH)).toBe(1); // the new token is fresh
  });

  it('keeps the new refresh token of every refresh, as the emulator takes each one only once', async () => {
    const { client, vault, requests } = await connect(base());
    const held = [await vault.read()];
    for (let round = 0; round < 3; round++) {
      await control(base(), 'expire-tokens', { access: true });
      expect((await client.bots()).length).toBeGreaterThan(0);
      held.push(await vault.read());
    }
    expect(new Set(held).size).toBe(4);
    const presented = requests.sent.filter((r) => r.url.endsWith(REFRESH)).map((r) => r.headers.authorization);
    expect(presented).toEqual(held.slice(0, 3).map((token) => `JWT ${token}`));
  });

  it('a refused refresh expires the session: calls reject with kind auth until the next sign-in', async () => {
    const { client, session, vault } = await connect(base());
    const states: SessionState[] = [];
    session.onStateChange((s) => states.push(s));
    await control(base(), 'expire-tokens', { access: true, refresh: true });

    const waiting = await Promise.allSettled(Array.from({ length: 3 }, () => client.bots()));
    for (const outcome of waiting) {
      expect(outcome.status).toBe('rejected');
      expect(outcome.status === 'rejected' && outcome.reason).toMatchObject({ kind: 'auth' });
    }
    expect(session.state()).toBe('expired');
    expect(await vault.read()).toBeNull();
    await expect(client.campaign(1)).rejects.toMatchObject({ kind: 'auth', message: expect.stringContaining('sign in again') });

    await session.signIn(DEMO_USER.email, DEMO_USER.password);
    expect((await client.bots()).length).toBeGreaterThan(0);
    expect(states).toEqual(['expired', 'active']);
  });
});

describe('short-lived access tokens (2 s)', () => {
  // JWT exp has 1 s resolution: a 2 s token lives between 1 and 2 s, so a fresh one is never dead on arrival.
  it('keeps working while tokens expire in the middle of a run, by 401 or ahead of exp', { timeout: 15_000 }, async () => {
    const short = await startEmulator({ tickMs: 0, accessTtlSeconds: 2 });
    try {
      for (const [refreshSkewSeconds, runMs] of [
        [0, 2_300],
        [30, 1_300],
      ] as const) {
        const { client, requests } = await connect(short.url, DEMO_USER, { refreshSkewSeconds });
        const until = Date.now() + runMs;
        let calls = 0;
        while (Date.now() < until) {
          expect((await client.bots()).length).toBeGreaterThan(0);
          calls++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(calls).toBeGreaterThan(8);
        expect(requests.count(REFRESH), `skew ${refreshSkewSeconds}`).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await short.close();
    }
  });

  it('ten concurrent requests on a token about to expire share one early refresh', { timeout: 10_000 }, async () => {
    const short = await startEmulator({ tickMs: 0, accessTtlSeconds: 2 });
    try {
      const requests = recordingFetch();
      const session = createSession({ baseUrl: short.url, vault: memoryVault(), fetch: requests.fetch });
      await session.signIn(DEMO_USER.email, DEMO_USER.password);
      const client = createServiceClient({ baseUrl: short.url, session, fetch: requests.fetch });
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // past half the lifetime: refresh early
      await Promise.all(Array.from({ length: 10 }, () => client.bots()));
      expect(requests.count(REFRESH)).toBe(1);
      expect(requests.count(BOTS_PATH)).toBe(10);
    } finally {
      await short.close();
    }
  });
});
