// The CLI's `--help`, worded in --lang like the rest of what it says: each command's, option's and
// argument's description (`help.<command>.what` for a command, `help.<command>.<option>` for its options,
// a subcommand's path joined with `_`; `help.common.*` shared by several), and commander's own words
// around them (headings, the help option and command, the choices and default after a description).
// CLI only (cli-text.ts), never the renderer's. Option names, values and the flags' placeholders stay as typed.
import type { FailureLang } from '../../domain/failures/failure';

export const CLI_HELP = {
  // Commander's own words: the headings (with their colon) and what it adds after a description.
  'help.title.usage': { en: 'Usage:', es: 'Uso:' },
  'help.title.arguments': { en: 'Arguments:', es: 'Argumentos:' },
  'help.title.options': { en: 'Options:', es: 'Opciones:' },
  'help.title.commands': { en: 'Commands:', es: 'Comandos:' },
  'help.title.global_options': { en: 'Global Options:', es: 'Opciones globales:' },
  // The placeholders of a usage line, shown in brackets: `casedesk [options] [command]`.
  'help.term.options': { en: 'options', es: 'opciones' },
  'help.term.command': { en: 'command', es: 'comando' },
  'help.help_option': { en: 'display help for command', es: 'muestra la ayuda del comando' },
  'help.help_command': { en: 'display help for command', es: 'muestra la ayuda de un comando' },
  // {choices} are the values as typed (a list), {value} a default as commander shows it ("127.0.0.1", 0).
  'help.extra.choices': { en: 'choices: {choices}', es: 'valores: {choices}' },
  'help.extra.default': { en: 'default: {value}', es: 'predeterminado: {value}' },

  'help.program': {
    en: 'Prepare debtor lists into batches of cases and sync them with the campaign service.',
    es: 'Prepara listas de deudores en lotes de casos y los sincroniza con el servicio de campañas.',
  },
  'help.global.data_dir': {
    en: 'where the local store lives (env CASEDESK_DATA_DIR)',
    es: 'dónde está el almacén local (variable CASEDESK_DATA_DIR)',
  },
  'help.global.json': { en: 'machine-readable output', es: 'salida para programas (JSON)' },
  'help.global.lang': {
    en: 'language of messages (default: from LC_ALL / LC_MESSAGES / LANG)',
    es: 'idioma de los mensajes (predeterminado: según LC_ALL / LC_MESSAGES / LANG)',
  },

  // Shared by several commands.
  'help.common.env': { en: 'environment', es: 'entorno' },
  'help.common.env_last': {
    en: 'environment (default: the last one signed in to)',
    es: 'entorno (predeterminado: el último en que se ingresó)',
  },
  'help.common.batch_id': { en: 'batch id', es: 'id del lote' },
  'help.common.campaign_id': { en: 'campaign id', es: 'id de la campaña' },
  'help.common.bot_id': { en: 'bot id', es: 'id del bot' },
  'help.common.only_bot': { en: 'only this bot', es: 'solo este bot' },
  'help.common.from_day': { en: 'updated from this date (YYYY-MM-DD)', es: 'actualizados desde esta fecha (AAAA-MM-DD)' },
  'help.common.to_day': { en: 'updated up to this date (YYYY-MM-DD)', es: 'actualizados hasta esta fecha (AAAA-MM-DD)' },
  'help.common.out_or_print': { en: 'write here instead of printing', es: 'lo escribe aquí en vez de imprimirlo' },
  'help.common.force': { en: 'replace the file if it exists', es: 'reemplaza el archivo si ya existe' },
  'help.common.sheet_file': { en: '.xlsx, .xls, .ods, .csv or .txt', es: '.xlsx, .xls, .ods, .csv o .txt' },

  // `login`, `logout`, `whoami`.
  'help.login.what': {
    en: 'sign in (e-mail and password from CASEDESK_EMAIL / CASEDESK_PASSWORD, or asked)',
    es: 'ingresa al servicio (correo y contraseña de CASEDESK_EMAIL / CASEDESK_PASSWORD, o los pregunta)',
  },
  'help.login.base_url': {
    en: 'the service address of test or production (https)',
    es: 'la dirección del servicio de test o production (https)',
  },
  'help.logout.what': { en: 'sign out and forget the tokens', es: 'cierra la sesión y olvida los tokens' },
  'help.whoami.what': { en: 'who is signed in, where', es: 'quién ingresó, y dónde' },

  // `bots`, `campaigns …`, `inbound …`.
  'help.bots.what': { en: 'the bots assigned to you', es: 'los bots que tiene asignados' },
  'help.campaigns.what': { en: 'campaigns of a bot', es: 'las campañas de un bot' },
  'help.campaigns_list.what': { en: "a bot's campaigns, newest first", es: 'las campañas de un bot, las más nuevas primero' },
  'help.campaigns_show.what': {
    en: 'one campaign: params, case stats, metrics',
    es: 'una campaña: parámetros, estadísticas de casos, métricas',
  },
  'help.campaigns_create.what': { en: 'create a campaign for an outbound bot', es: 'crea una campaña para un bot saliente' },
  'help.campaigns_create.name': { en: 'campaign name', es: 'nombre de la campaña' },
  'help.campaigns_create.description': { en: 'description', es: 'descripción' },
  'help.campaigns_create.start_date': { en: 'first day of calls (YYYY-MM-DD)', es: 'primer día de llamadas (AAAA-MM-DD)' },
  'help.campaigns_create.call_from': { en: 'earliest call time', es: 'hora de la primera llamada' },
  'help.campaigns_create.call_to': { en: 'latest call time', es: 'hora de la última llamada' },
  'help.campaigns_create.dialing_type': { en: 'how phones are tried', es: 'cómo se prueban los teléfonos' },
  'help.campaigns_create.min_phone_priority': { en: 'first phone index', es: 'índice del primer teléfono' },
  'help.campaigns_create.max_phone_priority': { en: 'last phone index', es: 'índice del último teléfono' },
  'help.campaigns_create.max_calls_per_case': { en: 'attempts per phone', es: 'intentos por teléfono' },
  'help.campaigns_create.closes_eod': { en: 'close at the end of the day', es: 'cierra al final del día' },
  'help.campaigns_create.draft_for': {
    en: 'do not create it now: keep it with this batch, to be created at its upload (works offline)',
    es: 'no la crea ahora: la guarda con este lote, para crearla al subirlo (funciona sin conexión)',
  },
  'help.campaigns_start.what': {
    en: 'start a campaign; prints the state the service answers',
    es: 'inicia una campaña; imprime el estado que responde el servicio',
  },
  'help.campaigns_stop.what': {
    en: 'stop a campaign; prints the state the service answers',
    es: 'detiene una campaña; imprime el estado que responde el servicio',
  },
  'help.campaigns_end.what': {
    en: 'end a campaign; prints the state the service answers',
    es: 'finaliza una campaña; imprime el estado que responde el servicio',
  },
  'help.inbound.what': { en: 'inbound cases', es: 'casos entrantes' },
  'help.inbound_list.what': { en: 'inbound cases, newest first', es: 'casos entrantes, los más nuevos primero' },
  'help.inbound_sync.what': {
    en: 'download inbound cases into the local store (and their recordings), only what changed',
    es: 'descarga los casos entrantes al almacén local (y sus grabaciones), solo lo que cambió',
  },
  'help.inbound_sync.recordings': {
    en: 'also download the recordings into this folder',
    es: 'descarga también las grabaciones en esta carpeta',
  },

  // `prepare`, `payload`, `issues`, `export`, `import-corrections`, `templates …`.
  'help.prepare.what': {
    en: 'import a creditor file into a new draft batch',
    es: 'importa un archivo del acreedor en un nuevo lote borrador',
  },
  'help.prepare.mapping': {
    en: 'a JSON mapping file (else a saved template, else suggestions)',
    es: 'un archivo de mapeo JSON (si no, una plantilla guardada; si no, sugerencias)',
  },
  'help.prepare.sheet': { en: 'the sheet to read', es: 'la hoja que se lee' },
  'help.prepare.header_row': {
    en: 'the header row, 1-based (found automatically otherwise)',
    es: 'la fila de encabezados, contando desde 1 (si no, se busca sola)',
  },
  'help.prepare.campaign': {
    en: 'target campaign (its cached max phone priority is used)',
    es: 'campaña de destino (se usa su prioridad máxima de teléfono guardada)',
  },
  'help.prepare.max_phone_priority': {
    en: 'for a campaign still to be created',
    es: 'para una campaña que todavía no se creó',
  },
  'help.prepare.creditor': {
    en: "save the mapping as this creditor's template",
    es: 'guarda el mapeo como plantilla de este acreedor',
  },
  'help.payload.what': {
    en: 'write the exact JSON that uploading the ready cases would send (all chunks merged)',
    es: 'escribe el JSON exacto que enviaría la carga de los casos listos (todos los envíos juntos)',
  },
  'help.issues.what': {
    en: "a batch's issues: errors (case not sent), warnings, automatic fixes",
    es: 'los problemas de un lote: errores (caso no enviado), advertencias, correcciones automáticas',
  },
  'help.issues.severity': { en: 'only these', es: 'solo estos' },
  'help.export.what': {
    en: 'write the error report (to correct and import back) or the clean batch, as .xlsx',
    es: 'escribe el informe de errores (para corregirlo e importarlo de vuelta) o el lote limpio, en .xlsx',
  },
  'help.export.errors': {
    en: 'the error report: rejected cases and warnings with their reasons',
    es: 'el informe de errores: casos rechazados y advertencias con sus motivos',
  },
  'help.export.clean': {
    en: 'the cases that will be sent, as they will be sent',
    es: 'los casos que se enviarán, tal como se enviarán',
  },
  'help.import_corrections.what': {
    en: 'import a corrected error report back into its batch (cases matched by code)',
    es: 'importa un informe de errores corregido de vuelta a su lote (los casos, por código)',
  },
  'help.import_corrections.file': { en: 'the corrected .xlsx', es: 'el .xlsx corregido' },
  'help.templates.what': {
    en: 'saved column mappings, one per creditor layout (import one with prepare --mapping F --creditor NAME)',
    es: 'mapeos de columnas guardados, uno por formato de acreedor (importe uno con prepare --mapping F --creditor NOMBRE)',
  },
  'help.templates_list.what': { en: 'the saved templates', es: 'las plantillas guardadas' },
  'help.templates_export.what': {
    en: "a creditor's template as a mapping file (JSON)",
    es: 'la plantilla de un acreedor como archivo de mapeo (JSON)',
  },
  'help.templates_export.creditor': { en: 'whose template', es: 'de qué acreedor' },

  // `upload`.
  'help.upload.what': {
    en: "load a batch's ready cases into a campaign, exactly once (progress on stderr)",
    es: 'sube los casos listos de un lote a una campaña, una sola vez (el avance en stderr)',
  },
  'help.upload.campaign': {
    en: "campaign id (default: the batch's campaign, or the draft prepared for it, created now)",
    es: 'id de la campaña (predeterminado: la del lote, o el borrador preparado para él, que se crea ahora)',
  },
  'help.upload.in_doubt': {
    en: 'cases whose loading could not be confirmed: send them again, or take them as loaded',
    es: 'casos cuya carga no se pudo confirmar: enviarlos otra vez, o darlos por cargados',
  },
  'help.upload.reload_duplicates': {
    en: 'also load the codes the campaign already holds (skipped otherwise), for this batch',
    es: 'carga también los códigos que la campaña ya tiene (si no, se omiten), para este lote',
  },

  // `followup`, `results …`.
  'help.followup.what': {
    en: "a new draft batch of a campaign's original cases, chosen by how they ended (from its downloaded results)",
    es: 'un nuevo lote borrador con los casos originales de una campaña, elegidos por cómo terminaron (de sus resultados descargados)',
  },
  'help.followup.outcome': {
    en: 'which cases: not final yet, never reached a person, or without a promise to pay',
    es: 'qué casos: todavía no finales, nunca contactaron a una persona, o sin promesa de pago',
  },
  'help.followup.result': {
    en: 'cases with this result name, as the service shows it (repeat for more; with --outcome both must hold)',
    es: 'casos con este nombre de resultado, como lo muestra el servicio (repítala para más; con --outcome deben cumplirse ambas)',
  },
  'help.followup.from_batch': { en: 'only cases uploaded from this batch', es: 'solo los casos subidos desde este lote' },
  'help.results.what': {
    en: "download a campaign's results (cases, calls, transcripts, recordings) and export them to .xlsx",
    es: 'descarga los resultados de una campaña (casos, llamadas, transcripciones, grabaciones) y los exporta a .xlsx',
  },
  'help.results.out': {
    en: 'write the results to this .xlsx file (sheets Casos and Llamadas)',
    es: 'escribe los resultados en este archivo .xlsx (hojas Casos y Llamadas)',
  },
  'help.results.recordings': {
    en: 'also download the call recordings into this folder',
    es: 'descarga también las grabaciones de las llamadas en esta carpeta',
  },
  'help.results.offline': {
    en: 'do not ask the service: export what was downloaded before (needs --out)',
    es: 'no consulta al servicio: exporta lo descargado antes (necesita --out)',
  },
  'help.results_summary.what': {
    en: "a campaign's downloaded results at a glance: outcomes, promises to pay, calls and contacts by hour",
    es: 'los resultados descargados de una campaña de un vistazo: desenlaces, promesas de pago, llamadas y contactos por hora',
  },
  'help.results_summary.promises_out': {
    en: 'also write the promises to pay (debtor, amount, date, call) to this .xlsx file',
    es: 'escribe también las promesas de pago (deudor, monto, fecha, llamada) en este archivo .xlsx',
  },
  'help.results_delete.what': {
    en: "delete a campaign's stored results and recordings (the next download starts over)",
    es: 'borra los resultados y las grabaciones guardados de una campaña (la próxima descarga empieza de nuevo)',
  },

  // `batches …`, `purge`, `wipe`.
  'help.batches.what': { en: 'the batches prepared on this machine', es: 'los lotes preparados en este equipo' },
  'help.batches_list.what': {
    en: 'every batch with its counts and, once fully uploaded, the day retention deletes it (or why it is kept)',
    es: 'cada lote con sus cantidades y, una vez subido por completo, el día en que la retención lo borra (o por qué se conserva)',
  },
  'help.batches_delete.what': {
    en: 'delete a batch with its cases, issues, upload queue and the copy of its file (refused while it uploads or has cases in doubt)',
    es: 'borra un lote con sus casos, problemas, cola de carga y la copia de su archivo (se rechaza mientras se sube o tiene casos en duda)',
  },
  'help.purge.what': {
    en: 'delete now what is older than the retention setting (it also happens at every start and daily)',
    es: 'borra ahora lo que supera el plazo de retención (también ocurre en cada inicio y una vez por día)',
  },
  'help.wipe.what': {
    en: 'delete everything CaseDesk keeps in the data folder (store, demo service, recordings, imported files, logs, audit) and its data key',
    es: 'borra todo lo que CaseDesk guarda en la carpeta de datos (almacén, servicio demo, grabaciones, archivos importados, registros, auditoría) y su clave de datos',
  },
  'help.wipe.yes': {
    en: 'do it; without it, only say what would be deleted (exit 2)',
    es: 'lo hace; sin esta opción, solo dice qué se borraría (sale con 2)',
  },

  // `audit`, `policy`, `diagnostics`, `start`.
  'help.audit.what': {
    en: 'the audit trail of this computer: sign-ins, imports, edits, exports, uploads, campaigns, settings; who acted and which file, from the encrypted store (its files hold only ids)',
    es: 'el registro de auditoría de este equipo: ingresos, importaciones, ediciones, exportaciones, cargas, campañas, ajustes; quién actuó y con qué archivo, desde el almacén cifrado (sus archivos solo guardan identificadores)',
  },
  'help.audit.since': {
    en: 'from this day (YYYY-MM-DD, from midnight here) or instant on',
    es: 'desde este día (AAAA-MM-DD, desde la medianoche de aquí) o este instante',
  },
  'help.audit.limit': { en: 'at most the latest N entries', es: 'como máximo las últimas N entradas' },
  'help.policy.what': {
    en: "print the organization's effective policy and the file it came from",
    es: 'imprime la política vigente de la organización y el archivo de donde viene',
  },
  'help.diagnostics.what': {
    en: 'write a zip for IT support: versions, policy, settings, store counts, recent log and audit lines, connection tests (no personal data, no secrets)',
    es: 'escribe un zip para soporte técnico: versiones, política, ajustes, cantidades del almacén, líneas recientes del registro y de la auditoría, pruebas de conexión (sin datos personales ni secretos)',
  },
  'help.diagnostics.out': { en: 'the .zip to write', es: 'el .zip que se escribe' },
  'help.start.what': {
    en: 'run CaseDesk (the desktop app, or in a browser where Electron is not installed)',
    es: 'ejecuta CaseDesk (la aplicación de escritorio, o en un navegador donde Electron no está instalado)',
  },
  'help.start.browser': {
    en: 'serve the app to a browser even if Electron is installed',
    es: 'sirve la aplicación a un navegador aunque Electron esté instalado',
  },
  'help.start.port': { en: 'browser host port (0 picks a free one)', es: 'puerto del servidor para el navegador (0 elige uno libre)' },

  // `emulator`. Its first line, "listening on URL", is a protocol line that scripts read: never worded.
  'help.emulator.what': {
    en: 'run the local service emulator (prints "listening on URL" first)',
    es: 'ejecuta el emulador del servicio local (primero imprime "listening on URL")',
  },
  'help.emulator.port': { en: 'port; 0 picks a free one', es: 'puerto; 0 elige uno libre' },
  'help.emulator.host': { en: 'interface to bind', es: 'interfaz en la que escucha' },
  'help.emulator.allowed_host': {
    en: 'also answer requests whose Host is this name (or name:port, [v6]:port); repeatable. Other Hosts get 421',
    es: 'responde también a las solicitudes cuyo Host es este nombre (o nombre:puerto, [v6]:puerto); se puede repetir. Los demás Host reciben 421',
  },
  'help.emulator.seed': {
    en: 'users, passwords and bots (JSON); the built-in demo seed by default',
    es: 'usuarios, contraseñas y bots (JSON); si no, los datos demo incluidos',
  },
  'help.emulator.db': { en: 'keep the emulator state in this SQLite file', es: 'guarda el estado del emulador en este archivo SQLite' },
  'help.emulator.speed': {
    en: 'simulated time runs x times faster and ignores call windows',
    es: 'el tiempo simulado corre x veces más rápido e ignora los horarios de llamada',
  },
  'help.emulator.faults': { en: 'serve the test-only /__control/ endpoints', es: 'sirve los endpoints /__control/, solo para pruebas' },
  'help.emulator.page_size': { en: 'items per page of list endpoints', es: 'elementos por página de los endpoints de listas' },
  'help.emulator.access_ttl': { en: 'access token lifetime', es: 'vigencia del token de acceso' },
  'help.emulator.refresh_ttl': { en: 'refresh token lifetime', es: 'vigencia del token de renovación' },
  'help.emulator.upload_limit': {
    en: 'upload bodies over this size get 413',
    es: 'los cuerpos de carga de más de este tamaño reciben 413',
  },
  'help.emulator.random_seed': { en: 'seed of the dialing simulation', es: 'semilla de la simulación de marcado' },
  'help.emulator.tls_cert': {
    en: 'serve https with this certificate (PEM; with --tls-key)',
    es: 'sirve https con este certificado (PEM; con --tls-key)',
  },
  'help.emulator.tls_key': { en: 'the private key of --tls-cert (PEM)', es: 'la clave privada de --tls-cert (PEM)' },
  'help.emulator.create_status': {
    en: "state of a new campaign: the endpoint's PAUSED, or the guide's SCHEDULED/ONGOING by date",
    es: 'estado de una campaña nueva: PAUSED, como el endpoint, o SCHEDULED/ONGOING según la fecha, como la guía',
  },

  // `suppress …`; {reasons} are the reason codes as typed, {example} a mapping file's JSON.
  'help.suppress.what': {
    en: 'the do-not-contact ledger: phones and case codes never to be loaded',
    es: 'la lista de no contactar: teléfonos y códigos de caso que nunca se suben',
  },
  'help.suppress_add.what': {
    en: 'add a phone (written any way) or a case code; the same one again replaces its reason and expiry',
    es: 'agrega un teléfono (escrito de cualquier forma) o un código de caso; el mismo otra vez reemplaza su motivo y su vencimiento',
  },
  'help.suppress_add.phone': { en: 'a phone number, e.g. "011 15-4444-5555"', es: 'un número de teléfono, p. ej. "011 15-4444-5555"' },
  'help.suppress_add.code': { en: 'a case code', es: 'un código de caso' },
  'help.suppress_add.reason': { en: 'why: {reasons}', es: 'motivo: {reasons}' },
  'help.suppress_add.until': { en: 'the last day it applies', es: 'el último día en que se aplica' },
  'help.suppress_add.creditor': { en: "only this creditor's batches", es: 'solo los lotes de este acreedor' },
  'help.suppress_import.what': {
    en: 'add the phones and codes of a .xlsx/.csv list (columns phone and/or code, reason, until, creditor)',
    es: 'agrega los teléfonos y códigos de una lista .xlsx/.csv (columnas phone y/o code, reason, until, creditor)',
  },
  'help.suppress_import.mapping': { en: 'JSON naming the columns: {example}', es: 'JSON que nombra las columnas: {example}' },
  'help.suppress_import.reason': { en: 'for rows without one: {reasons}', es: 'para las filas sin motivo: {reasons}' },
  'help.suppress_list.what': {
    en: "this workstation's entries and the organization's shared list",
    es: 'las entradas de este equipo y la lista compartida de la organización',
  },
  'help.suppress_list.search': {
    en: 'only entries of this phone (written any way, or its first digits) or of the person this code names',
    es: 'solo las entradas de este teléfono (escrito de cualquier forma, o sus primeros dígitos) o de la persona que nombra este código',
  },
  'help.suppress_list.offset': {
    en: "skip this many of the shared list's entries",
    es: 'saltea esta cantidad de entradas de la lista compartida',
  },
  'help.suppress_list.limit': {
    en: "show at most this many of the shared list's entries",
    es: 'muestra como máximo esta cantidad de entradas de la lista compartida',
  },
  'help.suppress_remove.what': {
    en: "remove one of this workstation's entries (the shared list is the organization's)",
    es: 'quita una de las entradas de este equipo (la lista compartida es de la organización)',
  },
  'help.suppress_remove.id': { en: 'entry id (see suppress list)', es: 'id de la entrada (vea suppress list)' },
} as const satisfies Record<string, Record<FailureLang, string>>;
