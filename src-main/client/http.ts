// The one place that calls fetch: deadlines, network-failure classification, reading and checking bodies.
import type { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { contractFailure, jsonPath, networkFailure, statusFailure, type RequestContext } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Sent on every request (SPEC-GAPS row 34: no version negotiation, so say who we are). */
export const DEFAULT_USER_AGENT = `CaseDesk/${pkg.version}`;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** An abort timer that can be re-armed: a whole request for JSON, each chunk for a download. */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  timedOut = false;

  constructor(private readonly ms: number) {
    this.arm();
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
}

export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** fetch, with every throw turned into a classified ServiceError. */
export async function send(fetchFn: FetchLike, out: Outgoing, deadline: Deadline, ctx: RequestContext): Promise<Response> {
  try {
    return await fetchFn(out.url, { method: out.method, headers: out.headers, body: out.body, signal: deadline.signal, redirect: 'follow' });
  } catch (error) {
    deadline.clear();
    throw networkFailure(ctx, error, deadline.timedOut);
  }
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

/** Reads the whole body (under the same deadline) and parses JSON when it is JSON. */
export async function readAnswer(res: Response, deadline: Deadline, ctx: RequestContext): Promise<Answer> {
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw networkFailure(ctx, error, deadline.timedOut);
  } finally {
    deadline.clear();
  }
  const contentType = res.headers.get('content-type') ?? '';
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
  if (!answer.isJson) throw contractFailure(ctx, [{ path: '(root)', message: answer.text.trim() ? 'the body is not JSON' : 'the body is empty' }]);
  return parseWith(schema, answer.body, ctx);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, ctx: RequestContext): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw contractFailure(
    ctx,
    parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message })),
  );
}

/** baseUrl + a contract path ("/api/v2/…"), keeping any path prefix of the base. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
