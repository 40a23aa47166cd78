// A fetch that threw, as a ServiceError: which network problem kept the request from the service (in
// terms IT can act on), and whether it may have reached the service before the connection broke.
import { ServiceError, type FailureReasons, type NetworkProblem, type RequestContext } from './errors';

/** Error codes (Node's, undici's, and CASEDESK_* of our proxy and Chromium adapters) by problem. */
const PROBLEM_OF_CODE: Record<string, NetworkProblem> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NONAME: 'dns',
  ECONNREFUSED: 'refused',
  ENETUNREACH: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connect-timeout',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'tls-untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'tls-untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls-untrusted',
  CERT_UNTRUSTED: 'tls-untrusted',
  CERT_SIGNATURE_FAILURE: 'tls-untrusted',
  CERT_HAS_EXPIRED: 'tls-expired',
  CERT_NOT_YET_VALID: 'tls-expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls-wrong-name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'tls-failed',
  EPROTO: 'tls-failed',
  CASEDESK_PROXY_AUTH: 'proxy-auth',
  CASEDESK_PROXY_REFUSED: 'proxy-refused',
  CASEDESK_PROXY_UNREACHABLE: 'proxy-unreachable',
  CASEDESK_DNS: 'dns',
  CASEDESK_REFUSED: 'refused',
  CASEDESK_UNREACHABLE: 'unreachable',
  CASEDESK_CONNECT_TIMEOUT: 'connect-timeout',
  CASEDESK_TLS_UNTRUSTED: 'tls-untrusted',
  CASEDESK_TLS_EXPIRED: 'tls-expired',
  CASEDESK_TLS_WRONG_NAME: 'tls-wrong-name',
  CASEDESK_TLS_FAILED: 'tls-failed',
  CASEDESK_CONNECTION: 'connection',
};

/** Codes of a connection that broke after the request may have been sent. */
const BROKEN_AFTER_SENDING = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'CASEDESK_CONNECTION']);

/** What each problem means, for the person who can fix it (the agent, or IT). */
const PROBLEM_WORDS: Record<NetworkProblem, (p: FailureReasons['network']) => string> = {
  dns: (p) => `the name ${p.host} could not be found (DNS): check the address and this computer's network`,
  refused: (p) => `${p.host} refused the connection: the service is not listening there`,
  unreachable: (p) => `${p.host} cannot be reached from this network`,
  'connect-timeout': (p) => `${p.host} did not accept a connection in time`,
  'tls-untrusted': (p) =>
    `the certificate of ${p.host} is not trusted: it is signed by a CA this computer does not trust (a TLS-inspecting proxy's CA must be given in NODE_EXTRA_CA_CERTS or the policy's ca_file)`,
  'tls-expired': (p) => `the certificate of ${p.host} has expired or is not valid yet (check this computer's date and time)`,
  'tls-wrong-name': (p) => `the certificate presented for ${p.host} is for another name`,
  'tls-failed': (p) => `a secure (TLS) connection to ${p.host} could not be set up`,
  'proxy-auth': (p) =>
    `the proxy ${p.proxy ?? ''} asks for authentication (HTTP 407): give its user and password in HTTPS_PROXY, as http://user:password@host:port`,
  'proxy-refused': (p) => `the proxy ${p.proxy ?? ''} refused to open a connection to ${p.host} (HTTP ${p.proxyStatus ?? '?'})`,
  'proxy-unreachable': (p) => `the proxy ${p.proxy ?? ''} could not be reached: check HTTPS_PROXY / HTTP_PROXY and NO_PROXY`,
  connection: (p) => `the connection to ${p.host} broke`,
};

interface FoundCodes {
  codes: string[];
  proxy: { host: string; status: number | null } | null;
}

/** Every `code` found on an error, its causes and (for AggregateError) its members; and a proxy's answer. */
function errorCodes(error: unknown, found: FoundCodes = { codes: [], proxy: null }, depth = 0): FoundCodes {
  if (depth > 5 || typeof error !== 'object' || error === null) return found;
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown; proxyHost?: unknown; status?: unknown };
  if (typeof e.code === 'string') found.codes.push(e.code);
  if (typeof e.proxyHost === 'string' && found.proxy === null) found.proxy = { host: e.proxyHost, status: typeof e.status === 'number' ? e.status : null };
  errorCodes(e.cause, found, depth + 1);
  if (Array.isArray(e.errors)) for (const member of e.errors) errorCodes(member, found, depth + 1);
  return found;
}

/** A fetch that threw: offline (never sent, or broken after sending) or timeout. */
export function networkFailure(ctx: RequestContext, error: unknown, timedOut: boolean): ServiceError {
  if (error instanceof ServiceError) return error;
  if (timedOut) {
    return new ServiceError({ ...ctx, kind: 'timeout', ambiguous: true, message: 'no answer from the service in time', cause: error });
  }
  const found = errorCodes(error);
  // The first known code is the nearest to the cause: a proxy's refusal before the socket it closed.
  const known = found.codes.find((c) => c in PROBLEM_OF_CODE);
  const broken = found.codes.some((c) => BROKEN_AFTER_SENDING.has(c));
  const problem: NetworkProblem = known ? (PROBLEM_OF_CODE[known] as NetworkProblem) : 'connection';
  const params: FailureReasons['network'] = { problem, host: ctx.host ?? '', proxy: found.proxy?.host ?? null, proxyStatus: found.proxy?.status ?? null };
  const words = PROBLEM_WORDS[problem](params);
  // Nothing was sent when the connection (to the proxy, DNS, TLS) never opened.
  const neverSent = known !== undefined && problem !== 'connection' && !broken;
  return neverSent
    ? new ServiceError({
        ...ctx,
        kind: 'offline',
        ambiguous: false,
        failure: { reason: 'network', params },
        message: `could not reach the service: ${words}`,
        cause: error,
      })
    : new ServiceError({
        ...ctx,
        kind: 'offline',
        ambiguous: true,
        failure: { reason: 'network', params: { ...params, problem: 'connection' } },
        message: `the connection broke before an answer came (${known && problem !== 'connection' ? words : 'connection closed'}); the request may have reached the service`,
        cause: error,
      });
}
