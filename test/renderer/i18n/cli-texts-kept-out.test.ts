// The renderer registers only the catalogs it shows: the CLI's --help and lines (src-main/cli/texts) are
// never among its messages, so its bundle does not carry them.
import { describe, expect, it } from 'vitest';
import { CLI_TEXTS } from '../../../src-main/cli/texts/cli-text';
import { allMessages } from '../../../src-renderer/src/i18n';
import type { Tree } from '../../../src-renderer/src/i18n/texts';

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

/** The CLI's help sentences, long enough not to be a screen's by chance (a line may well say what a screen says). */
const HELP_SENTENCES = Object.entries(CLI_TEXTS)
  .filter(([code]) => code.startsWith('help.'))
  .flatMap(([, { en, es }]) => [en, es].filter((text) => text.split(' ').length >= 6));

describe("the renderer's messages", () => {
  const messages = allMessages();

  it.each(['en', 'es'] as const)('in %s hold no help.* or line.* code of the CLI under failures.', (lang) => {
    const failures = messages[lang].failures as Tree;
    expect(Object.keys(failures)).not.toContain('help');
    expect(Object.keys(failures)).not.toContain('line');
  });

  it.each(['en', 'es'] as const)("in %s hold none of the CLI's help", (lang) => {
    const words = new Set(leaves(messages[lang]).map(([, text]) => text));
    expect(HELP_SENTENCES.length).toBeGreaterThan(100);
    expect(HELP_SENTENCES.filter((text) => words.has(text))).toEqual([]);
  });
});
