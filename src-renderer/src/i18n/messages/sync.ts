import type { Texts } from '../texts';

export default {
  title: { en: 'Sync', es: 'Sincronización' },
  stopUpload: { en: 'Stop', es: 'Detener' },
  draftNote: {
    en: 'New campaign “{name}”, prepared for this batch: it is created when the batch is uploaded (leave bot and campaign unpicked).',
    es: 'Campaña nueva «{name}», preparada para este lote: se crea al subirlo (deje bot y campaña sin elegir).',
  },
  intro: {
    en: 'Batches with cases to upload. Pick the target bot and campaign and press Upload. You can keep using the app while it uploads.',
    es: 'Lotes con casos por subir. Elija el bot y la campaña de destino y presione Subir. Puede seguir usando la aplicación mientras se sube.',
  },
  emptyTitle: { en: 'No batch has cases to upload', es: 'No hay lotes con casos por subir' },
  emptyBody: {
    en: 'When you prepare a batch, it shows up here until all its cases are loaded into a campaign.',
    es: 'Cuando prepare un lote, va a aparecer acá hasta que todos sus casos estén cargados en una campaña.',
  },
  prepare: { en: 'Prepare a batch', es: 'Preparar un lote' },
  batchSubtitle: { en: 'Batch {id} · prepared on {date}', es: 'Lote {id} · preparado el {date}' },
  counts: {
    toUpload: { en: 'To upload: {n}', es: 'Para subir: {n}' },
    loaded: { en: 'Loaded: {n}', es: 'Cargados: {n}' },
    rejected: { en: 'Rejected: {n}', es: 'Rechazados: {n}' },
    inDoubt: { en: 'In doubt: {n}', es: 'En duda: {n}' },
  },
  bot: { en: 'Bot', es: 'Bot' },
  campaign: { en: 'Campaign', es: 'Campaña' },
  pickBot: { en: 'Pick a bot', es: 'Elija un bot' },
  pickCampaign: { en: 'Pick a campaign', es: 'Elija una campaña' },
  noBots: { en: 'You have no outbound campaign bots in this environment.', es: 'No tiene bots de campañas salientes en este entorno.' },
  noCampaigns: {
    en: 'This bot has no campaigns. You can create one from the Bots screen.',
    es: 'Este bot no tiene campañas. Puede crear una desde la pantalla Bots.',
  },
  campaignOption: { en: '{name} (no. {id}, {status})', es: '{name} (n.º {id}, {status})' },
  // Keyed by the notice's code (sync:checkUpload): said beside the chosen campaign and in the confirmation.
  starts: {
    campaign: {
      upload_starts: {
        en: 'Loading cases starts this campaign: the bot begins calling as soon as they are loaded, within its date and call window, though nobody pressed Start.',
        es: 'Cargar casos inicia esta campaña: el bot empieza a llamar en cuanto se cargan, dentro de su fecha y horario, aunque nadie haya presionado Iniciar.',
      },
      phones_over_limit: {
        en: '{cases} case(s) have more than {phones} phone(s), what this campaign takes: the service would reject each.',
        es: '{cases} caso(s) tienen más de {phones} teléfono(s), lo que acepta esta campaña: el servicio rechazaría cada uno.',
      },
      upload_starts_draft: {
        en: 'Uploading creates campaign “{name}” and starts it: the bot begins calling as soon as the cases are loaded, within its date and call window.',
        es: 'La carga crea la campaña «{name}» y la inicia: el bot empieza a llamar en cuanto se cargan los casos, dentro de su fecha y horario.',
      },
    },
  },
  phoneFit: {
    over: {
      en: '{cases} case has more than {phones} phone(s), what this campaign takes: the service would reject it. | {cases} cases have more than {phones} phone(s), what this campaign takes: the service would reject them.',
      es: '{cases} caso tiene más teléfonos de los que acepta esta campaña ({phones}): el servicio lo rechazaría. | {cases} casos tienen más teléfonos de los que acepta esta campaña ({phones}): el servicio los rechazaría.',
    },
    fixes: {
      en: 'Keep the first phone of each case, in priority order, or choose another campaign. | Keep the first {phones} phones of each case, in priority order, or choose another campaign.',
      es: 'Deje el primer teléfono de cada caso, en orden de prioridad, o elija otra campaña. | Deje los primeros {phones} teléfonos de cada caso, en orden de prioridad, o elija otra campaña.',
    },
    keepFirst: {
      en: 'Keep the first phone | Keep the first {phones} phones',
      es: 'Dejar el primer teléfono | Dejar los primeros {phones} teléfonos',
    },
  },
  fitConfirm: {
    title: { en: 'Upload cases the campaign would reject?', es: '¿Subir casos que la campaña rechazaría?' },
    accept: { en: 'Upload anyway', es: 'Subir igual' },
  },
  startsConfirm: {
    title: { en: 'Upload and start the campaign?', es: '¿Subir e iniciar la campaña?' },
    question: { en: 'Upload the batch?', es: '¿Desea subir el lote?' },
    accept: { en: 'Upload and start', es: 'Subir e iniciar' },
  },
  nothingLeft: { en: 'This batch has no cases left to upload.', es: 'Este lote no tiene casos pendientes de subir.' },
  tiedTo: {
    en: 'This batch is already tied to campaign no. {id}: the rest of its cases go to the same campaign.',
    es: 'Este lote ya está asociado a la campaña n.º {id}: el resto de sus casos va a la misma campaña.',
  },
  loadError: { en: 'Could not get the bots or campaigns: {message}', es: 'No se pudieron traer los bots o las campañas: {message}' },
  upload: { en: 'Upload', es: 'Subir' },
  resume: { en: 'Resume', es: 'Reanudar' },
  running: { en: 'Uploading…', es: 'Subiendo…' },
  activity: {
    planning: { en: 'Planning the requests…', es: 'Armando los envíos…' },
    waiting: { en: 'Waiting for its turn: the service asks for spacing between requests.', es: 'Esperando su turno: el servicio pide espaciar los envíos.' },
    sending: { en: 'Sending cases…', es: 'Enviando casos…' },
    retrying: { en: 'The service failed; trying again in a few seconds.', es: 'El servicio falló; se vuelve a intentar en unos segundos.' },
    offline: {
      en: 'No connection to the service; trying again shortly. Do not close the app.',
      es: 'Sin conexión con el servicio; se vuelve a intentar en breve. No cierre la aplicación.',
    },
    reconciling: { en: 'Checking with the service which cases were loaded…', es: 'Verificando con el servicio qué casos quedaron cargados…' },
    done: { en: 'Done.', es: 'Terminado.' },
    starting: { en: 'Starting…', es: 'Comenzando…' },
  },
  chunk: { en: 'Request {n} of {total}', es: 'Envío {n} de {total}' },
  uploadTime: {
    en: 'Uploading {n} cases takes about {minutes} minutes: {requests} requests of up to {size} cases, {seconds} s apart.',
    es: 'Subir {n} casos lleva unos {minutes} minutos: {requests} envíos de hasta {size} casos, con {seconds} s entre uno y otro.',
  },
  progressCounts: {
    en: 'Loaded: {loaded} · Rejected: {rejected} · Pending: {pending}',
    es: 'Cargados: {loaded} · Rechazados: {rejected} · Pendientes: {pending}',
  },
  progressNote: { en: 'Note: {note}', es: 'Aviso: {note}' },
  status: {
    done: { en: 'Upload finished', es: 'Carga terminada' },
    paused: { en: 'Upload paused', es: 'Carga en pausa' },
    needsDecision: { en: 'Some cases are in doubt: decide what to do', es: 'Hay casos en duda: decida qué hacer' },
    cancelled: { en: 'Upload cancelled', es: 'Carga cancelada' },
  },
  loadedResult: { en: 'Cases loaded into the campaign: {n}', es: 'Casos cargados en la campaña: {n}' },
  suppressedResult: { en: 'Do not contact, before sending:', es: 'No contactar, antes de enviar:' },
  suppressedCases: { en: '{n} case was not loaded. | {n} cases were not loaded.', es: '{n} caso no se cargó. | {n} casos no se cargaron.' },
  suppressedPhones: { en: '{n} phone was taken off. | {n} phones were taken off.', es: 'Se quitó {n} teléfono. | Se quitaron {n} teléfonos.' },
  heldCase: { en: '{code}: not loaded (do not contact)', es: '{code}: no se carga (no contactar)' },
  heldPhones: { en: '{code}: {phones} taken off', es: '{code}: se quitó {phones}' },
  heldFirst: { en: 'The first {n} are named.', es: 'Se nombran los primeros {n}.' },
  skippedResult: {
    en: 'Duplicates: {n} case(s) were not loaded because the campaign already holds their codes. To load them anyway, tick “Load again the codes the campaign already holds” and upload again.',
    es: 'Duplicados: {n} caso(s) no se cargaron porque la campaña ya tiene sus códigos. Para cargarlos igual, marque «Cargar de nuevo los códigos que la campaña ya tiene» y suba otra vez.',
  },
  reloadDuplicates: { en: 'Load again the codes the campaign already holds', es: 'Cargar de nuevo los códigos que la campaña ya tiene' },
  reloadSkipped: { en: '{n} skipped by the last upload', es: '{n} salteado(s) en la carga anterior' },
  // The batch is kept until these go (see lifecycle's keptCorrected): ticking is how they reach the campaign.
  reloadCorrected: {
    en: '{n} of them corrected since: it reaches the campaign only if ticked | {n} of them corrected since: they reach the campaign only if ticked',
    es: '{n} de ellos corregido desde entonces: llega a la campaña solo si lo marca | {n} de ellos corregidos desde entonces: llegan a la campaña solo si lo marca',
  },
  reloadDuplicatesHelp: {
    en: 'Unticked, the upload skips the cases whose code is already in the campaign: nobody gets called twice by mistake.',
    es: 'Sin marcar, la carga saltea los casos cuyo código ya está en la campaña: así nadie recibe dos llamadas por error.',
  },
  pendingResult: { en: 'Cases not uploaded yet: {n}', es: 'Casos todavía sin subir: {n}' },
  rejectedTitle: { en: 'Cases the service rejected ({n})', es: 'Casos rechazados por el servicio ({n})' },
  code: { en: 'Code', es: 'Código' },
  // The service's own words are labelled inside each reason: some reasons are CaseDesk's (a request too large, refused whole).
  reason: { en: 'Reason', es: 'Motivo' },
  pause: {
    refused: {
      en: 'The service refused the upload. Check the detail; once it is solved, press Resume.',
      es: 'El servicio rechazó la carga. Revise el detalle; cuando esté resuelto, presione Reanudar.',
    },
    forbidden: {
      en: 'This account may not load cases into this campaign. Ask your administrator.',
      es: 'Esta cuenta no tiene permiso para cargar casos en esta campaña. Consulte a su administrador.',
    },
    notFound: {
      en: 'The chosen campaign does not exist on the service. Pick another campaign.',
      es: 'La campaña elegida no existe en el servicio. Elija otra campaña.',
    },
    server: {
      en: 'The service keeps failing, so the upload is paused. Try Resume in a few minutes.',
      es: 'El servicio falla una y otra vez, así que la carga quedó en pausa. Pruebe Reanudar en unos minutos.',
    },
    offline: {
      en: 'There is no connection to the service. When the network is back, press Resume: the upload continues where it stopped.',
      es: 'No hay conexión con el servicio. Cuando vuelva la red, presione Reanudar: la carga sigue donde quedó.',
    },
    sessionExpired: {
      en: 'Your session expired. Sign in again and press Resume: the upload continues where it stopped.',
      es: 'Su sesión venció. Vuelva a ingresar y presione Reanudar: la carga sigue donde quedó.',
    },
    contract: {
      en: 'The service answered something unexpected. Press Resume later or tell support.',
      es: 'El servicio respondió algo inesperado. Presione Reanudar más tarde o avise a soporte.',
    },
    unknown: { en: 'The upload is paused.', es: 'La carga quedó en pausa.' },
  },
  pauseDetail: { en: 'Detail: {message}', es: 'Detalle: {message}' },
  inDoubtTitle: { en: 'Cases in doubt ({n})', es: 'Casos en duda ({n})' },
  inDoubtBody: {
    en: 'It is not known whether the service loaded these cases: its answer never came and it could not be checked afterwards. Decide what to do with them.',
    es: 'No se sabe si el servicio cargó estos casos: su respuesta no llegó y no se pudo comprobar después. Decida qué hacer con ellos.',
  },
  resend: { en: 'Send them again', es: 'Enviarlos de nuevo' },
  assumeLoaded: { en: 'They are loaded', es: 'Ya están cargados' },
  confirmResendTitle: { en: 'Send the cases in doubt again?', es: '¿Enviar de nuevo los casos en duda?' },
  confirmResendBody: {
    en: 'If the service had already loaded them, those debtors will be loaded twice and called twice. Choose this only if you are sure they were not loaded.',
    es: 'Si el servicio ya los había cargado, esos deudores van a quedar cargados dos veces y se los va a llamar dos veces. Elija esta opción solo si está seguro de que no se cargaron.',
  },
  confirmAssumeTitle: { en: 'Treat the cases in doubt as loaded?', es: '¿Dar por cargados los casos en duda?' },
  confirmAssumeBody: {
    en: 'If they were not actually loaded, those debtors will not be called in this campaign. Choose this only if you checked on the service that they are loaded.',
    es: 'Si en realidad no se cargaron, esos deudores no van a ser llamados en esta campaña. Elija esta opción solo si comprobó en el servicio que están cargados.',
  },
  confirmResend: { en: 'Yes, send them again', es: 'Sí, enviarlos de nuevo' },
  confirmAssume: { en: 'Yes, they are loaded', es: 'Sí, están cargados' },
  callError: { en: 'Could not upload the batch: {message}', es: 'No se pudo subir el lote: {message}' },
  dismiss: { en: 'Close result', es: 'Cerrar resultado' },
} satisfies Texts;
