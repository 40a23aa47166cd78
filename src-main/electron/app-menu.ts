// The application menu: standard editing and window roles (so copy and paste work in the table and
// forms), shortcuts to the main screens, and nothing that reloads or opens developer tools in a build.
import type { MenuItemConstructorOptions } from 'electron';

export function appMenuTemplate(opts: { isMac: boolean; isDev: boolean; go: (route: string) => void; quit: () => void }): MenuItemConstructorOptions[] {
  const { isMac, isDev, go, quit } = opts;
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'Archivo',
      submenu: [
        { label: 'Preparar un lote…', accelerator: 'CmdOrCtrl+O', click: () => go('/batches/new') },
        { label: 'Lotes', click: () => go('/batches') },
        { label: 'Sincronización', click: () => go('/sync') },
        { type: 'separator' },
        { label: 'Configuración', accelerator: 'CmdOrCtrl+,', click: () => go('/settings') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { label: 'Salir', accelerator: 'CmdOrCtrl+Q', click: quit },
      ],
    },
    { role: 'editMenu', label: 'Edición' },
    {
      label: 'Ver',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(isDev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu', label: 'Ventana' },
  ];
}
