// What went wrong talking to the service, classified so sync and the UI can say it in plain words.
// Messages carry the method, the path (never a query string) and the status; never a token, a password
// or personal data from a body. They are built from a fetch that threw by ./network-failure.ts and from
// an answer by ./answer-failures.ts; what the server said is made safe to show by ./server-text.ts.
import { Failure } from '../domain/failures/failure';

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
  /**
   * A list went on past the bound named by `limit` (ListLimits: max*), read as far as pages, items,
   * bytes and objects say: a service that answers every page with a new `next` must not fill the memory.
   */
  'unending-list': {
    limit: 'pages' | 'items' | 'bytes' | 'values';
    pages: number;
    items: number;
    bytes: number;
    values: number;
    maxPages: number;
    maxItems: number;
    maxBytes: number;
    maxValues: number;
  };
  /** The service was not reached, and why, in terms IT can act on (see NetworkProblem). */
  network: { problem: NetworkProblem; host: string; proxy: string | null; proxyStatus: number | null };
  /** The service refused the e-mail and password (any 4xx to the sign-in). */
  'sign-in': { status: number };
  /**
   * A recording's body fell below the slowest pace accepted (see RecordingPace) and was stopped:
   * `received` of `expected` bytes (null: not declared) after `elapsedMs`.
   */
  'too-slow': { minBytesPerSecond: number; graceMs: number; elapsedMs: number; received: number; expected: number | null };
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

/**
 * A request stopped by its caller's AbortSignal (a cancelled download): not a failure of the service,
 * so not a ServiceError; callers that cancelled recognise it with isCancelled().
 */
export class RequestCancelled extends Failure<'service.cancelled'> {
  constructor(ctx: RequestContext) {
    super('service.cancelled', { request: `${ctx.method} ${ctx.path}` });
    this.name = 'RequestCancelled';
  }
}

export const isCancelled = (value: unknown): value is RequestCancelled => value instanceof RequestCancelled;

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
