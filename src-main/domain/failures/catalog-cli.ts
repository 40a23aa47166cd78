// Failures of the command line itself: what commander refuses (an unknown option, a missing argument, a
// value that is not what an option takes) and what a command needs beyond that. All are bad input (exit 2)
// but cli.in_doubt (exit 3, docs/cli.md's exit codes) and cli.no_terminal (exit 1, worded with the sign-in
// hint); {command} is e.g. "casedesk upload".
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
    en: '{command} takes {expected} argument(s) but got {got} (see {command} --help).',
    es: '{command} recibe {expected} argumento(s) pero recibió {got} (vea {command} --help).',
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
  // What a command needs besides commander's rules: which options go together, which files it reads or writes.
  'cli.give_one_of': {
    class: 'invalid-input',
    en: 'Give one of {options}.',
    es: 'Indique una de estas opciones: {options}.',
  },
  'cli.give_exactly_one': {
    class: 'invalid-input',
    en: 'Give exactly one of {options}.',
    es: 'Indique exactamente una de estas opciones: {options}.',
  },
  'cli.options_together': {
    class: 'invalid-input',
    en: '{options} go together: give both or neither.',
    es: '{options} van juntas: indique ambas o ninguna.',
  },
  'cli.offline_needs_out': {
    class: 'invalid-input',
    en: '--offline exports what is stored: give --out FILE.xlsx.',
    es: '--offline exporta lo guardado: indique --out ARCHIVO.xlsx.',
  },
  'cli.wipe_needs_yes': {
    class: 'invalid-input',
    en: 'Nothing was deleted: run "casedesk wipe --yes" to wipe this workstation.',
    es: 'No se borró nada: ejecute "casedesk wipe --yes" para borrar este equipo.',
  },
  'cli.file_exists': {
    class: 'invalid-input',
    en: '{file} exists; add --force to replace it.',
    es: '{file} ya existe; agregue --force para reemplazarlo.',
  },
  'cli.mapping_unreadable': {
    class: 'invalid-input',
    en: 'Cannot read the mapping file {file} ({reason}).',
    es: 'No se puede leer el archivo de mapeo {file} ({reason}).',
  },
  'cli.mapping_invalid': {
    class: 'invalid-input',
    en: 'The mapping file {file} is not valid at {path}: {problem}',
    es: 'El archivo de mapeo {file} no es válido en {path}: {problem}',
  },
  'cli.no_template': {
    class: 'invalid-input',
    en: 'No template is saved for "{creditor}".',
    es: 'No hay ninguna plantilla guardada para "{creditor}".',
  },
  'cli.pem_unreadable': {
    class: 'invalid-input',
    en: '{option} {file}: the file cannot be read.',
    es: '{option} {file}: no se puede leer el archivo.',
  },
  'cli.not_pem': {
    class: 'invalid-input',
    en: '{option} {file}: not a PEM file.',
    es: '{option} {file}: no es un archivo PEM.',
  },
  'cli.rows_imported_held': {
    class: 'invalid-input',
    en: '{count} row(s) of {file} were imported as held for ever or for reason "other", since a value could not be read (listed above): check them.',
    es: '{count} fila(s) de {file} se importaron retenidas para siempre o con motivo «otro», porque un valor no se pudo leer (se listan arriba): revíselas.',
  },
  'cli.rows_not_imported': {
    class: 'invalid-input',
    en: '{count} row(s) of {file} were not imported (listed above); the others were.',
    es: '{count} fila(s) de {file} no se importaron (se listan arriba); las demás sí.',
  },
  'cli.in_doubt': {
    class: 'batch.in_doubt',
    en: '{count} case(s) may or may not be loaded ({codes}). Check the campaign, then run again with --in-doubt resend or --in-doubt assume-loaded.',
    es: '{count} caso(s) pueden estar cargados o no ({codes}). Revise la campaña y vuelva a ejecutar con --in-doubt resend o --in-doubt assume-loaded.',
  },
  // `login` without CASEDESK_EMAIL / CASEDESK_PASSWORD and with no terminal to ask on (a scheduled run).
  'cli.no_terminal': {
    class: 'not-signed-in',
    en: 'There is no terminal to ask for the e-mail and password on.',
    es: 'No hay una terminal donde pedir el correo electrónico y la contraseña.',
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
  // Ctrl-C ended the run (exit 130): carried as the run's failure, though nothing went wrong.
  'cli.interrupted': {
    class: 'notice',
    en: 'Stopped with Ctrl-C at the prompt: nothing was changed.',
    es: 'Detenido con Ctrl-C en la pregunta: no se cambió nada.',
  },
  'results.interrupted': {
    class: 'notice',
    en: 'Interrupted; what was downloaded is kept. Run the same command again to resume.',
    es: 'Interrumpido; lo descargado se conserva. Vuelva a ejecutar el mismo comando para continuar.',
  },
} as const satisfies Record<string, CatalogEntry>;
