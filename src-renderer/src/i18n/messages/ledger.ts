import type { Texts } from '../texts';

export default {
  title: { en: 'Do not contact', es: 'No contactar' },
  intro: {
    en: 'Phones and case codes that are never loaded: when a batch is prepared and again before each upload, a listed phone is taken off its case and a listed code makes the case "Do not contact".',
    es: 'Teléfonos y códigos de caso que nunca se cargan: al preparar un lote y de nuevo antes de cada carga, un teléfono de la lista se quita de su caso y un código de la lista deja el caso en «No contactar».',
  },
  loadError: { en: 'The list could not be read: {message}', es: 'No se pudo leer la lista: {message}' },
  form: {
    title: { en: 'Add', es: 'Agregar' },
    kind: { en: 'What', es: 'Qué' },
    phone: { en: 'Phone', es: 'Teléfono' },
    code: { en: 'Case code', es: 'Código de caso' },
    value: { en: 'Phone or code', es: 'Teléfono o código' },
    valueHelp: {
      en: 'As it is written: 011 15-4444-5555 and +54 9 11 4444 5555 are the same number.',
      es: 'Como venga escrito: 011 15-4444-5555 y +54 9 11 4444 5555 son el mismo número.',
    },
    reason: { en: 'Reason', es: 'Motivo' },
    until: { en: 'Until (optional)', es: 'Hasta (opcional)' },
    creditor: { en: 'Only for this creditor (optional)', es: 'Solo para el acreedor (opcional)' },
    add: { en: 'Add to the list', es: 'Agregar a la lista' },
    added: { en: 'Entry {id} added.', es: 'Entrada {id} agregada.' },
    replaced: {
      en: 'Entry {id} was there already; its reason and expiry were replaced.',
      es: 'La entrada {id} ya estaba; se reemplazó su motivo y vencimiento.',
    },
    error: { en: 'Not added: {message}', es: 'No se agregó: {message}' },
  },
  import: {
    button: { en: 'Import a spreadsheet', es: 'Importar planilla' },
    help: { en: 'Columns: phone and/or code, reason, until, creditor.', es: 'Columnas: teléfono y/o código, motivo, hasta, acreedor.' },
    done: { en: '{file}: {added}, {updated}.', es: '{file}: {added}, {updated}.' },
    added: { en: 'no new entries | 1 new entry | {n} new entries', es: 'ninguna entrada nueva | 1 entrada nueva | {n} entradas nuevas' },
    updated: { en: 'none replaced | 1 replaced | {n} replaced', es: 'ninguna reemplazada | 1 reemplazada | {n} reemplazadas' },
    problems: { en: 'Rows not imported:', es: 'Filas que no se importaron:' },
    problem: { en: '{file}, row {row}, column {column}: {what}', es: '{file}, fila {row}, columna {column}: {what}' },
    problemRow: { en: '{file}, row {row}: {what}', es: '{file}, fila {row}: {what}' },
    error: { en: 'Could not import: {message}', es: 'No se pudo importar: {message}' },
  },
  search: {
    label: { en: 'Find a phone or code', es: 'Buscar un teléfono o código' },
    hint: {
      en: 'A phone written any way or its first digits; a DNI or CUIT finds every spelling of that person.',
      es: 'Un teléfono escrito de cualquier forma o sus primeros dígitos; un DNI o CUIT encuentra a esa persona escrita de cualquier forma.',
    },
    button: { en: 'Search', es: 'Buscar' },
    clear: { en: 'Show all', es: 'Ver todas' },
  },
  table: {
    label: { en: 'Entries of the list', es: 'Entradas de la lista' },
    id: { en: 'No.', es: 'N.º' },
    source: { en: 'List', es: 'Lista' },
    kind: { en: 'What', es: 'Qué' },
    value: { en: 'Phone or code', es: 'Teléfono o código' },
    reason: { en: 'Reason', es: 'Motivo' },
    until: { en: 'Until', es: 'Hasta' },
    creditor: { en: 'Creditor', es: 'Acreedor' },
    addedBy: { en: 'Added by', es: 'Agregado por' },
    state: { en: 'State', es: 'Estado' },
    active: { en: 'In force', es: 'Vigente' },
    expired: { en: 'Expired', es: 'Vencida' },
    empty: { en: 'The list is empty.', es: 'La lista está vacía.' },
    remove: { en: 'Remove', es: 'Quitar' },
    removed: { en: 'Entry {id} removed.', es: 'Entrada {id} quitada.' },
    released: {
      en: 'Entry {id} removed: {count} case(s) it held back in batches not yet sent can be loaded again.',
      es: 'Entrada {id} quitada: {count} caso(s) que retenía en lotes sin cargar se pueden cargar otra vez.',
    },
    own: { en: 'This computer', es: 'Este equipo' },
    shared: { en: 'Organization', es: 'Organización' },
  },
  kinds: {
    phone: { en: 'Phone', es: 'Teléfono' },
    code: { en: 'Code', es: 'Código' },
  },
  reasons: {
    'debtor-asked': { en: 'The debtor asked', es: 'Lo pidió el deudor' },
    'wrong-number': { en: 'Wrong number', es: 'Número equivocado' },
    deceased: { en: 'Deceased', es: 'Fallecido' },
    legal: { en: 'Legal proceedings', es: 'Trámite legal' },
    'creditor-instruction': { en: "Creditor's instruction", es: 'Instrucción del acreedor' },
    other: { en: 'Other', es: 'Otro' },
  },
  problems: {
    'phone-invalid': { en: 'not a valid phone', es: 'teléfono no válido' },
    'code-empty': { en: 'empty code', es: 'código vacío' },
    'no-phone-or-code': { en: 'no phone and no code', es: 'sin teléfono ni código' },
    'reason-unknown': { en: 'unknown reason', es: 'motivo desconocido' },
    'until-invalid': { en: 'the "until" date is not valid', es: 'fecha «hasta» no válida' },
  },
  shared: {
    info: {
      en: 'Your organization also applies its own list ({file}), which cannot be changed here.',
      es: 'La organización aplica además su propia lista ({file}), que no se puede cambiar desde aquí.',
    },
    count: { en: 'It holds {count} entries.', es: 'Tiene {count} entradas.' },
    required: {
      all: { en: 'It is required: without it nothing can be prepared or uploaded.', es: 'Es obligatoria: sin ella no se puede preparar ni cargar.' },
      upload: {
        en: 'While it cannot be read, batches can still be prepared (saying so), but nothing is uploaded.',
        es: 'Mientras no se pueda leer, los lotes se pueden preparar (con un aviso), pero no se carga nada.',
      },
      none: {
        en: 'Your organization lets preparing and uploading go on while it cannot be read (with a notice).',
        es: 'La organización permite preparar y cargar mientras no se pueda leer (con un aviso).',
      },
    },
    page: {
      en: "Organization's list: {from} to {to} of {matching} shown.",
      es: 'Lista de la organización: se muestran de la {from} a la {to} de {matching}.',
    },
    none: { en: "No entry of the organization's list matches.", es: 'Ninguna entrada de la lista de la organización coincide.' },
    previous: { en: 'Previous', es: 'Anteriores' },
    next: { en: 'Next', es: 'Siguientes' },
  },
  notices: {
    ledger: {
      shared_unreadable: {
        en: "Your organization's do-not-contact list could not be read ({file}: {reason}); it was not applied.",
        es: 'No se pudo leer la lista de no contactar de la organización ({file}: {reason}); no se aplicó.',
      },
      shared_bad_rows: {
        en: "{rows} row(s) of your organization's list could not be used (the first: row {firstRow}).",
        es: '{rows} fila(s) de la lista de la organización no se pudieron usar (la primera: fila {firstRow}).',
      },
    },
  },
  drawer: {
    title: { en: 'Do not call:', es: 'No llamar a:' },
    button: { en: 'Never call {phone} again', es: 'No llamar más al {phone}' },
  },
} satisfies Texts;
