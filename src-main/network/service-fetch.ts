// How the CLI and the browser host reach the service from a corporate network: the proxy of
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY (undici's EnvHttpProxyAgent, as curl reads them), the CAs of
// NODE_EXTRA_CA_CERTS, and an environment's own CA file from the policy. The Electron app uses
// Chromium's network stack instead (src-main/electron/chromium-fetch.ts).
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, Pool, fetch as undiciFetch, type Dispatcher } from 'undici';
import { ProxyFailure } from './proxy-failure';

/** The same shape as the client's FetchLike (this layer does not import the client). */
export type ServiceFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface ServiceFetchOptions {
  /** PEM text of CAs trusted for this service besides the usual ones (the policy's ca_file). */
  extraCa?: string | undefined;
  env?: NodeJS.ProcessEnv;
}

/** The proxy settings of `env`, read as curl does (lower case first). */
export function proxySettings(env: NodeJS.ProcessEnv): { httpProxy: string; httpsProxy: string; noProxy: string } {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  };
}

/**
 * The CAs to trust when an environment brings its own: Node's bundled roots, NODE_EXTRA_CA_CERTS
 * (which Node adds by itself only when no `ca` is given) and the environment's file. Null: Node's
 * defaults, NODE_EXTRA_CA_CERTS included.
 */
export function trustedCas(extraCa: string | undefined, env: NodeJS.ProcessEnv): string[] | null {
  if (!extraCa) return null;
  const cas = [...rootCertificates];
  const extraFile = env.NODE_EXTRA_CA_CERTS;
  if (extraFile) {
    try {
      cas.push(readFileSync(extraFile, 'utf8'));
    } catch {
      // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS; so do we, by trusting less.
    }
  }
  cas.push(extraCa);
  return cas;
}

/**
 * A proxy's answer to CONNECT, or its absence, as a ProxyFailure with the status: undici says it
 * only in an error's words, and callers decide on data.
 */
class TunnelPool extends Pool {
  constructor(
    private readonly proxy: URL,
    options: Pool.Options,
  ) {
    super(proxy, options);
  }

  override connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
  override connect(options: Dispatcher.ConnectOptions, callback: (err: Error | null, data: Dispatcher.ConnectData) => void): void;
  override connect(
    options: Dispatcher.ConnectOptions,
    callback?: (err: Error | null, data: Dispatcher.ConnectData) => void,
  ): Promise<Dispatcher.ConnectData> | void {
    if (callback) return super.connect(options, callback);
    return super.connect(options).then(
      (data) => {
        if (data.statusCode === 200) return data;
        data.socket.destroy();
        throw new ProxyFailure(data.statusCode === 407 ? 'proxy-auth' : 'proxy-refused', this.proxy, data.statusCode);
      },
      (error: unknown) => {
        // Aborted by the caller: not the proxy's fault.
        if (options.signal && (options.signal as AbortSignal).aborted) throw error;
        throw new ProxyFailure('proxy-unreachable', this.proxy, null, error);
      },
    );
  }
}

function tlsOptions(options: ServiceFetchOptions): { ca?: string[] } {
  const ca = trustedCas(options.extraCa, options.env ?? process.env);
  return ca ? { ca } : {};
}

/** A dispatcher for one service: through the environment's proxy unless NO_PROXY says otherwise. */
export function serviceDispatcher(options: ServiceFetchOptions = {}): Dispatcher {
  const tls = tlsOptions(options);
  const proxies = proxySettings(options.env ?? process.env);
  if (!proxies.httpProxy && !proxies.httpsProxy) return new Agent({ connect: tls });
  return new EnvHttpProxyAgent({
    ...proxies,
    connect: tls,
    requestTls: tls,
    clientFactory: (origin: URL, opts: object) => new TunnelPool(origin, opts as Pool.Options),
  });
}

/** Loopback (the Demo service) is never sent through a proxy: one could not reach it. */
function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/** fetch for one service, with its dispatcher kept for the life of the session. */
export function serviceFetch(options: ServiceFetchOptions = {}): ServiceFetch {
  const proxied = serviceDispatcher(options);
  const direct = new Agent({ connect: tlsOptions(options) });
  return (input, init) =>
    undiciFetch(input, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: isLoopbackUrl(input) ? direct : proxied }) as unknown as Promise<Response>;
}
