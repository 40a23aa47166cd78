// The default data folder and the one-time move of a store an older version kept elsewhere
// (store/data-folder-move.ts): notices the app and the CLI show beside a start that goes on, and the
// two failures that stop it, each in its own catalog.
import type { CatalogEntry } from './failure-class';

/** Notices beside a start that goes on (notice.ts), with the reasons a move did not happen. */
export const DATA_FOLDER_NOTICES = {
  'datafolder.moved': {
    class: 'notice',
    en: 'Your data moved from {from} to {to}, where the app and the command line both keep it now.',
    es: 'Sus datos se trasladaron de {from} a {to}, donde ahora los guardan tanto la aplicación como la línea de comandos.',
  },
  // {reason} is one of datafolder.reason.* (failure.ts words it in place).
  'datafolder.not_moved': {
    class: 'notice',
    en: 'Your data could not be moved from {from} to {to} ({reason}): it stays in {from} and is used from there. CaseDesk tries again at the next start.',
    es: 'No se pudieron trasladar sus datos de {from} a {to} ({reason}): quedan en {from} y se usan desde allí. CaseDesk vuelve a intentarlo en el próximo inicio.',
  },
  'datafolder.reason.link_inside': { class: 'notice', en: 'a symbolic link is inside it', es: 'contiene un enlace simbólico' },
  'datafolder.reason.not_empty': { class: 'notice', en: 'the new folder already holds other files', es: 'la carpeta nueva ya tiene otros archivos' },
  'datafolder.reason.rename_failed': { class: 'notice', en: 'the folder could not be renamed', es: 'no se pudo cambiar la carpeta de lugar' },
  'datafolder.reason.copy_failed': { class: 'notice', en: 'the copy failed', es: 'la copia falló' },
  'datafolder.reason.io_error': { class: 'notice', en: 'the file system refused it', es: 'el sistema de archivos lo rechazó' },
  'datafolder.reason.verify_failed': { class: 'notice', en: 'the copy did not match the original', es: 'la copia no coincide con el original' },
  'datafolder.both': {
    class: 'notice',
    en: 'Another store was found in {from}, but {to} already holds one: the one in {from} is neither moved nor used. Check it, and delete it once you no longer need it.',
    es: 'Se encontró otro almacén en {from}, pero {to} ya tiene uno: el de {from} no se traslada ni se usa. Revíselo y bórrelo cuando ya no lo necesite.',
  },
  'datafolder.old_left': {
    class: 'notice',
    en: 'Your data moved to {to}, but its old copy in {from} could not be removed completely: delete it by hand.',
    es: 'Sus datos se trasladaron a {to}, pero su copia anterior en {from} no se pudo borrar por completo: bórrela a mano.',
  },
  'datafolder.old_link': {
    class: 'notice',
    en: '{from} is a symbolic link: CaseDesk neither moves nor uses the store it leads to. To use it, name its folder with --data-dir or CASEDESK_DATA_DIR.',
    es: '{from} es un enlace simbólico: CaseDesk no traslada ni usa el almacén al que lleva. Para usarlo, indique su carpeta con --data-dir o CASEDESK_DATA_DIR.',
  },
} as const satisfies Record<string, CatalogEntry>;

/** The two failures that stop a start: the folder is a link, or another CaseDesk is moving it. */
export const DATA_FOLDER_FAILURES = {
  'datafolder.link': {
    class: 'refused',
    en: 'The data folder {path} is a symbolic link: CaseDesk does not use it. Remove the link, or name a folder with --data-dir or CASEDESK_DATA_DIR.',
    es: 'La carpeta de datos {path} es un enlace simbólico: CaseDesk no la usa. Quite el enlace, o indique una carpeta con --data-dir o CASEDESK_DATA_DIR.',
  },
  'datafolder.move_busy': {
    class: 'workstation.busy',
    en: 'Another CaseDesk is moving your data to {to}: try again when it is done.',
    es: 'Otro CaseDesk está trasladando sus datos a {to}: vuelva a intentarlo cuando termine.',
  },
} as const satisfies Record<string, CatalogEntry>;
