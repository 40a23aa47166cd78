// `--help` in the run's language: the descriptions come from the CLI's catalog (texts/catalog-help.ts) as the
// commands are built, and commander's own words (headings, the help option and command, the usage
// line's placeholders, the choices and default it adds) are replaced through its help hooks here.
import type { Argument, Command } from 'commander';
import type { FailureLang, FailureParamValue } from '../domain/failures/failure';
import { formatCliText, type CliTextParams, type HelpCode, type PlainCliTextCode } from './texts/cli-text';

export type { HelpCode };

/** A help text without placeholders: a description as it is. */
type PlainHelpCode = Extract<PlainCliTextCode, HelpCode>;

/** The help texts in the run's language, as the command builders take them: a code, and its params if it has any. */
export interface HelpWords {
  (code: PlainHelpCode): string;
  <C extends Exclude<HelpCode, PlainHelpCode>>(code: C, params: CliTextParams<C>): string;
}

export function helpWords(lang: FailureLang): HelpWords {
  return (code: HelpCode, params: Record<string, FailureParamValue> = {}) => formatCliText(lang, code, params);
}

/** The headings commander's Help passes to styleTitle, by its own English (a heading not here is shown as it is). */
const TITLES: Record<string, PlainHelpCode> = {
  'Usage:': 'help.title.usage',
  'Arguments:': 'help.title.arguments',
  'Options:': 'help.title.options',
  'Commands:': 'help.title.commands',
  'Global Options:': 'help.title.global_options',
};

/** `<name>`, `[name]`, `<name...>`: an argument as a usage line shows it. */
function argumentTerm(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/**
 * Words `command` and its subcommands' help in `lang`: call it once the program is whole (the usage
 * line and the help command depend on the subcommands).
 */
export function wordHelp(command: Command, lang: FailureLang): void {
  const help = helpWords(lang);
  const options = `[${help('help.term.options')}]`;
  const subcommand = `[${help('help.term.command')}]`;
  const withExtras = (description: string, choices: readonly string[] | undefined, shownDefault: unknown, defaultWords: string | undefined) => {
    const extras: string[] = [];
    // Quoted as the default is (JSON), as commander shows them.
    if (choices) extras.push(help('help.extra.choices', { choices: choices.map((choice) => JSON.stringify(choice)) }));
    if (shownDefault !== undefined) extras.push(help('help.extra.default', { value: defaultWords ?? JSON.stringify(shownDefault) }));
    return [description, ...(extras.length > 0 ? [`(${extras.join(', ')})`] : [])].filter(Boolean).join(' ');
  };
  command.configureHelp({
    styleTitle: (title) => (Object.hasOwn(TITLES, title) ? help(TITLES[title] as PlainHelpCode) : title),
    subcommandTerm: (sub) => [sub.name(), ...(sub.options.length > 0 ? [options] : []), ...sub.registeredArguments.map(argumentTerm)].join(' '),
    // A default is shown for an option that takes a value (commander also shows a flag's false: nothing to a person).
    optionDescription: (option) =>
      withExtras(option.description, option.argChoices, option.required || option.optional ? option.defaultValue : undefined, option.defaultValueDescription),
    argumentDescription: (argument) => withExtras(argument.description, argument.argChoices, argument.defaultValue, argument.defaultValueDescription),
  });
  command.helpOption('-h, --help', help('help.help_option'));
  // Commander adds `help [command]` itself to a command with subcommands; worded here, on each of them.
  if (command.commands.length > 0) command.helpCommand(`help ${subcommand}`, help('help.help_command'));
  command.usage([options, ...(command.commands.length > 0 ? [subcommand] : []), ...command.registeredArguments.map(argumentTerm)].join(' '));
  for (const sub of command.commands) wordHelp(sub, lang);
}
