// The three environments an agent can work in. Pure: shared with the renderer.
import { z } from 'zod';
import { ENVIRONMENTS } from './environment-names';
import type { FailureData } from './failures/failure';

export { ENVIRONMENTS };
export const Environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;

/** Hosts that never leave this machine: plain http is acceptable there and nowhere else. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A base URL the client may use: https, or http on loopback (the Demo service).
 * Returns the normalised URL (no trailing slash) or what is wrong, as a failure of the catalog (url.*).
 */
export function checkBaseUrl(text: string): { ok: true; url: string } | { ok: false; failure: FailureData } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, failure: { code: 'url.not_a_url', params: { text } } };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return { ok: false, failure: { code: 'url.not_https', params: { origin: url.origin } } };
  }
  if (url.username || url.password) return { ok: false, failure: { code: 'url.has_credentials', params: {} } };
  if (url.search || url.hash) return { ok: false, failure: { code: 'url.has_query', params: {} } };
  return { ok: true, url: url.toString().replace(/\/+$/, '') };
}

/** The built-in Demo service's account (public: it only exists on this machine's emulator). */
export const DEMO_ACCOUNT = { email: 'demo@casedesk.local', password: 'demo1234' } as const;
