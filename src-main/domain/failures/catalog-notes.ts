// Warnings and notes, not failures: what the CLI says on stderr beside a run that goes on (or that the
// agent stopped), worded in --lang like the failures and carried as data where --json has them. Their
// class, 'notice', decides nothing: none is thrown as a failure of its own.
import type { CatalogEntry } from './failure-class';

export const NOTICES = {
  // Keys of the managed policy this version does not know (a newer policy, or a typo): ignored, not fatal.
  'policy.unknown_key': {
    class: 'notice',
    en: 'The policy file {file} has a key this version does not know, {key}: it is ignored.',
    es: 'El archivo de política {file} tiene una clave que esta versión no conoce, {key}: se ignora.',
  },
  'policy.unknown_environment': {
    class: 'notice',
    en: 'The policy file {file} names an environment CaseDesk does not have, environments.{environment} (only test and production): it is ignored.',
    es: 'El archivo de política {file} nombra un entorno que CaseDesk no tiene, environments.{environment} (solo test y production): se ignora.',
  },
  'key.kept_in_file': {
    class: 'notice',
    en: 'This machine has no OS keychain; the key that encrypts {dataDir} is kept in {keyFile} (readable only by you). Set CASEDESK_DB_KEY to supply it yourself.',
    es: 'Esta máquina no tiene llavero del sistema; la clave que cifra {dataDir} se guarda en {keyFile} (solo usted puede leerlo). Defina CASEDESK_DB_KEY para indicarla usted.',
  },
  // A download stopped with Ctrl-C: what is done is kept (exit 130, README's "Exit codes").
  'results.stopping': {
    class: 'notice',
    en: 'Stopping after the current item (Ctrl-C again to quit now)…',
    es: 'Se detiene después del elemento en curso (Ctrl-C otra vez para salir ya)…',
  },
  'results.interrupted': {
    class: 'notice',
    en: 'Interrupted; what was downloaded is kept. Run the same command again to resume.',
    es: 'Interrumpido; lo descargado se conserva. Vuelva a ejecutar el mismo comando para continuar.',
  },
  // `casedesk emulator` bound to an address other machines can reach.
  'emulator.reachable': {
    class: 'notice',
    en: 'The emulator is reachable from other machines; its demo passwords are public.',
    es: 'El emulador es accesible desde otras máquinas; sus contraseñas de demostración son públicas.',
  },
  'emulator.own_address_only': {
    class: 'notice',
    en: 'It answers only the address it listens on (and loopback names); add --allowed-host NAME for each name clients use.',
    es: 'Solo responde a la dirección en la que escucha (y a los nombres de loopback); agregue --allowed-host NOMBRE por cada nombre que usen los clientes.',
  },
} as const satisfies Record<string, CatalogEntry>;
