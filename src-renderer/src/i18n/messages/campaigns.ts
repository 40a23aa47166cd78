// Campaigns of a bot, the new-campaign form and the campaign detail.
import type { Texts } from '../texts';

export default {
  yes: { en: 'Yes', es: 'Sí' },
  no: { en: 'No', es: 'No' },
  states: {
    // Loading cases starts it too (the spec: PAUSED → ONGOING on upload), so "until you start it" alone would mislead.
    PAUSED: {
      en: 'Paused: it does not call until you start it or load cases into it',
      es: 'En pausa: no llama hasta que la inicie o le cargue casos',
    },
    SCHEDULED: { en: 'Scheduled: it will start calling by itself on its date and window', es: 'Programada: empezará a llamar sola en su fecha y horario' },
    ONGOING: { en: 'Ongoing: it is calling', es: 'En curso: está llamando' },
    CLOSED: { en: 'Closed: it no longer calls nor takes cases', es: 'Cerrada: ya no llama ni acepta casos' },
    unknown: { en: 'State reported by the service', es: 'Estado informado por el servicio' },
  },
  fields: {
    name: { en: 'Name', es: 'Nombre' },
    description: { en: 'Description', es: 'Descripción' },
    status: { en: 'Status', es: 'Estado' },
    dialingType: { en: 'Dialing type', es: 'Tipo de marcación' },
    completed: { en: 'Completed', es: 'Completado' },
    finalCases: { en: 'Final cases', es: 'Casos finales' },
    created: { en: 'Created', es: 'Creada' },
    startDate: { en: 'Start date', es: 'Fecha de inicio' },
    callFrom: { en: 'Call from (HH:MM)', es: 'Llamar desde (HH:MM)' },
    callTo: { en: 'Call until (HH:MM)', es: 'Llamar hasta (HH:MM)' },
    window: { en: 'Call window', es: 'Horario de llamadas' },
    closesEod: { en: 'Close at the end of the day', es: 'Cerrar al terminar el día' },
    minPriority: { en: 'From phone no.', es: 'Desde el teléfono n.º' },
    maxPriority: { en: 'Up to phone no.', es: 'Hasta el teléfono n.º' },
    priorities: { en: 'Phones called', es: 'Teléfonos que llama' },
    attempts: { en: 'Attempts per phone', es: 'Intentos por teléfono' },
    workers: { en: 'Simultaneous calls', es: 'Llamadas simultáneas' },
    channel: { en: 'Channel', es: 'Canal' },
  },
  list: {
    title: { en: 'Campaigns of bot {id}', es: 'Campañas del bot {id}' },
    titleOf: { en: 'Campaigns of {bot}', es: 'Campañas de {bot}' },
    backToBots: { en: 'Back to bots', es: 'Volver a los bots' },
    new: { en: 'New campaign', es: 'Nueva campaña' },
    count: { en: 'Campaigns: {n}, newest first', es: 'Campañas: {n}, de la más nueva a la más antigua' },
    openHint: { en: 'Click a row (or press Enter) to see its detail', es: 'Haga clic en una fila (o Enter) para ver el detalle' },
    showMore: { en: 'Show more ({n} left)', es: 'Mostrar más ({n} restantes)' },
    emptyTitle: { en: 'This bot has no campaigns yet', es: 'Este bot todavía no tiene campañas' },
    emptyBody: {
      en: 'Create a campaign, then load the cases of a prepared batch into it.',
      es: 'Cree una campaña y después cárguele los casos de un lote preparado.',
    },
    offlineHint: {
      en: 'Without a connection to the service the campaign list cannot be shown. Check the connection and retry.',
      es: 'Sin conexión con el servicio no se puede ver la lista de campañas. Revise la conexión y reintente.',
    },
  },
  schedule: {
    title: { en: 'Before you confirm, check:', es: 'Antes de confirmar, revise:' },
    warnings: {
      campaign: {
        start_on_holiday: { en: 'It starts on {date}, a national holiday ({name}).', es: 'Empieza el {date}, feriado nacional ({name}).' },
        start_on_non_working_day: { en: 'It starts on {date}, a non-working day ({name}).', es: 'Empieza el {date}, día no laborable ({name}).' },
        start_on_sunday: { en: 'It starts on {date}, a Sunday.', es: 'Empieza el {date}, un domingo.' },
        start_outside_contact_days: {
          en: 'It starts on {date}, a {day}: not a contact day ({days}).',
          es: 'Empieza el {date}, un {day}: no es día de contacto ({days}).',
        },
        outside_contact_hours: {
          en: 'The call window ({callFrom}–{callTo}) goes outside the contact hours ({from}–{to}).',
          es: 'El horario de llamadas ({callFrom}–{callTo}) sale del horario de contacto ({from}–{to}).',
        },
      },
    },
    serviceDefault: { en: "the service's", es: 'el del servicio' },
    days: {
      mon: { en: 'Monday', es: 'lunes' },
      tue: { en: 'Tuesday', es: 'martes' },
      wed: { en: 'Wednesday', es: 'miércoles' },
      thu: { en: 'Thursday', es: 'jueves' },
      fri: { en: 'Friday', es: 'viernes' },
      sat: { en: 'Saturday', es: 'sábado' },
      sun: { en: 'Sunday', es: 'domingo' },
    },
    note: {
      en: "These are warnings: the campaign can be created all the same. Contact hours are your organization's setting (Settings), not legal advice.",
      es: 'Son avisos: la campaña se puede crear igual. El horario de contacto es una configuración de su organización (Configuración), no un consejo legal.',
    },
    beforeStart: { en: 'Before you start it, check:', es: 'Antes de iniciarla, revise:' },
  },
  form: {
    title: { en: 'New campaign', es: 'Nueva campaña' },
    draftIntro: {
      en: 'Or prepare it for a batch, offline: it is created when the batch is uploaded.',
      es: 'O prepárela para un lote, sin conexión: se crea cuando se sube el lote.',
    },
    draftPick: { en: 'Pick a batch', es: 'Elegir lote' },
    draftSave: { en: 'Prepare for the batch', es: 'Preparar para el lote' },
    backToList: { en: 'Back to campaigns', es: 'Volver a las campañas' },
    sectionGeneral: { en: 'General', es: 'Datos generales' },
    sectionWhen: { en: 'When it calls', es: 'Cuándo llama' },
    sectionDialing: { en: 'How it dials', es: 'Cómo marca' },
    optional: { en: 'optional', es: 'opcional' },
    windowHint: { en: "Times are the service's (Argentina time, UTC−3).", es: 'El horario es el del servicio (hora de Argentina, UTC−3).' },
    closesEodHint: {
      en: 'the campaign closes by itself at midnight of the first day it calls.',
      es: 'la campaña se cierra sola a la medianoche del primer día en que llama.',
    },
    ruleOf: {
      VERTICAL: {
        en: 'Vertical: calls one phone per case, the one chosen: "from" and "up to" must be the same number.',
        es: 'Vertical: llama a un solo teléfono por caso, el elegido: «desde» y «hasta» deben ser el mismo número.',
      },
      HORIZONTAL_VERTICAL: {
        en: "Horizontal-vertical: calls each case's phones from the first number to the last, one attempt each per round, and repeats rounds until the attempts run out.",
        es: 'Horizontal-vertical: llama a los teléfonos de cada caso desde el primer número hasta el último, un intento a cada uno por vuelta, y repite las vueltas hasta agotar los intentos.',
      },
    },
    priorityHint: {
      en: "Phone 1 is each case's first phone (the first phone column of the file), 2 the second, and so on.",
      es: 'El teléfono 1 es el primero de cada caso (la primera columna de teléfonos de la planilla), el 2 el segundo, y así sucesivamente.',
    },
    submit: { en: 'Create campaign', es: 'Crear campaña' },
    submitAnyway: { en: 'Create anyway', es: 'Crear igual' },
    offline: { en: 'a campaign cannot be created offline.', es: 'no se puede crear una campaña sin conexión.' },
    serviceSaid: { en: 'The service did not create the campaign', es: 'El servicio no creó la campaña' },
    fixProblems: { en: 'Check the highlighted fields.', es: 'Revise los campos marcados.' },
    rules: {
      verticalSamePriority: {
        en: 'Vertical dialing calls one phone: "up to" must be the same number as "from".',
        es: 'La marcación vertical llama un solo teléfono: «hasta» debe ser el mismo número que «desde».',
      },
      maxBelowMin: { en: '"Up to" cannot be below "from".', es: '«Hasta» no puede ser menor que «desde».' },
      toAfterFrom: { en: 'The end time must be later than the start time.', es: 'La hora de fin debe ser posterior a la de inicio.' },
    },
    errors: {
      required: { en: 'Fill in this field.', es: 'Complete este campo.' },
      name: { en: 'Type a name for the campaign.', es: 'Escriba un nombre para la campaña.' },
      date: { en: 'Pick a valid date.', es: 'Elija una fecha válida.' },
      time: { en: 'Use the HH:MM format (for example 09:00).', es: 'Use el formato HH:MM (por ejemplo 09:00).' },
      priority: { en: 'Use a whole number from 1.', es: 'Use un número entero desde 1.' },
      attempts: { en: 'Use a whole number from 1.', es: 'Use un número entero desde 1.' },
    },
  },
  detail: {
    phones: { en: 'from no. {from} to no. {to} of each case', es: 'del n.º {from} al n.º {to} de cada caso' },
    title: { en: 'Campaign {id}', es: 'Campaña {id}' },
    backToList: { en: "Back to the bot's campaigns", es: 'Volver a las campañas del bot' },
    results: { en: 'Results', es: 'Resultados' },
    updatedAt: { en: 'Updated at {time}', es: 'Actualizado a las {time}' },
    created: { en: 'Campaign created. The service left it in state {status}.', es: 'Campaña creada. El servicio la dejó en estado {status}.' },
    stale: { en: 'Could not refresh; showing the latest data.', es: 'No se pudo actualizar; se muestran los últimos datos.' },
    controls: { en: 'Campaign controls', es: 'Controles de la campaña' },
    actions: {
      start: { en: 'Start', es: 'Iniciar' },
      stop: { en: 'Stop', es: 'Detener' },
      end: { en: 'End', es: 'Finalizar' },
    },
    reason: {
      ended: {
        en: 'The campaign is closed: it can no longer be started, stopped or ended.',
        es: 'La campaña está cerrada: ya no se puede iniciar, detener ni finalizar.',
      },
      alreadyRunning: { en: 'It is already ongoing.', es: 'Ya está en curso.' },
      alreadyStopped: { en: 'It is already paused.', es: 'Ya está en pausa.' },
    },
    confirm: {
      start: {
        title: { en: 'Start the campaign', es: 'Iniciar la campaña' },
        message: {
          en: 'Campaign "{name}" is in state {status}. If you start it, the bot will call its cases within the call window. Start it?',
          es: 'La campaña "{name}" está en estado {status}. Si la inicia, el bot empezará a llamar a sus casos dentro del horario. ¿Desea iniciarla?',
        },
        noCases: {
          en: 'The campaign has no loaded cases: start it anyway?',
          es: 'La campaña no tiene casos cargados: ¿iniciarla igual?',
        },
      },
      stop: {
        title: { en: 'Stop the campaign', es: 'Detener la campaña' },
        message: {
          en: 'Campaign "{name}" is in state {status}. If you stop it, the bot stops calling until you start it again or load cases into it. Stop it?',
          es: 'La campaña "{name}" está en estado {status}. Si la detiene, el bot deja de llamar hasta que usted la vuelva a iniciar o le cargue casos. ¿Desea detenerla?',
        },
      },
      end: {
        title: { en: 'End the campaign', es: 'Finalizar la campaña' },
        message: {
          en: 'Campaign "{name}" is in state {status}. If you end it, it closes for good: no more calls, no new cases. This cannot be undone. End it?',
          es: 'La campaña "{name}" está en estado {status}. Si la finaliza, se cierra para siempre: no llama más ni acepta casos nuevos. Esto no se puede deshacer. ¿Desea finalizarla?',
        },
      },
    },
    startAnyway: { en: 'Start anyway', es: 'Iniciar igual' },
    done: {
      start: { en: 'Start request sent.', es: 'Pedido de inicio enviado.' },
      stop: { en: 'Stop request sent.', es: 'Pedido de detención enviado.' },
      end: { en: 'End request sent.', es: 'Pedido de finalización enviado.' },
    },
    serviceState: { en: 'The service reports the state: {status}.', es: 'El servicio informa el estado: {status}.' },
    serviceSaid: { en: 'The service answered', es: 'El servicio respondió' },
    cases: { en: 'Cases', es: 'Casos' },
    noCasesHint: { en: 'No cases yet: load a prepared batch into it.', es: 'Todavía no tiene casos: cárguele un lote preparado.' },
    goToSync: { en: 'Go to Sync', es: 'Ir a Sincronización' },
    metrics: { en: 'Metrics', es: 'Métricas' },
    params: { en: 'Parameters', es: 'Parámetros' },
  },
  stats: {
    loaded: { en: 'Loaded', es: 'Cargados' },
    final: { en: 'Final', es: 'Finales' },
    resting: { en: 'Resting (no final result)', es: 'En espera (sin resultado final)' },
    filtered: { en: 'Filtered by the service', es: 'Filtrados por el servicio' },
  },
  chart: {
    final: { en: 'Final', es: 'Finales' },
    resting: { en: 'Called, no final result', es: 'Llamados, sin resultado final' },
    notCalled: { en: 'Not called', es: 'Sin llamar' },
  },
  metrics: {
    status: { en: 'Status', es: 'Estado' },
    completed: { en: 'Completed', es: 'Completado' },
    called: { en: 'Called', es: 'Llamado' },
    successRate: { en: 'Success rate', es: 'Tasa de éxito' },
    contactability: { en: 'Contactability', es: 'Contactabilidad' },
    botDuration: { en: 'Bot duration', es: 'Duración del bot' },
    hours: { en: 'Call hours', es: 'Horas de llamada' },
  },
} satisfies Texts;
