// The docs a newcomer reads: README short, every link and image there, every CLI command in the CLI's
// reference, and tables of short cells.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src-main/cli/main';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)].filter((f) => f.endsWith('.md'));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The targets of a Markdown text's links and images, outside code blocks. */
export function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** The links of `file` that lead nowhere: a missing file, or an anchor no heading has. */
export function brokenLinks(file: string, markdown: string, exists: (path: string) => boolean, headingsOf: (path: string) => string[]): string[] {
  return linksOf(markdown).filter((link) => {
    if (/^[a-z]+:/i.test(link)) return false;
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? file : join(dirname(file), path);
    if (!exists(target)) return true;
    return anchor !== undefined && !headingsOf(target).map(slug).includes(anchor);
  });
}

/** Each cell of each table row. */
export function tableCells(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => line.replace(/^\||\|$/g, '').split(/(?<!\\)\|/))
    .map((cell) => cell.trim());
}

/** "campaigns list", "login", …: every command a person can run. */
function commandNames(command: Command, prefix = ''): string[] {
  return command.commands.flatMap((sub) => {
    const name = `${prefix}${sub.name()}`;
    return sub.commands.length === 0 ? [name] : commandNames(sub, `${name} `);
  });
}

const headingsIn = (path: string) => [...read(path).matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1] ?? '');

describe('the docs', () => {
  it('README is short: under 200 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(200);
  });

  it.each(DOCS)('%s: every link and image leads to a file, and every anchor to a heading', (file) => {
    expect(brokenLinks(file, read(file), (path) => existsSync(resolve(ROOT, path)), headingsIn)).toEqual([]);
  });

  it.each(DOCS)('%s: no table cell over about 300 characters', (file) => {
    expect(tableCells(read(file)).filter((cell) => cell.length > 320)).toEqual([]);
  });

  it('docs/cli.md names every command of the real CLI', () => {
    const cli = read('docs/cli.md');
    const names = commandNames(buildProgram('en'));
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => !cli.includes(`\`${name}`))).toEqual([]);
  });

  it('catches what it checks', () => {
    const missing = brokenLinks(
      'docs/x.md',
      '[a](nowhere.md) [b](../README.md#no-such-heading) [c](https://example.com) `[d](e.md)`',
      () => false,
      () => [],
    );
    expect(missing).toEqual(['nowhere.md', '../README.md#no-such-heading']);
    expect(
      brokenLinks(
        'README.md',
        '[a](docs/cli.md#exit-codes)',
        () => true,
        () => ['Exit codes'],
      ),
    ).toEqual([]);
    expect(tableCells('| a | b \\| c |\n|---|---|')).toEqual(['a', 'b \\| c', '---', '---']);
    expect(slug('`--json` shapes')).toBe('--json-shapes');
  });
});
