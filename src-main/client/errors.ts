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
  /** A list's next-page link was not followed: not a URL, to another origin (host[:port] only), or back to a page already read. */
  'next-link': { problem: 'not-a-url' | 'other-origin' | 'loop'; host: string | null };
  /** The service was not reached, and why, in terms IT can act on (see NetworkProblem). */
  network: { problem: NetworkProblem; host: string; proxy: string | null; proxyStatus: number | null };
  /** The service refused the e-mail and password (any 4xx to the sign-in). */
  'sign-in': { status: number };
}

/**
 * Why a request did not reach the service. tls-*: its certificate (untrusted: signed by a CA this
 * computer does not trust, as a TLS-inspecting proxy's is until IT adds it); proxy-*: the proxy of
 * HTTPS_PROXY (or the system's); connection: refused, reset or unreachable.
 */
export type NetworkProblem =
  | 'dns'
  | 'refused'
  | 'unreachable'
  | 'connect-timeout'
  | 'tls-untrusted'
  | 'tls-expired'
  | 'tls-wrong-name'
  | 'tls-failed'
  | 'proxy-auth'
  | 'proxy-refused'
  | 'proxy-unreachable'
  | 'connection';
export type FailureReason = keyof FailureReasons;
/** A reason with its params, paired so one cannot come with the other's params. */
export type ReasonedFailure = { [R in FailureReason]: { reason: R; params: FailureReasons[R] } }[FailureReason];

export interface ServiceErrorInit {
  kind: FailureKind;
  /** Plain words; the method and path are prefixed when given. */
  message: string;
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
  /** A stable code for failures that need one (see FailureReasons); narrow with hasReason(). */
  readonly reason?: FailureReason;
  readonly params?: FailureReasons[FailureReason];

  constructor(init: ServiceErrorInit) {
    const where = init.method && init.path ? `${init.method} ${init.path}: ` : '';
    super(`${where}${init.message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
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

/** Where a request went, for messages: the method and the URL path only (and, apart, the host). */
export interface RequestContext {
  method: string;
  path: string;
  /** host[:port] of the service, for network failures. */
  host?: string;
}

export function requestContext(method: string, url: string): RequestContext {
  let path = url;
  let host: string | undefined;
  try {
    const parsed = new URL(url);
    path = parsed.pathname;
    host = parsed.host;
  } catch {
    path = url.split('?')[0] ?? '';
  }
  return host === undefined ? { method, path } : { method, path, host };
}

// ---------------------------------------------------------------------------------------------
// Network failures

/** Error codes (Node's, undici's, and CASEDESK_* of our proxy and Chromium adapters) by problem. */
const PROBLEM_OF_CODE: Record<string, NetworkProblem> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NONAME: 'dns',
  ECONNREFUSED: 'refused',
  ENETUNREACH: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connect-timeout',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'tls-untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'tls-untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls-untrusted',
  CERT_UNTRUSTED: 'tls-untrusted',
  CERT_SIGNATURE_FAILURE: 'tls-untrusted',
  CERT_HAS_EXPIRED: 'tls-expired',
  CERT_NOT_YET_VALID: 'tls-expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls-wrong-name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'tls-failed',
  EPROTO: 'tls-failed',
  CASEDESK_PROXY_AUTH: 'proxy-auth',
  CASEDESK_PROXY_REFUSED: 'proxy-refused',
  CASEDESK_PROXY_UNREACHABLE: 'proxy-unreachable',
  CASEDESK_DNS: 'dns',
  CASEDESK_REFUSED: 'refused',
  CASEDESK_UNREACHABLE: 'unreachable',
  CASEDESK_CONNECT_TIMEOUT: 'connect-timeout',
  CASEDESK_TLS_UNTRUSTED: 'tls-untrusted',
  CASEDESK_TLS_EXPIRED: 'tls-expired',
  CASEDESK_TLS_WRONG_NAME: 'tls-wrong-name',
  CASEDESK_TLS_FAILED: 'tls-failed',
  CASEDESK_CONNECTION: 'connection',
};

/** Codes of a connection that broke after the request may have been sent. */
const BROKEN_AFTER_SENDING = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'CASEDESK_CONNECTION']);

/** What each problem means, for the person who can fix it (the agent, or IT). */
const PROBLEM_WORDS: Record<NetworkProblem, (p: FailureReasons['network']) => string> = {
  dns: (p) => `the name ${p.host} could not be found (DNS): check the address and this computer's network`,
  refused: (p) => `${p.host} refused the connection: the service is not listening there`,
  unreachable: (p) => `${p.host} cannot be reached from this network`,
  'connect-timeout': (p) => `${p.host} did not accept a connection in time`,
  'tls-untrusted': (p) =>
    `the certificate of ${p.host} is not trusted: it is signed by a CA this computer does not trust (a TLS-inspecting proxy's CA must be given in NODE_EXTRA_CA_CERTS or the policy's ca_file)`,
  'tls-expired': (p) => `the certificate of ${p.host} has expired or is not valid yet (check this computer's date and time)`,
  'tls-wrong-name': (p) => `the certificate presented for ${p.host} is for another name`,
  'tls-failed': (p) => `a secure (TLS) connection to ${p.host} could not be set up`,
  'proxy-auth': (p) =>
    `the proxy ${p.proxy ?? ''} asks for authentication (HTTP 407): give its user and password in HTTPS_PROXY, as http://user:password@host:port`,
  'proxy-refused': (p) => `the proxy ${p.proxy ?? ''} refused to open a connection to ${p.host} (HTTP ${p.proxyStatus ?? '?'})`,
  'proxy-unreachable': (p) => `the proxy ${p.proxy ?? ''} could not be reached: check HTTPS_PROXY / HTTP_PROXY and NO_PROXY`,
  connection: (p) => `the connection to ${p.host} broke`,
};

interface FoundCodes {
  codes: string[];
  proxy: { host: string; status: number | null } | null;
}

/** Every `code` found on an error, its causes and (for AggregateError) its members; and a proxy's answer. */
function errorCodes(error: unknown, found: FoundCodes = { codes: [], proxy: null }, depth = 0): FoundCodes {
  if (depth > 5 || typeof error !== 'object' || error === null) return found;
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown; proxyHost?: unknown; status?: unknown };
  if (typeof e.code === 'string') found.codes.push(e.code);
  if (typeof e.proxyHost === 'string' && found.proxy === null) found.proxy = { host: e.proxyHost, status: typeof e.status === 'number' ? e.status : null };
  errorCodes(e.cause, found, depth + 1);
  if (Array.isArray(e.errors)) for (const member of e.errors) errorCodes(member, found, depth + 1);
  return found;
}

/** A fetch that threw: offline (never sent, or broken after sending) or timeout. */
export function networkFailure(ctx: RequestContext, error: unknown, timedOut: boolean): ServiceError {
  if (error instanceof ServiceError) return error;
  if (timedOut) {
    return new ServiceError({ ...ctx, kind: 'timeout', ambiguous: true, message: 'no answer from the service in time', cause: error });
  }
  const found = errorCodes(error);
  // The first known code is the nearest to the cause: a proxy's refusal before the socket it closed.
  const known = found.codes.find((c) => c in PROBLEM_OF_CODE);
  const broken = found.codes.some((c) => BROKEN_AFTER_SENDING.has(c));
  const problem: NetworkProblem = known ? (PROBLEM_OF_CODE[known] as NetworkProblem) : 'connection';
  const params: FailureReasons['network'] = { problem, host: ctx.host ?? '', proxy: found.proxy?.host ?? null, proxyStatus: found.proxy?.status ?? null };
  const words = PROBLEM_WORDS[problem](params);
  // Nothing was sent when the connection (to the proxy, DNS, TLS) never opened.
  const neverSent = known !== undefined && problem !== 'connection' && !broken;
  return neverSent
    ? new ServiceError({
        ...ctx,
        kind: 'offline',
        ambiguous: false,
        failure: { reason: 'network', params },
        message: `could not reach the service: ${words}`,
        cause: error,
      })
    : new ServiceError({
        ...ctx,
        kind: 'offline',
        ambiguous: true,
        failure: { reason: 'network', params: { ...params, problem: 'connection' } },
        message: `the connection broke before an answer came (${known && problem !== 'connection' ? words : 'connection closed'}); the request may have reached the service`,
        cause: error,
      });
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
  const words =
    STATUS_WORDS[status] ?? (kind === 'contract' ? 'unexpected answer' : kind === 'server' ? 'the service failed' : 'the service refused the request');
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
export function contractFailure(
  ctx: RequestContext,
  found: ContractIssue[],
  what = 'the answer does not match the service contract',
  failure?: ReasonedFailure,
): ServiceError {
  // Paths can hold case codes (keys of upload answers), which may be personal identifiers.
  const issues = found.map((i) => ({ path: scrub(i.path), message: scrub(i.message) }));
  const shown = issues
    .slice(0, 5)
    .map((i) => `${i.path} (${i.message})`)
    .join('; ');
  const more = issues.length > 5 ? ` and ${issues.length - 5} more` : '';
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: ctx.method !== 'GET',
    issues,
    failure,
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
  });
}

const MIB = 1024 * 1024;
const sizeWords = (bytes: number) => (bytes >= MIB ? `${Math.round((bytes / MIB) * 10) / 10} MiB` : `${bytes} bytes`);

/** An answer's body past the cap. A write's answer cut short leaves what the service did unknown. */
export function tooLargeFailure(ctx: RequestContext, limit: number, body: 'json' | 'recording'): ServiceError {
  const what = body === 'recording' ? 'the recording' : 'the answer';
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: ctx.method !== 'GET',
    failure: { reason: 'too-large', params: { limit, body } },
    message: `${what} is larger than CaseDesk accepts (over ${sizeWords(limit)}); it was not read to the end`,
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
  const message = `the answer ${shown ? `is ${shown}` : 'has no usable content type'}, not JSON as the service contract says`;
  return new ServiceError({
    ...ctx,
    kind: 'contract',
    ambiguous: ctx.method !== 'GET',
    failure: { reason: 'content-type', params: { contentType: shown } },
    issues: [{ path: '(root)', message: shown ? `content type ${shown}, not JSON` : 'no content type' }],
    message,
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
