// An HTTP answer that is not the one asked for, as a ServiceError: a failure status, a redirect, a
// body past its cap, a success that is not JSON, a body that breaks the contract.
import { ServiceError, type ContractIssue, type FailureKind, type ReasonedFailure, type RequestContext } from './errors';
import { scrub, serverText } from './server-text';

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
  /** How many issues there were, when `found` holds only the first of them. */
  total = found.length,
): ServiceError {
  // Paths can hold case codes (keys of upload answers), which may be personal identifiers.
  const issues = found.map((i) => ({ path: scrub(i.path), message: scrub(i.message) }));
  const shown = issues
    .slice(0, 5)
    .map((i) => `${i.path} (${i.message})`)
    .join('; ');
  const more = total > 5 ? ` and ${total - 5} more` : '';
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

/** A recording whose body came slower than the pace's floor, stopped part-way. Only GETs download recordings. */
export function tooSlowFailure(
  ctx: RequestContext,
  pace: { minBytesPerSecond: number; graceMs: number },
  elapsedMs: number,
  received: number,
  expected: number | null,
): ServiceError {
  const { minBytesPerSecond, graceMs } = pace;
  return new ServiceError({
    ...ctx,
    kind: 'timeout',
    ambiguous: false,
    failure: { reason: 'too-slow', params: { minBytesPerSecond, graceMs, elapsedMs, received, expected } },
    message: `the recording came too slowly (${received}${expected === null ? '' : ` of ${expected}`} bytes in ${Math.round(elapsedMs / 1000)} s, under ${minBytesPerSecond} bytes/s); it was stopped`,
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
