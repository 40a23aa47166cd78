// A proxy that refused the tunnel (with its status) or could not be reached, as data.
export type ProxyProblem = 'proxy-auth' | 'proxy-refused' | 'proxy-unreachable';

export class ProxyFailure extends Error {
  override readonly name = 'ProxyFailure';
  /** Read by the client's classification, as Node's own error codes are. */
  readonly code: string;
  /** host:port of the proxy: never its user name or password. */
  readonly proxyHost: string;

  constructor(
    readonly problem: ProxyProblem,
    proxy: URL,
    readonly status: number | null,
    cause?: unknown,
  ) {
    super(`proxy ${proxy.host}: ${problem}${status === null ? '' : ` (HTTP ${status})`}`, cause === undefined ? undefined : { cause });
    this.code = `CASEDESK_${problem.toUpperCase().replace('-', '_')}`;
    this.proxyHost = proxy.host;
  }
}
