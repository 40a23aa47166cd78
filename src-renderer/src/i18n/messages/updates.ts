// The app's updates, shown in Settings.
import type { Texts } from '../texts';

export default {
  title: { en: 'Updates', es: 'Actualizaciones' },
  idle: { en: 'CaseDesk is up to date (checked on {date}).', es: 'CaseDesk está al día (se revisó el {date}).' },
  notChecked: { en: 'CaseDesk has not looked for updates yet.', es: 'CaseDesk todavía no buscó actualizaciones.' },
  checking: { en: 'Looking for updates…', es: 'Buscando actualizaciones…' },
  available: { en: 'A new version, {version}, is out: downloading it now.', es: 'Hay una versión nueva, la {version}: se descarga ahora.' },
  downloading: { en: 'Downloading version {version}: {percent} %', es: 'Descargando la versión {version}: {percent} %' },
  ready: { en: 'Version {version} will be installed when you restart CaseDesk.', es: 'La versión {version} se instalará cuando reinicie CaseDesk.' },
  readyNote: {
    en: 'It is never installed during an upload: if you close CaseDesk while a batch uploads, it is installed the next time.',
    es: 'Nunca se instala durante una carga: si cierra CaseDesk mientras sube un lote, se instala la vez siguiente.',
  },
  verified: {
    en: 'Every update is checked before it is installed: its checksum and the publisher’s signature.',
    es: 'Cada actualización se comprueba antes de instalarse: su suma de verificación y la firma del editor.',
  },
  restart: { en: 'Restart now', es: 'Reiniciar ahora' },
  restartBusy: {
    en: 'An upload, or an import of corrections, is running: let it finish (or stop the upload), then restart.',
    es: 'Hay una carga o una importación de correcciones en curso: espere a que termine (o detenga la carga) y reinicie.',
  },
  restartNotReady: { en: 'There is no downloaded update to install.', es: 'No hay una actualización descargada para instalar.' },
  restartFailed: { en: 'Could not restart: {message}', es: 'No se pudo reiniciar: {message}' },
  loadError: { en: 'Could not tell how updates stand: {message}', es: 'No se pudo saber el estado de las actualizaciones: {message}' },
  tryAgain: { en: 'Last try: {date}. CaseDesk tries again by itself.', es: 'Último intento: {date}. CaseDesk vuelve a intentarlo solo.' },
  disabled: {
    'no-update-url': {
      en: 'This installation does not update itself: your organization’s policy names no place to update from (update_url). Your IT department installs new versions.',
      es: 'Esta instalación no se actualiza sola: la política de su organización no indica de dónde (update_url). Las versiones nuevas las instala su área de sistemas.',
    },
    'not-packaged': {
      en: 'This copy of CaseDesk runs from its source code: it does not update itself.',
      es: 'Esta copia de CaseDesk se ejecuta desde el código fuente: no se actualiza sola.',
    },
    'no-updater': {
      en: 'CaseDesk in the browser or on the command line does not update itself: the installed desktop app does.',
      es: 'CaseDesk en el navegador o en la línea de comandos no se actualiza solo: lo hace la aplicación de escritorio instalada.',
    },
    unsupported: {
      en: 'This installation cannot update itself. Your IT department installs new versions.',
      es: 'Esta instalación no se puede actualizar sola. Las versiones nuevas las instala su área de sistemas.',
    },
    'unsigned-build': {
      en: 'This version names no publisher to sign its updates, so it could not check them: it does not update itself. Tell your IT department.',
      es: 'Esta versión no indica el editor que firma sus actualizaciones, así que no podría comprobarlas: no se actualiza sola. Avise a su área de sistemas.',
    },
    'no-update-key': {
      en: 'On Linux, CaseDesk does not update itself here: it has no key to check that a new version comes from its publisher. New versions come through the system’s packages, installed by your IT department.',
      es: 'En Linux, CaseDesk no se actualiza solo en este equipo: no tiene una clave para comprobar que una versión nueva viene de su editor. Las versiones nuevas llegan con los paquetes del sistema, que instala su área de sistemas.',
    },
  },
  errors: {
    unreachable: { en: 'The update server could not be reached.', es: 'No se pudo llegar al servidor de actualizaciones.' },
    not_published: {
      en: 'The update server does not have the version published (latest.yml or the installer is missing). Tell your IT department.',
      es: 'El servidor de actualizaciones no tiene la versión publicada (falta latest.yml o el instalador). Avise a su área de sistemas.',
    },
    bad_signature: {
      en: 'The downloaded update is not signed by CaseDesk’s publisher: it was discarded and is not installed. Tell your IT department.',
      es: 'La actualización descargada no está firmada por el editor de CaseDesk: se descartó y no se instala. Avise a su área de sistemas.',
    },
    bad_checksum: {
      en: 'The downloaded update does not match its checksum: it was discarded and is not installed.',
      es: 'La actualización descargada no coincide con su suma de verificación: se descartó y no se instala.',
    },
    bad_release: {
      en: 'The published version is incomplete or badly described (latest.yml): it is not installed. Tell your IT department.',
      es: 'La versión publicada está incompleta o mal descrita (latest.yml): no se instala. Avise a su área de sistemas.',
    },
    unsigned_release: {
      en: 'The published version is not signed (latest-linux.yml has no signature): it was not downloaded. Tell your IT department.',
      es: 'La versión publicada no está firmada (latest-linux.yml no tiene firma): no se descargó. Avise a su área de sistemas.',
    },
    bad_release_signature: {
      en: 'The published version’s signature is not the publisher’s, or does not match its files (latest-linux.yml): it was not downloaded. Tell your IT department.',
      es: 'La firma de la versión publicada no es la del editor o no coincide con sus archivos (latest-linux.yml): no se descargó. Avise a su área de sistemas.',
    },
    failed: { en: 'The update could not be completed.', es: 'La actualización no se pudo completar.' },
  },
} satisfies Texts;
