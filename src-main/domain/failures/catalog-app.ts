// Failures of the app's own work: calls, batches, uploads, results, follow-ups, the ledger, wiping.
import type { CatalogEntry } from './failure-class';

export const APP_FAILURES = {
  'input.invalid': { class: 'invalid-input', en: '{path}: {problem}', es: 'Dato no válido en {path}: {problem}' },
  'surface.unknown_procedure': { class: 'unknown-procedure', en: 'There is no procedure "{procedure}".', es: 'No existe el procedimiento "{procedure}".' },
  'app.internal': {
    class: 'internal',
    en: 'Something went wrong inside CaseDesk (incident {incident}); the details are in its log, {log}.',
    es: 'Algo falló dentro de CaseDesk (incidente {incident}); los detalles están en su registro, {log}.',
  },

  'host.page_not_authorised': {
    class: 'not-signed-in',
    en: 'This page is not authorised: open the address that "npm start" printed.',
    es: 'Esta página no está autorizada: abra la dirección que mostró "npm start".',
  },
  'host.no_endpoint': { class: 'not-found', en: 'No such endpoint.', es: 'No existe ese punto de acceso.' },
  'host.untrusted_sender': {
    class: 'forbidden',
    en: 'The call came from a page CaseDesk does not trust.',
    es: 'El pedido vino de una página en la que CaseDesk no confía.',
  },
  'host.unexpected_answer': {
    class: 'internal',
    en: 'CaseDesk answered something this screen does not understand (HTTP {status}). Reload the page; if it happens again, export diagnostics for IT.',
    es: 'CaseDesk respondió algo que esta pantalla no entiende (HTTP {status}). Vuelva a cargar la página; si se repite, exporte el diagnóstico para soporte.',
  },
  'host.file_too_large': {
    class: 'invalid-input',
    en: 'CaseDesk in a browser takes files of up to {limitMb} MB. Open a bigger one in the desktop app, or prepare it with the command line (casedesk prepare).',
    es: 'CaseDesk en el navegador acepta archivos de hasta {limitMb} MB. Abra uno más grande en la aplicación de escritorio, o prepárelo con la línea de comandos (casedesk prepare).',
  },
  'host.not_answering': { class: 'offline', en: 'CaseDesk is not answering (is it still running?).', es: 'CaseDesk no responde (¿sigue en funcionamiento?).' },

  'batch.not_found': { class: 'not-found', en: 'Batch {batchId} does not exist.', es: 'El lote {batchId} no existe.' },
  // Not batch.not_found: the batch of an import still running, swept as one a killed import left (its
  // writer stood still over a minute: a suspended CLI, a computer asleep). The agent never saw it.
  'batch.missing': {
    class: 'not-found',
    en: 'The import of {file} stood still for over a minute (was the computer asleep?), and its unfinished batch was removed as abandoned. Import the file again.',
    es: 'La importación de {file} estuvo detenida más de un minuto (¿se suspendió la computadora?) y su lote sin terminar se quitó por abandonado. Vuelva a importar el archivo.',
  },
  'batch.other_environment': {
    class: 'invalid-input',
    en: 'Batch {batchId} was prepared for {batchEnvironment}; it cannot be used in {environment}.',
    es: 'El lote {batchId} se preparó para {batchEnvironment}; no se puede usar en {environment}.',
  },
  'batch.other_campaign': {
    class: 'invalid-input',
    en: 'Batch {batchId} was prepared for campaign {batchCampaignId}, not {campaignId}.',
    es: 'El lote {batchId} se preparó para la campaña {batchCampaignId}, no para la {campaignId}.',
  },
  'batch.has_campaign': {
    class: 'invalid-input',
    en: 'Batch {batchId} already goes to campaign {campaignId}.',
    es: 'El lote {batchId} ya va a la campaña {campaignId}.',
  },
  'batch.no_campaign': {
    class: 'invalid-input',
    en: 'Batch {batchId} has no campaign yet: pick one, or prepare a new one for it.',
    es: 'El lote {batchId} todavía no tiene campaña: elija una, o prepare una nueva para él.',
  },
  'batch.busy': {
    class: 'batch.busy',
    en: 'Batch {batchId} is uploading: stop the upload (or let it finish) before deleting it.',
    es: 'El lote {batchId} se está subiendo: detenga la carga (o espere a que termine) antes de borrarlo.',
  },
  'batch.correcting': {
    class: 'batch.busy',
    en: 'Corrections are being imported into batch {batchId}: wait for them to finish, then try again.',
    es: 'Se están importando correcciones al lote {batchId}: espere a que termine y vuelva a intentarlo.',
  },
  'batch.in_doubt': {
    class: 'batch.in_doubt',
    en: 'Batch {batchId} has {inDoubt} case(s) in doubt: the service may hold them. Upload it again (it checks with the service first) or decide on them, then delete it.',
    es: 'El lote {batchId} tiene {inDoubt} caso(s) en duda: el servicio podría tenerlos. Vuelva a subirlo (primero lo consulta con el servicio) o decida sobre ellos, y después bórrelo.',
  },
  'audit.not_intact': {
    class: 'internal',
    en: 'The audit trail is not intact: {breaks}. Entries were changed or removed outside CaseDesk.',
    es: 'El registro de auditoría no está íntegro: {breaks}. Se cambiaron o quitaron entradas fuera de CaseDesk.',
  },
  'upload.unreachable': {
    class: 'offline',
    en: 'The service cannot be reached; the upload resumes when the network is back.',
    es: 'No se puede llegar al servicio; la carga sigue cuando vuelva la conexión.',
  },
  'upload.refused': { class: 'refused', en: 'The service refused the upload: {detail}', es: 'El servicio rechazó la carga: {detail}' },
  'upload.forbidden': {
    class: 'refused',
    en: 'This account may not load cases into campaign {campaignId}. Ask your administrator.',
    es: 'Esta cuenta no puede cargar casos en la campaña {campaignId}. Consulte a su administrador.',
  },
  'upload.campaign_not_found': {
    class: 'not-found',
    en: 'Campaign {campaignId} does not exist on the service ({detail}).',
    es: 'La campaña {campaignId} no existe en el servicio ({detail}).',
  },
  'upload.session_expired': {
    class: 'session-expired',
    en: 'The session expired; sign in again and the upload resumes where it stopped.',
    es: 'La sesión venció; ingrese de nuevo y la carga sigue donde quedó.',
  },
  'upload.failing': {
    class: 'server',
    en: 'The service keeps failing ({detail}); the upload is paused.',
    es: 'El servicio sigue fallando ({detail}); la carga quedó en pausa.',
  },
  // Progress notes, not failures: why an upload is waiting, worded at each edge like the failures.
  'upload.progress.offline': {
    class: 'offline',
    en: 'No connection to the service; trying again shortly.',
    es: 'Sin conexión con el servicio; se vuelve a intentar en breve.',
  },
  'upload.progress.reconciling': {
    class: 'timeout',
    en: 'Checking with the service which cases it loaded.',
    es: 'Consultando al servicio qué casos cargó.',
  },
  'upload.progress.server_failed': {
    class: 'server',
    en: 'The service failed (HTTP {status}); retrying.',
    es: 'El servicio falló (HTTP {status}); se reintenta.',
  },
  'upload.progress.timed_out': {
    class: 'timeout',
    en: 'The service did not answer in time; retrying.',
    es: 'El servicio no respondió a tiempo; se reintenta.',
  },
  'upload.running': { class: 'invalid-input', en: 'Batch {batchId} is already uploading.', es: 'El lote {batchId} ya se está subiendo.' },
  'workstation.busy': {
    class: 'workstation.busy',
    en: 'Uploads, downloads or a preparation are running: let them finish (or stop them) before wiping this workstation.',
    es: 'Hay cargas, descargas o una preparación en curso: espere a que terminen (o deténgalas) antes de borrar este equipo.',
  },

  'results.not_stored': {
    class: 'not-found',
    en: 'No results of campaign {campaignId} are stored for {environment}: download them first.',
    es: 'No hay resultados de la campaña {campaignId} guardados para {environment}: descárguelos primero.',
  },
  'results.campaign_not_found': {
    class: 'not-found',
    en: 'Campaign {campaignId} was not found (or it is not yours).',
    es: 'La campaña {campaignId} no existe (o no es suya).',
  },
  // Said after a download's failure when it can go on (a note, not a failure of its own).
  'results.download_kept': {
    class: 'offline',
    en: 'What was downloaded is kept: run the command again to go on.',
    es: 'Lo descargado se conserva: vuelva a ejecutar el comando para continuar.',
  },
  'prepare.running': {
    class: 'invalid-input',
    en: 'That file is already being prepared: wait for it to finish, then open its batch.',
    es: 'Ese archivo ya se está preparando: espere a que termine y abra su lote.',
  },
  'corrections.running': {
    class: 'invalid-input',
    en: 'Corrections are already being imported into batch {batchId}: wait for them to finish.',
    es: 'Ya se están importando correcciones al lote {batchId}: espere a que termine.',
  },
  'results.download_running': { class: 'invalid-input', en: 'That download is already running.', es: 'Esa descarga ya está en curso.' },
  'results.busy': {
    class: 'results.busy',
    en: 'Campaign {campaignId}’s results are downloading: stop the download before deleting them.',
    es: 'Los resultados de la campaña {campaignId} se están descargando: detenga la descarga antes de borrarlos.',
  },

  'followup.no_selection': {
    class: 'invalid-input',
    en: 'Say which cases to follow up: an outcome (non-final, not-contacted, no-promise) or result names.',
    es: 'Indique qué casos seguir: un resultado (no finales, no contactados, sin promesa) o nombres de resultado.',
  },
  'followup.no_results': {
    class: 'not-found',
    en: 'No results of campaign {campaignId} are stored: download them first.',
    es: 'No hay resultados de la campaña {campaignId} guardados: descárguelos primero.',
  },
  'followup.nothing_selected': {
    class: 'invalid-input',
    en: 'No case of campaign {campaignId} matches.',
    es: 'Ningún caso de la campaña {campaignId} coincide.',
  },
  'followup.nothing_selected_here': {
    class: 'invalid-input',
    en: 'No case of campaign {campaignId} matches among those uploaded from this computer ({notFound} matching case(s) came from elsewhere).',
    es: 'Ningún caso de la campaña {campaignId} coincide entre los cargados desde este equipo ({notFound} caso(s) que coinciden vinieron de otro lado).',
  },
  'followup.mixed_formats': {
    class: 'invalid-input',
    en: 'The cases came from batches {batches}, read with different formats (decimal separator, date order, area code or phone priority); follow up one batch at a time.',
    es: 'Los casos vienen de los lotes {batches}, leídos con formatos distintos (separador decimal, orden de fecha, característica o prioridad de teléfonos); haga el seguimiento de un lote a la vez.',
  },
  'followup.mixed_creditors': {
    class: 'invalid-input',
    en: 'The cases came from batches {batches}, of different creditors; follow up one batch at a time, so each creditor’s do-not-contact entries apply.',
    es: 'Los casos vienen de los lotes {batches}, de acreedores distintos; haga el seguimiento de un lote a la vez, así se aplica la lista de no contactar de cada acreedor.',
  },

  'ledger.bad_phone': {
    class: 'invalid-input',
    en: 'phone "{phone}" is not one Argentine phone number ({reason}).',
    es: 'el teléfono "{phone}" no es un número de teléfono argentino ({reason}).',
  },
  'ledger.empty_code': { class: 'invalid-input', en: 'code: empty once cleaned.', es: 'código: vacío una vez limpiado.' },
  'ledger.entry_not_found': {
    class: 'not-found',
    en: 'There is no ledger entry {id} on this workstation.',
    es: 'No hay ninguna entrada {id} en la lista de este equipo.',
  },
  'ledger.shared_unavailable': {
    class: 'ledger.shared_unavailable',
    en: 'The organization’s do-not-contact list {file} cannot be read ({reason}); your organization does not let this go on without it, so nothing was done. Try again once it can be read, or ask your IT department.',
    es: 'No se puede leer la lista de no contactar de la organización {file} ({reason}); su organización no permite seguir sin ella, así que no se hizo nada. Vuelva a intentarlo cuando se pueda leer, o consulte a su área de sistemas.',
  },
  'ledger.no_such_sheet': { class: 'invalid-input', en: '{file} has no sheet "{sheet}".', es: '{file} no tiene una hoja "{sheet}".' },
  'ledger.no_header': {
    class: 'invalid-input',
    en: '{file}, sheet "{sheet}": no header row naming a phone or code column was found; name the columns with a mapping.',
    es: '{file}, hoja "{sheet}": no se encontró una fila de encabezados con una columna de teléfono o de código; indique las columnas con un mapeo.',
  },
  'ledger.no_column': {
    class: 'invalid-input',
    en: '{file}, sheet "{sheet}": there is no column "{column}" ({field}).',
    es: '{file}, hoja "{sheet}": no hay una columna "{column}" ({field}).',
  },
  'ledger.no_key_column': {
    class: 'invalid-input',
    en: '{file}, sheet "{sheet}": no phone or code column (e.g. "Teléfono", "Código", "DNI").',
    es: '{file}, hoja "{sheet}": no hay columna de teléfono ni de código (p. ej. "Teléfono", "Código", "DNI").',
  },
} as const satisfies Record<string, CatalogEntry>;
