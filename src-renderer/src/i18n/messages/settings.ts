import type { Texts } from '../texts';

export default {
  title: { en: 'Settings', es: 'Configuración' },
  loadError: { en: 'Could not read the settings: {message}', es: 'No se pudo leer la configuración: {message}' },
  environments: {
    title: { en: 'Environments', es: 'Entornos' },
    intro: { en: 'Your administrator gives you the address of each service.', es: 'La dirección de cada servicio se la da su administrador.' },
    builtIn: { en: 'Built in: runs on this computer and needs no address.', es: 'Integrado: funciona en este equipo y no necesita dirección.' },
    managed: { en: 'Set by your organization', es: 'Lo fija su organización' },
    turnedOff: { en: 'Turned off by your organization.', es: 'Desactivado por su organización.' },
    baseUrl: { en: 'Service address', es: 'Dirección del servicio' },
    placeholder: { en: 'https://…', es: 'https://…' },
    save: { en: 'Save address', es: 'Guardar dirección' },
    saved: { en: 'Address saved: {url}', es: 'Dirección guardada: {url}' },
    error: { en: 'The address was not saved: {message}', es: 'La dirección no se guardó: {message}' },
    inUse: { en: 'In use', es: 'En uso' },
    notSet: { en: 'No address yet', es: 'Sin dirección todavía' },
  },
  language: {
    title: { en: 'Language', es: 'Idioma' },
    help: { en: 'Applies at once across the whole app.', es: 'Se aplica de inmediato en toda la aplicación.' },
    saveError: { en: 'The language changed, but it could not be saved: {message}', es: 'El idioma se cambió, pero no se pudo guardar: {message}' },
  },
  preferences: {
    title: { en: 'Preparation and upload', es: 'Preparación y carga' },
    areaCode: { en: 'Default area code', es: 'Código de área predeterminado' },
    areaCodeHelp: {
      en: 'Used for phone numbers that come without an area code (for example, 11 for Buenos Aires). Leave it empty to assume none.',
      es: 'Se usa para los teléfonos que llegan sin código de área (por ejemplo, 11 para Buenos Aires). Déjelo vacío para no suponer ninguno.',
    },
    areaCodeInvalid: { en: 'Type 2 to 4 digits not starting with 0, or leave it empty.', es: 'Escriba de 2 a 4 dígitos sin 0 adelante, o déjelo vacío.' },
    advanced: { en: 'Advanced upload options (for IT and support)', es: 'Opciones avanzadas de carga (para soporte técnico)' },
    spacing: { en: 'Minimum wait between requests (milliseconds)', es: 'Espera mínima entre envíos (milisegundos)' },
    chunkCases: { en: 'Cases per request (maximum)', es: 'Casos por envío (máximo)' },
    chunkBytes: { en: 'Size per request (bytes, maximum)', es: 'Tamaño por envío (bytes, máximo)' },
    stricterNote: {
      en: "These values can only be stricter than the service's advice: at least 1000 ms between requests and at most 1000 cases per request.",
      es: 'Estos valores solo pueden ser más prudentes que lo que aconseja el servicio: al menos 1000 ms entre envíos y como máximo 1000 casos por envío.',
    },
    save: { en: 'Save', es: 'Guardar' },
    saved: { en: 'Settings saved.', es: 'Configuración guardada.' },
    saveError: { en: 'Not saved: {message}', es: 'No se guardó: {message}' },
  },
  contactHours: {
    title: { en: 'Contact hours', es: 'Horario de contacto' },
    from: { en: 'From (HH:MM)', es: 'Desde (HH:MM)' },
    to: { en: 'To (HH:MM)', es: 'Hasta (HH:MM)' },
    days: { en: 'Contact days', es: 'Días de contacto' },
    help: {
      en: "When a campaign is created or started, CaseDesk warns if it starts on a holiday or a Sunday, or calls outside these hours (Argentina time). It is your organization's setting, not legal advice: it warns, it does not stop you.",
      es: 'Al crear o iniciar una campaña, CaseDesk avisa si empieza un feriado o un domingo, o si llama fuera de este horario (hora de Argentina). Es una configuración de su organización, no un consejo legal: avisa, no impide.',
    },
    save: { en: 'Save', es: 'Guardar' },
    saved: { en: 'Contact hours saved.', es: 'Horario guardado.' },
    invalid: {
      en: 'Use HH:MM, the end later than the start, and pick at least one day.',
      es: 'Use HH:MM, con la hora de fin posterior a la de inicio, y elija al menos un día.',
    },
    saveError: { en: 'Could not save: {message}', es: 'No se pudo guardar: {message}' },
  },
  dataFolder: {
    title: { en: 'Data folder', es: 'Carpeta de datos' },
    help: {
      en: "This computer's batches, results and recordings are kept here.",
      es: 'Acá se guardan los lotes, los resultados y las grabaciones de este equipo.',
    },
    protection: {
      keychain: {
        en: 'Everything kept here is encrypted; the key is held by the system keychain, for this user only.',
        es: 'Todo lo guardado acá está cifrado; la clave la guarda el llavero del sistema, solo para este usuario.',
      },
      environment: {
        en: 'Everything kept here is encrypted with the key CASEDESK_DB_KEY gives.',
        es: 'Todo lo guardado acá está cifrado con la clave que da CASEDESK_DB_KEY.',
      },
      keyFile: {
        en: 'Everything kept here is encrypted, but this computer has no system keychain: the key is in {file}, readable only by this user. Whoever copies that file along with the data folder can read them.',
        es: 'Todo lo guardado acá está cifrado, pero este equipo no tiene llavero del sistema: la clave está en {file}, legible solo por este usuario. Quien copie ese archivo junto con la carpeta de datos puede leerlos.',
      },
      keyFileUnchecked: {
        en: 'Everything kept here is encrypted, but this computer has no system keychain: the key is in {file}, and that folder’s permissions decide who can read it. Whoever copies that file along with the data folder can read them.',
        es: 'Todo lo guardado acá está cifrado, pero este equipo no tiene llavero del sistema: la clave está en {file}, y los permisos de esa carpeta deciden quién puede leerla. Quien copie ese archivo junto con la carpeta de datos puede leerlos.',
      },
    },
  },
  diagnostics: {
    title: { en: 'Diagnostics for IT support', es: 'Diagnóstico para soporte técnico' },
    intro: {
      en: 'A .zip file to send to your IT department when something does not work: versions, operating system, policy, settings, how much is stored, the failure log, the activity log and a connection test to each service.',
      es: 'Un archivo .zip para enviar a su área de sistemas cuando algo no funciona: versiones, sistema operativo, política, configuración, cantidades guardadas, el registro de fallas, el registro de actividad y una prueba de conexión a cada servicio.',
    },
    excludes: {
      en: 'It holds no debtor data (names, phones, debts, codes, transcripts), and no password, token or data key.',
      es: 'No incluye datos de los deudores (nombres, teléfonos, deudas, códigos, transcripciones), ni contraseñas, tokens o la clave de los datos.',
    },
    export: { en: 'Export diagnostics', es: 'Exportar diagnóstico' },
    exporting: { en: 'Testing the connection to the services…', es: 'Probando la conexión a los servicios…' },
    exported: { en: 'Diagnostics saved as {name}.', es: 'Diagnóstico guardado como {name}.' },
    error: { en: 'The diagnostics could not be exported: {message}', es: 'No se pudo exportar el diagnóstico: {message}' },
  },
  session: {
    title: { en: 'Session', es: 'Sesión' },
    signedIn: { en: 'Signed in as {email} in {environment}.', es: 'Sesión iniciada como {email} en {environment}.' },
    signedOut: { en: 'Nobody is signed in.', es: 'No hay una sesión iniciada.' },
    keepsData: {
      en: 'Signing out keeps everything prepared and downloaded on this computer.',
      es: 'Al cerrar la sesión, lo preparado y lo descargado queda guardado en este equipo.',
    },
    signOut: { en: 'Sign out', es: 'Cerrar sesión' },
    signOutError: { en: 'Could not sign out: {message}', es: 'No se pudo cerrar la sesión: {message}' },
  },
  audit: {
    title: { en: 'Activity log', es: 'Registro de actividad' },
    intro: {
      en: 'Who did what on this computer: sign-ins, files, batches, exports, uploads, campaigns and settings changes. It keeps no debtor data.',
      es: 'Quién hizo qué en este equipo: ingresos, archivos, lotes, exportaciones, cargas, campañas y cambios de configuración. No guarda datos de los deudores.',
    },
    when: { en: 'When', es: 'Cuándo' },
    who: { en: 'Who', es: 'Quién' },
    environment: { en: 'Environment', es: 'Entorno' },
    what: { en: 'What', es: 'Qué' },
    empty: { en: 'No activity recorded yet.', es: 'Todavía no hay actividad registrada.' },
    loadError: { en: 'Could not read the log: {message}', es: 'No se pudo leer el registro: {message}' },
    chainOk: { en: 'Log intact: no entry was changed or removed.', es: 'Registro íntegro: ninguna entrada fue cambiada ni quitada.' },
    chainBroken: {
      en: 'The log was modified outside CaseDesk: entries are missing or changed (near entry {seq}).',
      es: 'El registro fue modificado fuera de CaseDesk: faltan o cambiaron entradas (cerca de la entrada {seq}).',
    },
    unreadable: {
      en: '{n} unreadable line(s), as a power cut while writing leaves.',
      es: '{n} línea(s) ilegibles, como deja un corte de luz mientras se escribe.',
    },
    actions: {
      session: {
        signedIn: { en: 'Signed in at {service}', es: 'Inició sesión en {service}' },
        signedOut: { en: 'Signed out', es: 'Cerró la sesión' },
      },
      environment: {
        addressSet: { en: 'Set the service address to {address}', es: 'Cambió la dirección del servicio a {address}' },
      },
      file: {
        received: { en: 'Received the file {file} ({size})', es: 'Recibió el archivo {file} ({size})' },
      },
      batch: {
        prepared: {
          en: 'Prepared batch {batchId} from {file}: {cases} cases from {rows} rows ({ready} ready, {rejected} rejected)',
          es: 'Preparó el lote {batchId} con {file}: {cases} casos de {rows} filas ({ready} listos, {rejected} rechazados)',
        },
        caseEdited: { en: 'Edited a case of batch {batchId}: {fields}', es: 'Editó un caso del lote {batchId}: {fields}' },
        bulkFixed: { en: 'Applied the fix “{fix}” to batch {batchId}: {changed} cases', es: 'Aplicó al lote {batchId} la corrección «{fix}»: {changed} casos' },
        campaignDrafted: { en: 'Changed the campaign prepared for batch {batchId}', es: 'Cambió la campaña preparada para el lote {batchId}' },
        deleted: { en: 'Deleted batch {batchId} ({cases} cases)', es: 'Borró el lote {batchId} ({cases} casos)' },
        followedUp: {
          en: 'Made follow-up batch {batchId} from the results of campaign {campaignId}: {cases} cases ({ready} ready, {rejected} rejected)',
          es: 'Armó el lote de seguimiento {batchId} con los resultados de la campaña {campaignId}: {cases} casos ({ready} listos, {rejected} rechazados)',
        },
      },
      corrections: {
        imported: {
          en: 'Imported corrections into batch {batchId}: {updated} cases replaced, {nowReady} to be loaded, {stillRejected} still rejected',
          es: 'Importó correcciones al lote {batchId}: {updated} casos reemplazados, {nowReady} para cargar, {stillRejected} todavía rechazados',
        },
      },
      export: {
        written: { en: '{what}: {count} cases, {where}', es: '{what}: {count} casos, {where}' },
      },
      upload: {
        started: { en: 'Started uploading batch {batchId} ({pending} cases pending)', es: 'Empezó a cargar el lote {batchId} ({pending} casos pendientes)' },
        finished: {
          en: 'Upload of batch {batchId} to campaign {campaignId}: {loaded} loaded, {rejected} rejected, {pending} pending ({status})',
          es: 'Carga del lote {batchId} a la campaña {campaignId}: {loaded} cargados, {rejected} rechazados, {pending} pendientes ({status})',
        },
      },
      campaign: {
        created: { en: 'Created campaign {campaignId} of bot {botId}', es: 'Creó la campaña {campaignId} del bot {botId}' },
        started: { en: 'Started campaign {campaignId}', es: 'Inició la campaña {campaignId}' },
        stopped: { en: 'Stopped campaign {campaignId}', es: 'Detuvo la campaña {campaignId}' },
        ended: { en: 'Ended campaign {campaignId}', es: 'Terminó la campaña {campaignId}' },
      },
      results: {
        downloaded: {
          en: 'Downloaded the results of campaign {campaignId}: {cases} cases, {calls} calls, {recordings} recordings',
          es: 'Descargó los resultados de la campaña {campaignId}: {cases} casos, {calls} llamadas, {recordings} grabaciones',
        },
        deleted: {
          en: 'Deleted the results of campaign {campaignId}: {cases} cases, {calls} calls, {recordings} recordings',
          es: 'Borró los resultados de la campaña {campaignId}: {cases} casos, {calls} llamadas, {recordings} grabaciones',
        },
      },
      inbound: {
        downloaded: { en: 'Downloaded {cases} inbound cases and {recordings} recordings', es: 'Descargó {cases} casos entrantes y {recordings} grabaciones' },
      },
      retention: {
        purged: {
          en: 'Automatic deletion of what was older than {olderThanDays} days: {batches} batches, {results} results, {recordings} recordings, {files} files',
          es: 'Borrado automático de lo que tenía más de {olderThanDays} días: {batches} lotes, {results} resultados, {recordings} grabaciones, {files} archivos',
        },
      },
      workstation: {
        wiped: { en: 'Wiped all the data of this computer', es: 'Borró todos los datos de este equipo' },
      },
      dataFolder: {
        moved: {
          en: 'Moved the data from {path} to this folder ({entries} items, {bytes} bytes)',
          es: 'Trasladó los datos de {path} a esta carpeta ({entries} elementos, {bytes} bytes)',
        },
      },
      ledger: {
        entryAdded: {
          en: 'Added entry {entryId} to the do-not-contact list ({kind}, {reason}, until {until})',
          es: 'Agregó a la lista de no contactar la entrada {entryId} ({kind}, {reason}, hasta {until})',
        },
        entryRemoved: {
          en: 'Removed entry {entryId} from the do-not-contact list ({kind}, {reason})',
          es: 'Quitó de la lista de no contactar la entrada {entryId} ({kind}, {reason})',
        },
        imported: {
          en: 'Imported {file} into the do-not-contact list: {added} new entries, {updated} replaced, {badRows} rows with problems',
          es: 'Importó a la lista de no contactar {file}: {added} entradas nuevas, {updated} reemplazadas, {badRows} filas con problemas',
        },
      },
      settings: {
        changed: { en: 'Changed the settings: {changes}', es: 'Cambió la configuración: {changes}' },
      },
      diagnostics: {
        exported: {
          en: 'Exported diagnostics for IT support ({size}), {where}',
          es: 'Exportó el diagnóstico para soporte técnico ({size}), {where}',
        },
      },
      procedure: {
        // {procedure}: one of `procedures` below, or `unknownProcedure` for one a newer CaseDesk audits.
        failed: { en: 'Could not {procedure} ({code})', es: 'No se pudo {procedure} ({code})' },
      },
    },
    unknownProcedure: { en: 'complete “{name}”', es: 'completar «{name}»' },
    // Each audited procedure (src-main/surface/audit-rules.ts) as what the agent tried to do, by its name's two parts.
    procedures: {
      session: {
        signIn: { en: 'sign in', es: 'iniciar sesión' },
        signOut: { en: 'sign out', es: 'cerrar la sesión' },
      },
      environments: {
        setBaseUrl: { en: 'set the service address', es: 'cambiar la dirección del servicio' },
      },
      files: {
        receive: { en: 'receive a file', es: 'recibir un archivo' },
        receiveEnd: { en: 'receive a file', es: 'recibir un archivo' },
        open: { en: 'open a file', es: 'abrir un archivo' },
      },
      batches: {
        prepare: { en: 'prepare a batch', es: 'preparar un lote' },
        editCase: { en: 'edit a case', es: 'editar un caso' },
        bulkFix: { en: 'apply a fix to a batch', es: 'aplicar una corrección al lote' },
        setCampaignDraft: { en: 'change the campaign prepared for a batch', es: 'cambiar la campaña preparada para el lote' },
        importCorrections: { en: 'import corrections', es: 'importar correcciones' },
        exportErrors: { en: 'export the error report', es: 'exportar el reporte de errores' },
        exportClean: { en: 'export the clean batch', es: 'exportar el lote limpio' },
      },
      results: {
        export: { en: 'export the results', es: 'exportar los resultados' },
        exportPromises: { en: 'export the promises to pay', es: 'exportar las promesas de pago' },
        download: { en: "download a campaign's results", es: 'descargar los resultados de la campaña' },
      },
      campaigns: {
        followup: { en: 'make a follow-up batch', es: 'armar el lote de seguimiento' },
        create: { en: 'create a campaign', es: 'crear la campaña' },
        action: { en: 'start, stop or end a campaign', es: 'iniciar, detener o terminar la campaña' },
      },
      diagnostics: {
        export: { en: 'export the diagnostics', es: 'exportar el diagnóstico' },
      },
      ledger: {
        add: { en: 'add to the do-not-contact list', es: 'agregar a la lista de no contactar' },
        remove: { en: 'remove from the do-not-contact list', es: 'quitar de la lista de no contactar' },
        import: { en: 'import a do-not-contact list', es: 'importar una lista de no contactar' },
      },
      sync: {
        upload: { en: 'upload a batch', es: 'cargar el lote en la campaña' },
      },
      inbound: {
        download: { en: 'download the inbound calls', es: 'descargar las llamadas entrantes' },
      },
      settings: {
        set: { en: 'change the settings', es: 'cambiar la configuración' },
      },
    },
    exports: {
      'error-report': { en: 'Error report of batch {batchId}', es: 'Reporte de errores del lote {batchId}' },
      'clean-batch': { en: 'Clean batch {batchId}', es: 'Lote limpio {batchId}' },
      results: { en: 'Results of campaign {campaignId}', es: 'Resultados de la campaña {campaignId}' },
      payload: { en: 'Upload content of batch {batchId}', es: 'Contenido de carga del lote {batchId}' },
      recordings: { en: 'Recordings', es: 'Grabaciones' },
      promises: { en: 'Promises to pay of campaign {campaignId}', es: 'Promesas de pago de la campaña {campaignId}' },
    },
    destinations: {
      download: { en: 'downloaded from the app', es: 'descargado desde la aplicación' },
      file: { en: 'saved to {path}', es: 'guardado en {path}' },
      folder: { en: 'saved in the folder {path}', es: 'guardadas en la carpeta {path}' },
      stdout: { en: 'shown in the terminal', es: 'mostrado en la terminal' },
    },
    caseFields: {
      firstName: { en: 'first name', es: 'nombre' },
      lastName: { en: 'last name', es: 'apellido' },
      phones: { en: 'phones', es: 'teléfonos' },
      products: { en: 'products', es: 'productos' },
      excluded: { en: 'excluded', es: 'excluido' },
    },
    fixes: {
      'default-area-code': { en: 'area code', es: 'código de área' },
      'decimal-separator': { en: 'decimal separator', es: 'separador decimal' },
      'drop-invalid-phones': { en: 'drop invalid phones', es: 'quitar teléfonos inválidos' },
      'exclude-rejected': { en: 'exclude rejected', es: 'excluir rechazados' },
      'phone-limit': { en: 'phones per case', es: 'teléfonos por caso' },
    },
    uploadStatus: {
      done: { en: 'finished', es: 'terminada' },
      paused: { en: 'paused', es: 'en pausa' },
      'needs-decision': { en: 'waiting for your decision', es: 'espera su decisión' },
      cancelled: { en: 'stopped', es: 'detenida' },
    },
    ledgerKinds: {
      phone: { en: 'phone', es: 'teléfono' },
      code: { en: 'code', es: 'código' },
    },
    settingNames: {
      language: { en: 'language', es: 'idioma' },
      defaultAreaCode: { en: 'area code', es: 'código de área' },
      uploadSpacingMs: { en: 'wait between requests', es: 'espera entre envíos' },
      chunkMaxCases: { en: 'cases per request', es: 'casos por envío' },
      chunkMaxBytes: { en: 'size per request', es: 'tamaño por envío' },
      retentionDays: { en: 'days kept', es: 'días de conservación' },
      contactHours: { en: 'contact hours', es: 'horario de contacto' },
    },
  },
} satisfies Texts;
