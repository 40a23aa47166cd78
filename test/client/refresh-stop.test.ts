// A Stop while a token refresh is under way: the caller who stopped stops waiting at once
// (service.cancelled), while the refresh itself goes on, shared by the others. Its answer carries the
// rotated refresh token (the emulator takes each one only once, as SPEC-GAPS says), so the session
// keeps working after it. The emulator holds the refresh's answer after rotating the token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RequestCancelled } from '../../src-main/client';
import { paths } from '../../src-main/contract';
import { answerHeld, useEmulator } from '../support/emulator';
import { connect, control, within } from './helpers';

const emulator = useEmulator();
const base = () => emulator.current.url;
const dir = mkdtempSync(join(tmpdir(), 'casedesk-refresh-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await control(base(), 'reset');
});

/** The refresh's answer is held by the service (a minute), the token already rotated. */
async function slowRefresh(): Promise<void> {
  await control(base(), 'faults', { slow_answers: { refresh: 60_000 } });
}
/** How long `work` takes to settle after `stop()`, and what it settled with. */
async function stopTimed(stop: () => void, work: Promise<unknown>): Promise<{ ms: number; outcome: unknown }> {
  const settled = work.then(
    (value) => value,
    (error: unknown) => error,
  );
  const started = performance.now();
  stop();
  const outcome = await within(1_000, 'the stopped call', settled);
  return { ms: performance.now() - started, outcome };
}

const cancelledRefresh = { code: 'service.cancelled', params: { request: `POST ${paths.refresh()}` } };

describe('a Stop during a token refresh', () => {
  it("ends that caller's wait at once; another caller still gets the refreshed token, from the one refresh", async () => {
    const { session, vault, requests } = await connect(base());
    const stale = await session.accessToken();
    const refreshToken = await vault.read();
    await slowRefresh();
    const stop = new AbortController();
    const stopping = session.refreshAfterUnauthorized(stale, stop.signal);
    const other = session.refreshAfterUnauthorized(stale);
    await within(10_000, 'the refresh reaching the service', answerHeld(base(), 'refresh'));

    const { ms, outcome } = await stopTimed(() => stop.abort(), stopping);
    expect(outcome).toBeInstanceOf(RequestCancelled);
    expect(outcome).toMatchObject(cancelledRefresh);
    console.info(`refresh stopped after ${ms.toFixed(0)} ms`);

    await control(base(), 'reset'); // the held answer goes
    const fresh = await within(10_000, 'the other caller', other);
    expect(fresh).not.toBe(stale);
    expect(requests.count(paths.refresh())).toBe(1);
    expect(session.state()).toBe('active');
    // The rotated refresh token is the one kept: the next refresh is taken (a spent one would end the session).
    expect(await vault.read()).not.toBe(refreshToken);
    expect(await session.refreshAfterUnauthorized(fresh)).not.toBe(fresh);
    expect(session.state()).toBe('active');
  });

  it('leaves the refresh going when the only caller stops: its answer is kept, and the session goes on', async () => {
    const { session, client, vault, requests } = await connect(base());
    const stale = await session.accessToken();
    const refreshToken = await vault.read();
    await slowRefresh();
    const stop = new AbortController();
    const stopping = session.refreshAfterUnauthorized(stale, stop.signal);
    await within(10_000, 'the refresh reaching the service', answerHeld(base(), 'refresh'));
    expect((await stopTimed(() => stop.abort(), stopping)).outcome).toMatchObject(cancelledRefresh);

    await control(base(), 'reset');
    // Still the same refresh (no second one): whoever asks next waits for it and takes its token.
    const fresh = await within(10_000, 'the refresh ending', session.accessToken());
    expect(fresh).not.toBe(stale);
    expect(await vault.read()).not.toBe(refreshToken);
    await control(base(), 'expire-tokens', { access: true });
    expect((await client.bots()).length).toBeGreaterThan(0);
    expect(requests.count(paths.refresh())).toBe(2);
    expect(session.state()).toBe('active');
  });

  it('stops a request with a signal whose token is being refreshed (after its 401), and refreshes nothing twice', async () => {
    const { client, session, requests } = await connect(base());
    await control(base(), 'expire-tokens', { access: true });
    await slowRefresh();
    const stop = new AbortController();
    const fetching = client.downloadInboundRecording(1, dir, { signal: stop.signal });
    const other = client.bots();
    await within(10_000, 'the refresh reaching the service', answerHeld(base(), 'refresh'));

    const { ms, outcome } = await stopTimed(() => stop.abort(), fetching);
    expect(outcome).toBeInstanceOf(RequestCancelled);
    expect(outcome).toMatchObject(cancelledRefresh);
    console.info(`request stopped in its refresh after ${ms.toFixed(0)} ms`);

    await control(base(), 'reset');
    expect((await within(10_000, 'the other request', other)).length).toBeGreaterThan(0);
    expect(requests.count(paths.refresh())).toBe(1);
    expect(requests.count(paths.inboundRecording(1))).toBe(1); // the 401 only: never sent again
    expect(session.state()).toBe('active');
  });

  it('stops a refresh ahead of expiry the same way', async () => {
    let shift = 0;
    const { session } = await connect(base(), undefined, { now: () => Date.now() + shift });
    const before = await session.accessToken();
    await slowRefresh();
    shift = 285_000; // inside the 30 s skew of the 300 s token: the next token is refreshed first
    const stop = new AbortController();
    const stopping = session.accessToken(stop.signal);
    await within(10_000, 'the refresh reaching the service', answerHeld(base(), 'refresh'));
    expect((await stopTimed(() => stop.abort(), stopping)).outcome).toMatchObject(cancelledRefresh);
    await control(base(), 'reset');
    expect(await within(10_000, 'the refresh ending', session.accessToken())).not.toBe(before);
  });
});
