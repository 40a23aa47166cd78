// What went wrong talking to the service, classified so sync and the UI can say it in plain words.
// Messages carry the method, the path (never a query string) and the status; never a token, a password
// or personal data from a body.

/**
 * - offline: the service was not reached (refused, DNS, unreachable), or the connection broke.
 * - timeout: no answer in time.
 * - server: 5xx or 429; try again later.
 * - client: another 4xx; the request itself was refused (403: not yours, 404: not there).
 * - auth: not signed in, sign-in refused, or the session expired (a 401 survived a refresh).
 * - contract: the answer does not match the service contract (a redirect, a body past its cap and a success
 *   that is not JSON included: see `reason`).
 */
export type FailureKind = 'offline' | 'timeout' | 'server' | 'client' | 'auth' | 'contract';

export interface ContractIssue {
  /** JSON path inside the answer, e.g. "results[3].id"; "(root)" for the whole body. */
  path: string;
  message: string;
}

/**
 * Failures that need more than a kind to be acted on, each with typed params: callers decide on
 * `reason` and `params`, never on message text.
 */
export interface FailureReasons {
  /** A 3xx answer, never followed. `locationHost` is host[:port] of its Location (never its path or query), null without a usable one. */
  redirect: { status: number; locationHost: string | null };
  /** The body grew past the client's cap for its kind of answer, in bytes. */
  'too-large': { limit: number; body: 'json' | 'recording' };
  /** A 2xx answer that must be JSON said another content type ('' when it said none). */
  'content-type': { contentType: string };
}
export type FailureReason = keyof FailureReasons;
/** A reason with its params, paired so one cannot come with the other's params. */
export type ReasonedFailure = { [R in FailureReason]: { reason: R; params: FailureReasons[R] } }[FailureReason];

export interface ServiceErrorInit {
  kind: FailureKind;
  /** Plain words; the method and path are prefixed when given. */
  message: string;
  /** The same in Spanish, for the agent (failures that have one). */
  messageEs?: string | undefined;
  failure?: ReasonedFailure | undefined;
  method?: string | undefined;
  path?: string | undefined;
  status?: number | undefined;
  ambiguous?: boolean | undefined;
  issues?: ContractIssue[] | undefined;
  /** Text the server gave (detail, error…), already scrubbed. */
  serverMessage?: string | undefined;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: FailureKind;
  readonly status?: number;
  /** The request may have reached the server (timeout or reset after sending): callers must not blindly resend writes. */
  readonly ambiguous: boolean;
  readonly issues?: ContractIssue[];
  readonly method?: string;
  /** URL path of the request, without its query string. */
  readonly path?: string;
  /** What the server said (its `detail`, `error`…), scrubbed of secrets and personal data. */
  readonly serverMessage?: string;
  /** The message in Spanish, when the failure has one. */
  readonly messageEs?: string;
  /** A stable code for failures that need one (see FailureReasons); narrow with hasReason(). */
  readonly reason?: FailureReason;
  readonly params?: FailureReasons[FailureReason];

  constructor(init: ServiceErrorInit) {
    const where = init.method && init.path ? `${init.method} ${init.path}: ` : '';
    super(`${where}${init.message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    if (init.messageEs !== undefined) this.messageEs = `${where}${init.messageEs}`;
    if (init.failure !== undefined) {
      this.reason = init.failure.reason;
      this.params = init.failure.params;
    }
    this.ambiguous = init.ambiguous ?? false;
    if (init.status !== undefined) this.status = init.status;
    if (init.issues !== undefined) this.issues = init.issues;
    if (init.method !== undefined) this.method = init.method;
    if (init.path !== undefined) this.path = init.path;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
  }
}

export function isServiceError(value: unknown, kind?: FailureKind): value is ServiceError {
  return value instanceof ServiceError && (kind === undefined || value.kind === kind);
}

/** A ServiceError with this reason, its params typed to match. */
export function hasReason<R extends FailureReason>(value: unknown, reason: R): value is ServiceError & { reason: R; params: FailureReasons[R] } {
  return value instanceof ServiceError && value.reason === reason;
}

/** Where a request went, for messages: the method and the URL path only. */
export interface RequestContext {
  method: string;
  path: string;
}

export function requestContext(method: string, url: string): RequestContext {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split('?')[0] ?? '';
  }
  return { method, path };
}

// ---------------------------------------------------------------------------------------------
// Network failures

/** Error codes meaning the request never left this machine or never reached the server. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const PLAIN_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'could not connect in time',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the other side',
  UND_ERR_CLOSED: 'connection closed',
};

/** Every `code` found on an error, its causes and (for AggregateError) its members. */
function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== 'object' || error === null) return [];
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const codes = typeof e.code === 'string' ? [e.code] : [];
  codes.push(...errorCodes(e.cause, depth + 1));
  if (Array.isArray(e.errors)) for (const member of e.errors) codes.push(...errorCodes(member, depth + 1));
  return codes;
}

/** A fetch that threw: offline (never sent, or broken after sending) or timeout. */
export function networkFailure(ctx: RequestContext, error: unknown, timedOut: boolean): ServiceError {
  if (error instanceof ServiceError) return error;
  if (timedOut) {
    return new ServiceError({ ...ctx, kind: 'timeout', ambiguous: true, message: 'no answer from the service in time', cause: error });
  }
  const codes = errorCodes(error);
  const neverSent = codes.length > 0 && codes.some((c) => NEVER_SENT.has(c)) && !codes.some((c) => !NEVER_SENT.has(c) && c in PLAIN_WORDS);
  const known = codes.find((c) => c in PLAIN_WORDS);
  const words = known ? PLAIN_WORDS[known] : 'the connection failed';
  return neverSent
    ? new ServiceError({ ...ctx, kind: 'offline', ambiguous: false, message: `could not reach the service (${words})`, cause: error })
    : new ServiceError({ ...ctx, kind: 'offline', ambiguous: true, message: `the connection broke before an answer came (${words}); the request may have reached the service`, cause: error });
}

// ---------------------------------------------------------------------------------------------
// HTTP answers

export function statusKind(status: number): FailureKind {
  if (status === 401) return 'auth';
  if (status === 429 || status >= 500) return 'server';
  if (status >= 400) return 'client';
  return 'contract';
}

const STATUS_WORDS: Record<number, string> = {
  400: 'the service refused the request',
  401: 'the service did not accept the session',
  403: 'not permitted for this account',
  404: 'not found',
  409: 'conflict with the current state',
  413: 'the request is too large for the service',
  429: 'too many requests; the service asks to slow down',
  500: 'the service failed',
  502: 'a gateway in front of the service failed',
  503: 'the service is unavailable',
  504: 'a gateway in front of the service timed out',
};

/**
 * A write the server (or a gateway) may have carried out although it answered with a failure.
 * 500/502/504 can come after the work was done; GETs have no effect to be unsure about.
 */
export function ambiguousAnswer(method: string, status: number): boolean {
  return method !== 'GET' && (status === 500 || status === 502 || status === 504);
}

/** A non-2xx answer as a ServiceError; `body` is the parsed JSON or the text of the answer. */
export function statusFailure(ctx: RequestContext, status: number, body: unknown, secrets: readonly string[] = []): ServiceError {
  const kind = statusKind(status);
  const said = serverText(body, secrets);
  const words = STATUS_WORDS[status] ?? (kind === 'contract' ? 'unexpected answer' : kind === 'server' ? 'the service failed' : 'the service refused the request');
  return new ServiceError({
    ...ctx,
    kind,
    status,
    ambiguous: ambiguousAnswer(ctx.method, status),
    message: `${words} (HTTP ${status})${said ? `: ${said}` : ''}`,
    serverMessage: said || undefined,
  });
}

/** The answer's body does not match the contract. Writes stay ambiguous: the server did answer, but what it did is unknown. */
export function contractFailure(ctx: RequestContext, found: ContractIssue[], what = 'the answer does not match the service contract'): ServiceError {
  // Paths can hold case codes (keys of upload answers), which may be personal identifiers.
  const issues = found.map((i) => ({ path: scrub(i.path), message: scrub(i.message) }));
  const shown = issues.slice(0, 5).map((i) => `${i.path} (${i.message})`).join('; ');
  const more = issues.length > 5 ? ` and ${issues.length - 5} more` : '';
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: ctx.method !== 'GET',
    issues,
    message: issues.length ? `${what}: ${shown}${more}` : what,
  });
}

/** host[:port] of a Location read against the request's URL; null when there is none or it is not a URL. */
export function locationHost(location: string | null, requestUrl: string): string | null {
  if (location === null || location.trim() === '') return null;
  try {
    // .host never holds the user-info, the path or the query, which may carry secrets.
    return new URL(location, requestUrl).host || null;
  } catch {
    return null;
  }
}

/**
 * A 3xx answer. Nothing is sent to the Location. A write answered 307/308 was, by those statuses'
 * meaning, not carried out ("repeat it there"), so it is not ambiguous; 300–306 (a 303 after a PUT is
 * the usual "done, see the result there") may come after the work was done, so a write stays ambiguous.
 */
export function redirectFailure(ctx: RequestContext, status: number, location: string | null, requestUrl: string): ServiceError {
  const host = locationHost(location, requestUrl);
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    status,
    ambiguous: ctx.method !== 'GET' && status !== 307 && status !== 308,
    failure: { reason: 'redirect', params: { status, locationHost: host } },
    message: host
      ? `the service answered with a redirect to ${host} (HTTP ${status}); CaseDesk does not follow redirects`
      : `the service answered with a redirect without a usable destination (HTTP ${status}); CaseDesk does not follow redirects`,
    messageEs: host
      ? `el servicio respondió con una redirección a ${host} (HTTP ${status}); CaseDesk no sigue redirecciones`
      : `el servicio respondió con una redirección sin un destino utilizable (HTTP ${status}); CaseDesk no sigue redirecciones`,
  });
}

const MIB = 1024 * 1024;
const sizeWords = (bytes: number) => (bytes >= MIB ? `${Math.round((bytes / MIB) * 10) / 10} MiB` : `${bytes} bytes`);

/** An answer's body past the cap. A write's answer cut short leaves what the service did unknown. */
export function tooLargeFailure(ctx: RequestContext, limit: number, body: 'json' | 'recording'): ServiceError {
  const what = body === 'recording' ? { en: 'the recording', es: 'la grabación' } : { en: 'the answer', es: 'la respuesta' };
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: ctx.method !== 'GET',
    failure: { reason: 'too-large', params: { limit, body } },
    message: `${what.en} is larger than CaseDesk accepts (over ${sizeWords(limit)}); it was not read to the end`,
    messageEs: `${what.es} es más grande de lo que CaseDesk acepta (más de ${sizeWords(limit)}); no se leyó completa`,
  });
}

/** The media type of a Content-Type header, lower-cased, without parameters; '' when none. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** application/json, or a structured +json type (application/problem+json…). */
export function isJsonType(contentType: string | null | undefined): boolean {
  const type = mediaType(contentType);
  return type === 'application/json' || /^application\/[\w.!#$&^-]+\+json$/.test(type);
}

/** A 2xx answer that must be JSON and says it is something else. Writes stay ambiguous, as for any contract failure. */
export function contentTypeFailure(ctx: RequestContext, contentType: string): ServiceError {
  const type = mediaType(contentType);
  // The server chose this text: show it only when it looks like a media type, and short.
  const shown = /^[\w.!#$&^+-]+\/[\w.!#$&^+-]+$/.test(type) && type.length <= 80 ? type : '';
  const said = shown ? { en: `is ${shown}`, es: `es ${shown}` } : { en: 'has no usable content type', es: 'no tiene un tipo de contenido utilizable' };
  const message = `the answer ${said.en}, not JSON as the service contract says`;
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: ctx.method !== 'GET',
    failure: { reason: 'content-type', params: { contentType: shown } },
    issues: [{ path: '(root)', message: shown ? `content type ${shown}, not JSON` : 'no content type' }],
    message,
    messageEs: `la respuesta ${said.es}, no JSON como dice el contrato del servicio`,
  });
}

/** zod issue paths as JSON paths: ["results", 3, "id"] → "results[3].id". */
export function jsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    const plain = /^[A-Za-z_$][\w$]*$/.test(name);
    if (!plain) return `${out}[${JSON.stringify(name)}]`;
    return out ? `${out}.${name}` : name;
  }, '');
}

// ---------------------------------------------------------------------------------------------
// What the server said, made safe to show

const MAX_SERVER_TEXT = 240;

/**
 * The human part of an error body: `detail`, `error`, `message`, a plain string, or DRF-style
 * field → messages. Scrubbed of secrets, tokens, e-mail addresses and phone-like numbers.
 */
export function serverText(body: unknown, secrets: readonly string[] = []): string {
  return scrub(rawServerText(body), secrets);
}

function rawServerText(body: unknown): string {
  if (typeof body === 'string') return body.trim().startsWith('<') ? '' : body.trim(); // an HTML error page says nothing useful
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const o = body as Record<string, unknown>;
  for (const key of ['detail', 'error', 'message']) {
    const value = o[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(o)) {
    const messages = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
    if (messages.length) parts.push(`${key}: ${messages.join(' ')}`);
  }
  return parts.join('; ');
}

/** Removes what must never be shown: the given secrets, JWT-like tokens, e-mail addresses, long digit runs (phones). */
export function scrub(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[hidden]');
  out = out
    .replace(/[\w-]{6,}\.[\w-]{6,}\.[\w-]{6,}/g, '[token]')
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g, '[e-mail]')
    .replace(/\+?\d(?:[ -]?\d){6,}/g, (run) => (/^\d{4}-\d{2}-\d{2}$/.test(run) ? run : '[number]'))
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_SERVER_TEXT ? `${out.slice(0, MAX_SERVER_TEXT - 1)}…` : out;
}
