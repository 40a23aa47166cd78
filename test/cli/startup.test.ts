// The CLI starts at once: help loads commander and the command definitions only; the app (SQLite,
// SheetJS, fastify, pino, zod, the emulator) loads with a command that runs. Small packages are
// bundled into out/cli, so "loads" counts both the files read from node_modules and the packages
// bundled into the files of out/cli that were read.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '../../src-main/cli/casedesk.mjs');
const RECORD = join(import.meta.dirname, 'fixtures/record-loads.mjs');
/** The packages bundled into each file of out/cli (the build writes it). */
const BUNDLED = JSON.parse(readFileSync(join(import.meta.dirname, '../../out/cli/packages.json'), 'utf8')) as Record<string, string[]>;
const dir = mkdtempSync(join(tmpdir(), 'casedesk-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The packages bundled into a file of out/cli; a file the build did not list is a stale build, not an empty one. */
function bundledIn(file: string): string[] {
  const packages = BUNDLED[file];
  if (!packages) throw new Error(`out/cli/${file} is not in out/cli/packages.json: build the CLI again`);
  return packages;
}

/** Runs the CLI; returns its exit code, output and every module URL it loaded. */
function run(args: string[], name: string) {
  const loadsFile = join(dir, `${name}.txt`);
  // In English whatever the locale: the help's first line is checked below.
  const res = spawnSync(process.execPath, ['--import', RECORD, BIN, '--data-dir', join(dir, 'data'), '--lang', 'en', ...args], {
    encoding: 'utf8',
    env: { ...process.env, CASEDESK_LOADS_FILE: loadsFile },
  });
  const loads = readFileSync(loadsFile, 'utf8').split('\n').filter(Boolean);
  // The package each node_modules file belongs to (scoped names whole), and those bundled into the
  // files of out/cli it loaded.
  const fromNodeModules = loads.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((p): p is string => p !== undefined);
  const bundled = loads.flatMap((url) => /\/out\/cli\/([^/]+\.js)$/.exec(url)?.[1] ?? []).flatMap((file) => bundledIn(file));
  const packages = new Set([...fromNodeModules, ...bundled]);
  return { status: res.status, stdout: res.stdout, stderr: res.stderr, loads, packages };
}

describe('casedesk startup', () => {
  it.each([
    ['--help', ['--help']],
    ['prepare --help', ['prepare', '--help']],
    ['emulator --help', ['emulator', '--help']],
    ['start --help', ['start', '--help']],
    ['inbound sync --help', ['inbound', 'sync', '--help']],
    ['policy --help', ['policy', '--help']],
  ])('%s loads commander (bundled in) and no other package', (name, args) => {
    const r = run(args, name.replace(/\W+/g, '-'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Usage: casedesk');
    expect([...r.packages]).toEqual(['commander']);
    // Bundled in, not read from node_modules.
    expect(r.loads.filter((url) => url.includes('/node_modules/'))).toEqual([]);
    // The built code, not the TypeScript sources.
    expect(r.loads.some((url) => url.endsWith('/out/cli/main.js'))).toBe(true);
    expect(r.loads.filter((url) => url.endsWith('.ts'))).toEqual([]);
  });

  it('a command that runs loads the app with it, but not the network or the Demo service it does not use', () => {
    const r = run(['batches', 'list', '--json'], 'batches-list');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(r.packages).toContain('better-sqlite3-multiple-ciphers');
    expect(r.packages).toContain('zod');
    expect(r.packages).not.toContain('undici');
    expect(r.packages).not.toContain('fastify');
  });

  it('without a build, says in one line how to make one (exit 1)', () => {
    const bare = join(dir, 'unbuilt');
    mkdirSync(join(bare, 'src-main/cli'), { recursive: true });
    copyFileSync(BIN, join(bare, 'src-main/cli/casedesk.mjs'));
    const res = spawnSync(process.execPath, [join(bare, 'src-main/cli/casedesk.mjs'), '--help'], { encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toContain('npm run build:cli');
  });
});
