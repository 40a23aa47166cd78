// The lint rule that keeps SQL in src-main/store: run on snippets as ESLint runs on the tree.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function sqlFindings(code: string, file: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const SNIPPET = [
  "import type { Store } from '../store';",
  'export function probe(store: Store, db: Store["db"]): void {',
  "  store.db.prepare('SELECT 1').get();",
  "  db.exec('DELETE FROM batches');",
  "  db.pragma('journal_mode');",
  "  /x/.exec('x');",
  '  db.transaction(() => undefined).immediate();',
  '}',
].join('\n');

describe('SQL outside the store is a lint error', () => {
  it('reports prepare, exec and pragma on a connection, anywhere in the main process but the store', async () => {
    for (const file of ['src-main/surface/handlers/probe.ts', 'src-main/sync/probe.ts', 'src-main/preparation/probe.ts']) {
      expect(await sqlFindings(SNIPPET, file), file).toEqual([3, 4, 5]);
    }
  });

  it('leaves the store, the SQLite opener and the emulator (a service of its own) alone, and still checks message matching there', async () => {
    for (const file of ['src-main/store/probe.ts', 'src-main/sqlite/probe.ts', 'src-main/emulator/probe.ts'])
      expect(await sqlFindings(SNIPPET, file), file).toEqual([]);
    expect(await sqlFindings("export const f = (e: Error) => e.message === 'x';", 'src-main/sync/probe.ts')).toEqual([1]);
  });
});
