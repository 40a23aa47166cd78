// Deleting, retention and wiping: the words of the batches, batch, results and settings screens.
import type { Texts } from '../texts';

export default {
  keptUntil: { en: 'Goes on {date}', es: 'Se borra el {date}' },
  untilDeleted: { en: 'Until you delete it', es: 'Hasta que lo borre' },
  // Why a batch uploaded has no date: skipped cases changed after the upload (see batch.keptCorrectedHelp).
  keptCorrected: {
    en: 'Kept: {n} corrected case not loaded again | Kept: {n} corrected cases not loaded again',
    es: 'Se conserva: {n} caso corregido sin cargar de nuevo | Se conserva: {n} casos corregidos sin cargar de nuevo',
  },
  keptColumn: { en: 'Kept', es: 'Se conserva' },
  inboundKept: {
    en: 'Inbound cases and their recordings are deleted from this computer {days} days after they were downloaded.',
    es: 'Los casos entrantes y sus grabaciones se borran de este equipo {days} días después de descargarse.',
  },
  batch: {
    delete: { en: 'Delete', es: 'Borrar' },
    deleteBatch: { en: 'Delete batch', es: 'Borrar lote' },
    confirmTitle: { en: 'Delete batch No. {id}', es: 'Borrar el lote N.º {id}' },
    confirmBody: {
      en: 'Its {cases} cases with their issues, its upload queue and the copy of its spreadsheet are deleted from this computer. What was already loaded on the service does not change. This cannot be undone.',
      es: 'Se borran de este equipo sus {cases} casos con sus observaciones, su cola de carga y la copia de la planilla. Lo que ya se cargó en el servicio no cambia. No se puede deshacer.',
    },
    deleted: { en: 'Batch No. {id} deleted ({cases} cases).', es: 'Lote N.º {id} borrado ({cases} casos).' },
    busy: {
      en: 'Batch No. {batchId} is uploading: stop it in Sync (or let it finish) and try again.',
      es: 'El lote N.º {batchId} se está subiendo: deténgalo en Sincronización (o espere a que termine) y vuelva a intentarlo.',
    },
    inDoubt: {
      en: 'Batch No. {batchId} has {inDoubt} cases in doubt: the service may hold them. In Sync, upload it again (the service is asked first) or decide on them; then you can delete it.',
      es: 'El lote N.º {batchId} tiene {inDoubt} casos en duda: el servicio podría tenerlos. En Sincronización, súbalo de nuevo (primero se consulta al servicio) o decida qué hacer con ellos; después podrá borrarlo.',
    },
    failed: { en: 'Not deleted: {message}', es: 'No se borró: {message}' },
    keptCorrectedHelp: {
      en: 'The campaign already held its code, so the upload skipped it, and it was changed afterwards. The change reaches the campaign only if you tick “Load again the codes the campaign already holds” in Sync; if it should not be sent, exclude the case. Until then the batch is not deleted by itself. | The campaign already held their codes, so the upload skipped them, and they were changed afterwards. The changes reach the campaign only if you tick “Load again the codes the campaign already holds” in Sync; if they should not be sent, exclude those cases. Until then the batch is not deleted by itself.',
      es: 'La campaña ya tenía su código, así que la carga lo salteó, y se cambió después. El cambio llega a la campaña solo si marca «Cargar de nuevo los códigos que la campaña ya tiene» en Sincronización; si no debe enviarse, excluya el caso. Hasta entonces el lote no se borra solo. | La campaña ya tenía sus códigos, así que la carga los salteó, y se cambiaron después. Los cambios llegan a la campaña solo si marca «Cargar de nuevo los códigos que la campaña ya tiene» en Sincronización; si no deben enviarse, excluya esos casos. Hasta entonces el lote no se borra solo.',
    },
    keptHelp: {
      en: 'A fully uploaded batch is deleted by itself {days} days after its last upload; the others stay until you delete them. A skipped case you changed after the upload counts as still to upload, until you load it again or exclude it.',
      es: 'Un lote subido por completo se borra solo {days} días después de su última carga; los demás quedan hasta que usted los borre. Un caso salteado que cambió después de la carga cuenta como pendiente, hasta que lo cargue de nuevo o lo excluya.',
    },
  },
  results: {
    stored: {
      en: 'On this computer: {cases} cases, {calls} calls and {recordings} recordings.',
      es: 'En este equipo: {cases} casos, {calls} llamadas y {recordings} grabaciones.',
    },
    keptUntil: {
      en: 'They go by themselves on {date} ({days} days after the last download).',
      es: 'Se borran solos el {date} ({days} días después de la última descarga).',
    },
    delete: { en: 'Delete what was downloaded', es: 'Borrar lo descargado' },
    confirmTitle: { en: "Delete campaign No. {id}'s results", es: 'Borrar los resultados de la campaña N.º {id}' },
    confirmBody: {
      en: "This campaign's cases, calls with their transcripts and recordings are deleted from this computer. Nothing changes on the service: you can download them again.",
      es: 'Se borran de este equipo los casos, las llamadas con sus transcripciones y las grabaciones de esta campaña. En el servicio no cambia nada: puede volver a descargarlos.',
    },
    deleted: {
      en: '{cases} cases, {calls} calls and {recordings} recordings deleted.',
      es: 'Se borraron {cases} casos, {calls} llamadas y {recordings} grabaciones.',
    },
    busy: { en: 'They are downloading: stop the download and try again.', es: 'Se están descargando: detenga la descarga y vuelva a intentarlo.' },
    failed: { en: 'Not deleted: {message}', es: 'No se borraron: {message}' },
  },
  retention: {
    title: { en: 'How long data is kept', es: 'Conservación de los datos' },
    days: { en: 'Days kept', es: 'Días que se conservan' },
    help: {
      en: "After that they are deleted by themselves, when CaseDesk opens and once a day: fully uploaded batches (counted from their last upload), a campaign's results and recordings (from their last download), inbound cases (from when they were downloaded) and the copies of imported spreadsheets (from when they were received). Batches not uploaded, or with cases pending or in doubt (or skipped cases changed after the upload, until they are loaded again or excluded), are kept.",
      es: 'Pasado ese plazo se borran solos, al abrir CaseDesk y una vez por día: los lotes subidos por completo (contado desde su última carga), los resultados y grabaciones de una campaña (desde su última descarga), los casos entrantes (desde que se descargaron) y las copias de las planillas importadas (desde que se recibieron). Los lotes sin subir, o con casos pendientes o en duda (o con casos salteados que se cambiaron después de la carga, hasta cargarlos de nuevo o excluirlos), se conservan.',
    },
    save: { en: 'Save and apply', es: 'Guardar y aplicar' },
    applyNote: {
      en: 'Saving applies it at once: whatever is already older is deleted now.',
      es: 'Al guardar se aplica enseguida: lo que ya sea más antiguo se borra ahora.',
    },
    invalid: { en: 'Type a number of days between 1 and 3650.', es: 'Escriba un número de días entre 1 y 3650.' },
    saved: {
      en: 'Saved. Deleted {batches} batches, the results of {campaigns} campaigns, {inbound} inbound cases, {recordings} recordings and {imports} imported files.',
      es: 'Guardado. Se borraron {batches} lotes, los resultados de {campaigns} campañas, {inbound} casos entrantes, {recordings} grabaciones y {imports} archivos importados.',
    },
    saveError: { en: 'Not saved: {message}', es: 'No se guardó: {message}' },
    locked: { en: 'Set by your organization: it cannot be changed on this computer.', es: 'Lo fija su organización: no se puede cambiar en este equipo.' },
  },
  wipe: {
    title: { en: 'Wipe this computer', es: 'Borrar este equipo' },
    body: {
      en: 'Deletes everything CaseDesk keeps on this computer: batches, results, recordings, imported spreadsheets, the Demo service, the logs and the key that encrypts the data. Use it before handing over or disposing of the computer. What was loaded on the service does not change. This cannot be undone.',
      es: 'Borra todo lo que CaseDesk guarda en este equipo: lotes, resultados, grabaciones, planillas importadas, el servicio Demo, los registros y la clave que cifra los datos. Úselo antes de entregar o desechar la computadora. Lo ya cargado en el servicio no cambia. No se puede deshacer.',
    },
    entries: { en: 'Deleted from {dir}:', es: 'Se borra de {dir}:' },
    nothing: { en: 'There is nothing of CaseDesk in {dir}.', es: 'No hay nada de CaseDesk en {dir}.' },
    others: { en: "Left, as they are not CaseDesk's: {entries}", es: 'Quedan, porque no son de CaseDesk: {entries}' },
    key: {
      keychain: { en: "The data key is in the system's keychain: it is forgotten.", es: 'La clave de los datos está en el llavero del sistema: se olvida.' },
      'key-file': {
        en: 'The data key is in a file in your configuration folder: it is deleted.',
        es: 'La clave de los datos está en un archivo de su carpeta de configuración: se borra.',
      },
      environment: {
        en: 'The data key comes from the CASEDESK_DB_KEY variable: it is yours, and CaseDesk cannot forget it. Delete it yourself.',
        es: 'La clave de los datos la da la variable CASEDESK_DB_KEY: es suya, y CaseDesk no puede olvidarla. Bórrela usted.',
      },
      none: { en: 'This folder has no key kept.', es: 'Esta carpeta no tiene una clave guardada.' },
    },
    typeWord: { en: 'To confirm, type {word}', es: 'Para confirmar, escriba {word}' },
    button: { en: 'Wipe everything', es: 'Borrar todo' },
    busy: {
      en: 'Uploads, downloads or a preparation are running: let them finish (or stop the uploads and downloads) and try again.',
      es: 'Hay cargas, descargas o una preparación en curso: espere a que terminen (o detenga las cargas y descargas) y vuelva a intentarlo.',
    },
    done: {
      en: 'Everything on this computer was deleted. CaseDesk starts over, as the first time.',
      es: 'Se borró todo lo de este equipo. CaseDesk empieza de nuevo, como la primera vez.',
    },
    doneClose: {
      en: 'Everything was deleted, but no new key could be set up: close CaseDesk.',
      es: 'Se borró todo, pero no se pudo preparar una clave nueva: cierre CaseDesk.',
    },
    keyKept: {
      en: 'The system keychain did not let go of the key: delete it by hand (entry "CaseDesk").',
      es: 'El llavero del sistema no soltó la clave: bórrela a mano (entrada «CaseDesk»).',
    },
    failed: { en: 'Could not wipe: {message}', es: 'No se pudo borrar: {message}' },
  },
} satisfies Texts;
