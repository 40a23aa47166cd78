// What commander refuses on the command line (an unknown option or command, a missing argument, a value
// an option does not take) as failures of the catalog (cli.*): main() words them in --lang, exit 2.
// Commander words these itself, in English only; its hooks below are the methods it calls for each
// (they are not in its typings: if a new commander renames one, it refuses in its own words, still exit 2,
// and test/cli/usage-failures.test.ts says so).
import { InvalidArgumentError, type Argument, type Command, type Option } from 'commander';
import { Failure } from '../domain/failures/failure';
import { BadValue } from './cli-options';

interface CommanderHooks {
  args: string[];
  _allowExcessArguments?: boolean;
  unknownCommand(): void;
  unknownOption(flag: string): void;
  missingArgument(name: string): void;
  optionMissingArgument(option: Option): void;
  missingMandatoryOptionValue(option: Option): void;
  _excessArguments(received: string[]): void;
  _conflictingOption(option: Option, conflicting: Option): void;
}

/** "casedesk results download": the words a user typed to reach this command. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

const flag = (option: Option) => option.long ?? option.flags;

/** Makes `command` (not its subcommands) refuse bad command lines with failures of the catalog. */
export function refuseWithFailures(command: Command): void {
  const hooks = command as unknown as CommanderHooks;
  const where = () => commandPath(command);
  hooks.unknownCommand = () => {
    throw new Failure('cli.unknown_command', { command: where(), name: hooks.args[0] ?? '' });
  };
  hooks.unknownOption = (option) => {
    throw new Failure('cli.unknown_option', { command: where(), option });
  };
  hooks.missingArgument = (argument) => {
    throw new Failure('cli.missing_argument', { command: where(), argument });
  };
  hooks.optionMissingArgument = (option) => {
    throw new Failure('cli.option_needs_value', { command: where(), option: flag(option) });
  };
  hooks.missingMandatoryOptionValue = (option) => {
    throw new Failure('cli.missing_option', { command: where(), option: flag(option) });
  };
  hooks._excessArguments = (received) => {
    if (hooks._allowExcessArguments) return;
    const expected = command.registeredArguments.length;
    // Not the extra words themselves: a phone typed without quotes would land in a scheduled run's log.
    throw new Failure('cli.too_many_arguments', { command: where(), expected, got: received.length });
  };
  hooks._conflictingOption = (option, conflicting) => {
    throw new Failure('cli.conflicting_options', { option: flag(option), other: flag(conflicting) });
  };
  for (const option of command.options) refuseBadValues(option, flag(option));
  for (const argument of command.registeredArguments) refuseBadValues(argument, `<${argument.name()}>`);
}

/** A value the parser of an option or argument refuses becomes cli.bad_value.*, naming which (`what`). */
function refuseBadValues(target: Option | Argument, what: string): void {
  const parse = target.parseArg;
  if (!parse) return;
  target.parseArg = <T>(value: string, previous: T): T => {
    try {
      return parse(value, previous);
    } catch (err) {
      if (err instanceof BadValue) throw new Failure(err.expected, { ...err.params, what, value });
      if (err instanceof InvalidArgumentError && target.argChoices) throw new Failure('cli.bad_value.choice', { what, value, choices: target.argChoices });
      throw err;
    }
  };
}
