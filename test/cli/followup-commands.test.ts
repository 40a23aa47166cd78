// `casedesk followup` and `casedesk results summary` as an agent's script runs them, against a real
// emulator: the creditor's file prepared and uploaded, dialed for a while, its results downloaded; then
// a follow-up batch of the cases not final yet (exactly those) and the summary with the promises file.
import { formatFailure } from '../../src-main/domain/failures/failure';
import * as XLSX from '@e965/xlsx';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../src-main/audit/audit-log';
import { Campaign, UploadBody } from '../../src-main/contract';
import { PROMISES_SHEET } from '../../src-main/exports/promises-export';
import { control } from '../client/helpers';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-followup-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator({ speed: 1 });

function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], { env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password } });
}

const json = <T>(res: { code: number | null; stdout: string; stderr: string }): T => {
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as T;
};

describe('casedesk followup and results summary', () => {
  let campaignId = 0;

  beforeAll(async () => {
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    const { batchId } = json<{ batchId: number }>(await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json'));
    const created = Campaign.parse(
      json(
        await casedesk(
          'campaigns',
          'create',
          '--bot',
          String(BOTS.voice),
          '--name',
          'Banco del Sur',
          '--dialing-type',
          'HORIZONTAL_VERTICAL',
          '--min-phone-priority',
          '0',
          '--max-phone-priority',
          '2',
          '--max-calls-per-case',
          '2',
          '--json',
        ),
      ),
    );
    campaignId = created.id;
    expect(json(await casedesk('upload', String(batchId), '--campaign', String(campaignId), '--json'))).toMatchObject({ loaded: 8 });
    await control(emulator.current.url, 'advance', { seconds: 90 });
    expect((await casedesk('results', String(campaignId))).code).toBe(0);
  });

  it('makes a batch of exactly the non-final cases and prints the prepare summary', async () => {
    const nonFinal = (
      emulator.current.core.db.prepare('SELECT code FROM cases WHERE campaign_id = ? AND is_final = 0 ORDER BY code').all(campaignId) as { code: string }[]
    ).map((r) => r.code);
    expect(nonFinal.length).toBeGreaterThan(0);
    const s = json<Record<string, unknown> & { batchId: number; followup: Record<string, unknown> }>(
      await casedesk('followup', String(campaignId), '--outcome', 'non-final', '--json'),
    );
    expect(Object.keys(s)).toEqual(
      expect.arrayContaining(['batchId', 'cases', 'ready', 'rejected', 'warnings', 'fixes', 'rowErrors', 'rows', 'sheet', 'headerRow', 'mappingSource']),
    );
    expect(s).toMatchObject({
      cases: nonFinal.length,
      ready: nonFinal.length,
      mappingSource: 'batch',
      duplicates: 0,
      followup: { campaignId, outcome: 'non-final', notFound: 0 },
    });
    const payload = UploadBody.parse(JSON.parse((await casedesk('payload', String(s.batchId))).stdout));
    expect(payload.map(([code]) => code).sort()).toEqual(nonFinal);

    const words = await casedesk('followup', String(campaignId), '--outcome', 'non-final');
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toMatch(new RegExp(`^Batch \\d+: ${nonFinal.length} case\\(s\\) of campaign ${campaignId} to follow up`));
    // The same cases again, while the first follow-up still waits: each is a duplicate of it.
    expect(words.stdout).toMatch(new RegExp(`duplicates: ${nonFinal.length} case\\(s\\) already in another batch not uploaded`));
  });

  it('refuses a follow-up with nothing chosen, or with a result name no case has', async () => {
    const none = await casedesk('followup', String(campaignId));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--outcome/);
    const bad = await casedesk('followup', String(campaignId), '--outcome', 'todos');
    expect(bad.code).not.toBe(0);
    const nobody = await casedesk('followup', String(campaignId), '--result', 'No existe este resultado');
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/No case of campaign/);
  });

  it('sums up the results and writes the promises for the creditor', async () => {
    const out = join(dir, 'promesas.xlsx');
    const r = json<{ summary: { cases: number; promises: { count: number } }; export: { file: string; promises: number } }>(
      await casedesk('results', 'summary', String(campaignId), '--promises-out', out, '--json'),
    );
    const promised = (
      emulator.current.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ? AND got_promise = 1').get(campaignId) as { n: number }
    ).n;
    expect(r.summary).toMatchObject({ cases: 8, promises: { count: promised } });
    expect(r.export).toEqual({ file: out, promises: promised });
    const book = XLSX.read(readFileSync(out), { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[PROMISES_SHEET]!, { header: 1 })).toHaveLength(promised + 1);
    expect(readAudit(dataDir).entries.at(-1)).toMatchObject({
      action: 'export.written',
      kind: 'promises',
      campaignId,
      count: promised,
      to: 'file',
      // Where it went, as an id: the path itself is in the encrypted store (shown by `casedesk audit`).
      pathId: expect.stringMatching(/^[0-9a-f]{16}$/),
      actor: { face: 'cli' },
    });

    const words = await casedesk('results', 'summary', String(campaignId));
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toContain(`Campaign ${campaignId} (test): 8 cases`);
    // Counts and result names only: no debtor's name or phone.
    expect(words.stdout).not.toMatch(/PÉREZ|Pérez|\d{10}/);

    // The workbook now at --promises-out is the agent's: not written over without --force.
    const before = readFileSync(out);
    const again = await casedesk('results', 'summary', String(campaignId), '--promises-out', out);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`casedesk: ${formatFailure('en', 'cli.file_exists', { file: out })}\n`);
    expect(readFileSync(out)).toEqual(before);
    expect((await casedesk('results', 'summary', String(campaignId), '--promises-out', out, '--force')).code).toBe(0);
  });
});
