// Small pieces every route of the emulator's HTTP layer uses: auth, ownership, pagination links.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { closeIfBodyPending } from './body-limits';
import type { TokenGenerations, TokenSettings } from './tokens';
import { verifyToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    userId: number;
  }
}

export const INVALID_TOKEN = { token: 'Token is invalid or expired' };
export const NOT_FOUND = { detail: 'Not found.' };

/**
 * onRequest hook: a valid access token in `Authorization: Bearer …`, else 401 `{token}`, before any
 * of the body is read (an upload's large cap is for signed-in users only).
 */
export function bearerAuth(settings: TokenSettings, gens: TokenGenerations) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/.exec(header);
    const userId = match?.[1] ? await verifyToken(settings, gens, match[1], 'access') : null;
    if (userId === null) {
      closeIfBodyPending(request, reply);
      return reply.code(401).send(INVALID_TOKEN);
    }
    request.userId = userId;
  };
}

/** Absolute origin as the client reached us, so `next` links work through any host name. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export interface OffsetQuery {
  limit: number;
  offset: number;
}

export function readOffsetQuery(query: unknown, defaultLimit: number): OffsetQuery {
  const q = (query ?? {}) as Record<string, string | undefined>;
  const limit = clampInt(q.limit, defaultLimit, 1, 1000);
  const offset = clampInt(q.offset, 0, 0, Number.MAX_SAFE_INTEGER);
  return { limit, offset };
}

function clampInt(text: string | undefined, fallback: number, min: number, max: number): number {
  const n = text === undefined ? NaN : Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** `next` / `previous` of an offset page, keeping the request's other query parameters. */
export function offsetLinks(request: FastifyRequest, page: OffsetQuery, count: number): { next: string | null; previous: string | null } {
  const url = new URL(request.url, originOf(request));
  const link = (offset: number) => {
    const u = new URL(url);
    u.searchParams.set('limit', String(page.limit));
    if (offset > 0) u.searchParams.set('offset', String(offset));
    else u.searchParams.delete('offset');
    return u.toString();
  };
  return {
    next: page.offset + page.limit < count ? link(page.offset + page.limit) : null,
    previous: page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null,
  };
}

export function positiveIntParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}
