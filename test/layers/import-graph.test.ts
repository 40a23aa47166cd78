// The layer rules of .dependency-cruiser.mjs, run by dependency-cruiser's API on small trees laid out
// like ours: each import that breaks a layer is reported under its rule, and a tree that keeps them is clean.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

// The project's own rules, as `npm run lint:layers` runs them (a plain .mjs file: imported by URL).
const { default: config } = (await import(new URL('../../.dependency-cruiser.mjs', import.meta.url).href)) as { default: IConfiguration };

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Lays out `files` (path → source) in a fresh folder and cruises it with the project's rules. */
async function cruiseTree(files: Record<string, string>): Promise<{ rule: string; from: string; to: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-layers-'));
  made.push(dir);
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', strict: true, verbatimModuleSyntax: true }, include: ['**/*.ts'] };
  for (const [path, source] of Object.entries({ 'tsconfig.json': JSON.stringify(tsconfig), ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const roots = ['src-main', 'src-renderer'].filter((root) => Object.keys(files).some((path) => path.startsWith(`${root}/`)));
  const { output } = await cruise(roots, { ...config.options, baseDir: dir, ruleSet: { forbidden: config.forbidden ?? [] }, validate: true });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

const leaf = 'export const x = 1;\n';

describe('the import-graph rules', () => {
  it('leave a tree that keeps the layers alone', async () => {
    const violations = await cruiseTree({
      'src-main/contract/wire.ts': leaf,
      'src-main/domain/words.ts': "import { x } from '../contract/wire';\nexport const y = x;\n",
      'src-main/store/repo.ts': "import { y } from '../domain/words';\nexport const z = y;\n",
      'src-main/surface/procedures.ts': 'export type Answer = { ok: boolean };\n',
      'src-renderer/src/view.ts':
        "import type { Answer } from '../../src-main/surface/procedures';\nimport { y } from '../../src-main/domain/words';\nexport const a: Answer = { ok: y === 1 };\n",
    });
    expect(violations).toEqual([]);
  });

  it('report an import upward', async () => {
    const violations = await cruiseTree({
      'src-main/contract/wire.ts': "import { z } from '../store/repo';\nexport const x = z;\n",
      'src-main/store/repo.ts': leaf.replace('x', 'z'),
    });
    expect(violations).toContainEqual({ rule: 'layer-contract', from: 'src-main/contract/wire.ts', to: 'src-main/store/repo.ts' });
  });

  it('report preparation importing exports, and the emulator leaning on the store', async () => {
    const violations = await cruiseTree({
      'src-main/preparation/read.ts': "import { w } from '../exports/sheet';\nexport const r = w;\n",
      'src-main/exports/sheet.ts': 'export const w = 1;\n',
      'src-main/emulator/db.ts': "import { z } from '../store/repo';\nexport const e = z;\n",
      'src-main/store/repo.ts': 'export const z = 1;\n',
    });
    expect(violations.map((v) => v.rule).sort()).toEqual(['layer-emulator', 'layer-preparation']);
  });

  it('report an application service importing the surface, even a type, and let the surface import it', async () => {
    const violations = await cruiseTree({
      'src-main/app/settings.ts': "import type { Answer } from '../surface/procedures';\nexport const read = (a: Answer) => a.ok;\n",
      'src-main/surface/procedures.ts': 'export type Answer = { ok: boolean };\n',
      'src-main/surface/handler.ts': "import { read } from '../app/settings';\nexport const h = read;\n",
    });
    expect(violations).toEqual([{ rule: 'layer-app', from: 'src-main/app/settings.ts', to: 'src-main/surface/procedures.ts' }]);
  });

  it('report a folder that has no layer', async () => {
    const violations = await cruiseTree({
      'src-main/misc/thing.ts': "import { x } from '../contract/wire';\nexport const t = x;\n",
      'src-main/contract/wire.ts': leaf,
    });
    expect(violations.map((v) => v.rule)).toEqual(['layer-unplaced']);
  });

  it('report a cycle made of type-only imports', async () => {
    const violations = await cruiseTree({
      'src-main/store/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'src-main/store/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(violations.map((v) => v.rule)).toContain('no-circular');
  });

  it('let the renderer take only types from the surface, and nothing from other folders of src-main', async () => {
    const violations = await cruiseTree({
      'src-main/surface/procedures.ts': 'export const WORD = 1;\n',
      'src-main/store/repo.ts': 'export const z = 1;\n',
      'src-renderer/src/view.ts':
        "import { WORD } from '../../src-main/surface/procedures';\nimport { z } from '../../src-main/store/repo';\nexport const v = WORD + z;\n",
    });
    expect(violations.map((v) => v.rule).sort()).toEqual(['renderer-reaches-domain-and-surface', 'renderer-surface-types-only']);
  });

  it('report the renderer importing the service’s wire, even a type, and only that rule for it', async () => {
    const violations = await cruiseTree({
      'src-main/contract/wire.ts': 'export type Bot = { bot_type: string };\n',
      'src-renderer/src/view.ts': "import type { Bot } from '../../src-main/contract/wire';\nexport const v = (b: Bot) => b.bot_type;\n",
    });
    expect(violations).toEqual([{ rule: 'renderer-no-wire', from: 'src-renderer/src/view.ts', to: 'src-main/contract/wire.ts' }]);
  });

  it('report Node reached from the page through a chain of imports, not just directly', async () => {
    const violations = await cruiseTree({
      'src-main/contract/wire.ts': "import { size } from './sizes';\nexport const x = size;\n",
      'src-main/contract/sizes.ts': "import { statSync } from 'node:fs';\nexport const size = statSync('.').size;\n",
      'src-main/domain/words.ts': "import { x } from '../contract/wire';\nexport const y = x;\n",
      'src-renderer/src/view.ts': "import { y } from '../../src-main/domain/words';\nexport const v = y;\n",
    });
    expect(
      violations
        .filter((v) => v.rule === 'pure-stays-pure')
        .map((v) => v.from)
        .sort(),
    ).toEqual(['src-main/contract/sizes.ts', 'src-main/contract/wire.ts', 'src-main/domain/words.ts', 'src-renderer/src/view.ts']);
  });
});
