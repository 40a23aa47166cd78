// The emulator's authentication, over real HTTP, checked against the shared contract.
import { describe, expect, it } from 'vitest';
import { BotList, DetailErrorBody, TokenErrorBody, TokenPair } from '../../src-main/contract';
import { startEmulator } from '../../src-main/emulator';
import { DEMO_USER, http, login, NO_BOTS_USER, useEmulator } from '../support/emulator';

// JWT exp has 1 s resolution: a 2 s token lives between 1 and 2 s, so a fresh one is never dead on arrival
// (a 1 s token could be, on a loaded machine), and 2.1 s later it is always dead.
const emulator = useEmulator({ accessTtlSeconds: 2 });
const url = (path: string) => `${emulator.current.url}${path}`;

describe('login', () => {
  it('answers a token pair for the demo user', async () => {
    const res = await http(url('/auth/login/'), { body: DEMO_USER });
    expect(res.status).toBe(200);
    TokenPair.parse(res.json);
  });

  it('answers {detail} for a wrong password, an unknown user and a malformed body', async () => {
    for (const body of [{ ...DEMO_USER, password: 'nope' }, { email: 'nadie@x.test', password: 'x' }, { email: 'not-an-email' }]) {
      const res = await http(url('/auth/login/'), { body });
      expect(res.status).toBe(401);
      DetailErrorBody.parse(res.json);
    }
  });
});

describe('bearer tokens', () => {
  it('lets a valid access token through', async () => {
    const { access } = await login(emulator.current.url);
    const res = await http(url('/api/v2/bots/'), { token: access });
    expect(res.status).toBe(200);
    expect(BotList.parse(res.json).length).toBeGreaterThan(0);
  });

  it('answers 401 {token} for a missing, a malformed, a forged and an expired token', async () => {
    const { access, refresh } = await login(emulator.current.url);
    const forged = access.slice(0, -4) + (access.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const auth of [undefined, 'Bearer', 'Token abc', `Bearer ${forged}`, `Bearer ${refresh}`]) {
      const res = await http(url('/api/v2/bots/'), auth === undefined ? {} : { auth });
      expect(res.status, `Authorization: ${auth}`).toBe(401);
      TokenErrorBody.parse(res.json);
    }
    await new Promise((resolve) => setTimeout(resolve, 2100)); // past any 2 s token's end
    const expired = await http(url('/api/v2/bots/'), { token: access });
    expect(expired.status).toBe(401);
    TokenErrorBody.parse(expired.json);
  });
});

const refresh = (pair: { access: string; refresh: string }) =>
  http(url('/auth/token/refresh/'), { auth: `JWT ${pair.refresh}`, body: { access: pair.access } });

describe('refresh', () => {
  it('takes `Authorization: JWT <refresh>` and the expired access token, and answers a new pair', async () => {
    const old = await login(emulator.current.url);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await http(url('/auth/token/refresh/'), { auth: `JWT ${old.refresh}`, body: { access: old.access } });
    expect(res.status).toBe(200);
    const pair = TokenPair.parse(res.json);
    expect(pair.access).not.toBe(old.access);
    expect((await http(url('/api/v2/bots/'), { token: pair.access })).status).toBe(200);
  });

  it('refuses a refresh token sent as Bearer, an access token of another user, and an invalid refresh token', async () => {
    const demo = await login(emulator.current.url);
    const other = await login(emulator.current.url, NO_BOTS_USER);
    const attempts = [
      { auth: `Bearer ${demo.refresh}`, body: { access: demo.access } },
      { auth: `JWT ${demo.refresh}`, body: { access: other.access } },
      { auth: `JWT ${demo.access}`, body: { access: demo.access } },
      { auth: `JWT ${demo.refresh}`, body: {} },
    ];
    for (const attempt of attempts) {
      const res = await http(url('/auth/token/refresh/'), attempt);
      expect(res.status).toBe(401);
      TokenErrorBody.parse(res.json);
    }
    // A refused attempt does not use the token up: its owner can still refresh with it.
    expect((await refresh(demo)).status).toBe(200);
  });

  it('takes each refresh token once: the chain of new ones goes on, an old one is refused with {token}', async () => {
    const first = await login(emulator.current.url);
    const second = TokenPair.parse((await refresh(first)).json);
    expect(second.refresh).not.toBe(first.refresh);
    const third = await refresh(second);
    expect(third.status).toBe(200);
    const again = await refresh(first);
    expect(again.status).toBe(401);
    TokenErrorBody.parse(again.json);
  });

  it('revokes the whole sign-in when a used refresh token comes back (a stolen copy), and only that sign-in', async () => {
    const stolen = await login(emulator.current.url);
    const elsewhere = await login(emulator.current.url);
    const thief = TokenPair.parse((await refresh(stolen)).json);
    // The owner presents the token the thief already used: both lines of the family end.
    expect((await refresh(stolen)).status).toBe(401);
    const thiefNext = await refresh(thief);
    expect(thiefNext.status).toBe(401);
    TokenErrorBody.parse(thiefNext.json);
    // Another sign-in of the same user is not touched, and signing in again starts afresh.
    expect((await refresh(elsewhere)).status).toBe(200);
    expect((await refresh(await login(emulator.current.url))).status).toBe(200);
  });

  it('lets exactly one of two refreshes racing with the same token through', async () => {
    const pair = await login(emulator.current.url);
    const statuses = (await Promise.all([refresh(pair), refresh(pair)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it('fails once the fault control expires refresh tokens too', async () => {
    const pair = await login(emulator.current.url);
    await http(url('/__control/expire-tokens'), { body: { access: true, refresh: true } });
    expect((await http(url('/api/v2/bots/'), { token: pair.access })).status).toBe(401);
    const res = await http(url('/auth/token/refresh/'), { auth: `JWT ${pair.refresh}`, body: { access: pair.access } });
    expect(res.status).toBe(401);
    expect((await http(url('/api/v2/bots/'), { token: (await login(emulator.current.url)).access })).status).toBe(200);
  });
});

describe('slow answers (fault control)', () => {
  const held = async () => ((await http(url('/__control/state'))).json as { answers_held: Record<string, number> }).answers_held;

  it('hold a refresh answer after the token rotated, counted while held, until a reset lets it go', async () => {
    const pair = await login(emulator.current.url);
    expect((await http(url('/__control/faults'), { body: { slow_answers: { refresh: 60_000 } } })).status).toBe(200);
    try {
      const holding = async (n: number) => {
        while ((await held()).refresh !== n) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      const refreshing = refresh(pair);
      await holding(1);
      expect(await held()).toEqual({ login: 0, refresh: 1, create_campaign: 0 });
      // Other endpoints are not held.
      expect((await http(url('/auth/login/'), { body: DEMO_USER })).status).toBe(200);
      // The service already spent the token the held answer replaces: a client that dropped that answer could not go on.
      const again = refresh(pair);
      await holding(2);
      await http(url('/__control/reset'), { body: {} });
      expect((await refreshing).status).toBe(200);
      expect((await again).status).toBe(401);
      expect(await held()).toEqual({ login: 0, refresh: 0, create_campaign: 0 });
    } finally {
      await http(url('/__control/reset'), { body: {} });
    }
  });
});

describe('fault controls', () => {
  it('are not served unless the emulator is started with faults on', async () => {
    const plain = await startEmulator({ tickMs: 0 });
    try {
      const res = await http(`${plain.url}/__control/expire-tokens`, { body: {} });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
