// The browser host's gate: Host / Origin checks against DNS rebinding and cross-site requests on
// every request, and the per-launch token in a header on every /api/ request. Pure functions of the
// request's headers, so they are tested on their own.
//
// The token never lives in a cookie: cookies are not separated by port, so a cookie set by
// 127.0.0.1:PORT is sent to every other program listening on 127.0.0.1. The page keeps the token
// itself (sessionStorage is per origin, port included) and sends it as a header.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_HEADER = 'x-casedesk-token';

export function newLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Host names a page served from this machine may use. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

export function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type Verdict = { ok: true } | { ok: false; status: number; reason: string };

type Headers = Record<string, string | string[] | undefined>;

/**
 * Every request, the public page's files included: the Host must be ours (a rebound DNS name is
 * refused) and a request that carries an Origin must come from our own page.
 */
export function checkSite(headers: Headers, port: number): Verdict {
  const host = String(headers.host ?? '');
  if (!allowedHosts(port).has(host)) return { ok: false, status: 421, reason: 'unknown host' };
  const origin = headers.origin;
  if (origin !== undefined && !allowedOrigins(port).has(String(origin))) return { ok: false, status: 403, reason: 'foreign origin' };
  return { ok: true };
}

/**
 * Every /api/ request: the site checks, then the launch token in the `x-casedesk-token` header.
 * A Cookie header is never read: no cookie can open the API, whoever set it.
 */
export function checkApiRequest(headers: Headers, port: number, token: string): Verdict {
  const site = checkSite(headers, port);
  if (!site.ok) return site;
  const given = headers[TOKEN_HEADER];
  if (typeof given !== 'string' || !sameToken(given, token)) return { ok: false, status: 401, reason: 'missing or wrong token' };
  return { ok: true };
}

/** The browser host's Content-Security-Policy: nothing but this origin; no frames, no plugins. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // PrimeVue's styled mode injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
