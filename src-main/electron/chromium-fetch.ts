// The service reached through Chromium's network stack (Electron's net.fetch): the system's proxy
// settings, PAC files and the OS certificate store, as every other app on the PC. A failure arrives
// as an Error whose only datum is Chromium's error name (net::ERR_…, stable: net_error_list.h); it is
// read here, once, into the codes the client classifies. No Electron import: tested in plain Node.
import type { FetchLike } from '../client';

/** Chromium's error names, by the client's problem codes (see client/network-failure.ts). */
const CODE_OF_CHROMIUM_ERROR: Record<string, string> = {
  ERR_NAME_NOT_RESOLVED: 'CASEDESK_DNS',
  ERR_NAME_RESOLUTION_FAILED: 'CASEDESK_DNS',
  ERR_CONNECTION_REFUSED: 'CASEDESK_REFUSED',
  ERR_ADDRESS_UNREACHABLE: 'CASEDESK_UNREACHABLE',
  ERR_INTERNET_DISCONNECTED: 'CASEDESK_UNREACHABLE',
  ERR_NETWORK_ACCESS_DENIED: 'CASEDESK_UNREACHABLE',
  ERR_CONNECTION_TIMED_OUT: 'CASEDESK_CONNECT_TIMEOUT',
  ERR_CERT_AUTHORITY_INVALID: 'CASEDESK_TLS_UNTRUSTED',
  ERR_CERT_DATE_INVALID: 'CASEDESK_TLS_EXPIRED',
  ERR_CERT_COMMON_NAME_INVALID: 'CASEDESK_TLS_WRONG_NAME',
  ERR_CERT_INVALID: 'CASEDESK_TLS_FAILED',
  ERR_CERT_REVOKED: 'CASEDESK_TLS_FAILED',
  ERR_SSL_PROTOCOL_ERROR: 'CASEDESK_TLS_FAILED',
  ERR_SSL_VERSION_OR_CIPHER_MISMATCH: 'CASEDESK_TLS_FAILED',
  ERR_PROXY_CONNECTION_FAILED: 'CASEDESK_PROXY_UNREACHABLE',
  ERR_PROXY_AUTH_REQUESTED: 'CASEDESK_PROXY_AUTH',
  ERR_PROXY_AUTH_UNSUPPORTED: 'CASEDESK_PROXY_AUTH',
  ERR_TUNNEL_CONNECTION_FAILED: 'CASEDESK_PROXY_REFUSED',
  ERR_PAC_SCRIPT_FAILED: 'CASEDESK_PROXY_UNREACHABLE',
  ERR_MANDATORY_PROXY_CONFIGURATION_FAILED: 'CASEDESK_PROXY_UNREACHABLE',
  ERR_CONNECTION_RESET: 'CASEDESK_CONNECTION',
  ERR_CONNECTION_CLOSED: 'CASEDESK_CONNECTION',
  ERR_EMPTY_RESPONSE: 'CASEDESK_CONNECTION',
};

export class ChromiumNetworkError extends Error {
  override readonly name = 'ChromiumNetworkError';
  constructor(
    readonly code: string,
    /** Chromium's own name for it, for the diagnostic log. */
    readonly chromiumError: string,
    cause: unknown,
  ) {
    super(`network error ${chromiumError}`, { cause });
  }
}

/** Chromium's error name carried by an Error from net.fetch, or null. */
export function chromiumErrorName(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  // Electron's net.fetch rejects with a bare Error whose only trace of Chromium's net error is its
  // text: read once here, at the edge, and turned into a code.
  // eslint-disable-next-line no-restricted-syntax
  return /\bnet::(ERR_[A-Z0-9_]+)\b/.exec(error.message)?.[1] ?? null;
}

/** net.fetch as the client's FetchLike: same answers, failures given a code the client classifies. */
export function chromiumFetch(netFetch: (url: string, init: RequestInit) => Promise<Response>): FetchLike {
  return async (input, init) => {
    try {
      return await netFetch(input, init);
    } catch (error) {
      // An abort (our deadline, a cancel) stays what it is: the client knows its own signal.
      if (init.signal?.aborted) throw error;
      const name = chromiumErrorName(error);
      throw new ChromiumNetworkError(name ? (CODE_OF_CHROMIUM_ERROR[name] ?? 'CASEDESK_CONNECTION') : 'CASEDESK_CONNECTION', name ?? 'unknown', error);
    }
  };
}
