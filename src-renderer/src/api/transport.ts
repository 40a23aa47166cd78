// How the renderer reaches the command surface: Electron's preload when it is there, the browser
// host's HTTP endpoints otherwise. The rest of the renderer never knows which.
import type { Envelope, SurfaceEvents } from '../../../src-main/surface/procedures';
import { openEventStream, type StreamEvent } from './event-stream';
import { launchToken } from './launch-token';

/** Same name as the host's TOKEN_HEADER (src-main/host/host-guard.ts, which the page cannot import). */
const TOKEN_HEADER = 'x-casedesk-token';

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
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let stream: { close(): void } | null = null;
  // The launch token goes in a header on every call; the host reads no cookie.
  const headers = (): Record<string, string> => {
    const token = launchToken();
    return token ? { [TOKEN_HEADER]: token } : {};
  };
  const dispatch = ({ event, data }: StreamEvent) => {
    const set = listeners.get(event);
    if (!set || set.size === 0) return;
    let payload: never;
    try {
      payload = JSON.parse(data) as never;
    } catch {
      return;
    }
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch {
        // One screen's failure must not close the stream for the others.
      }
    }
  };
  return {
    async call(name, input) {
      try {
        const res = await fetch(`/api/call/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers() },
          body: JSON.stringify(input ?? {}),
          credentials: 'omit',
        });
        if (res.status === 401 || res.status === 403 || res.status === 421)
          return { ok: false, error: { code: 'host.page_not_authorised', message: 'This page is not authorised.' } };
        // Not JSON is no envelope either: answered as host.unexpected_answer just below, never dropped.
        const body: unknown = await res.json().catch(() => null);
        // Anything but an envelope (a proxy's page, a server's own error body): said as such, never a crash.
        if (!isEnvelope(body)) return { ok: false, error: { code: 'host.unexpected_answer', message: 'Unexpected answer.', params: { status: res.status } } };
        return body;
      } catch {
        return { ok: false, error: { code: 'host.not_answering', message: 'CaseDesk is not answering.' } };
      }
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener as (payload: never) => void);
      stream ??= openEventStream({ url: '/api/events', headers, onEvent: dispatch });
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
  };
}

function electronTransport(api: PreloadApi): Transport {
  return { call: (name, input) => api.call(name, input), on: (name, listener) => api.on(name, listener as (payload: unknown) => void) };
}

export const transport: Transport = typeof window !== 'undefined' && window.casedesk ? electronTransport(window.casedesk) : httpTransport();

/** An answer of the surface: {ok: true, value} or {ok: false, error: {code, …}}. */
export function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as { ok?: unknown; error?: { code?: unknown } | null };
  if (b.ok === true) return 'value' in b;
  return b.ok === false && typeof b.error === 'object' && b.error !== null && typeof b.error.code === 'string';
}
