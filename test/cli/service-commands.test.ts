// The CLI as an agent's script would use it, against a real emulator: login, whoami, bots,
// campaigns, inbound, logout — and afterwards no token or password anywhere it printed or wrote.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BotList, Campaign, CampaignListItem, InboundCase } from '../../src-main/contract';
import { BOTS, DEMO_USER, http, login, NO_BOTS_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const emulator = useEmulator();
const printed: string[] = [];

function casedesk(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...process.env, CASEDESK_EMAIL: '', CASEDESK_PASSWORD: '', ...env } }).then((res) => {
    printed.push(res.stdout, res.stderr);
    return res;
  });
}

const demo = { CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password };

describe('casedesk service commands', () => {
  it('signs in to test at a base URL, and says who is signed in', async () => {
    const res = await casedesk(['login', '--env', 'test', '--base-url', emulator.current.url], demo);
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('Signed in to test as demo@casedesk.local');
    const who = await casedesk(['whoami', '--json'], demo);
    expect(JSON.parse(who.stdout)).toMatchObject({ environment: 'test', signedIn: true, email: DEMO_USER.email, baseUrl: emulator.current.url });
  });

  it("prints bots as a table, and as the service's Bot array with --json", async () => {
    const table = await casedesk(['bots'], demo);
    expect(table.stdout).toMatch(/Cobranza Voz/);
    const json = await casedesk(['bots', '--json'], demo);
    expect(BotList.parse(JSON.parse(json.stdout)).map((b) => b.id)).toEqual([BOTS.voice, BOTS.whatsapp, BOTS.inbound]);
  });

  it('tells a user with no bots what to ask for', async () => {
    const res = await casedesk(['bots'], { CASEDESK_EMAIL: NO_BOTS_USER.email, CASEDESK_PASSWORD: NO_BOTS_USER.password });
    expect(res.stdout).toMatch(/Ask your administrator/);
  });

  it('lists and shows campaigns', async () => {
    const { access } = await login(emulator.current.url);
    const created = Campaign.parse(
      (await http(`${emulator.current.url}/api/v2/create_campaign/`, { token: access, body: { client_id: BOTS.voice, name: 'Cartera noviembre' } })).json,
    );
    const list = await casedesk(['campaigns', 'list', '--bot', String(BOTS.voice), '--json'], demo);
    expect(
      CampaignListItem.array()
        .parse(JSON.parse(list.stdout))
        .map((c) => c.name),
    ).toContain('Cartera noviembre');
    const show = await casedesk(['campaigns', 'show', String(created.id), '--json'], demo);
    expect(Campaign.parse(JSON.parse(show.stdout)).id).toBe(created.id);
    const table = await casedesk(['campaigns', 'show', String(created.id)], demo);
    expect(table.stdout).toMatch(/status +│ (Paused|En pausa) /);
  });

  it('lists inbound cases with filters', async () => {
    const res = await casedesk(['inbound', 'list', '--bot', String(BOTS.inbound), '--json'], demo);
    const cases = InboundCase.array().parse(JSON.parse(res.stdout));
    expect(cases.length).toBeGreaterThan(0);
    const bad = await casedesk(['inbound', 'list', '--from', 'ayer'], demo);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--from/);
  });

  it('refuses to work without credentials, saying how to give them', async () => {
    const res = await casedesk(['bots']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/CASEDESK_EMAIL/);
  });

  it('refuses a plain-http base URL that is not on this machine', async () => {
    const res = await casedesk(['login', '--env', 'production', '--base-url', 'http://prod.example.com'], demo);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/https/);
  });

  it('signs out', async () => {
    const res = await casedesk(['logout', '--env', 'test', '--json'], demo);
    expect(JSON.parse(res.stdout)).toMatchObject({ environment: 'test', signedIn: false });
  });

  it('signs in to the built-in Demo with the public demo account, though its service no longer takes that password', async () => {
    const login = await casedesk(['login', '--env', 'demo'], demo);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('Signed in to demo as demo@casedesk.local');
    const bots = await casedesk(['bots', '--env', 'demo', '--json'], demo);
    expect(bots.code, bots.stderr).toBe(0);
    expect(BotList.parse(JSON.parse(bots.stdout)).map((b) => b.id)).toEqual([BOTS.voice, BOTS.whatsapp, BOTS.inbound]);
  });

  it('leaves no token or password in anything it printed or wrote', () => {
    const jwt = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const written = files(dataDir);
    expect(written.length).toBeGreaterThan(0);
    for (const text of [...printed, ...written.map((f) => readFileSync(f).toString('latin1'))]) {
      expect(text).not.toMatch(jwt);
      expect(text).not.toContain(DEMO_USER.password);
    }
  });
});
