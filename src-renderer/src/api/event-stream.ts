// The browser host's progress events, read with fetch so the launch token goes in a header
// (EventSource cannot send one, and a long-lived token must not ride in a URL). The stream is in
// the server-sent events format; a dropped stream is opened again, a refused one is not.

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits server-sent-event text, fed in arbitrary chunks, into events. Only what the host sends is
 * understood: `event:` and `data:` lines, blank-line separated; comments (`: ping`) are skipped.
 */
export function createEventParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    let end = buffer.search(/\r\n|\r|\n/);
    // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
    while (end >= 0 && !(buffer[end] === '\r' && end === buffer.length - 1)) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1);
      if (line === '') {
        if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
        name = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
      end = buffer.search(/\r\n|\r|\n/);
    }
  };
}

export interface EventStreamOptions {
  url: string;
  headers: () => Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  fetch?: typeof fetch;
  /** Waits between attempts after a drop (ms), growing to the last one. */
  retryDelays?: readonly number[];
}

const RETRY_DELAYS = [500, 1000, 2000, 5000];

/** Keeps the stream open until `close()`; answers 401/403/421 (not this page's to open) end it. */
export function openEventStream(options: EventStreamOptions): { close(): void } {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const delays = options.retryDelays ?? RETRY_DELAYS;
  let closed = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));
  // Back online: try at once instead of waiting out the delay.
  const onOnline = () => wake?.();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  void (async () => {
    while (!closed) {
      controller = new AbortController();
      try {
        const res = await fetchFn(options.url, { headers: options.headers(), signal: controller.signal, cache: 'no-store' });
        if (res.status === 401 || res.status === 403 || res.status === 421) break;
        if (res.ok && res.body) {
          const parse = createEventParser(options.onEvent);
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          failures = 0;
          for (let part = await reader.read(); !part.done; part = await reader.read()) parse(part.value);
        }
      } catch {
        // Dropped (offline, the host restarting, the page leaving): try again below.
      }
      if (closed) break;
      await pause(delays[Math.min(failures, delays.length - 1)] ?? 1000);
      failures += 1;
    }
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  })();

  return {
    close() {
      closed = true;
      controller?.abort();
      wake?.();
    },
  };
}
