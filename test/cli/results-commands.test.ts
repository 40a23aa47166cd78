// `casedesk results CAMPAIGN` and `casedesk inbound sync` as an agent's script would run them, against
// a real emulator: download incrementally, export the workbook, print a JSON summary; progress on stderr.
import * as XLSX from '@e965/xlsx';
import { type ChildProcess } from 'node:child_process';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../src-main/audit/audit-log';
import { collect } from '../../src-main/client';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { connect, control, dialedCampaign } from '../client/helpers';
import { runCasedesk } from '../support/cli';

const root = mkdtempSync(join(tmpdir(), 'casedesk-cli-results-'));
const dataDir = join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const emulator = useEmulator({ speed: 1 });
/** A pseudonym of the audit trail's files. */
const ID = expect.stringMatching(/^[0-9a-f]{16}$/);
const demo = { CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password };

function casedesk(
  args: string[],
  env: Record<string, string> = demo,
  onStderr?: (text: string, child: ChildProcess) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...process.env, CASEDESK_EMAIL: '', CASEDESK_PASSWORD: '', ...env }, onStderr });
}

describe('casedesk results and inbound sync', () => {
  let campaignId = 0;
  let serviceCalls = 0;

  beforeAll(async () => {
    const { client } = await connect(emulator.current.url);
    campaignId = await dialedCampaign(emulator.current.url, client, 6);
    serviceCalls = (await collect(client.campaignCases(campaignId))).reduce((sum, c) => sum + c.call_count, 0);
    const login = await casedesk(['login', '--env', 'test', '--base-url', emulator.current.url]);
    expect(login.code).toBe(0);
  });

  it('downloads a campaign with its recordings and exports it, printing a JSON summary', async () => {
    const out = join(root, 'resultados.xlsx');
    const recordings = join(root, 'grabaciones');
    const res = await casedesk(['results', String(campaignId), '--out', out, '--recordings', recordings, '--env', 'test', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const summary = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(summary).toEqual({
      environment: 'test',
      campaignId,
      download: { cases: 6, changedCases: 6, calls: serviceCalls, recordings: serviceCalls, recordingsSkipped: 0, cancelled: false },
      export: { file: out, cases: 6, calls: serviceCalls, recordings: serviceCalls },
    });
    expect(res.stderr).toMatch(/cases 6\/6/);
    // Progress is counts only: no name or phone of a debtor.
    expect(res.stderr).not.toMatch(/María|González|\d{10}/);
    expect(readdirSync(recordings)).toHaveLength(serviceCalls);
    const book = XLSX.read(readFileSync(out), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Casos', 'Llamadas']);
    // The audit trail: the download, then where the debtors' recordings and results went.
    // Its files hold who and where as ids only (16 hex); `casedesk audit`, which opens the store, shows them.
    expect(readAudit(dataDir).entries.slice(-3)).toMatchObject([
      { action: 'results.downloaded', campaignId, cases: 6, calls: serviceCalls, recordings: serviceCalls, actor: { face: 'cli', serviceUserId: ID } },
      { action: 'export.written', kind: 'recordings', campaignId, count: serviceCalls, to: 'folder', pathId: ID },
      { action: 'export.written', kind: 'results', campaignId, count: 6, to: 'file', pathId: ID },
    ]);
    const shown = await casedesk(['audit', '--json', '--limit', '3']);
    expect((JSON.parse(shown.stdout) as { entries: unknown[] }).entries).toMatchObject([
      { action: 'results.downloaded', actor: { face: 'cli', serviceUser: DEMO_USER.email } },
      { action: 'export.written', kind: 'recordings', path: recordings },
      { action: 'export.written', kind: 'results', path: out },
    ]);
  });

  it('the second time, downloads nothing and still exports; without --json it says so in words', async () => {
    const out = join(root, 'otra-vez.xlsx');
    const res = await casedesk(['results', String(campaignId), '--out', out, '--env', 'test']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Campaign ${campaignId} (test): 6 cases, 0 new or changed; 0 calls downloaded.`);
    expect(res.stdout).toContain(`Exported 6 cases and ${serviceCalls} calls to ${out}.`);
    expect(existsSync(out)).toBe(true);
  });

  it('exports what is stored without asking the service (--offline)', async () => {
    const out = join(root, 'sin-conexion.xlsx');
    const res = await casedesk(['results', String(campaignId), '--offline', '--out', out, '--env', 'test', '--json'], {});
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ download: null, export: { cases: 6, calls: serviceCalls } });
  });

  it('never writes over a file already at --out without --force, and replaces it with --force', async () => {
    const out = join(root, 'planilla-del-agente.xlsx');
    writeFileSync(out, 'lo que el agente guardó');
    const refused = await casedesk(['results', String(campaignId), '--offline', '--out', out, '--env', 'test'], {});
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`casedesk: ${formatFailure('en', 'cli.file_exists', { file: out })}\n`);
    expect(readFileSync(out, 'utf8')).toBe('lo que el agente guardó');
    const forced = await casedesk(['results', String(campaignId), '--offline', '--out', out, '--force', '--env', 'test', '--json'], {});
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
  });

  it('says so plainly for a campaign that is not there', async () => {
    const res = await casedesk(['results', '999999', '--env', 'test']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('casedesk: Campaign 999999 was not found (or it is not yours).\n');
    const es = await casedesk(['--lang', 'es', 'results', '999999', '--env', 'test']);
    expect(es.code).toBe(1);
    expect(es.stderr).toBe('casedesk: La campaña 999999 no existe (o no es suya).\n');
  });

  it('says a service it cannot reach in --lang, and that what was downloaded is kept', async () => {
    const { startEmulator } = await import('../../src-main/emulator');
    const service = await startEmulator({ tickMs: 0 });
    const gone = join(root, 'data-gone');
    const run = (args: string[]) => runCasedesk(['--data-dir', gone, ...args], { env: { ...process.env, ...demo } });
    expect((await run(['login', '--env', 'test', '--base-url', service.url])).code).toBe(0);
    // The service goes away: the next run cannot reach it.
    await service.close();
    const res = await run(['--lang', 'es', 'results', '1', '--env', 'test']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^casedesk: .+ Lo descargado se conserva: vuelva a ejecutar el comando para continuar\.\n$/);
  });

  it('syncs the inbound cases of a bot with their recordings, with a JSON summary; refuses a bad date', async () => {
    const { client } = await connect(emulator.current.url);
    const service = await collect(client.inboundCases({ botId: BOTS.inbound }));
    const recordings = join(root, 'entrantes');
    const first = await casedesk(['inbound', 'sync', '--bot', String(BOTS.inbound), '--recordings', recordings, '--env', 'test', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const withAudio = service.filter((c) => c.recording !== '').length;
    expect(JSON.parse(first.stdout)).toEqual({
      environment: 'test',
      filter: { botId: BOTS.inbound, from: null, to: null },
      cases: service.length,
      changedCases: service.length,
      recordings: withAudio,
      recordingsSkipped: service.length - withAudio,
      cancelled: false,
    });
    expect(readAudit(dataDir).entries.slice(-2)).toMatchObject([
      { action: 'inbound.downloaded', botId: BOTS.inbound, cases: service.length, recordings: withAudio },
      { action: 'export.written', kind: 'recordings', count: withAudio, to: 'folder', pathId: ID },
    ]);

    const bad = await casedesk(['inbound', 'sync', '--from', 'ayer', '--env', 'test']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--from/);
  });

  it('Ctrl-C stops between two items, keeps what was done and exports nothing, saying so in --lang (exit 130); the next run resumes', async () => {
    const { client } = await connect(emulator.current.url);
    const id = await dialedCampaign(emulator.current.url, client, 6);
    const out = join(root, 'interrumpido.xlsx');
    const args = ['results', String(id), '--out', out, '--recordings', join(root, 'grabaciones-2'), '--env', 'test', '--json'];
    await control(emulator.current.url, 'faults', { latency_ms: 150 });
    let interrupted = false;
    const cut = await casedesk(['--lang', 'es', ...args], demo, (stderr, child) => {
      if (!interrupted && /casos 0\/6/.test(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    }).finally(() => control(emulator.current.url, 'reset'));
    expect(cut.code, cut.stderr).toBe(130);
    expect(cut.stderr).toContain('\ncasedesk: note results.stopping: Se detiene después del elemento en curso (Ctrl-C otra vez para salir ya)…\n');
    expect(cut.stderr).toMatch(/\ncasedesk: Interrumpido; lo descargado se conserva\. Vuelva a ejecutar el mismo comando para continuar\.\n$/);
    expect(cut.stderr).not.toMatch(/Stopping|Interrupted|cases/);
    const partial = JSON.parse(cut.stdout) as { download: { cases: number; cancelled: boolean }; export: unknown };
    expect(partial).toMatchObject({ download: { cancelled: true }, export: null });
    expect(partial.download.cases).toBeLessThan(6);
    expect(existsSync(out)).toBe(false);

    const rest = await casedesk(args);
    expect(rest.code, rest.stderr).toBe(0);
    expect(JSON.parse(rest.stdout)).toMatchObject({ download: { cases: 6, changedCases: 6 - partial.download.cases, cancelled: false }, export: { cases: 6 } });
  });
});
