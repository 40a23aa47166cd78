// Who may talk to the emulator. A web page must not: by DNS rebinding (its own name pointed at
// 127.0.0.1, so only the Host header tells) it could sign in to Demo with the public password and
// read or load debtors; by a cross-site request it could drive the fault controls. Pure functions of
// the request's headers and peer, so they are tested on their own.

/** What a refused request gets: the status and a small `{detail}` body, as the service's errors look. */
export interface Refusal {
  status: number;
  detail: string;
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** `name`, `name:port`, `[v6]` or `[v6]:port` as lower-case `name` and a port (80 when the header has none). */
export function parseHost(value: string): { name: string; port: number } | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?))(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return null;
  const name = (match[1] ?? match[2] ?? '').toLowerCase();
  const port = match[3] === undefined ? 80 : Number(match[3]);
  return name && port <= 65_535 ? { name, port } : null;
}

const key = (name: string, port: number) => `${name}:${port}`;

/**
 * The Host values the emulator answers: the address it listens on; 127.0.0.1, localhost and [::1]
 * when that address is loopback (or every interface, which includes loopback); and the names given
 * (`name` on our port, or `name:port` as written, for a proxy or a port mapping in front of it).
 */
export function allowedHosts(bindHost: string, port: number, extra: readonly string[] = []): Set<string> {
  const allowed = new Set<string>();
  const bind = bindHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (!WILDCARD.has(bind)) allowed.add(key(bind, port));
  if (WILDCARD.has(bind) || isLoopbackName(bind)) for (const name of ['127.0.0.1', 'localhost', '::1']) allowed.add(key(name, port));
  for (const entry of extra) {
    const parsed = parseHost(entry);
    if (!parsed) throw new Error(`not a host name: ${JSON.stringify(entry)}`);
    allowed.add(key(parsed.name, /:\d+$/.test(entry.trim()) ? parsed.port : port));
  }
  return allowed;
}

export function checkHost(hostHeader: string | undefined, allowed: ReadonlySet<string>): Refusal | null {
  const parsed = parseHost(hostHeader ?? '');
  if (parsed && allowed.has(key(parsed.name, parsed.port))) return null;
  return { status: 421, detail: 'Misdirected request: this emulator does not answer to that Host.' };
}

function isLoopbackPeer(address: string | undefined): boolean {
  const plain = (address ?? '').replace(/^::ffff:/i, '');
  return plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain);
}

/**
 * The fault controls (served only with --faults) answer programs on this machine, never a browser:
 * no Origin (every cross-site request a page can make carries one, except simple GETs), no
 * Sec-Fetch-Site other than same-origin or none, and a POST only as JSON (a form or a no-cors fetch
 * cannot send that content type without a CORS preflight, which is never granted).
 */
export function checkControlRequest(request: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  peer: string | undefined;
}): Refusal | null {
  if (!isLoopbackPeer(request.peer)) return { status: 403, detail: 'The fault controls answer this machine only.' };
  if (request.headers.origin !== undefined) return { status: 403, detail: 'The fault controls do not answer web pages.' };
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return { status: 403, detail: 'The fault controls do not answer web pages.' };
  if (request.method !== 'GET') {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (type !== 'application/json') return { status: 415, detail: 'The fault controls take application/json only.' };
  }
  return null;
}
