// Options that let client tests meet the spec's other answers: the guide's create states, latency.
import { describe, expect, it } from 'vitest';
import { Campaign } from '../../src-main/contract';
import { BOTS, http, login, useEmulator, offsetForLocalHour } from '../support/emulator';


describe("createStatus 'guide'", () => {
  const emulator = useEmulator({ createStatus: 'guide', utcOffsetMinutes: offsetForLocalHour(10) });

  it('creates SCHEDULED for a future start date and ONGOING for today inside the window', async () => {
    const { access } = await login(emulator.current.url);
    const localToday = new Date(Date.now() + offsetForLocalHour(10) * 60_000).toISOString().slice(0, 10);
    const create = async (extra: object) => Campaign.parse((await http(`${emulator.current.url}/api/v2/create_campaign/`, { token: access, body: { client_id: BOTS.voice, name: 'g', call_from: '09:00', call_to: '18:00', ...extra } })).json);
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
