// Option parsers every command shares: bad input is refused with what was expected, a code of the
// catalog (cli.bad_value.*) that main() words in --lang (exit 2); see ./cli-usage.ts.
import { InvalidArgumentError, Option } from 'commander';
import { ENVIRONMENTS } from '../domain/environment-names';
import { formatFailure, type FailureCode, type FailureParamValue } from '../domain/failures/failure';

export type BadValueCode = Extract<FailureCode, `cli.bad_value.${string}`>;

/**
 * A value a parser refuses: what it expected, as a code and its params. The command line adds which
 * option or argument it was (./cli-usage.ts). An InvalidArgumentError, so commander still refuses it if not.
 */
export class BadValue extends InvalidArgumentError {
  constructor(
    readonly expected: BadValueCode,
    readonly value: string,
    readonly params: Record<string, FailureParamValue> = {},
  ) {
    super(formatFailure('en', expected, { ...params, what: 'value', value }));
    this.name = 'BadValue';
  }
}

/** `--env <name>`, one of the known environments; its description in the run's language (help.common.env*). */
export function envOption(description: string): Option {
  return new Option('--env <name>', description).choices([...ENVIRONMENTS]);
}

/** A parser for a whole number from `min` up. */
export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min) throw new BadValue('cli.bad_value.whole_number', value, { min });
    return Number(value);
  };
}

/** A parser for a whole number from `min` to `max`. */
export function wholeNumberIn(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new BadValue('cli.bad_value.whole_number_range', value, { min, max });
    return Number(value);
  };
}

/** An id: a whole number from 1 up. */
export const positiveId = wholeNumber(1);

/** A TCP port, 0 to 65535 (0: the system picks a free one). */
export function portNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65_535) throw new BadValue('cli.bad_value.port', value);
  return Number(value);
}

/** A calendar day, YYYY-MM-DD, one the calendar has (2026-02-30 is refused here, not by the client in English). */
export function isoDay(value: string): string {
  const day = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
    throw new BadValue('cli.bad_value.day', value);
  return value;
}
