// The data folder is for the signed-in OS user only (hole 4: with a folder that already existed as
// 0755 the store was written 0644). Whatever the umask and whatever an older version left, after the
// app starts and works every folder of CaseDesk's in it is 0700 and every file 0600; and no file holds a
// debtor's data in the clear. The tree is walked, so files added later are covered too. What is not
// CaseDesk's in the folder keeps its mode.
import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import { isDataFolderEntry, pageBatchCases } from '../../src-main/store';
import { migrate } from '../../src-main/store/migrations';
import { createAppContext } from '../../src-main/surface/app-context';
import { octal, readTree, walkTree } from '../support/file-tree';
import { sourceFile } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-data-protection-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Anything of CaseDesk's in the folder (and the folder) that another user of the machine could read, enter or write. */
const notPrivate = (dir: string) =>
  walkTree(dir)
    .filter((e) => e.path === '' || isDataFolderEntry(e.path.split(sep)[0]!))
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
  // The agent's own file beside CaseDesk's: not CaseDesk's to tighten (nor to wipe).
  writeFileSync(join(dir, 'notes.txt'), 'the agent keeps this here\n', { mode: 0o644 });
  return dir;
}

describe('the data folder (hole 4)', () => {
  it('is 0700 with every file 0600 after the app starts, prepares a file and closes, though it existed as 0755 under umask 022', async () => {
    const umaskBefore = process.umask(0o022);
    try {
      const dir = oldDataFolder();
      expect(octal(statSync(dir).mode & 0o777)).toBe('0755');
      expect(octal(statSync(join(dir, 'casedesk.sqlite')).mode & 0o777)).toBe('0644');
      expect(notPrivate(dir)).toHaveLength(4);

      const ctx = createAppContext({ dataDir: dir });
      // What existed is tightened at start, before any work.
      expect(notPrivate(dir)).toEqual([]);
      expect(octal(statSync(join(dir, 'notes.txt')).mode & 0o777)).toBe('0644');

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

  // A folder that holds other things opened as the data folder (`--data-dir ./project`, a policy's
  // `data_dir: "~"`): only CaseDesk's own entries are tightened, the rest keep their modes.
  it("leaves what is not CaseDesk's as it was: a project's scripts, hooks and folders keep their modes", async () => {
    const umaskBefore = process.umask(0o022);
    try {
      const dir = join(root, 'project');
      mkdirSync(join(dir, '.git', 'hooks'), { recursive: true, mode: 0o755 });
      mkdirSync(join(dir, 'src'), { mode: 0o755 });
      writeFileSync(join(dir, 'build.sh'), '#!/bin/sh\n', { mode: 0o755 });
      writeFileSync(join(dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n', { mode: 0o755 });
      writeFileSync(join(dir, 'src', 'index.ts'), 'export {};\n', { mode: 0o644 });
      const foreign = ['build.sh', '.git', join('.git', 'hooks'), join('.git', 'hooks', 'pre-commit'), 'src', join('src', 'index.ts')];
      const modes = () => Object.fromEntries(foreign.map((path) => [path, octal(statSync(join(dir, path)).mode & 0o777)]));
      const before = modes();
      expect(before).toEqual({
        'build.sh': '0755',
        '.git': '0755',
        [join('.git', 'hooks')]: '0755',
        [join('.git', 'hooks', 'pre-commit')]: '0755',
        src: '0755',
        [join('src', 'index.ts')]: '0644',
      });

      const ctx = createAppContext({ dataDir: dir });
      try {
        expect(modes()).toEqual(before);
        // CaseDesk's own entries are private all the same.
        expect(walkTree(dir).map((e) => e.path)).toEqual(expect.arrayContaining(['casedesk.sqlite', 'casedesk.sqlite-wal']));
        expect(notPrivate(dir)).toEqual([]);
      } finally {
        await ctx.close();
      }
      expect(modes()).toEqual(before);
    } finally {
      process.umask(umaskBefore);
    }
  });
});
