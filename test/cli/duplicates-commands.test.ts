// Duplicates in `prepare`, `issues` and `upload`, run as an agent's script would: child processes on
// one data folder, against the emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Campaign } from '../../src-main/contract';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-duplicates-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const emulator = useEmulator();

function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dataDir, ...args], {
    env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password, CASEDESK_POLICY: '' },
  });
}
const json = <T>(res: { code: number | null; stdout: string; stderr: string }): T => {
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as T;
};
interface Summary {
  batchId: number;
  cases: number;
  ready: number;
  duplicates: number;
}
interface Issue {
  code: string | null;
  kind: string;
  message: string;
  text: { code: string; params: Record<string, unknown> };
}

describe('duplicates in the CLI', () => {
  const codesOn = (campaignId: number) =>
    (emulator.current.core.db.prepare('SELECT code FROM cases WHERE campaign_id = ? ORDER BY code').all(campaignId) as { code: string }[]).map((r) => r.code);
  let first: Summary;
  let campaignId = 0;

  it('prepare --json counts the cases already in another batch not uploaded, and issues name that batch', async () => {
    first = json<Summary>(await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test'));
    expect(first).toMatchObject({ cases: 11, ready: 8, duplicates: 0 });
    const second = json<Summary>(await casedesk('prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test'));
    expect(second).toMatchObject({ cases: 11, duplicates: 11 });
    const issues = json<Issue[]>(await casedesk('issues', String(second.batchId), '--json', '--lang', 'en', '--severity', 'warning'));
    const flagged = issues.filter((i) => i.kind === 'duplicate-other-batch');
    expect(flagged).toHaveLength(11);
    expect(flagged[0]?.text).toEqual({ code: 'issue.duplicate_other_batch', params: { batch: first.batchId } });
    expect(flagged[0]?.message).toBe(`This code is also in batch ${first.batchId}, not uploaded yet: the debtor would be called twice`);
    // Deleting it: the first batch is the one this test uploads.
    expect((await casedesk('batches', 'delete', String(second.batchId))).code).toBe(0);
  }, 60_000);

  let again: Summary;
  let loaded: string[] = [];
  it('prepare --campaign counts the codes the campaign already holds, and issues say which', async () => {
    expect((await casedesk('login', '--env', 'test', '--base-url', emulator.current.url)).code).toBe(0);
    campaignId = Campaign.parse(
      json(await casedesk('campaigns', 'create', '--bot', String(BOTS.voice), '--name', 'Duplicados', '--max-phone-priority', '2', '--json')),
    ).id;
    expect(json(await casedesk('upload', String(first.batchId), '--campaign', String(campaignId), '--json'))).toMatchObject({
      loaded: 8,
      skipped: { duplicates: 0 },
    });
    loaded = codesOn(campaignId);

    again = json<Summary>(await casedesk('prepare', SAMPLE, '--campaign', String(campaignId), '--json'));
    // 8 loaded into the campaign; the 3 rejected ones still wait in the first batch.
    expect(again).toMatchObject({ cases: 11, duplicates: 11 });
    const issues = json<Issue[]>(await casedesk('issues', String(again.batchId), '--json', '--lang', 'en'));
    expect(
      issues
        .filter((i) => i.kind === 'duplicate-in-campaign')
        .map((i) => i.code)
        .sort(),
    ).toEqual(loaded);
  }, 60_000);

  it('upload skips them and says so, unless told to load them again', async () => {
    const words = await casedesk('upload', String(again.batchId));
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toMatch(/^done: 0 loaded/);
    expect(words.stdout).toContain('skipped: 8 case(s) whose code the campaign already holds (--reload-duplicates loads them again)');
    expect(codesOn(campaignId)).toEqual(loaded);

    const reloaded = json<{ loaded: number; skipped: { duplicates: number } }>(
      await casedesk('upload', String(again.batchId), '--reload-duplicates', '--json'),
    );
    expect(reloaded).toMatchObject({ status: 'done', loaded: 8, skipped: { duplicates: 0 } });
    expect(codesOn(campaignId)).toEqual(loaded.flatMap((c) => [c, c]));
  }, 60_000);
});
