// From a creditor's spreadsheet to cases loaded on the service, through the CLI as an agent's script
// would run it: prepare, issues, payload, campaigns create, upload, start.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Campaign, UploadBody } from '../../src-main/contract';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';
import { SAMPLE_MAPPING } from '../support/sample-mapping';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();

function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password } });
}

describe('prepare → upload', () => {
  let batchId = 0;

  it('prepares the sample creditor file and prints its counts as JSON', async () => {
    const res = await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test');
    expect(res.stderr).toBe('');
    const summary = JSON.parse(res.stdout) as Record<string, number>;
    expect(summary).toMatchObject({ cases: 11, ready: 8, rejected: 3, rowErrors: 1 });
    expect(Object.keys(summary)).toEqual(expect.arrayContaining(['batchId', 'cases', 'ready', 'rejected', 'warnings', 'rowErrors']));
    batchId = summary.batchId ?? 0;
  });

  it('lists the issues in the language of --lang', async () => {
    const res = await casedesk('--lang', 'es', 'issues', String(batchId), '--severity', 'error');
    expect(res.stdout).toMatch(/fila de totales/);
    expect((await casedesk('issues', String(batchId), '--severity', 'error', '--lang', 'en')).stdout).toMatch(/totals row/);
    // --json: the words in --lang, and the text as data beside them.
    const json = JSON.parse((await casedesk('issues', String(batchId), '--json', '--lang', 'es')).stdout) as {
      code: string | null;
      message: string;
      text: { code: string; params: Record<string, unknown> };
    }[];
    const badDate = json.find((i) => i.code === '33444555' && i.text.code === 'issue.date_invalid');
    expect(badDate?.message).toBe('Fecha "31/02/2027" no válida (esa fecha no existe)');
    expect(badDate?.text.params).toEqual({ before: '31/02/2027', reason: { code: 'issue.reason.impossible', params: {} } });
  });

  it('writes the exact payload of the ready cases', async () => {
    const out = join(dir, 'payload.json');
    await casedesk('payload', String(batchId), '--out', out);
    const entries = UploadBody.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(entries.map(([code]) => code).sort()).toEqual(['00012345', '07654321', '20123456', '27888999', '28999000', '29000111', '30111222', '31222333']);
    expect(entries.find(([code]) => code === '20123456')?.[1].products).toHaveLength(2);
  });

  // Five CLI runs, each signing in; create and start also load the holiday calendar.
  it('creates a campaign, uploads the batch exactly once, and starts it', async () => {
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    const created = Campaign.parse(
      JSON.parse(
        (
          await casedesk(
            'campaigns',
            'create',
            '--bot',
            String(BOTS.voice),
            '--name',
            'Banco del Sur noviembre',
            '--dialing-type',
            'HORIZONTAL_VERTICAL',
            '--min-phone-priority',
            '0',
            '--max-phone-priority',
            '2',
            '--max-calls-per-case',
            '2',
            '--json',
          )
        ).stdout,
      ),
    );
    expect(created.metrics.status).toBe('PAUSED');
    const upload = await casedesk('upload', String(batchId), '--campaign', String(created.id), '--json');
    expect(upload.stderr).toMatch(/loaded 8/);
    expect(JSON.parse(upload.stdout)).toMatchObject({ status: 'done', loaded: 8, rejected: {}, requests: 1 });
    const again = await casedesk('upload', String(batchId), '--campaign', String(created.id), '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'done', loaded: 8, requests: 0 });
    const started = await casedesk('campaigns', 'start', String(created.id));
    expect(started.stdout).toMatch(/Ongoing|En curso/);
    const onServer = emulator.current.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(created.id) as { n: number };
    expect(onServer.n).toBe(8);
  }, 60_000);

  it("applies a mapping file and remembers it as the creditor's template", async () => {
    const mapping = join(dir, 'mapping.json');
    writeFileSync(mapping, JSON.stringify(SAMPLE_MAPPING));
    const first = JSON.parse(
      (await casedesk('prepare', SAMPLE, '--mapping', mapping, '--creditor', 'Banco del Sur', '--max-phone-priority', '0', '--json')).stdout,
    ) as { mappingSource: string; batchId: number };
    expect(first.mappingSource).toBe('file');
    const second = JSON.parse((await casedesk('prepare', SAMPLE, '--max-phone-priority', '0', '--json')).stdout) as {
      mappingSource: string;
      batchId: number;
    };
    expect(second.mappingSource).toBe('template');
    const payload = JSON.parse((await casedesk('payload', String(second.batchId))).stdout) as Record<string, { params: { branch?: string } }>;
    expect(payload['20123456']?.params.branch).toBe('Centro');
    // The template goes back out as the same mapping file.
    const exported = JSON.parse((await casedesk('templates', 'export', '--creditor', 'Banco del Sur')).stdout) as {
      columns: { full_name: string };
      default_area_code: string;
    };
    expect(exported).toMatchObject({ columns: { full_name: 'Apellido y Nombre' }, default_area_code: '11' });
  });

  it('refuses a hostile file and a broken mapping file with a message that says what and where', async () => {
    const junk = join(dir, 'junk.xlsx');
    writeFileSync(junk, Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)));
    const res = await casedesk('prepare', junk, '--max-phone-priority', '0');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/junk\.xlsx is not a spreadsheet/);
    const badMapping = join(dir, 'bad.json');
    writeFileSync(badMapping, JSON.stringify({ columns: { code: 'DNI' }, decimal_separator: ',', date_order: 'DMY' }));
    const bad = await casedesk('prepare', SAMPLE, '--mapping', badMapping, '--max-phone-priority', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json is not valid at columns\.phones/);
  });

  it('takes the paths the user gives: a file that is not there, or is not a file, is a usage error', async () => {
    const missing = await casedesk('prepare', join(dir, 'no-such.xlsx'), '--max-phone-priority', '0');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`Cannot open ${join(dir, 'no-such.xlsx')}.`);
    const folder = await casedesk('prepare', dir, '--max-phone-priority', '0');
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/is not a file/);
  });

  it('writes the error report where the user says and imports it back from there', async () => {
    const prepared = JSON.parse((await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json')).stdout) as { batchId: number };
    const report = join(dir, 'errores.xlsx');
    expect((await casedesk('export', String(prepared.batchId), '--errors', report)).code).toBe(0);
    const imported = await casedesk('import-corrections', String(prepared.batchId), report, '--json');
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ unknownCodes: [], alreadySent: [] });
  });
});
