// Options that let client tests meet the spec's other answers: the guide's create states, latency.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Campaign, InboundCasesPage, paths } from '../../src-main/contract';
import { startEmulator } from '../../src-main/emulator';
import { BOTS, DEMO_USER, http, login, NO_BOTS_USER, useEmulator, offsetForLocalHour } from '../support/emulator';

describe("createStatus 'guide'", () => {
  const emulator = useEmulator({ createStatus: 'guide', utcOffsetMinutes: offsetForLocalHour(10) });

  it('creates SCHEDULED for a future start date and ONGOING for today inside the window', async () => {
    const { access } = await login(emulator.current.url);
    const localToday = new Date(Date.now() + offsetForLocalHour(10) * 60_000).toISOString().slice(0, 10);
    const create = async (extra: object) =>
      Campaign.parse(
        (
          await http(`${emulator.current.url}/api/v2/create_campaign/`, {
            token: access,
            body: { client_id: BOTS.voice, name: 'g', call_from: '09:00', call_to: '18:00', ...extra },
          })
        ).json,
      );
    expect((await create({ start_date: '2099-01-01' })).metrics.status).toBe('SCHEDULED');
    expect((await create({ start_date: localToday })).metrics.status).toBe('ONGOING');
    expect((await create({ start_date: localToday, call_from: '11:00' })).metrics.status).toBe('SCHEDULED');
  });
});

describe('latency fault', () => {
  const emulator = useEmulator();

  it('delays every service request until reset', async () => {
    const { access } = await login(emulator.current.url);
    await http(`${emulator.current.url}/__control/faults`, { body: { latency_ms: 400 } });
    const started = performance.now();
    expect((await http(`${emulator.current.url}/api/v2/bots/`, { token: access })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    await http(`${emulator.current.url}/__control/reset`, { body: {} });
    const state = await http(`${emulator.current.url}/__control/state`);
    expect(state.json).toMatchObject({ latency_ms: 0 });
  });
});

describe('slow recordings fault', () => {
  const emulator = useEmulator();
  const state = async () =>
    (await http(`${emulator.current.url}/__control/state`)).json as { recording_bytes_per_second: number; recordings_trickling: number };

  it('sends recordings at the pace set, the same bytes, and stops sending when the client hangs up', async () => {
    const { access } = await login(emulator.current.url);
    const page = InboundCasesPage.parse((await http(`${emulator.current.url}${paths.inboundCases()}`, { token: access })).json);
    const withAudio = page.results.find((c) => c.recording !== '');
    const address = `${emulator.current.url}${paths.inboundRecording(withAudio?.id ?? 0)}`;
    const whole = await http(address, { token: access });

    // Quick enough to read whole: the same bytes, its length declared.
    await http(`${emulator.current.url}/__control/faults`, { body: { recording_bytes_per_second: 400_000 } });
    const quick = await fetch(address, { headers: { authorization: `Bearer ${access}` } });
    expect(quick.headers.get('content-length')).toBe(String(whole.bytes.length));
    expect(Buffer.from(await quick.arrayBuffer()).equals(Buffer.from(whole.bytes))).toBe(true);
    expect((await state()).recordings_trickling).toBe(0);

    // 1 KiB/s: a piece a tenth of a second, still being sent until the client goes away.
    await http(`${emulator.current.url}/__control/faults`, { body: { recording_bytes_per_second: 1024 } });
    const stop = new AbortController();
    const slow = await fetch(address, { headers: { authorization: `Bearer ${access}` }, signal: stop.signal });
    const reader = (slow.body as ReadableStream<Uint8Array>).getReader();
    const started = performance.now();
    let got = 0;
    while (got < 300) got += (await reader.read()).value?.length ?? 0;
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(got).toBeLessThan(whole.bytes.length);
    expect(await state()).toMatchObject({ recording_bytes_per_second: 1024, recordings_trickling: 1 });
    stop.abort();
    await expect.poll(async () => (await state()).recordings_trickling).toBe(0);

    await http(`${emulator.current.url}/__control/reset`, { body: {} });
    expect(await state()).toMatchObject({ recording_bytes_per_second: 0 });
  });
});

describe('accountPassword (the app’s Demo service)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-emulator-password-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces every stored password at each start, and voids the tokens signed before', async () => {
    const dbFile = join(dir, 'demo.sqlite');
    const plain = await startEmulator({ dbFile, tickMs: 0 });
    const before = await login(plain.url);
    await plain.close();

    const locked = await startEmulator({ dbFile, tickMs: 0, accountPassword: 'la-de-esta-vez' });
    try {
      for (const user of [DEMO_USER, NO_BOTS_USER]) {
        expect((await http(`${locked.url}/auth/login/`, { body: user })).status).toBe(401);
        expect((await http(`${locked.url}/auth/login/`, { body: { email: user.email, password: 'la-de-esta-vez' } })).status).toBe(200);
      }
      expect((await http(`${locked.url}/auth/login/`, { body: { email: 'nadie@casedesk.local', password: 'la-de-esta-vez' } })).status).toBe(401);
      expect((await http(`${locked.url}/api/v2/bots/`, { token: before.access })).status).toBe(401);
    } finally {
      await locked.close();
    }

    // Started again with another password: the previous one is gone too.
    const next = await startEmulator({ dbFile, tickMs: 0, accountPassword: 'la-siguiente' });
    try {
      expect((await http(`${next.url}/auth/login/`, { body: { email: DEMO_USER.email, password: 'la-de-esta-vez' } })).status).toBe(401);
      expect((await http(`${next.url}/auth/login/`, { body: { email: DEMO_USER.email, password: 'la-siguiente' } })).status).toBe(200);
    } finally {
      await next.close();
    }
  });
});
