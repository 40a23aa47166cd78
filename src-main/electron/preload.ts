// The preload exposes named functions under one window object, never ipcRenderer itself.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('casedesk', {
  adapter: 'electron' as const,
});
