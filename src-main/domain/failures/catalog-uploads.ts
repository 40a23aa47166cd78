// What became of a case in an upload, kept with the case (domain/upload-detail.ts) and worded at the
// edges like the failures: why it was rejected, skipped, left in doubt or taken as loaded. Not failures:
// class 'notice'. What the service wrote is a {reason}, always shown labelled as the service's words.
import type { CatalogEntry } from './failure-class';

export const UPLOAD_DETAILS = {
  // The service named the case and said why: its words, never passed off as CaseDesk's.
  'upload.detail.service_said': { class: 'notice', en: 'The service answered: “{reason}”', es: 'El servicio respondió: «{reason}»' },
  // A 400 that loaded nothing and did not name this case: the request as a whole was refused.
  'upload.detail.request_refused': {
    class: 'notice',
    en: 'Not loaded: the service refused the whole request. The service answered: “{reason}”',
    es: 'No se cargó: el servicio rechazó todo el envío. El servicio respondió: «{reason}»',
  },
  'upload.detail.too_large': {
    class: 'notice',
    en: 'Not loaded: too large for the service even sent on its own (HTTP 413)',
    es: 'No se cargó: es demasiado grande para el servicio aun enviado solo (HTTP 413)',
  },
  'upload.detail.already_held': {
    class: 'notice',
    en: 'Not sent: the campaign already holds this code',
    es: 'No se envió: la campaña ya tiene este código',
  },
  'upload.detail.taken_as_loaded': {
    class: 'notice',
    en: 'Taken as loaded by the agent',
    es: 'Dado por cargado por decisión del agente',
  },
  'upload.detail.codes_not_shown': {
    class: 'notice',
    en: 'The service does not show the uploaded case codes, so what was loaded cannot be read back',
    es: 'El servicio no muestra los códigos de los casos cargados, así que no se puede verificar qué se cargó',
  },
  // A chunk's, not a case's: its cases went on in two smaller requests.
  'upload.detail.split': {
    class: 'notice',
    en: 'Split in two: the service found the request too large (HTTP 413)',
    es: 'Se dividió en dos: el servicio consideró el envío demasiado grande (HTTP 413)',
  },
  // A detail an earlier CaseDesk stored as English prose that is none of the above: shown as it was, marked so.
  'upload.detail.earlier_words': {
    class: 'notice',
    en: 'As an earlier CaseDesk recorded it: “{text}”',
    es: 'Tal como lo registró una versión anterior de CaseDesk (en inglés): «{text}»',
  },
} as const satisfies Record<string, CatalogEntry>;
