// `casedesk batches list|delete`, `results delete`, `purge` and `wipe` as an agent's script runs them.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editCase } from '../../src-main/preparation/edit-batch';
import { markInDoubt, markSkipped, markUploadRunEnded, openStore, pageBatchCases } from '../../src-main/store';
import { connect, dialedCampaign } from '../client/helpers';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { TEST_STORE_KEY } from '../support/store-key';
import { runCasedesk } from '../support/cli';
import { uploadDetails } from '../../src-main/domain/upload-detail';

/** The actions of a data folder's audit trail, as written. */
const auditActions = (dataDir: string) =>
  readFileSync(join(dataDir, 'audit', 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { action: string }).action);

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-cli-lifecycle-'));
const dataDir = join(root, 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const emulator = useEmulator({ speed: 1 });
/** Each run of the CLI starts a Node process (several seconds on a busy machine); a test runs a few. */
const SLOW = 180_000;

function casedesk(args: string[], env: Record<string, string> = {}, dir = dataDir): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCasedesk(['--data-dir', dir, ...args], { env: { ...process.env, CASEDESK_EMAIL: DEMO_USER.email, CASEDESK_PASSWORD: DEMO_USER.password, ...env } });
}

async function prepared(): Promise<number> {
  const res = await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2', '--json', '--env', 'test']);
  expect(res.code, res.stderr).toBe(0);
  return (JSON.parse(res.stdout) as { batchId: number }).batchId;
}

describe('casedesk batches', { timeout: SLOW }, () => {
  it('lists a draft as kept until deleted, and deletes it', async () => {
    const batchId = await prepared();
    const listed = await casedesk(['batches', 'list', '--env', 'test']);
    expect(listed.stdout).toMatch(new RegExp(`${batchId}.*until deleted`));
    const deleted = await casedesk(['batches', 'delete', String(batchId), '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ batchId, cases: 11, chunks: 0, importedFileDeleted: false });
    expect(JSON.parse((await casedesk(['batches', 'list', '--env', 'test', '--json'])).stdout)).toEqual([]);
    // The file the CLI was given is the user's: it stays.
    expect(existsSync(SAMPLE)).toBe(true);
    const again = await casedesk(['batches', 'delete', String(batchId)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/does not exist/);
  });

  it('refuses a batch with cases in doubt, with exit 3 (a decision is needed, as for an upload)', async () => {
    const batchId = await prepared();
    const store = openStore(dataDir, TEST_STORE_KEY);
    markInDoubt(
      store.db,
      pageBatchCases(store.db, batchId, { status: 'ready', limit: 2 }).map((c) => c.id),
      uploadDetails.codesNotShown,
    );
    store.close();
    const refused = await casedesk(['batches', 'delete', String(batchId)]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/2 case\(s\) in doubt/);
    expect(JSON.parse((await casedesk(['batches', 'list', '--env', 'test', '--json'])).stdout)).toHaveLength(1);
  });
});

describe('casedesk batches list, for a batch kept by skipped cases corrected after the upload', { timeout: SLOW }, () => {
  it('says so with their count, in --lang, and --json carries the count', async () => {
    const batchId = await prepared();
    // Uploaded with every code already in the campaign: all skipped, the run ended.
    const store = openStore(dataDir, TEST_STORE_KEY);
    const sendable = pageBatchCases(store.db, batchId, { limit: 50 }).filter((c) => c.status === 'ready' || c.status === 'warning');
    for (const c of sendable) markSkipped(store.db, c.id);
    markUploadRunEnded(store.db, batchId);
    store.close();
    const row = (stdout: string) => stdout.split('\n').find((line) => line.startsWith(`│ ${batchId} `)) ?? '';
    expect(row((await casedesk(['--lang', 'en', 'batches', 'list', '--env', 'test'])).stdout)).toMatch(/│ \d{4}-\d{2}-\d{2}\s+│$/);

    // Two of them corrected afterwards.
    const again = openStore(dataDir, TEST_STORE_KEY);
    for (const c of sendable.slice(0, 2)) editCase(again, batchId, c.id, { firstName: `${c.firstName} Corregido` });
    again.close();
    const en = await casedesk(['--lang', 'en', 'batches', 'list', '--env', 'test']);
    expect(en.code, en.stderr).toBe(0);
    expect(row(en.stdout)).toMatch(/│ kept: 2 corrected case\(s\) not loaded again\s+│$/);
    const es = await casedesk(['--lang', 'es', 'batches', 'list', '--env', 'test']);
    expect(row(es.stdout)).toMatch(/│ se conserva: 2 caso\(s\) corregido\(s\) sin cargar de nuevo\s+│$/);
    const listed = JSON.parse((await casedesk(['batches', 'list', '--env', 'test', '--json'])).stdout) as {
      id: number;
      keptUntil: string | null;
      correctedSkipped: number;
    }[];
    expect(listed.find((b) => b.id === batchId)).toMatchObject({ keptUntil: null, correctedSkipped: 2 });
    for (const other of listed.filter((b) => b.id !== batchId)) expect(other.correctedSkipped).toBe(0);
  });
});

describe('casedesk results delete', { timeout: SLOW }, () => {
  let campaignId = 0;
  beforeAll(async () => {
    const { client } = await connect(emulator.current.url);
    campaignId = await dialedCampaign(emulator.current.url, client, 4);
    expect((await casedesk(['login', '--env', 'test', '--base-url', emulator.current.url])).code).toBe(0);
  }, SLOW);

  it("deletes a campaign's stored results; recordings saved to a folder of the user's stay theirs", async () => {
    const mine = join(root, 'mis-grabaciones');
    const downloaded = await casedesk(['results', String(campaignId), '--recordings', mine, '--env', 'test', '--json']);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    const { download } = JSON.parse(downloaded.stdout) as { download: { calls: number; recordings: number } };
    expect(download.recordings).toBeGreaterThan(0);

    const res = await casedesk(['results', 'delete', String(campaignId), '--env', 'test', '--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({
      campaignId,
      cases: 4,
      calls: download.calls,
      recordings: download.recordings,
      recordingFilesLeft: download.recordings,
    });
    expect(readdirSync(mine)).toHaveLength(download.recordings);
    const text = await casedesk(['results', 'delete', String(campaignId), '--env', 'test']);
    expect(text.stdout).toMatch(/0 case\(s\), 0 call\(s\) and 0 recording\(s\) deleted/);
    // Offline export now has nothing to export; a new download brings everything again.
    const again = await casedesk(['results', String(campaignId), '--env', 'test', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ download: { cases: 4, changedCases: 4 } });
  });
});

describe('casedesk purge', { timeout: SLOW }, () => {
  it('runs retention now and says what went', async () => {
    const res = await casedesk(['purge']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Older than 90 days: 0 batch\(es\)/);
  });
});

describe('casedesk wipe', { timeout: SLOW }, () => {
  it('without --yes says what would go and deletes nothing (exit 2); with --yes deletes it', async () => {
    const dir = join(root, 'to-wipe');
    expect((await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2'], {}, dir)).code).toBe(0);
    writeFileSync(join(dir, 'notas.txt'), 'not CaseDesk');

    const asked = await casedesk(['wipe'], {}, dir);
    expect(asked.code).toBe(2);
    expect(asked.stdout).toMatch(/to delete: .*casedesk\.sqlite/);
    expect(asked.stdout).toMatch(/CASEDESK_DB_KEY, which is yours/);
    expect(asked.stdout).toMatch(/left as they are \(not CaseDesk's\): notas\.txt/);
    expect(asked.stderr).toMatch(/Nothing was deleted/);
    expect(existsSync(join(dir, 'casedesk.sqlite'))).toBe(true);

    const done = await casedesk(['wipe', '--yes', '--json'], {}, dir);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ key: 'environment', keyForgotten: false, others: ['notas.txt'] });
    // What is left: the user's own file, and a fresh audit trail whose one line says the wipe happened.
    expect(readdirSync(dir).sort()).toEqual(['audit', 'notas.txt']);
    expect(auditActions(dir)).toEqual(['workstation.wiped']);
  });

  it('wipes a folder whose key is already lost (the store cannot be opened)', async () => {
    const dir = join(root, 'lost-key');
    expect((await casedesk(['prepare', SAMPLE, '--max-phone-priority', '2'], {}, dir)).code).toBe(0);
    const otherKey = { CASEDESK_DB_KEY: 'cd'.repeat(32) };
    expect((await casedesk(['batches', 'list'], otherKey, dir)).code).toBe(1);
    const done = await casedesk(['wipe', '--yes'], otherKey, dir);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/Wiped/);
    expect(readdirSync(dir)).toEqual(['audit']);
    expect(auditActions(dir)).toEqual(['workstation.wiped']);
  });
});
