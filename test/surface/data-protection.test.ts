// The data folder is for the signed-in OS user only (hole 4: with a folder that already existed as
// 0755 the store was written 0644). Whatever the umask and whatever an older version left, after the
// app starts and works every folder in it is 0700 and every file 0600; and no file holds a debtor's
// data in the clear. The tree is walked, so files added later are covered too.
import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import { pageBatchCases } from '../../src-main/store';
import { migrate } from '../../src-main/store/migrations';
import { createAppContext } from '../../src-main/surface/app-context';
import { octal, readTree, walkTree } from '../support/file-tree';
import { sourceFile } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-data-protection-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Anything in the folder that another user of the machine could read, enter or write. */
const notPrivate = (dir: string) =>
  walkTree(dir)
    .filter((e) => (e.kind === 'dir' ? e.mode !== 0o700 : e.kind === 'file' ? e.mode !== 0o600 : true))
    .map((e) => `${e.path || '(the data folder)'} ${e.kind} ${octal(e.mode)}`);

/** A data folder as an older CaseDesk under a umask of 022 left it: readable by everyone. */
function oldDataFolder(): string {
  const dir = join(root, 'data');
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  const oldStore = new Database(join(dir, 'casedesk.sqlite'));
  oldStore.pragma('journal_mode = WAL');
  migrate(oldStore);
  oldStore.close();
  mkdirSync(join(dir, 'exports'), { mode: 0o755 });
  writeFileSync(join(dir, 'exports', 'resultados-octubre.csv'), 'code;result\n', { mode: 0o644 });
  writeFileSync(join(dir, 'notes.txt'), 'left by an older version\n', { mode: 0o644 });
  return dir;
}

describe('the data folder (hole 4)', () => {
  it('is 0700 with every file 0600 after the app starts, prepares a file and closes, though it existed as 0755 under umask 022', async () => {
    const umaskBefore = process.umask(0o022);
    try {
      const dir = oldDataFolder();
      expect(octal(statSync(dir).mode & 0o777)).toBe('0755');
      expect(octal(statSync(join(dir, 'casedesk.sqlite')).mode & 0o777)).toBe('0644');
      expect(notPrivate(dir)).toHaveLength(5);

      const ctx = createAppContext({ dataDir: dir });
      // What existed is tightened at start, before any work.
      expect(notPrivate(dir)).toEqual([]);

      const summary = await prepareBatch(ctx.store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, writer: 'thread' });
      await ctx.baseUrl('demo');
      const cases = pageBatchCases(ctx.store.db, summary.batchId, { limit: 1_000 });
      const personal = [...new Set(cases.flatMap((c) => [c.code, c.firstName, c.lastName, ...c.phones]))].filter((v) => v.length >= 5);
      expect(personal.length).toBeGreaterThan(20);

      // While the app runs: the store's WAL and shared memory, the Demo service's files.
      const whileOpen = walkTree(dir).map((e) => e.path);
      expect(whileOpen).toEqual(expect.arrayContaining(['casedesk.sqlite', 'casedesk.sqlite-wal', 'casedesk.sqlite-shm', 'demo-service.sqlite']));
      expect(notPrivate(dir)).toEqual([]);
      const readable = (files: Map<string, Buffer>) =>
        [...files].flatMap(([path, bytes]) => personal.filter((v) => bytes.includes(Buffer.from(v))).map(() => `${path} holds a debtor's value`));
      expect(readable(readTree(dir))).toEqual([]);

      await ctx.close();
      expect(notPrivate(dir)).toEqual([]);
      expect(readable(readTree(dir))).toEqual([]);
    } finally {
      process.umask(umaskBefore);
    }
  });
});
