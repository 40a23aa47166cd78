// Creating and starting a campaign against the emulator: the answer carries the campaign and, beside
// it, what its start day and call window warn about (they warn, they never refuse). The contact hours
// are a setting the checks follow, and changing them is in the audit trail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { argentineHolidays } from '../../src-main/domain/argentine-holidays';
import { weekdayOf } from '../../src-main/domain/contact-calendar';
import { createAppContext } from '../../src-main/surface/app-context';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-schedule-'));
const emulator = useEmulator();
const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await createSurface(ctx).call(name, input);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

// Dates in the future whatever day the tests run: next year's Christmas, and an ordinary weekday of next March.
const year = new Date().getUTCFullYear() + 1;
const CHRISTMAS = `${year}-12-25`;
const holidays = await argentineHolidays();
const ORDINARY = Array.from({ length: 20 }, (_, i) => `${year}-03-${String(10 + i).padStart(2, '0')}`).find(
  (d) => ['tue', 'wed', 'thu'].includes(weekdayOf(d)) && holidays(d).length === 0,
) as string;

const campaign = (name: string, when: { startDate?: string; callFrom?: string; callTo?: string }) => ({
  botId: BOTS.voice,
  name,
  dialingType: 'HORIZONTAL_VERTICAL',
  minPhonePriority: 0,
  maxPhonePriority: 1,
  maxCallsPerCase: 1,
  ...when,
});

describe('campaigns:create and campaigns:action', () => {
  it('creates a campaign starting on Christmas with calls until 21:00, and warns of both', async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    const created = await call('campaigns:create', {
      environment: 'test',
      campaign: campaign('Navidad tarde', { startDate: CHRISTMAS, callFrom: '09:00', callTo: '21:00' }),
    });
    expect(created.campaign).toMatchObject({ name: 'Navidad tarde', params: { startDate: CHRISTMAS } });
    const codes = created.warnings.map((w) => w.code);
    expect(codes).toContain('campaign.outside_contact_hours');
    expect(created.warnings).toContainEqual({ code: 'campaign.start_on_holiday', params: { date: CHRISTMAS, name: 'Navidad', nameEn: 'Christmas Day' } });
    // Warned, not refused: the service has it.
    expect(emulator.current.core.db.prepare('SELECT count(*) AS n FROM campaigns WHERE name = ?').get('Navidad tarde')).toEqual({ n: 1 });
  });

  it('warns of nothing for an ordinary weekday inside the contact hours', async () => {
    const created = await call('campaigns:create', {
      environment: 'test',
      campaign: campaign('Marzo', { startDate: ORDINARY, callFrom: '09:00', callTo: '20:00' }),
    });
    expect(created.warnings).toEqual([]);
  });

  it('starting checks the campaign as the service holds it; stopping warns of nothing', async () => {
    const { campaign: created } = await call('campaigns:create', {
      environment: 'test',
      campaign: campaign('Para iniciar', { startDate: CHRISTMAS, callFrom: '07:00', callTo: '19:00' }),
    });
    const started = await call('campaigns:action', { environment: 'test', campaignId: created.id, action: 'start' });
    expect(started.campaign.id).toBe(created.id);
    expect(started.warnings).toContainEqual({ code: 'campaign.start_on_holiday', params: { date: CHRISTMAS, name: 'Navidad', nameEn: 'Christmas Day' } });
    expect(started.warnings).toContainEqual({
      code: 'campaign.outside_contact_hours',
      params: { callFrom: '07:00', callTo: '19:00', from: '08:00', to: '20:00' },
    });
    const stopped = await call('campaigns:action', { environment: 'test', campaignId: created.id, action: 'stop' });
    expect(stopped.warnings).toEqual([]);
  });
});

describe('the contact hours setting', () => {
  it('is 08:00–20:00 Monday to Friday until changed, and the checks follow it', async () => {
    expect((await call('settings:get', {})).contactHours).toEqual({ from: '08:00', to: '20:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    const before = await call('campaigns:checkSchedule', { startDate: ORDINARY, callFrom: '07:00', callTo: '21:00' });
    expect(before.warnings.map((w) => w.code)).toEqual(['campaign.outside_contact_hours']);

    const saved = await call('settings:set', { contactHours: { from: '07:00', to: '21:00', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] } });
    expect(saved).toMatchObject({ contactHours: { from: '07:00', to: '21:00' }, lockedByPolicy: [] });
    expect((await call('campaigns:checkSchedule', { startDate: ORDINARY, callFrom: '07:00', callTo: '21:00' })).warnings).toEqual([]);

    const audit = await call('audit:list', { limit: 5 });
    expect(audit.entries.find((e) => e.action === 'settings.changed')).toMatchObject({
      changes: { contactHours: { from: '08:00-20:00 12345', to: '07:00-21:00 123456' } },
    });
  });

  it('refuses hours that cannot be, saying where', async () => {
    const answer = await createSurface(ctx).call('settings:set', { contactHours: { from: '21:00', to: '07:00', days: ['mon'] } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'input.invalid' } });
    expect(!answer.ok && answer.error.message).toContain('contactHours.to');
  });
});
