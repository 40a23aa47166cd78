// A ServiceError as a failure of the catalog: its code from the kind, the reason and the status,
// its params from what the error already holds (never a token or a body's personal data).
import type { FailureCode, FailureData, FailureParamValue } from '../domain/failures/failure';
import { hasReason, type NetworkProblem, type ServiceError } from './errors';

const NETWORK_CODES: Record<NetworkProblem, FailureCode> = {
  dns: 'network.dns',
  refused: 'network.refused',
  unreachable: 'network.unreachable',
  'connect-timeout': 'network.connect_timeout',
  'tls-untrusted': 'network.tls_untrusted',
  'tls-expired': 'network.tls_expired',
  'tls-wrong-name': 'network.tls_wrong_name',
  'tls-failed': 'network.tls_failed',
  'proxy-auth': 'network.proxy_auth',
  'proxy-refused': 'network.proxy_refused',
  'proxy-unreachable': 'network.proxy_unreachable',
  connection: 'network.connection',
};

const MIB = 1024 * 1024;
const sizeWords = (bytes: number) => (bytes >= MIB ? `${Math.round((bytes / MIB) * 10) / 10} MiB` : `${bytes} bytes`);

export function serviceFailure(error: ServiceError): FailureData {
  const request = error.method && error.path ? `${error.method} ${error.path}` : 'request';
  const detail = error.serverMessage ? `: ${error.serverMessage}` : '';
  const status = error.status ?? '';
  const failure = (code: FailureCode, params: Record<string, FailureParamValue>): FailureData => ({ code, params: { request, ...params } });
  if (hasReason(error, 'network')) {
    const { problem, host, proxy, proxyStatus } = error.params;
    return failure(NETWORK_CODES[problem], { reason: 'network', problem, host, proxy: proxy ?? '', proxyStatus: proxyStatus ?? '' });
  }
  if (hasReason(error, 'redirect')) {
    const { status: s, locationHost } = error.params;
    return locationHost ? failure('service.redirect', { status: s, host: locationHost }) : failure('service.redirect_nowhere', { status: s });
  }
  if (hasReason(error, 'too-large')) {
    const { limit, body } = error.params;
    return failure(body === 'recording' ? 'service.recording_too_large' : 'service.answer_too_large', { size: sizeWords(limit), limit });
  }
  if (hasReason(error, 'too-slow')) {
    const { minBytesPerSecond, elapsedMs } = error.params;
    return failure('service.recording_too_slow', { rate: Math.round((minBytesPerSecond / 1024) * 10) / 10, seconds: Math.round(elapsedMs / 1000) });
  }
  if (hasReason(error, 'content-type')) {
    const { contentType } = error.params;
    return contentType ? failure('service.content_type', { contentType }) : failure('service.no_content_type', {});
  }
  if (hasReason(error, 'unending-list')) {
    const { pages, items, bytes, values, maxPages, maxItems, maxBytes, maxValues } = error.params;
    return failure('service.list_unending', { pages, items, size: sizeWords(bytes), values, maxPages, maxItems, maxSize: sizeWords(maxBytes), maxValues });
  }
  if (hasReason(error, 'next-link')) return failure('service.next_link', { problem: error.params.problem, host: error.params.host ?? '' });
  if (hasReason(error, 'sign-in')) return failure('service.sign_in_refused', { status, detail });
  switch (error.kind) {
    case 'offline':
      return failure('service.offline', {});
    case 'timeout':
      return failure('service.timeout', {});
    case 'server':
      return failure('service.unavailable', { status, detail });
    case 'auth':
      return failure('service.session_refused', {});
    case 'client':
      if (error.status === 404) return failure('service.not_found', { detail });
      if (error.status === 403) return failure('service.forbidden', { detail });
      return failure('service.refused', { status, detail });
    case 'contract':
      return failure('service.contract', {
        issues:
          (error.issues ?? [])
            .slice(0, 5)
            .map((i) => `${i.path} (${i.message})`)
            .join('; ') || '—',
      });
  }
}
