// Option parsers every command shares: bad input is refused by commander with what was expected (exit 2).
import { InvalidArgumentError, Option } from 'commander';
import { ENVIRONMENTS } from '../domain/environment-names';

/** `--env <name>`, one of the known environments. */
export function envOption(description = 'environment (default: the last one signed in to)'): Option {
  return new Option('--env <name>', description).choices([...ENVIRONMENTS]);
}

/** A parser for a whole number from `min` up. */
export function wholeNumber(min: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < min) throw new InvalidArgumentError(`must be a whole number ≥ ${min}`);
    return Number(value);
  };
}

/** An id: a whole number from 1 up. */
export const positiveId = wholeNumber(1);

/** A calendar day, YYYY-MM-DD. */
export function isoDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('must be a date YYYY-MM-DD');
  return value;
}
