// The data folder the built `casedesk` uses when none is named, in a fresh home: the default the app
// uses too (~/.local/share/casedesk here), where a store an older version kept in ~/.casedesk is
// moved once with its key, and the move is in the audit trail. A folder named (--data-dir,
// CASEDESK_DATA_DIR, the policy's data_dir) still wins, and then nothing moves.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditListing } from '../../src-main/surface/procedures';
import { runCasedesk } from '../support/cli';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-cli-data-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let homes = 0;

/** An agent's shell in a home of its own: no key, folder or policy of the test run's. */
function shell(extra: Record<string, string> = {}) {
  const home = join(root, `home${++homes}`);
  mkdirSync(home);
  const {
    CASEDESK_DB_KEY: _k,
    CASEDESK_CONFIG_DIR: _c,
    CASEDESK_DATA_DIR: _d,
    CASEDESK_POLICY: _p,
    XDG_DATA_HOME: _x,
    XDG_CONFIG_HOME: _y,
    USERPROFILE: _u,
    ...rest
  } = process.env;
  const env = { ...rest, HOME: home, CASEDESK_EMAIL: '', CASEDESK_PASSWORD: '' };
  return {
    home,
    casedesk: (...args: string[]) => runCasedesk(['--lang', 'en', ...args], { env: { ...env, ...extra } }),
    /** The same shell before the folder was named (an older version's runs). */
    before: (...args: string[]) => runCasedesk(['--lang', 'en', ...args], { env }),
  };
}

/** What an older CaseDesk left in ~/.casedesk: a prepared batch, its key kept in the user's configuration folder. */
async function oldStore(casedesk: (...args: string[]) => Promise<{ code: number | null; stdout: string; stderr: string }>, home: string) {
  const made = await casedesk('--data-dir', join(home, '.casedesk'), 'prepare', SAMPLE, '--max-phone-priority', '2', '--json');
  expect(made.code, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as { batchId: number }).batchId;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [join(dir, e.name), ...filesUnder(join(dir, e.name))] : [join(dir, e.name)]));

// Each run starts Node and loads the app: a second or more apiece on a busy machine.
describe('the CLI’s data folder when none is named', { timeout: 180_000 }, () => {
  it('in a fresh home is ~/.local/share/casedesk, and ~/.casedesk is not made', async () => {
    const { home, casedesk } = shell();
    const res = await casedesk('batches', 'list', '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(join(home, '.local/share/casedesk'));
    expect(existsSync(join(home, '.local/share/casedesk/casedesk.sqlite'))).toBe(true);
    expect(existsSync(join(home, '.casedesk'))).toBe(false);
    expect(statSync(join(home, '.local/share/casedesk')).mode & 0o777).toBe(0o700);
  });

  it('follows XDG_DATA_HOME', async () => {
    const xdg = join(root, 'xdg-data');
    const { casedesk } = shell({ XDG_DATA_HOME: xdg });
    expect((await casedesk('batches', 'list', '--json')).code).toBe(0);
    expect(existsSync(join(xdg, 'casedesk/casedesk.sqlite'))).toBe(true);
  });

  it('moves an old ~/.casedesk store there once, with its key, owner-only, and the trail says so', async () => {
    const { home, casedesk } = shell();
    const batchId = await oldStore(casedesk, home);
    const keys = readdirSync(join(home, '.config/casedesk/keys'));
    const marker = readFileSync(join(home, '.casedesk/casedesk-key.json'), 'utf8');
    const to = join(home, '.local/share/casedesk');

    const first = await casedesk('batches', 'list', '--json');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`casedesk: note datafolder.moved: Your data moved from ${join(home, '.casedesk')} to ${to},`);
    expect((JSON.parse(first.stdout) as { id: number }[]).map((b) => b.id)).toEqual([batchId]);
    expect(existsSync(join(home, '.casedesk'))).toBe(false);
    // The same key opens it: its marker moved with it, and the key file stayed the user's one.
    expect(readFileSync(join(to, 'casedesk-key.json'), 'utf8')).toBe(marker);
    expect(readdirSync(join(home, '.config/casedesk/keys'))).toEqual(keys);
    for (const path of [to, ...filesUnder(to)]) expect(statSync(path).mode & 0o777, path).toBe(statSync(path).isDirectory() ? 0o700 : 0o600);

    const again = await casedesk('issues', String(batchId), '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('datafolder.');
    const audit = await casedesk('audit', '--json');
    expect(audit.code, audit.stderr).toBe(0);
    const listing = JSON.parse(audit.stdout) as AuditListing;
    expect(listing.chainOk).toBe(true);
    const moved = listing.entries.filter((e) => e.action === 'dataFolder.moved');
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ path: join(home, '.casedesk'), method: 'rename', actor: { face: 'cli' } });
    // The trail's file holds the folder by its pseudonym only.
    expect(readFileSync(join(to, 'audit/audit.jsonl'), 'utf8')).not.toContain(home);
  });

  it('says so and keeps using the new store when both places hold one', async () => {
    const { home, casedesk } = shell();
    expect((await casedesk('batches', 'list', '--json')).code).toBe(0);
    await oldStore(casedesk, home);
    const res = await casedesk('batches', 'list', '--json');
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([]);
    expect(res.stderr).toContain(`casedesk: warning datafolder.both: Another store was found in ${join(home, '.casedesk')}`);
    expect(existsSync(join(home, '.casedesk/casedesk.sqlite'))).toBe(true);
  });

  it('is the folder `wipe` empties, as every other command (the old store moved there first)', async () => {
    const { home, casedesk } = shell();
    await oldStore(casedesk, home);
    const res = await casedesk('wipe', '--yes', '--json');
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as { dataDir: string }).dataDir).toBe(join(home, '.local/share/casedesk'));
    expect(existsSync(join(home, '.casedesk'))).toBe(false);
    expect(existsSync(join(home, '.local/share/casedesk/casedesk.sqlite'))).toBe(false);
  });

  it('moves nothing when the folder is named: --data-dir, CASEDESK_DATA_DIR or the policy’s data_dir', async () => {
    const named = join(root, 'named');
    const policyDir = join(root, 'managed');
    const policy = join(root, 'policy.json');
    writeFileSync(policy, JSON.stringify({ data_dir: policyDir }));
    for (const [extra, args, used] of [
      [{}, ['--data-dir', named], named],
      [{ CASEDESK_DATA_DIR: named }, [], named],
      [{ CASEDESK_POLICY: policy }, [], policyDir],
    ] as const) {
      const { home, casedesk, before } = shell(extra);
      const batchId = await oldStore(before, home);
      const res = await casedesk(...args, 'batches', 'list', '--json');
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).not.toContain('datafolder.');
      expect(existsSync(join(used, 'casedesk.sqlite'))).toBe(true);
      expect(existsSync(join(home, '.casedesk/casedesk.sqlite'))).toBe(true);
      expect(existsSync(join(home, '.local/share/casedesk'))).toBe(false);
      expect(batchId).toBeGreaterThan(0);
      rmSync(named, { recursive: true, force: true });
    }
  });
});
