// Failures of the command line itself: what commander refuses (an unknown option, a missing argument, a
// value that is not what an option takes). All are bad input (exit 2); {command} is e.g. "casedesk upload".
import type { CatalogEntry } from './failure-class';

export const CLI_FAILURES = {
  'cli.unknown_command': {
    class: 'invalid-input',
    en: '{command} has no command "{name}" (see {command} --help).',
    es: '{command} no tiene el comando "{name}" (vea {command} --help).',
  },
  'cli.unknown_option': {
    class: 'invalid-input',
    en: '{command} has no option {option} (see {command} --help).',
    es: '{command} no tiene la opción {option} (vea {command} --help).',
  },
  'cli.missing_argument': {
    class: 'invalid-input',
    en: '{command} needs its argument <{argument}> (see {command} --help).',
    es: '{command} necesita su argumento <{argument}> (vea {command} --help).',
  },
  'cli.too_many_arguments': {
    class: 'invalid-input',
    en: '{command} takes {expected} argument(s) but got {got}: {extra} (see {command} --help).',
    es: '{command} recibe {expected} argumento(s) pero recibió {got}: {extra} (vea {command} --help).',
  },
  'cli.option_needs_value': {
    class: 'invalid-input',
    en: '{option} needs a value (see {command} --help).',
    es: '{option} necesita un valor (vea {command} --help).',
  },
  'cli.missing_option': {
    class: 'invalid-input',
    en: '{command} needs {option} (see {command} --help).',
    es: '{command} necesita {option} (vea {command} --help).',
  },
  'cli.conflicting_options': {
    class: 'invalid-input',
    en: '{option} cannot be used with {other}.',
    es: '{option} no se puede usar junto con {other}.',
  },
  // A value an option or argument does not take; {what} is the option ("--batch") or the argument ("<batchId>").
  'cli.bad_value.choice': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not one of {choices}.',
    es: '{what}: "{value}" no es uno de {choices}.',
  },
  'cli.bad_value.whole_number': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a whole number ≥ {min}.',
    es: '{what}: "{value}" no es un número entero ≥ {min}.',
  },
  'cli.bad_value.whole_number_range': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a whole number from {min} to {max}.',
    es: '{what}: "{value}" no es un número entero de {min} a {max}.',
  },
  'cli.bad_value.positive_number': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a number above 0.',
    es: '{what}: "{value}" no es un número mayor que 0.',
  },
  'cli.bad_value.day': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a date YYYY-MM-DD.',
    es: '{what}: "{value}" no es una fecha AAAA-MM-DD.',
  },
  'cli.bad_value.instant': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a date YYYY-MM-DD or an ISO instant.',
    es: '{what}: "{value}" no es una fecha AAAA-MM-DD ni un instante ISO.',
  },
  'cli.bad_value.host': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a host name, name:port or [IPv6]:port.',
    es: '{what}: "{value}" no es un nombre de equipo, nombre:puerto ni [IPv6]:puerto.',
  },
  'cli.bad_value.port': {
    class: 'invalid-input',
    en: '{what}: "{value}" is not a port number.',
    es: '{what}: "{value}" no es un número de puerto.',
  },
} as const satisfies Record<string, CatalogEntry>;
