// How the renderer reaches the command surface: Electron's preload when it is there, the browser
// host's HTTP endpoints otherwise. The rest of the renderer never knows which.
import type { Envelope, SurfaceEvents } from '../../../src-main/surface/procedures';

export interface Transport {
  call(name: string, input: unknown): Promise<Envelope<unknown>>;
  on<K extends keyof SurfaceEvents>(name: K, listener: (payload: SurfaceEvents[K]) => void): () => void;
}

interface PreloadApi {
  call(name: string, input: unknown): Promise<Envelope<unknown>>;
  on(name: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    casedesk?: PreloadApi;
  }
}

function httpTransport(): Transport {
  let source: EventSource | null = null;
  return {
    async call(name, input) {
      try {
        const res = await fetch(`/api/call/${encodeURIComponent(name)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}), credentials: 'same-origin' });
        if (res.status === 401 || res.status === 403 || res.status === 421) return { ok: false, error: { code: 'not-signed-in', message: 'This page is not authorised: open the address that "npm start" printed.' } };
        return (await res.json()) as Envelope<unknown>;
      } catch {
        return { ok: false, error: { code: 'offline', message: 'CaseDesk is not answering (is it still running?).' } };
      }
    },
    on(name, listener) {
      source ??= new EventSource('/api/events');
      const handler = (event: MessageEvent<string>) => listener(JSON.parse(event.data));
      source.addEventListener(name, handler as EventListener);
      return () => source?.removeEventListener(name, handler as EventListener);
    },
  };
}

function electronTransport(api: PreloadApi): Transport {
  return { call: (name, input) => api.call(name, input), on: (name, listener) => api.on(name, listener as (payload: unknown) => void) };
}

export const transport: Transport = typeof window !== 'undefined' && window.casedesk ? electronTransport(window.casedesk) : httpTransport();
