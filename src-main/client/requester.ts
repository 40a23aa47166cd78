// Authorized requests: Bearer token from the session, one refresh and one retry after a 401,
// a deadline per attempt, the User-Agent on every request.
import type { z } from 'zod';
import { ACCESS_AUTH_SCHEME } from '../contract';
import { requestContext, ServiceError, type RequestContext } from './errors';
import { Deadline, discard, expectOk, joinUrl, readAnswer, send, type Answer, type BodyLimits, type FetchLike } from './http';
import type { TokenSource } from './session';

export interface Opened {
  res: Response;
  /** The access token the answer was given to: a secret to scrub from anything shown. */
  token: string;
  /** Still armed: whoever reads the body re-arms it, and releases it when done. */
  deadline: Deadline;
  ctx: RequestContext;
}

export interface OpenInit {
  body?: string;
  accept?: string;
  /** The caller's: stops the request, the reading of its body, and its wait for a token refresh, when aborted. */
  signal?: AbortSignal | undefined;
}

export interface Requester {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly limits: BodyLimits;
  url(path: string): string;
  /** Any answer but a 401 (which is refreshed once and retried once, then thrown as kind 'auth'). */
  open(method: string, url: string, init?: OpenInit): Promise<Opened>;
  /** open() and read the whole body, up to the JSON limit. */
  answer(method: string, url: string, init?: { body?: string }): Promise<{ answer: Answer; ctx: RequestContext; secrets: string[] }>;
  /** A 2xx answer parsed with the schema; anything else throws a classified ServiceError. */
  json<S extends z.ZodType>(method: string, url: string, schema: S, init?: { body?: string }): Promise<z.output<S>>;
}

export function createRequester(options: {
  baseUrl: string;
  session: TokenSource;
  timeoutMs: number;
  userAgent: string;
  limits: BodyLimits;
  fetch: FetchLike;
}): Requester {
  const { session, timeoutMs, userAgent, baseUrl, limits } = options;

  async function open(method: string, url: string, init: OpenInit = {}): Promise<Opened> {
    const ctx = requestContext(method, url);
    let token = await session.accessToken(init.signal);
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `${ACCESS_AUTH_SCHEME} ${token}`,
        accept: init.accept ?? 'application/json',
        'user-agent': userAgent,
      };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const deadline = new Deadline(timeoutMs, init.signal);
      const res = await send(options.fetch, { method, url, headers, body: init.body }, deadline, ctx);
      if (res.status !== 401) return { res, deadline, ctx, token };
      // Any 401 (the spec's {token}, or a framework's {detail}) means the token was not accepted.
      deadline.release();
      await discard(res);
      if (attempt === 2) {
        throw new ServiceError({ ...ctx, kind: 'auth', status: 401, message: 'the service did not accept the session, even after refreshing it (HTTP 401)' });
      }
      token = await session.refreshAfterUnauthorized(token, init.signal);
    }
  }

  async function answer(method: string, url: string, init: { body?: string } = {}) {
    const { res, deadline, ctx, token } = await open(method, url, init);
    return { answer: await readAnswer(res, deadline, ctx, limits.json), ctx, secrets: [token] };
  }

  return {
    baseUrl,
    timeoutMs,
    limits,
    url: (path) => joinUrl(baseUrl, path),
    open,
    answer,
    async json(method, url, schema, init) {
      const got = await answer(method, url, init);
      return expectOk(got.answer, schema, got.ctx, got.secrets);
    },
  };
}
