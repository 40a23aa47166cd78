// `casedesk diagnostics --out FILE.zip` as an agent runs it: the zip IT asked for, written 0600, with
// the home folder shown as ~ and the organization's services checked; an existing file is kept
// unless --force; nothing of the debtors, the password or the data key is in it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort as freePort } from '../support/closed-port';
import { openStore } from '../../src-main/store';
import { useEmulator } from '../support/emulator';
import { foundIn } from '../support/raw-scan';
import { TEST_STORE_KEY } from '../support/store-key';
import { zipEntries } from '../support/zip-entries';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
// The agent's home: the data folder and the policy live under it, so paths must show as ~.
const home = mkdtempSync(join(tmpdir(), 'casedesk-cli-diag-'));
const dataDir = join(home, 'data');
const policyFile = join(home, 'policy.json');
const out = join(home, 'diagnostics.zip');
const PASSWORD = 'cli-diag-Passw0rd!';
const emulator = useEmulator();
let closedPort = 0;

beforeAll(async () => {
  closedPort = await freePort();
  writeFileSync(
    policyFile,
    JSON.stringify({ environments: { test: { base_url: emulator.current.url }, production: { base_url: `http://127.0.0.1:${closedPort}` } } }),
  );
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function casedesk(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, HOME: home, CASEDESK_POLICY: policyFile, CASEDESK_EMAIL: 'demo@casedesk.local', CASEDESK_PASSWORD: PASSWORD };
  return runCasedesk(['--data-dir', dataDir, ...args], { env });
}

/** Every debtor value of the store long enough not to occur by chance. */
function debtorValues(): string[] {
  const store = openStore(dataDir, TEST_STORE_KEY);
  try {
    const rows = store.db.prepare('SELECT code, first_name, last_name, phones_json FROM batch_cases').all() as {
      code: string;
      first_name: string;
      last_name: string;
      phones_json: string;
    }[];
    return rows.flatMap((r) => [r.code, r.first_name, r.last_name, ...(JSON.parse(r.phones_json) as string[])]).filter((v) => v.length >= 4);
  } finally {
    store.close();
  }
}

describe('casedesk diagnostics', () => {
  it('writes the zip 0600, with ~ for the home folder and each service checked', async () => {
    const prepared = await casedesk('prepare', SAMPLE, '--env', 'test', '--max-phone-priority', '2');
    expect(prepared.code, prepared.stderr).toBe(0);

    const res = await casedesk('diagnostics', '--out', out, '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ file: out, bytes: statSync(out).size });
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const entries = await zipEntries(readFileSync(out));
    const text = (name: string) => entries.get(`casedesk-diagnostics/${name}`)?.toString('utf8') ?? '';
    expect(JSON.parse(text('settings.json'))).toMatchObject({ dataDir: '~/data', face: 'cli' });
    expect(JSON.parse(text('policy.json'))).toMatchObject({ file: '~/policy.json' });
    expect(JSON.parse(text('connectivity.json'))).toEqual([
      { environment: 'demo', skipped: 'built-in' },
      expect.objectContaining({ environment: 'test', network: 'node', signIn: expect.objectContaining({ status: 'reachable' }) }),
      expect.objectContaining({ environment: 'production', signIn: expect.objectContaining({ status: 'unreachable', problem: 'refused' }) }),
    ]);
    expect(text('audit.jsonl')).toContain('"action":"batch.prepared"');

    const needles = [...debtorValues(), PASSWORD, home, TEST_STORE_KEY.toString('hex'), TEST_STORE_KEY.toString('hex').toUpperCase()];
    expect(needles.length).toBeGreaterThan(30);
    for (const [name, bytes] of entries) expect(foundIn(bytes, needles), name).toEqual([]);
  }, 90_000);

  it('keeps an existing file unless --force, and records the export with its path', async () => {
    const before = readFileSync(out);
    const refused = await casedesk('diagnostics', '--out', out);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(out).equals(before)).toBe(true);

    const replaced = await casedesk('diagnostics', '--out', out, '--force');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const audit = (await zipEntries(readFileSync(out))).get('casedesk-diagnostics/audit.jsonl')?.toString('utf8') ?? '';
    // The first export's entry, without its path (free text stays out of the zip).
    const exported = audit
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.action === 'diagnostics.exported');
    expect(exported).toMatchObject({ to: 'file', bytes: before.length, actor: { face: 'cli' } });
    expect(exported).not.toHaveProperty('path');

    const trail = await casedesk('audit', '--json', '--limit', '2');
    expect(trail.code, trail.stderr).toBe(0);
    expect((JSON.parse(trail.stdout) as { entries: Record<string, unknown>[] }).entries[0]).toMatchObject({
      action: 'diagnostics.exported',
      to: 'file',
      path: out,
    });
  }, 90_000);

  it('says where it wrote the zip and its size on stderr, in --lang, the code first (stdout stays empty)', async () => {
    const es = await casedesk('--lang', 'es', 'diagnostics', '--out', out, '--force');
    expect(es.code, es.stderr).toBe(0);
    expect(es.stdout).toBe('');
    expect(es.stderr).toBe(`casedesk: note diagnostics.written: Diagnóstico escrito en ${out} (${statSync(out).size} bytes).\n`);
    const en = await casedesk('--lang', 'en', 'diagnostics', '--out', out, '--force');
    expect(en.code, en.stderr).toBe(0);
    expect(en.stderr).toBe(`casedesk: note diagnostics.written: Diagnostics written to ${out} (${statSync(out).size} bytes).\n`);
  }, 90_000);

  it('needs --out', async () => {
    const res = await casedesk('diagnostics');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('--out');
  }, 30_000);
});
