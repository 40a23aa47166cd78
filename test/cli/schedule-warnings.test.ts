// `casedesk campaigns create|start` against the emulator, as child processes: a campaign starting on a
// holiday with calls outside the contact hours is created all the same, and the CLI says why to look
// again: one stderr line per warning, its code first and its words in --lang, or the warnings as data
// beside the campaign with --json.
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
/** Next year's first Saturday of July: before Independence Day (the 9th), no holiday. */
const SATURDAY = (() => {
  const day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 6, 1));
  while (day.getUTCDay() !== 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
})();

function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password } });
}

/** `campaigns create` in `lang`, starting on `startDate`; `more` adds the call window or --json. */
const createOn = (lang: 'es' | 'en', name: string, startDate: string, ...more: string[]) =>
  casedesk(
    '--lang',
    lang,
    'campaigns',
    'create',
    '--env',
    'test',
    '--bot',
    String(BOTS.voice),
    '--name',
    name,
    '--start-date',
    startDate,
    '--dialing-type',
    'VERTICAL',
    '--min-phone-priority',
    '0',
    '--max-phone-priority',
    '0',
    ...more,
  );
const create = (name: string, ...more: string[]) => createOn('en', name, CHRISTMAS, '--call-from', '07:30', '--call-to', '20:00', ...more);

// Each CLI run signs in anew; several runs a test on a busy machine.
describe('campaigns create and start warn of holidays and contact hours', { timeout: 60_000 }, () => {
  it('warns on stderr, each warning its code first, in --lang, and still creates the campaign (exit 0)', async () => {
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    const res = await create('Navidad temprano');
    expect(res.code, res.stderr).toBe(0);
    // stdout is the campaign alone, as scripts read it.
    expect(res.stdout).toMatch(/^Campaign \d+ "Navidad temprano" created: Paused\n$/);
    const rules = " Check it with your organization's contact rules.\n";
    expect(res.stderr).toContain(
      `casedesk: warning campaign.start_on_holiday: The campaign starts on ${CHRISTMAS}, a national holiday (Christmas Day).${rules}`,
    );
    expect(res.stderr).toContain(
      `casedesk: warning campaign.outside_contact_hours: The campaign's call window 07:30–20:00 goes outside the contact hours 08:00–20:00.${rules}`,
    );
    // (Christmas may fall on a Sunday, a warning of its own.)
    expect(
      res.stderr
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('casedesk: warning campaign.')),
    ).toBe(true);

    const es = await createOn('es', 'Sábado temprano', SATURDAY, '--call-from', '07:30');
    expect(es.code, es.stderr).toBe(0);
    expect(es.stdout).toMatch(/^Campaña \d+ "Sábado temprano" creada: En pausa\n$/);
    const reglas = ' Revíselo con las reglas de contacto de su organización.\n';
    expect(es.stderr).toBe(
      `casedesk: warning campaign.start_outside_contact_days: La campaña empieza el ${SATURDAY}, un sábado, que no es día de contacto (lunes, martes, miércoles, jueves, viernes).${reglas}` +
        `casedesk: warning campaign.outside_contact_hours: El horario de llamadas de la campaña, 07:30–(el del servicio), sale del horario de contacto 08:00–20:00.${reglas}`,
    );
  });

  it('--json: the campaign as the service sent it, with the warnings beside its fields; start warns too', async () => {
    const res = await create('Navidad JSON', '--json');
    expect(res.stderr).toBe('');
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
