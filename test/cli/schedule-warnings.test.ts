// `casedesk campaigns create|start` against the emulator, as child processes: a campaign starting on a
// holiday with calls outside the contact hours is created all the same, and the CLI says why to look
// again: one line per warning with its code, or the warnings as data beside the campaign with --json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Campaign } from '../../src-main/contract';
import type { CampaignScheduleWarning } from '../../src-main/domain/contact-calendar';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-schedule-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();
const CHRISTMAS = `${new Date().getUTCFullYear() + 1}-12-25`;

function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password } });
}

const create = (name: string, ...more: string[]) =>
  casedesk(
    'campaigns',
    'create',
    '--env',
    'test',
    '--bot',
    String(BOTS.voice),
    '--name',
    name,
    '--start-date',
    CHRISTMAS,
    '--call-from',
    '07:30',
    '--call-to',
    '20:00',
    '--dialing-type',
    'VERTICAL',
    '--min-phone-priority',
    '0',
    '--max-phone-priority',
    '0',
    ...more,
  );

// Each CLI run signs in anew; several runs a test on a busy machine.
describe('campaigns create and start warn of holidays and contact hours', { timeout: 60_000 }, () => {
  it('prints each warning with its code, and still creates the campaign (exit 0)', async () => {
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    const res = await create('Navidad temprano');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Campaign \d+ "Navidad temprano" created: PAUSED$/m);
    expect(res.stdout).toContain(`Warning [campaign.start_on_holiday]: it starts on ${CHRISTMAS}, a national holiday (Navidad).`);
    expect(res.stdout).toContain('Warning [campaign.outside_contact_hours]: its call window 07:30–20:00 goes outside the contact hours 08:00–20:00.');
  });

  it('--json: the campaign as the service sent it, with the warnings beside its fields; start warns too', async () => {
    const res = await create('Navidad JSON', '--json');
    const printed = JSON.parse(res.stdout) as Record<string, unknown> & { warnings: CampaignScheduleWarning[] };
    const campaign = Campaign.parse(printed);
    expect(printed.warnings).toContainEqual({ code: 'campaign.start_on_holiday', params: { date: CHRISTMAS, name: 'Navidad', nameEn: 'Christmas Day' } });
    expect(printed.warnings).toContainEqual({
      code: 'campaign.outside_contact_hours',
      params: { callFrom: '07:30', callTo: '20:00', from: '08:00', to: '20:00' },
    });

    const started = JSON.parse((await casedesk('campaigns', 'start', String(campaign.id), '--env', 'test', '--json')).stdout) as {
      id: number;
      warnings: CampaignScheduleWarning[];
    };
    expect(started.id).toBe(campaign.id);
    expect(started.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['campaign.start_on_holiday', 'campaign.outside_contact_hours']));
    const stopped = JSON.parse((await casedesk('campaigns', 'stop', String(campaign.id), '--env', 'test', '--json')).stdout) as { warnings: unknown[] };
    expect(stopped.warnings).toEqual([]);
  });
});
