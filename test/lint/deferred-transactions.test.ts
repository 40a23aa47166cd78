// The lint rule that begins the main process's write transactions IMMEDIATE (see
// test/store/write-transactions.test.ts for why): run on snippets as ESLint runs on the tree.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function findings(code: string, file: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const SNIPPET = [
  "import type { Db } from '../store';",
  'export function probe(db: Db, store: { db: Db }): void {',
  '  db.transaction(() => undefined)();',
  '  store.db.transaction(() => undefined)();',
  '  db.transaction(() => undefined).immediate();',
  '  const later = db.transaction(() => undefined);',
  '  later.immediate();',
  '}',
].join('\n');

describe('a deferred transaction is a lint error', () => {
  it('reports one called as it is, in the store, the SQLite opener and everywhere else in the main process', async () => {
    for (const file of ['src-main/store/probe.ts', 'src-main/sqlite/probe.ts', 'src-main/surface/probe.ts', 'src-main/preparation/probe.ts'])
      expect(await findings(SNIPPET, file), file).toEqual([3, 4]);
  });

  it('leaves the emulator (a service of its own) alone', async () => {
    expect(await findings(SNIPPET, 'src-main/emulator/probe.ts')).toEqual([]);
  });
});
