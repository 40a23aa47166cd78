// The preload exposes two named functions under window.casedesk, never ipcRenderer itself.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

contextBridge.exposeInMainWorld('casedesk', {
  call: (name: string, input: unknown) => ipcRenderer.invoke('casedesk:call', name, input),
  on: (name: string, listener: (payload: unknown) => void) => {
    const handler = (_event: IpcRendererEvent, eventName: string, payload: unknown) => {
      if (eventName === name) listener(payload);
    };
    ipcRenderer.on('casedesk:event', handler);
    return () => ipcRenderer.off('casedesk:event', handler);
  },
});
