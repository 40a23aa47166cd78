// The CLI's own lines for a person, not failures nor notes: what a command prints when it went well
// (stdout), its progress (stderr), its prompts, the words inside its tables. Worded in --lang like the
// failures and notes; `--json` carries the data instead, and the tables' column keys stay as they are.
// CLI only (cli-text.ts), never the renderer's. A param that is itself words of this file is worded first.
import type { FailureLang } from '../../domain/failures/failure';

export const CLI_LINES = {
  // `login` asks (stderr) when CASEDESK_EMAIL / CASEDESK_PASSWORD are not set; {example} is the demo account.
  'line.prompt.email': { en: 'E-mail for {environment}: ', es: 'Correo electrónico para {environment}: ' },
  'line.prompt.email_example': {
    en: 'E-mail for {environment} ({example}): ',
    es: 'Correo electrónico para {environment} ({example}): ',
  },
  'line.prompt.password': { en: 'Password: ', es: 'Contraseña: ' },
  'line.session.signed_in': { en: 'Signed in to {environment} as {email}.', es: 'Ingresó a {environment} como {email}.' },
  'line.session.sign_in_by_env': {
    en: 'Set CASEDESK_EMAIL and CASEDESK_PASSWORD to let later commands sign in by themselves.',
    es: 'Defina CASEDESK_EMAIL y CASEDESK_PASSWORD para que los comandos siguientes ingresen por su cuenta.',
  },
  'line.session.signed_out': { en: 'Signed out of {environment}.', es: 'Cerró la sesión de {environment}.' },
  'line.session.who': { en: '{email} on {environment} ({state})', es: '{email} en {environment} ({state})' },
  'line.session.who_at': {
    en: '{email} on {environment} ({state}) at {baseUrl}',
    es: '{email} en {environment} ({state}), dirección {baseUrl}',
  },
  'line.session.state.active': { en: 'active', es: 'activa' },
  'line.session.state.expired': { en: 'expired', es: 'vencida' },
  'line.session.state.signed_out': { en: 'signed out', es: 'cerrada' },
  'line.session.nobody': { en: 'Nobody is signed in to {environment}.', es: 'No hay ninguna sesión iniciada en {environment}.' },

  // `upload`: a progress line on stderr ({activity} one of line.upload.activity.*), then its report on stdout.
  'line.upload.progress': {
    en: '[{activity}] chunk {chunk} of {chunks}: loaded {loaded}, rejected {rejected}, pending {pending}',
    es: '[{activity}] envío {chunk} de {chunks}: cargados {loaded}, rechazados {rejected}, pendientes {pending}',
  },
  'line.upload.activity.planning': { en: 'planning', es: 'planificando' },
  'line.upload.activity.waiting': { en: 'waiting', es: 'esperando' },
  'line.upload.activity.sending': { en: 'sending', es: 'enviando' },
  'line.upload.activity.retrying': { en: 'retrying', es: 'reintentando' },
  'line.upload.activity.offline': { en: 'offline', es: 'sin conexión' },
  'line.upload.activity.reconciling': { en: 'reconciling', es: 'verificando' },
  'line.upload.activity.done': { en: 'done', es: 'listo' },
  'line.upload.summary': {
    en: '{status}: {loaded} loaded, {rejected} rejected, {pending} pending, {requests} request(s)',
    es: '{status}: {loaded} cargados, {rejected} rechazados, {pending} pendientes, {requests} solicitud(es)',
  },
  'line.upload.status.done': { en: 'done', es: 'listo' },
  'line.upload.status.paused': { en: 'paused', es: 'en pausa' },
  'line.upload.status.needs_decision': { en: 'needs a decision', es: 'necesita una decisión' },
  'line.upload.status.cancelled': { en: 'cancelled', es: 'cancelado' },
  'line.upload.suppressed': {
    en: 'do not contact: {cases} case(s) suppressed, {phones} phone(s) taken off before sending',
    es: 'no contactar: {cases} caso(s) suprimidos, {phones} teléfono(s) quitados antes de enviar',
  },
  'line.upload.held_case': { en: '{code}: not loaded (do not contact)', es: '{code}: no se carga (no contactar)' },
  'line.upload.held_phones': { en: '{code}: {phones} taken off', es: '{code}: se quitó {phones}' },
  'line.upload.held_first': { en: '(the first {n} are named)', es: '(se nombran los primeros {n})' },
  'line.upload.skipped': {
    en: 'skipped: {duplicates} case(s) whose code the campaign already holds (--reload-duplicates loads them again)',
    es: 'omitidos: {duplicates} caso(s) cuyo código la campaña ya tiene (--reload-duplicates los carga otra vez)',
  },
  // {code} and {detail} are the service's.
  'line.upload.rejected': { en: 'rejected {code}: {detail}', es: 'rechazado {code}: {detail}' },
  'line.upload.paused': { en: 'Paused: {reason}', es: 'En pausa: {reason}' },

  // `campaigns create|start|stop|end`; {status} is the service's (PAUSED, ONGOING…).
  'line.campaign.draft': {
    en: 'Campaign "{name}" will be created when batch {batchId} is uploaded.',
    es: 'La campaña "{name}" se creará cuando se cargue el lote {batchId}.',
  },
  'line.campaign.created': { en: 'Campaign {id} "{name}" created: {status}', es: 'Campaña {id} "{name}" creada: {status}' },
  'line.campaign.status': { en: 'Campaign {id}: {status}', es: 'Campaña {id}: {status}' },
  // The values of `campaigns show`'s table (its fields stay as they are).
  'line.campaign.window': { en: '{from}–{to} from {date}', es: '{from}–{to} desde el {date}' },
  'line.campaign.dialing': {
    en: '{type} phones {min}..{max}, {attempts} attempts, {workers} workers',
    es: '{type} teléfonos {min}..{max}, {attempts} intentos, {workers} llamadas simultáneas',
  },
  'line.campaign.cases': {
    en: '{loaded} loaded, {final} final, {resting} resting',
    es: '{loaded} cargados, {final} finales, {resting} en espera',
  },
  'line.campaign.progress': { en: '{completed}% completed, {called}% called', es: '{completed}% completado, {called}% llamado' },
  'line.campaign.results': {
    en: 'success {success}, contactability {contactability}%',
    es: 'éxito {success}, contactabilidad {contactability}%',
  },
  'line.bots.none': {
    en: 'No bots are assigned to you. Ask your administrator to assign one.',
    es: 'No tiene bots asignados. Pida a su administrador que le asigne uno.',
  },

  // Words inside tables (a "no" is the same word in both languages).
  'line.table.none': { en: '(none)', es: '(ninguno)' },
  'line.table.yes': { en: 'yes', es: 'sí' },
  'line.table.expired': { en: 'expired', es: 'vencida' },
  'line.table.until_deleted': { en: 'until deleted', es: 'hasta que se borre' },
  // `batches list`: why an uploaded batch has no day to go (skipped cases corrected after the upload).
  'line.table.kept_corrected': {
    en: 'kept: {count} corrected case(s) not loaded again',
    es: 'se conserva: {count} caso(s) corregido(s) sin cargar de nuevo',
  },

  // `suppress add|remove|import`: an entry is "{kind words} ({reason}, {until words}, {creditor words})",
  // the reason as the option takes it (debtor-asked…).
  'line.ledger.added': { en: 'Added entry {id}: {entry}.', es: 'Entrada {id} agregada: {entry}.' },
  'line.ledger.replaced': { en: 'Replaced entry {id}: {entry}.', es: 'Entrada {id} reemplazada: {entry}.' },
  'line.ledger.removed': { en: 'Removed entry {id}: {entry}.', es: 'Entrada {id} quitada: {entry}.' },
  'line.ledger.shared_page': {
    en: "Organization's list ({file}): {count} entries; {matching} match, shown from {from} to {to}.",
    es: 'Lista de la organización ({file}): {count} entradas; {matching} coinciden, se muestran de la {from} a la {to}.',
  },
  'line.ledger.phone': { en: 'phone {value}', es: 'teléfono {value}' },
  'line.ledger.code': { en: 'code {value}', es: 'código {value}' },
  'line.ledger.until': { en: 'until {until}', es: 'hasta {until}' },
  'line.ledger.creditor': { en: 'creditor {creditor}', es: 'acreedor {creditor}' },
  'line.ledger.released': {
    en: '{count} case(s) it held back in batches not yet sent can be loaded again.',
    es: '{count} caso(s) que retenía en lotes sin cargar se pueden cargar otra vez.',
  },
  'line.ledger.imported': {
    en: '{file}, sheet "{sheet}": {added} added, {updated} replaced.',
    es: '{file}, hoja "{sheet}": {added} agregada(s), {updated} reemplazada(s).',
  },
  // A row `suppress import` did not take (stderr), {where} one of the two below. A phone or a case code is
  // not repeated (a scheduled run's stderr is a log): the row and column say where it is; {why} is a stable code.
  'line.ledger_row.at': {
    en: '{file}, sheet "{sheet}", row {row}, column {column}',
    es: '{file}, hoja "{sheet}", fila {row}, columna {column}',
  },
  'line.ledger_row.at_row': { en: '{file}, sheet "{sheet}", row {row}', es: '{file}, hoja "{sheet}", fila {row}' },
  'line.ledger_row.phone_invalid': { en: '{where}: not a valid phone ({why}).', es: '{where}: no es un teléfono válido ({why}).' },
  'line.ledger_row.code_empty': {
    en: '{where}: the case code is empty once cleaned.',
    es: '{where}: el código de caso queda vacío al limpiarlo.',
  },
  'line.ledger_row.no_phone_or_code': { en: '{where}: no phone and no code.', es: '{where}: sin teléfono ni código.' },
  'line.ledger_row.reason_unknown': {
    en: '{where}: "{value}" is not a reason CaseDesk knows.',
    es: '{where}: "{value}" no es un motivo que CaseDesk conozca.',
  },
  'line.ledger_row.until_invalid': {
    en: '{where}: the "until" date "{value}" is not valid ({why}).',
    es: '{where}: la fecha «hasta» "{value}" no es válida ({why}).',
  },

  // `prepare`, `followup` and `import-corrections` (stdout); {mapping} one of line.batch.mapping.*.
  'line.batch.prepared': {
    en: 'Batch {batchId}: {cases} case(s) from sheet "{sheet}" (header on row {headerRow}, {mapping})',
    es: 'Lote {batchId}: {cases} caso(s) de la hoja "{sheet}" (encabezado en la fila {headerRow}, {mapping})',
  },
  'line.batch.mapping.file': { en: 'file mapping', es: 'mapeo del archivo' },
  'line.batch.mapping.template': { en: 'template mapping', es: 'mapeo de la plantilla' },
  'line.batch.mapping.suggested': { en: 'suggested mapping', es: 'mapeo sugerido' },
  'line.batch.mapping.batch': { en: 'batch mapping', es: 'mapeo del lote' },
  'line.batch.counts': {
    en: 'ready {ready}, rejected {rejected}, warnings {warnings}, automatic fixes {fixes}, row errors {rowErrors}',
    es: 'listos {ready}, rechazados {rejected}, advertencias {warnings}, correcciones automáticas {fixes}, errores de fila {rowErrors}',
  },
  'line.batch.suppressed': {
    en: 'do not contact: {cases} case(s) suppressed, {phones} phone(s) taken off',
    es: 'no contactar: {cases} caso(s) suprimidos, {phones} teléfono(s) quitados',
  },
  'line.batch.duplicates': {
    en: 'duplicates: {duplicates} case(s) already in another batch not uploaded or in the campaign (see `casedesk issues {batchId} --severity warning`)',
    es: 'duplicados: {duplicates} caso(s) ya en otro lote sin cargar o en la campaña (vea `casedesk issues {batchId} --severity warning`)',
  },
  'line.batch.corrected': {
    en: '{updated} case(s) replaced: {nowReady} will be loaded, {stillRejected} still rejected.',
    es: '{updated} caso(s) reemplazados: {nowReady} se cargarán, {stillRejected} siguen rechazados.',
  },
  'line.batch.unchanged': {
    en: '{unchanged} case(s) as the report had them: nothing corrected, left as they were.',
    es: '{unchanged} caso(s) tal como estaban en el reporte: sin correcciones, quedan como estaban.',
  },
  'line.batch.not_in_batch': { en: 'Not in this batch: {codes}', es: 'No están en este lote: {codes}' },
  'line.batch.already_sent': { en: 'Already sent, left as they were: {codes}', es: 'Ya enviados, quedan como estaban: {codes}' },
  'line.followup.batch': {
    en: 'Batch {batchId}: {cases} case(s) of campaign {campaignId} to follow up (from batch {fromBatches}, its mapping)',
    es: 'Lote {batchId}: {cases} caso(s) de la campaña {campaignId} para seguimiento (del lote {fromBatches}, con su mapeo)',
  },
  'line.followup.duplicates': {
    en: 'duplicates: {duplicates} case(s) already in another batch not uploaded',
    es: 'duplicados: {duplicates} caso(s) ya en otro lote sin cargar',
  },
  'line.followup.not_found': {
    en: '{count} matching case(s) were not uploaded from this computer and are not in it',
    es: '{count} caso(s) que coinciden no se cargaron desde este equipo y no están en él',
  },

  // `results summary`; {amount} comes with its currency sign.
  'line.summary.campaign': {
    en: 'Campaign {campaignId} ({environment}): {cases} cases, {calls} calls',
    es: 'Campaña {campaignId} ({environment}): {cases} casos, {calls} llamadas',
  },
  'line.summary.outcomes': {
    en: 'final {final} ({finalShare}), not final {notFinal}; contacted {contacted} ({contactedShare}), not contacted {notContacted}',
    es: 'finales {final} ({finalShare}), no finales {notFinal}; contactados {contacted} ({contactedShare}), no contactados {notContacted}',
  },
  'line.summary.promises': {
    en: 'promises to pay {count}, {amount} stated in {withAmount} of them',
    es: 'promesas de pago {count}, {amount} declarados en {withAmount} de ellas',
  },
  'line.summary.promises_written': {
    en: 'Wrote {count} promises to pay to {file}.',
    es: 'Se escribieron {count} promesa(s) de pago en {file}.',
  },

  // `results CAMPAIGN` and `inbound sync`: the progress line (stderr) names each phase, then the report.
  'line.download.cases': { en: 'cases', es: 'casos' },
  'line.download.calls': { en: 'calls', es: 'llamadas' },
  'line.download.recordings': { en: 'recordings', es: 'grabaciones' },
  'line.results.downloaded': {
    en: 'Campaign {campaignId} ({environment}): {cases} cases, {changed} new or changed; {calls} calls downloaded.',
    es: 'Campaña {campaignId} ({environment}): {cases} casos, {changed} nuevos o cambiados; {calls} llamadas descargadas.',
  },
  'line.results.downloaded_recordings': {
    en: 'Campaign {campaignId} ({environment}): {cases} cases, {changed} new or changed; {calls} calls downloaded; {recordings} recordings downloaded, {skipped} already there or not available.',
    es: 'Campaña {campaignId} ({environment}): {cases} casos, {changed} nuevos o cambiados; {calls} llamadas descargadas; {recordings} grabaciones descargadas, {skipped} ya estaban o no están disponibles.',
  },
  'line.results.exported': {
    en: 'Exported {cases} cases and {calls} calls to {file}.',
    es: 'Se exportaron {cases} casos y {calls} llamadas a {file}.',
  },
  'line.inbound.downloaded': {
    en: 'Inbound ({environment}): {cases} cases, {changed} new or changed.',
    es: 'Entrantes ({environment}): {cases} casos, {changed} nuevos o cambiados.',
  },
  'line.inbound.downloaded_recordings': {
    en: 'Inbound ({environment}): {cases} cases, {changed} new or changed; {recordings} recordings downloaded, {skipped} already there or not available.',
    es: 'Entrantes ({environment}): {cases} casos, {changed} nuevos o cambiados; {recordings} grabaciones descargadas, {skipped} ya estaban o no están disponibles.',
  },

  // `batches delete`, `results delete`, `purge`, `wipe`.
  'line.batches.deleted': { en: 'Batch {batchId} deleted: {cases} case(s).', es: 'Lote {batchId} borrado: {cases} caso(s).' },
  'line.batches.deleted_with_file': {
    en: 'Batch {batchId} deleted: {cases} case(s), and the copy of its file.',
    es: 'Lote {batchId} borrado: {cases} caso(s), y la copia de su archivo.',
  },
  'line.results.deleted': {
    en: 'Campaign {campaignId}: {cases} case(s), {calls} call(s) and {recordings} recording(s) deleted.',
    es: 'Campaña {campaignId}: se borraron {cases} caso(s), {calls} llamada(s) y {recordings} grabación(es).',
  },
  'line.results.recordings_left': {
    en: '{count} recording file(s) saved outside the data folder (results --recordings DIR) are yours and were left.',
    es: '{count} archivo(s) de grabación guardados fuera de la carpeta de datos (results --recordings DIR) son suyos y se dejaron.',
  },
  'line.purge.done': {
    en: "Older than {days} days: {batches} batch(es), {campaigns} campaign(s)' results, {inbound} inbound case(s), {recordings} recording(s), {files} imported file(s) deleted.",
    es: 'Con más de {days} días: se borraron {batches} lote(s), los resultados de {campaigns} campaña(s), {inbound} caso(s) entrantes, {recordings} grabación(es) y {files} archivo(s) importados.',
  },
  'line.wipe.folder': { en: 'Data folder {dir}:', es: 'Carpeta de datos {dir}:' },
  'line.wipe.to_delete': { en: 'to delete: {entries}', es: 'a borrar: {entries}' },
  'line.wipe.deleted': { en: 'deleted: {entries}', es: 'borrado: {entries}' },
  'line.wipe.nothing': { en: 'nothing of CaseDesk is in it', es: 'no hay nada de CaseDesk en ella' },
  'line.wipe.others': { en: "left as they are (not CaseDesk's): {others}", es: 'se dejan como están (no son de CaseDesk): {others}' },
  'line.wipe.key_environment': {
    en: 'data key: CASEDESK_DB_KEY, which is yours: CaseDesk cannot forget it (unset it and destroy your copy)',
    es: 'clave de datos: CASEDESK_DB_KEY, que es suya: CaseDesk no puede olvidarla (quítela y destruya su copia)',
  },
  'line.wipe.key_none': { en: 'data key: none is kept for this folder', es: 'clave de datos: no se guarda ninguna para esta carpeta' },
  'line.wipe.key_keychain': {
    en: "data key: in this user's keychain, to be forgotten",
    es: 'clave de datos: en el llavero de este usuario, se olvidará',
  },
  'line.wipe.key_keychain_forgotten': {
    en: "data key: in this user's keychain, forgotten",
    es: 'clave de datos: en el llavero de este usuario, olvidada',
  },
  'line.wipe.key_file': {
    en: 'data key: in a key file in your configuration folder, to be forgotten',
    es: 'clave de datos: en un archivo de clave de su carpeta de configuración, se olvidará',
  },
  'line.wipe.key_file_forgotten': {
    en: 'data key: in a key file in your configuration folder, forgotten',
    es: 'clave de datos: en un archivo de clave de su carpeta de configuración, olvidada',
  },
  'line.wipe.done': { en: 'Wiped.', es: 'Borrado.' },
  'line.wipe.key_kept': {
    en: 'The keychain did not let go of the data key: remove the "CaseDesk" entry by hand.',
    es: 'El llavero no soltó la clave de datos: quite a mano la entrada "CaseDesk".',
  },

  // `policy` (stdout); the keys and values are the policy file's.
  'line.policy.none': {
    en: 'No policy: nothing on this machine is managed by an organization.',
    es: 'Sin política: nada en este equipo lo administra una organización.',
  },
  'line.policy.file': { en: 'Policy file: {file}', es: 'Archivo de política: {file}' },
  'line.policy.sets_nothing': { en: 'It sets nothing.', es: 'No fija nada.' },
  'line.policy.default': { en: '{key}: {value} (default)', es: '{key}: {value} (por defecto)' },

  // `start` in the browser.
  'line.start.running': { en: 'CaseDesk is running: open {url}', es: 'CaseDesk está en marcha: abra {url}' },
  'line.start.demo': {
    en: '(Demo service at {url}; sign in to Demo with one click. Ctrl-C stops.)',
    es: '(Servicio Demo en {url}; ingrese a Demo con un clic. Ctrl-C lo detiene.)',
  },
  'line.start.stop': { en: '(Ctrl-C stops.)', es: '(Ctrl-C lo detiene.)' },
} as const satisfies Record<string, Record<FailureLang, string>>;
