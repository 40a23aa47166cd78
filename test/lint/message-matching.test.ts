// The lint rule that keeps decisions off an error's wording: run on snippets as ESLint runs on the tree.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function messageMatches(code: string, file = 'src-main/surface/probe.ts'): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe("deciding on an error's words is a lint error", () => {
  it('reports a pattern, a search or a comparison on message, messageEs or messageEn', async () => {
    const lines = await messageMatches(
      [
        'export function probe(err: Error & { messageEs?: string }): boolean {',
        "  if (err.message === 'already running') return true;",
        '  if (/busy/.test(err.message)) return true;',
        "  if (err.messageEs?.includes('ocupado')) return true;",
        '  if (`x` !== err.message) return true;',
        "  switch (err.message) { case 'a': return true; }",
        "  return err.message.startsWith('busy');",
        '}',
      ].join('\n'),
    );
    expect(lines).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('lets code carry, show and check the presence of words', async () => {
    const lines = await messageMatches(
      [
        'export function fine(err: Error & { messageEs?: string; code?: string }): string {',
        "  if (err.code === 'batch.busy') return err.message;",
        '  if (err.messageEs !== undefined) return err.messageEs;',
        '  return `failed: ${err.message}`;',
        '}',
      ].join('\n'),
    );
    expect(lines).toEqual([]);
  });

  it('applies to the renderer too, and not to tests (which read the words a person is shown)', async () => {
    expect(await messageMatches("export const f = (e: Error) => e.message === 'x';", 'src-renderer/src/stores/probe.ts')).toEqual([1]);
    expect(await messageMatches("export const f = (e: Error) => e.message === 'x';", 'test/surface/probe.test.ts')).toEqual([]);
  });

  it('in a test, reports a failure recognised by its words, and lets one recognised by its code through', async () => {
    const lines = await messageMatches(
      [
        "import { expect, it } from 'vitest';",
        "it('x', async () => {",
        '  const boom = () => { throw new Error("busy"); };',
        '  expect(boom).toThrow(/busy/);',
        "  expect(boom).toThrowError('busy');",
        '  await expect(Promise.reject(new Error("busy"))).rejects.toThrow(`busy`);',
        '  expect(boom).toThrow(Error);',
        "  expect(boom).toThrow(expect.objectContaining({ code: 'work.busy' }));",
        "  await expect(Promise.reject(new Error('busy'))).rejects.toMatchObject({ code: 'work.busy' });",
        '  expect(new Error("busy").message).toContain("busy");',
        '});',
      ].join('\n'),
      'test/surface/probe.test.ts',
    );
    expect(lines).toEqual([4, 5, 6]);
  });
});
