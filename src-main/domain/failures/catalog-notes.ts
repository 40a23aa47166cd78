// Warnings and notes, not failures: what the CLI says on stderr beside a run that goes on (or that the
// agent stopped), worded in --lang like the failures and carried as data where --json has them. Their
// class, 'notice', decides nothing: none is thrown as a failure (notice.ts gives them their own code type).
import type { CatalogEntry } from './failure-class';

export const WARNINGS_AND_NOTES = {
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
  // CASEDESK_POLICY set on a machine that has its own policy: the machine's wins (the agent can set the variable).
  'policy.variable_ignored': {
    class: 'notice',
    en: "{variable} names {ignored}, but this machine's policy {file} is in force: the variable is ignored.",
    es: '{variable} indica {ignored}, pero rige la política de esta máquina, {file}: la variable se ignora.',
  },
  // Said only once the file and its folder were checked (and tightened) readable by this user alone.
  'key.kept_in_file': {
    class: 'notice',
    en: 'This machine has no OS keychain; the key that encrypts {dataDir} is kept in {keyFile} (readable only by you). Set CASEDESK_DB_KEY to supply it yourself.',
    es: 'Esta máquina no tiene llavero del sistema; la clave que cifra {dataDir} se guarda en {keyFile} (solo usted puede leerlo). Defina CASEDESK_DB_KEY para indicarla usted.',
  },
  // Where file modes say nothing (Windows): no claim about who can read it.
  'key.kept_in_file_unchecked': {
    class: 'notice',
    en: 'This machine has no OS keychain; the key that encrypts {dataDir} is kept in {keyFile}, and the folder’s permissions decide who can read it. Set CASEDESK_DB_KEY to supply it yourself.',
    es: 'Esta máquina no tiene llavero del sistema; la clave que cifra {dataDir} se guarda en {keyFile}, y los permisos de la carpeta deciden quién puede leerlo. Defina CASEDESK_DB_KEY para indicarla usted.',
  },
  // A download stopped with Ctrl-C: what is done is kept (exit 130, docs/cli.md's exit codes).
  'results.stopping': {
    class: 'notice',
    en: 'Stopping after the current item (Ctrl-C again to quit now)…',
    es: 'Se detiene después del elemento en curso (Ctrl-C otra vez para salir ya)…',
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
  // `casedesk start` where Electron was never downloaded: the same app, served to the browser.
  'start.no_electron': {
    class: 'notice',
    en: 'Electron is not installed here: starting CaseDesk in the browser instead.',
    es: 'Electron no está instalado aquí: CaseDesk se abre en el navegador.',
  },
  // Files the CLI wrote where the agent said (the path is theirs to see; what is in it is not said).
  'payload.written': {
    class: 'notice',
    en: '{cases} cases in {chunks} upload chunk(s) written to {file}.',
    es: '{cases} casos en {chunks} envío(s) de carga escritos en {file}.',
  },
  'export.error_report_written': {
    class: 'notice',
    en: 'Error report written to {file}.',
    es: 'Reporte de errores escrito en {file}.',
  },
  'export.clean_batch_written': {
    class: 'notice',
    en: 'Clean batch written to {file}.',
    es: 'Lote limpio escrito en {file}.',
  },
  'diagnostics.written': {
    class: 'notice',
    en: 'Diagnostics written to {file} ({bytes} bytes).',
    es: 'Diagnóstico escrito en {file} ({bytes} bytes).',
  },
  // The organization's do-not-contact list (policy shared_ledger), as a summary's notices carry it.
  // {reason} and {firstProblem} are stable codes (missing, phone-invalid, …), shown as they are.
  'ledger.shared_unreadable': {
    class: 'notice',
    en: "The organization's do-not-contact list {file} could not be read ({reason}); it was not applied.",
    es: 'No se pudo leer la lista de no contactar de la organización {file} ({reason}); no se aplicó.',
  },
  'ledger.shared_bad_rows': {
    class: 'notice',
    en: "{rows} row(s) of the organization's do-not-contact list {file} could not be used (the first: row {firstRow}, column {firstColumn}, {firstProblem}).",
    es: '{rows} fila(s) de la lista de no contactar de la organización {file} no se pudieron usar (la primera: fila {firstRow}, columna {firstColumn}, {firstProblem}).',
  },
  // The words of ledger.shared_bad_rows when its first problem is a whole row's (no column: firstColumn '').
  'ledger.shared_bad_rows_no_column': {
    class: 'notice',
    en: "{rows} row(s) of the organization's do-not-contact list {file} could not be used (the first: row {firstRow}, {firstProblem}).",
    es: '{rows} fila(s) de la lista de no contactar de la organización {file} no se pudieron usar (la primera: fila {firstRow}, {firstProblem}).',
  },
  // A campaign's start day or call window against the contact calendar (domain/contact-calendar.ts):
  // the CLI fills {name}, {day} and {days} in the run's language, and '' as the service's own time.
  'campaign.start_on_holiday': {
    class: 'notice',
    en: "The campaign starts on {date}, a national holiday ({name}). Check it with your organization's contact rules.",
    es: 'La campaña empieza el {date}, feriado nacional ({name}). Revíselo con las reglas de contacto de su organización.',
  },
  'campaign.start_on_non_working_day': {
    class: 'notice',
    en: "The campaign starts on {date}, a non-working day ({name}). Check it with your organization's contact rules.",
    es: 'La campaña empieza el {date}, día no laborable ({name}). Revíselo con las reglas de contacto de su organización.',
  },
  'campaign.start_on_sunday': {
    class: 'notice',
    en: "The campaign starts on {date}, a Sunday. Check it with your organization's contact rules.",
    es: 'La campaña empieza el {date}, un domingo. Revíselo con las reglas de contacto de su organización.',
  },
  'campaign.start_outside_contact_days': {
    class: 'notice',
    en: "The campaign starts on {date}, a {day}, not a contact day ({days}). Check it with your organization's contact rules.",
    es: 'La campaña empieza el {date}, un {day}, que no es día de contacto ({days}). Revíselo con las reglas de contacto de su organización.',
  },
  'campaign.outside_contact_hours': {
    class: 'notice',
    en: "The campaign's call window {callFrom}–{callTo} goes outside the contact hours {from}–{to}. Check it with your organization's contact rules.",
    es: 'El horario de llamadas de la campaña, {callFrom}–{callTo}, sale del horario de contacto {from}–{to}. Revíselo con las reglas de contacto de su organización.',
  },
  // Said before an upload (sync:checkUpload): the spec's PUT into a PAUSED or SCHEDULED campaign sets it
  // going, though nobody started it. {status} is the service's state name.
  'campaign.upload_starts': {
    class: 'notice',
    en: 'Loading cases starts campaign {campaignId} ({status}): the bot begins calling as soon as they are loaded, within its date and call window, though nobody started it.',
    es: 'Cargar casos inicia la campaña {campaignId} ({status}): el bot empieza a llamar en cuanto se cargan, dentro de su fecha y horario, aunque nadie la haya iniciado.',
  },
  // The batch holds cases with more phones than the chosen campaign takes (its max_phone_priority + 1).
  'campaign.phones_over_limit': {
    class: 'notice',
    en: '{cases} case(s) have more than {phones} phone(s), what campaign {campaignId} takes: the service would reject each. Keep the first {phones} phone(s) of each case (batch fix), or pick another campaign.',
    es: '{cases} caso(s) tienen más de {phones} teléfono(s), lo que acepta la campaña {campaignId}: el servicio rechazaría cada uno. Deje los primeros {phones} teléfono(s) de cada caso (corrección del lote) o elija otra campaña.',
  },
  // A campaign drafted for the batch: the upload creates it, then loads it, which starts it the same way.
  'campaign.upload_starts_draft': {
    class: 'notice',
    en: 'The upload creates campaign “{name}” and loading its cases starts it: the bot begins calling as soon as they are loaded, within its date and call window.',
    es: 'La carga crea la campaña «{name}» y, al cargarle los casos, la inicia: el bot empieza a llamar en cuanto se cargan, dentro de su fecha y horario.',
  },
  // `casedesk start` could not build it: nothing was downloaded and nothing compiled.
  'native.electron_build_failed': {
    class: 'notice',
    en: 'The store\'s native module for Electron could not be built: no prebuilt copy could be downloaded and it could not be compiled. It needs the internet (a prebuilt copy, or Electron\'s headers to compile against) and, where no prebuilt copy fits this machine, a C++ compiler and Python (what node-gyp needs); then run "{command}". Meanwhile, "npm start -- --browser" opens CaseDesk in the browser.',
    es: 'No se pudo generar el módulo nativo del almacén para Electron: no se pudo descargar una copia precompilada ni compilarla. Necesita conexión a internet (para la copia precompilada, o para los encabezados de Electron con los que se compila) y, si no hay una copia precompilada para este equipo, un compilador de C++ y Python (lo que necesita node-gyp); luego ejecute "{command}". Mientras tanto, "npm start -- --browser" abre CaseDesk en el navegador.',
  },
} as const satisfies Record<string, CatalogEntry>;
