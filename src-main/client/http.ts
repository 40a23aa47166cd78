// The one place that calls fetch: deadlines, network-failure classification, redirects refused,
// bodies read under a cap and checked.
import type { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { contentTypeFailure, contractFailure, isJsonType, jsonPath, redirectFailure, statusFailure, tooLargeFailure } from './answer-failures';
import { RequestCancelled, type RequestContext, type ServiceError } from './errors';
import { networkFailure } from './network-failure';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Sent on every request (SPEC-GAPS row 34: no version negotiation, so say who we are). */
export const DEFAULT_USER_AGENT = `CaseDesk/${pkg.version}`;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Caps on the bytes of an answer's body (after any Content-Encoding is undone). */
export interface BodyLimits {
  /** Any answer read as a whole: JSON, and error bodies. */
  json: number;
  /** A recording, streamed to disk. */
  recording: number;
}

const MIB = 1024 * 1024;
/**
 * A 1000-item page (the emulator's largest) is about 0.35 MB of campaign cases or 1.8 MB of inbound
 * cases with transcripts; 32 MiB leaves a real service's richer pages ample room. 100 MiB of
 * recording is over an hour and a half of 8 kHz telephone WAV.
 */
export const DEFAULT_BODY_LIMITS: Readonly<BodyLimits> = { json: 32 * MIB, recording: 100 * MIB };

export function bodyLimits(given: { json?: number | undefined; recording?: number | undefined } = {}): BodyLimits {
  const limits = { json: given.json ?? DEFAULT_BODY_LIMITS.json, recording: given.recording ?? DEFAULT_BODY_LIMITS.recording };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`body limit "${name}" must be a positive whole number of bytes`);
  }
  return limits;
}

/**
 * An abort timer that can be re-armed (a whole request for JSON, each chunk for a download), and
 * the caller's own signal, when it gives one: either stops the request, and says which did.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private detach: () => void = () => undefined;
  timedOut = false;
  /** The caller's signal stopped the request (a cancelled download). */
  cancelled = false;

  constructor(
    private readonly ms: number,
    outer?: AbortSignal,
  ) {
    if (outer) {
      const onAbort = () => {
        this.cancelled = true;
        this.abort(outer.reason);
      };
      if (outer.aborted) onAbort();
      else {
        outer.addEventListener('abort', onAbort, { once: true });
        // A download's signal outlives its many requests: each takes its listener off when done.
        this.detach = () => outer.removeEventListener('abort', onAbort);
      }
    }
    if (!this.cancelled) this.arm();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  arm(): void {
    this.clear();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('request timed out'));
    }, this.ms);
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Stops the request now (its reader decided: a body too slow, or the caller's signal). */
  abort(reason?: unknown): void {
    this.clear();
    this.controller.abort(reason);
  }

  /** Done with the request: no timer, and the caller's signal no longer watched. */
  release(): void {
    this.clear();
    this.detach();
    this.detach = () => undefined;
  }
}

/** A fetch or a body read that threw: cancelled by the caller, else a network failure or a timeout. */
export function stoppedFailure(ctx: RequestContext, error: unknown, deadline: Deadline): ServiceError | RequestCancelled {
  if (deadline.cancelled) return new RequestCancelled(ctx);
  return networkFailure(ctx, error, deadline.timedOut);
}

export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * fetch, with every throw turned into a classified ServiceError. A redirect is never followed: a
 * 307/308 would re-send the credentials or the cases to wherever the Location says.
 */
export async function send(fetchFn: FetchLike, out: Outgoing, deadline: Deadline, ctx: RequestContext): Promise<Response> {
  let res: Response;
  try {
    res = await fetchFn(out.url, { method: out.method, headers: out.headers, body: out.body, signal: deadline.signal, redirect: 'manual' });
  } catch (error) {
    deadline.release();
    throw stoppedFailure(ctx, error, deadline);
  }
  // Chromium's fetch answers a refused redirect as an opaque one (status 0): still a redirect.
  if (isRedirect(res.status) || res.type === 'opaqueredirect') {
    deadline.release();
    await discard(res);
    throw redirectFailure(ctx, res.status, res.headers.get('location'), out.url);
  }
  return res;
}

/** Content-Length when it counts the body's bytes as read (not with a Content-Encoding); else null. */
export function declaredLength(res: Response): number | null {
  if (res.headers.get('content-encoding')) return null;
  const header = res.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** Parsed JSON; the text itself when the body is not JSON; undefined when empty. */
  body: unknown;
  /** True when the body parsed as JSON. */
  isJson: boolean;
}

/** The body's bytes, or null as soon as they pass `limit` (the rest is never read). */
async function readCapped(res: Response, limit: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size);
}

/**
 * Reads the whole body (under the same deadline) up to `limit` bytes and parses JSON when it is JSON.
 * A 2xx body past the limit is a 'too-large' failure; an error body past it is dropped (its status
 * says what matters).
 */
export async function readAnswer(res: Response, deadline: Deadline, ctx: RequestContext, limit: number): Promise<Answer> {
  const contentType = res.headers.get('content-type') ?? '';
  const declared = declaredLength(res);
  let bytes: Uint8Array | null = null;
  try {
    if (declared === null || declared <= limit) bytes = await readCapped(res, limit);
    else await discard(res);
  } catch (error) {
    throw stoppedFailure(ctx, error, deadline);
  } finally {
    deadline.release();
  }
  if (bytes === null) {
    if (isOk(res.status)) throw tooLargeFailure(ctx, limit, 'json');
    return { status: res.status, contentType, text: '', body: undefined, isJson: false };
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return { status: res.status, contentType, text, body: undefined, isJson: false };
  try {
    // Plain JSON.parse: keys such as "__proto__" stay own properties (case codes are data).
    return { status: res.status, contentType, text, body: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { status: res.status, contentType, text, body: text, isJson: false };
  }
}

/** Drops a body we do not need, so the connection can be reused. */
export async function discard(res: Response): Promise<void> {
  try {
    await res.body?.cancel();
  } catch {
    // nothing to do: the body is gone either way
  }
}

export const isOk = (status: number) => status >= 200 && status < 300;

/** A 2xx answer checked against its schema (loose: unknown fields kept); else a classified ServiceError. */
export function expectOk<S extends z.ZodType>(answer: Answer, schema: S, ctx: RequestContext, secrets: readonly string[] = []): z.output<S> {
  if (!isOk(answer.status)) throw statusFailure(ctx, answer.status, answer.body, secrets);
  if (answer.text.trim() === '') throw contractFailure(ctx, [{ path: '(root)', message: 'the body is empty' }]);
  // A page that is not JSON (a proxy's sign-in page, say) is not read as if it were.
  if (!isJsonType(answer.contentType)) throw contentTypeFailure(ctx, answer.contentType);
  if (!answer.isJson) throw contractFailure(ctx, [{ path: '(root)', message: 'the body is not JSON' }]);
  return parseWith(schema, answer.body, ctx);
}

/** Issues a contract failure keeps: a hostile page of 200,000 bad entries says what is wrong with the first ones and how many in all. */
export const CONTRACT_ISSUES_KEPT = 50;

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, ctx: RequestContext): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const all = parsed.error.issues;
  throw contractFailure(
    ctx,
    all.slice(0, CONTRACT_ISSUES_KEPT).map((issue) => ({ path: jsonPath(issue.path), message: issue.message })),
    undefined,
    undefined,
    all.length,
  );
}

/** baseUrl + a contract path ("/api/v2/…"), keeping any path prefix of the base. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
