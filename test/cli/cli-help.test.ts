// `--help` speaks the run's language like the rest of the CLI: --lang (anywhere on the line), else the
// locale. Every description comes from the catalog (help.*), and so do commander's own words around them.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { languageOf } from '../../src-main/cli/cli-globals';
import { buildProgram } from '../../src-main/cli/main';
import { CLI_TEXTS, formatCliText, type CliTextCode } from '../../src-main/cli/texts/cli-text';
import type { FailureLang } from '../../src-main/domain/failures/failure';
import { runCasedesk } from '../support/cli';

const SLOW = 120_000;

/** The CLI with this locale (none of the three set unless given) and no managed policy. */
function casedesk(args: string[], locale: Record<string, string> = {}) {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return runCasedesk(args, { env: { ...rest, CASEDESK_POLICY: '', ...locale } });
}

/** Help as one line: commander wraps descriptions at 80 columns and indents what it wraps. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const says = (lang: FailureLang, code: CliTextCode) => formatCliText(lang, code);

/** Commander's own English: headings, the help option and command, its placeholders and what it adds after a description. */
const COMMANDER_ENGLISH = /Usage:|Arguments:|Options:|Commands:|display help|\[options\]|\[command\]|\(default:|choices:/;

/** The English descriptions of the catalog long enough to be told from an option's or a value's name. */
const ENGLISH_DESCRIPTIONS = Object.entries(CLI_TEXTS)
  .filter(([code, entry]) => code.startsWith('help.') && entry.en.split(' ').length >= 3 && !entry.en.includes('{'))
  .map(([, entry]) => entry.en);

/** What a Spanish help must not show: commander's English, or a description left in English. */
function englishIn(help: string): string[] {
  const text = flat(help);
  return [...(COMMANDER_ENGLISH.exec(text) ?? []), ...ENGLISH_DESCRIPTIONS.filter((en) => text.includes(en))];
}

describe('casedesk --help', { timeout: SLOW }, () => {
  it('is in Spanish with --lang es: the catalog’s headings and descriptions, nothing left in English', async () => {
    const res = await casedesk(['--lang', 'es', '--help']);
    expect(res.code).toBe(0);
    const text = flat(res.stdout);
    expect(res.stdout.startsWith('Uso: casedesk [opciones] [comando]\n')).toBe(true);
    for (const code of ['help.program', 'help.title.options', 'help.title.commands', 'help.help_option', 'help.upload.what', 'help.global.lang'] as const)
      expect(text).toContain(says('es', code));
    expect(text).toContain(`help [comando] ${says('es', 'help.help_command')}`);
    expect(englishIn(res.stdout)).toEqual([]);
  });

  it('is in English with --lang en, from the same catalog', async () => {
    const res = await casedesk(['--help', '--lang', 'en'], { LANG: 'es_AR.UTF-8' });
    expect(res.code).toBe(0);
    const text = flat(res.stdout);
    expect(res.stdout.startsWith('Usage: casedesk [options] [command]\n')).toBe(true);
    for (const code of ['help.program', 'help.help_option', 'help.upload.what', 'help.global.lang'] as const) expect(text).toContain(says('en', code));
  });

  it('follows the locale without --lang, as the failures do', async () => {
    const res = await casedesk(['--help'], { LANG: 'es_AR.UTF-8' });
    expect(res.code).toBe(0);
    expect(flat(res.stdout)).toContain(says('es', 'help.program'));
    expect(englishIn(res.stdout)).toEqual([]);
  });
});

describe("a command's --help", { timeout: SLOW }, () => {
  it('is in Spanish with --lang es after the command: its arguments, options, choices and defaults', async () => {
    const res = await casedesk(['upload', '--help', '--lang=es']);
    expect(res.code).toBe(0);
    const text = flat(res.stdout);
    expect(res.stdout.startsWith('Uso: casedesk upload [opciones] <batch>\n')).toBe(true);
    expect(text).toContain(`${says('es', 'help.title.arguments')} batch ${says('es', 'help.common.batch_id')}`);
    expect(text).toContain(`--in-doubt <decision> ${says('es', 'help.upload.in_doubt')} (valores: "resend", "assume-loaded")`);
    expect(text).toContain(`--env <name> ${says('es', 'help.common.env')} (valores: "demo", "test", "production")`);
    expect(englishIn(res.stdout)).toEqual([]);
  });

  it('is in English with --lang en', async () => {
    const res = await casedesk(['--lang', 'en', 'emulator', '--help']);
    expect(res.code).toBe(0);
    const text = flat(res.stdout);
    expect(res.stdout.startsWith('Usage: casedesk emulator [options]\n')).toBe(true);
    expect(text).toContain(`--host <host> ${says('en', 'help.emulator.host')} (default: "127.0.0.1")`);
    expect(text).toContain(`--create-status <story> ${says('en', 'help.emulator.create_status')} (choices: "paused", "guide", default: "paused")`);
  });
});

/** Every command of the program, the program first. */
function commandsOf(command: Command): Command[] {
  return [command, ...command.commands.flatMap(commandsOf)];
}

const pathOf = (command: Command): string => (command.parent ? `${pathOf(command.parent)} ${command.name()}` : command.name());

/** Each command's, option's and argument's description by where it is. */
function descriptions(lang: FailureLang): Map<string, string> {
  const found = new Map<string, string>();
  for (const command of commandsOf(buildProgram(lang))) {
    const path = pathOf(command);
    found.set(path, command.description());
    for (const option of command.options) found.set(`${path} ${option.long ?? option.flags}`, option.description);
    for (const argument of command.registeredArguments) found.set(`${path} <${argument.name()}>`, argument.description);
  }
  return found;
}

describe('the program’s descriptions', () => {
  it('are there for every command, option and argument, in both languages and worded in each', () => {
    const en = descriptions('en');
    const es = descriptions('es');
    expect([...es.keys()]).toEqual([...en.keys()]);
    expect(en.size).toBeGreaterThan(100);
    expect([...en].filter(([, text]) => text.trim() === '').map(([where]) => where)).toEqual([]);
    expect([...es].filter(([, text]) => text.trim() === '').map(([where]) => where)).toEqual([]);
    expect([...es].filter(([where, text]) => text === en.get(where)).map(([where]) => where)).toEqual([]);
  });

  it('make every command’s help Spanish in Spanish, commander’s words included', () => {
    const leftovers = commandsOf(buildProgram('es'))
      .map((command) => [pathOf(command), englishIn(command.helpInformation())] as const)
      .filter(([, english]) => english.length > 0);
    expect(leftovers).toEqual([]);
  });
});

describe('the language of a run, before commander reads the line', () => {
  it('is the last --lang en|es anywhere before --, else the locale’s', () => {
    expect(languageOf(['--lang', 'es', 'upload', '3'], {})).toBe('es');
    expect(languageOf(['upload', '3', '--help', '--lang=es'], {})).toBe('es');
    expect(languageOf(['--lang', 'es', 'upload', '--lang', 'en'], {})).toBe('en');
    expect(languageOf(['--help'], { LANG: 'es_AR.UTF-8' })).toBe('es');
    expect(languageOf(['--lang', 'en', '--help'], { LANG: 'es_AR.UTF-8' })).toBe('en');
    // A value commander refuses, or one after `--` (an argument, not an option), leaves the locale's.
    expect(languageOf(['--lang', 'fr', '--help'], { LANG: 'es_AR.UTF-8' })).toBe('es');
    expect(languageOf(['prepare', '--', '--lang', 'es'], {})).toBe('en');
  });
});
