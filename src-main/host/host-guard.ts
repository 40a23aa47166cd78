// The browser host's gate: a per-launch token, and Host / Origin checks against DNS rebinding and
// cross-site requests. Pure functions of the request's headers, so they are tested on their own.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_COOKIE = 'casedesk_token';
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

export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export type Verdict = { ok: true } | { ok: false; status: number; reason: string };

/**
 * Every request: the Host must be ours (a rebound DNS name is refused); a request that carries an
 * Origin must come from our own page; the token must be in the cookie or the header.
 */
export function checkRequest(headers: Record<string, string | string[] | undefined>, port: number, token: string): Verdict {
  const host = String(headers.host ?? '');
  if (!allowedHosts(port).has(host)) return { ok: false, status: 421, reason: 'unknown host' };
  const origin = headers.origin;
  if (origin !== undefined && !allowedOrigins(port).has(String(origin))) return { ok: false, status: 403, reason: 'foreign origin' };
  const given = (headers[TOKEN_HEADER] as string | undefined) ?? cookieValue(headers.cookie as string | undefined, TOKEN_COOKIE);
  if (!sameToken(given, token)) return { ok: false, status: 401, reason: 'missing or wrong token' };
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
