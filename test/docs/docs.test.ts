// The docs a newcomer reads stay true to the tree: links lead somewhere, the CLI reference names every
// command the program has, tables stay readable, and the README stays short.
import type { Command } from 'commander';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src-main/cli/main';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = join(ROOT, 'docs');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];
const MAX_CELL = 300;

const read = (file: string) => readFileSync(file, 'utf8');
const shown = (file: string) => relative(ROOT, file);

/** A page's lines outside fenced code blocks, with their line numbers. */
function proseLines(text: string): { line: string; n: number }[] {
  let fenced = false;
  const out: { line: string; n: number }[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, n: i + 1 });
  });
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const { line } of proseLines(read(file))) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(slug(heading[1] ?? ''));
  }
  return anchors;
}

/** Every `[text](target)` and `![alt](target)` outside code, with where it is. */
function linksOf(file: string): { target: string; n: number }[] {
  const links: { target: string; n: number }[] = [];
  for (const { line, n } of proseLines(read(file))) {
    const text = line.replace(/`[^`]*`/g, (code) => (code.includes('](') ? '' : code));
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) links.push({ target: match[1] ?? '', n });
  }
  return links;
}

/** What is wrong with a relative link, or null when it leads somewhere. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [path = '', anchor] = target.split('#', 2);
  const file = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `no file ${shown(file)}`;
  if (anchor === undefined) return null;
  if (!statSync(file).isFile() || !file.endsWith('.md')) return `#${anchor} in a file that is not Markdown`;
  return anchorsOf(file).has(anchor) ? null : `no heading #${anchor} in ${shown(file)}`;
}

/** A table row's cells, `\|` kept inside its cell. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** Every command of the program, as its path (`campaigns create`), with its long options. */
function commandsOf(command: Command, prefix: string[] = []): { path: string; options: string[] }[] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    const options = sub.options.map((o) => o.long).filter((long): long is string => long !== undefined);
    return [{ path: path.join(' '), options }, ...commandsOf(sub, path)];
  });
}

describe('README.md and docs/', () => {
  it('link only to files that exist, and to headings that exist in them', () => {
    const broken = PAGES.flatMap((page) =>
      linksOf(page).flatMap(({ target, n }) => {
        const problem = brokenLink(page, target);
        return problem ? [`${shown(page)}:${n} (${target}): ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it(`keep every table cell within ${MAX_CELL} characters`, () => {
    const long = PAGES.flatMap((page) =>
      proseLines(read(page))
        .filter(({ line }) => line.trimStart().startsWith('|'))
        .flatMap(({ line, n }) =>
          cellsOf(line)
            .filter((cell) => cell.length > MAX_CELL)
            .map((cell) => `${shown(page)}:${n}: ${cell.length} characters`),
        ),
    );
    expect(long).toEqual([]);
  });

  it('keep the README under 200 lines', () => {
    expect(read(join(ROOT, 'README.md')).split('\n').length).toBeLessThan(200);
  });

  it('open with exactly the commands CI runs on a clean clone', () => {
    // CI runs `npm install --no-audit --no-fund`; the newcomer types the command without CI's quiet flags.
    const ci = read(join(ROOT, '.ci/run'))
      .split('\n')
      .filter((line) => /^npm /.test(line))
      .map((line) => line.split(/\s+/).slice(0, 2).join(' '));
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(read(join(ROOT, 'README.md')))?.[1] ?? '';
    expect(ci).toEqual(['npm install', 'npm test']);
    expect(firstBlock.trim().split('\n')).toEqual(ci);
  });
});

describe('docs/cli.md', () => {
  const page = read(join(DOCS, 'cli.md'));
  const reference = page.slice(page.indexOf('\n## Commands\n'), page.indexOf('\n## ', page.indexOf('\n## Commands\n') + 1));
  /** The reference table's rows by their first cell, e.g. "`campaigns create`". */
  const rows = new Map(
    proseLines(reference)
      .filter(({ line }) => line.startsWith('| `'))
      .map(({ line }) => [cellsOf(line)[0], line] as const),
  );

  it('has a row for every command of the real program, naming each of its options', () => {
    expect(rows.size).toBeGreaterThan(30);
    const commands = commandsOf(buildProgram('en'));
    expect(commands.length).toBeGreaterThan(30);
    const missing = commands.flatMap(({ path, options }) => {
      const row = rows.get(`\`${path}\``);
      if (!row) return [`${path}: no row`];
      return options.filter((option) => !row.includes(`\`${option}`)).map((option) => `${path}: no ${option}`);
    });
    expect(missing).toEqual([]);
  });

  it('names the global options', () => {
    const globals = buildProgram('en').options.map((o) => o.long ?? '');
    expect(globals.filter((option) => !page.includes(`\`${option}`))).toEqual([]);
  });
});
