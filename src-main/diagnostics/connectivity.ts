// Can this computer reach an environment's service, and if not, where does it stop: the name (DNS),
// the proxy, the certificate (TLS), or the service itself. Each step has a short deadline, so a
// diagnostics export finishes even when everything is offline. What is reported is data IT can act
// on: host names, ports, problem codes, certificate names; never a proxy's credentials.
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { paths } from '../contract/paths';
import type { Environment } from '../domain/environments';
import { hasReason, requestContext, type NetworkProblem } from '../client/errors';
import { networkFailure } from '../client/network-failure';
import { joinUrl, type FetchLike } from '../client/http';
import { ProxyFailure } from '../network/proxy-failure';
import { proxySettings, trustedCas } from '../network/service-fetch';

/** Each step gives up after this long. */
export const CHECK_DEADLINE_MS = 5000;

export interface ConnectivityTarget {
  environment: Environment;
  baseUrl: string;
  /** How the app itself reaches the service (the sign-in step goes through it). */
  fetch: FetchLike;
  /** node: Node's network with HTTPS_PROXY / NO_PROXY; app: the desktop app's own (Chromium's, with the system's proxy and certificates). */
  network: 'node' | 'app';
  /** The policy's CA for this environment (PEM), trusted besides the usual ones. */
  extraCa?: string | undefined;
  env: NodeJS.ProcessEnv;
}

/** Why a step failed: a network problem as the client classifies it, or no answer before the deadline. */
export type StepProblem = NetworkProblem | 'timeout';

export interface ProxyInUse {
  host: string;
  port: number;
  /** The variable it came from (as curl reads them). */
  from: 'https_proxy' | 'http_proxy';
}

export type DnsStep =
  | { status: 'ok'; addresses: string[]; ms: number }
  | { status: 'failed'; problem: StepProblem; code: string | null; ms: number }
  /** A proxy resolves the name itself; an address needs no lookup. */
  | { status: 'skipped'; why: 'proxy' | 'ip-address' };

export interface CertificateSummary {
  subject: string;
  issuer: string;
  altNames: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
}

export type TlsStep =
  | { status: 'trusted'; protocol: string | null; certificate: CertificateSummary | null; ms: number }
  | { status: 'untrusted'; problem: StepProblem; code: string | null; certificate: CertificateSummary | null; ms: number }
  | { status: 'failed'; problem: StepProblem; code: string | null; proxyStatus: number | null; ms: number }
  | { status: 'skipped'; why: 'http' };

export type SignInStep =
  /** Any HTTP answer: the service (or something in front of it) is there. */
  | { status: 'reachable'; httpStatus: number; ms: number }
  /** `code`: the lowest-level code the failure carried (Node's, undici's, or Chromium's net::ERR_… name). */
  | { status: 'unreachable'; problem: StepProblem; code: string | null; proxy: string | null; proxyStatus: number | null; ms: number };

export interface ConnectivityCheck {
  environment: Environment;
  baseUrl: string;
  host: string;
  port: number;
  network: 'node' | 'app';
  /** The proxy HTTPS_PROXY / HTTP_PROXY / NO_PROXY say applies (null: direct). The app's own network may use the system's instead. */
  proxy: ProxyInUse | null;
  dns: DnsStep;
  /** The handshake as Node sees it, with the policy's CA: which certificate is presented, and by whom it is signed. */
  tls: TlsStep;
  /** A GET of the sign-in address through the app's own network. */
  signIn: SignInStep;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Whether NO_PROXY (comma or space separated host[:port], '*', leading '.' or '*.') exempts this host. */
function exempted(noProxy: string, hostname: string, port: number): boolean {
  const value = noProxy.trim();
  if (value === '*') return true;
  return value
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      const withPort = /^(.+):(\d+)$/.exec(entry);
      const name = (withPort ? (withPort[1] ?? '') : entry).replace(/^\*?\./, '').toLowerCase();
      if (withPort && Number(withPort[2]) !== port) return false;
      return hostname === name || hostname.endsWith(`.${name}`);
    });
}

/** The proxy Node's network sends this URL through, as service-fetch decides it; only its host and port. */
export function proxyFor(url: URL, env: NodeJS.ProcessEnv): { proxy: ProxyInUse; url: URL } | null {
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  if (isLoopback(url.hostname)) return null;
  const settings = proxySettings(env);
  const chosen =
    url.protocol === 'https:' && settings.httpsProxy
      ? { text: settings.httpsProxy, from: 'https_proxy' as const }
      : settings.httpProxy
        ? { text: settings.httpProxy, from: 'http_proxy' as const }
        : null;
  if (!chosen) return null;
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  if (exempted(settings.noProxy, host, port)) return null;
  let proxyUrl: URL;
  try {
    proxyUrl = new URL(chosen.text);
  } catch {
    return null;
  }
  return { proxy: { host: proxyUrl.hostname, port: Number(proxyUrl.port) || DEFAULT_PORTS[proxyUrl.protocol] || 80, from: chosen.from }, url: proxyUrl };
}

/** An error's own code, when it looks like one (never its message). */
function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,60}$/.test(code) ? code : null;
}

/** The first code on an error or its causes; Chromium's own error name where the app's network gave one. */
function deepCode(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > 5) return null;
  const chromium = (error as { chromiumError?: unknown }).chromiumError;
  if (typeof chromium === 'string' && /^ERR_[A-Z0-9_]{1,60}$/.test(chromium)) return chromium;
  return codeOf(error) ?? deepCode((error as { cause?: unknown }).cause, depth + 1);
}

/** The problem the client would report for this failure. */
function problemOf(error: unknown, host: string): { problem: StepProblem; proxy: string | null; proxyStatus: number | null } {
  const failure = networkFailure({ method: 'GET', path: '/', host }, error, false);
  if (hasReason(failure, 'network')) return { problem: failure.params.problem, proxy: failure.params.proxy, proxyStatus: failure.params.proxyStatus };
  return { problem: 'connection', proxy: null, proxyStatus: null };
}

const since = (start: number) => Math.round(performance.now() - start);

/** Rejects with a timeout once `ms` passed, calling `onTimeout` to stop the work. */
function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => void = () => undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new DeadlinePassed());
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

class DeadlinePassed extends Error {
  override readonly name = 'DeadlinePassed';
}

async function checkDns(hostname: string, proxied: boolean, deadlineMs: number): Promise<DnsStep> {
  if (proxied) return { status: 'skipped', why: 'proxy' };
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return { status: 'skipped', why: 'ip-address' };
  const start = performance.now();
  try {
    const found = await withDeadline(lookup(bare, { all: true }), deadlineMs);
    return { status: 'ok', addresses: found.map((a) => a.address), ms: since(start) };
  } catch (err) {
    if (err instanceof DeadlinePassed) return { status: 'failed', problem: 'timeout', code: null, ms: since(start) };
    return { status: 'failed', problem: problemOf(err, hostname).problem, code: codeOf(err), ms: since(start) };
  }
}

/** A tunnel through the proxy (CONNECT), with the credentials its URL carries, as the client's. */
function tunnel(proxy: URL, host: string, port: number, track: (socket: Socket) => void): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${host}:${port}` };
    if (proxy.username)
      headers['proxy-authorization'] = `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}`;
    const request = proxy.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: Number(proxy.port) || DEFAULT_PORTS[proxy.protocol],
      method: 'CONNECT',
      path: `${host}:${port}`,
      headers,
    });
    req.on('socket', track);
    req.once('connect', (res, socket) => {
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new ProxyFailure(res.statusCode === 407 ? 'proxy-auth' : 'proxy-refused', proxy, res.statusCode ?? null));
    });
    req.once('error', (err) => reject(new ProxyFailure('proxy-unreachable', proxy, null, err)));
    req.end();
  });
}

function nameOf(entity: Partial<Record<string, string | string[]>> | undefined): string {
  if (!entity) return '';
  return ['CN', 'O', 'OU']
    .flatMap((field) => {
      const value = entity[field];
      return value === undefined ? [] : [`${field}=${Array.isArray(value) ? value.join('+') : value}`];
    })
    .join(', ');
}

function certificateOf(socket: TLSSocket): CertificateSummary | null {
  const cert: PeerCertificate = socket.getPeerCertificate();
  if (!cert || Object.keys(cert).length === 0) return null;
  return {
    subject: nameOf(cert.subject as unknown as Record<string, string>),
    issuer: nameOf(cert.issuer as unknown as Record<string, string>),
    altNames: cert.subjectaltname ?? '',
    validFrom: cert.valid_from,
    validTo: cert.valid_to,
    fingerprint256: cert.fingerprint256,
  };
}

async function checkTls(url: URL, target: ConnectivityTarget, proxy: URL | null, deadlineMs: number): Promise<TlsStep> {
  if (url.protocol !== 'https:') return { status: 'skipped', why: 'http' };
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || 443;
  const start = performance.now();
  const sockets: Socket[] = [];
  const stop = () => {
    for (const socket of sockets) socket.destroy();
  };
  const handshake = async (): Promise<TlsStep> => {
    const raw = proxy ? await tunnel(proxy, hostname, port, (s) => sockets.push(s)) : undefined;
    const ca = trustedCas(target.extraCa, target.env);
    return new Promise<TlsStep>((resolve, reject) => {
      // Not refused here: the certificate is worth reporting even when it is not trusted.
      const socket = tlsConnect({
        host: hostname,
        port,
        ...(raw ? { socket: raw } : {}),
        ...(isIP(hostname) === 0 ? { servername: hostname } : {}),
        ...(ca ? { ca } : {}),
        rejectUnauthorized: false,
      });
      sockets.push(socket);
      socket.once('secureConnect', () => {
        const certificate = certificateOf(socket);
        const protocol = socket.getProtocol();
        const reason = socket.authorizationError as unknown;
        socket.destroy();
        if (socket.authorized) return resolve({ status: 'trusted', protocol, certificate, ms: since(start) });
        const code = typeof reason === 'string' ? reason : codeOf(reason);
        resolve({
          status: 'untrusted',
          problem: problemOf({ code }, url.host).problem,
          code: code !== null && /^[A-Z0-9_]{2,60}$/.test(code) ? code : null,
          certificate,
          ms: since(start),
        });
      });
      socket.once('error', reject);
    });
  };
  try {
    return await withDeadline(handshake(), deadlineMs, stop);
  } catch (err) {
    stop();
    if (err instanceof DeadlinePassed) return { status: 'failed', problem: 'timeout', code: null, proxyStatus: null, ms: since(start) };
    const found = problemOf(err, url.host);
    return { status: 'failed', problem: found.problem, code: codeOf(err), proxyStatus: found.proxyStatus, ms: since(start) };
  }
}

async function checkSignIn(target: ConnectivityTarget, deadlineMs: number): Promise<SignInStep> {
  const url = joinUrl(target.baseUrl, paths.login());
  const controller = new AbortController();
  const start = performance.now();
  try {
    const res = await withDeadline(
      target.fetch(url, { method: 'GET', redirect: 'manual', headers: { accept: 'application/json' }, signal: controller.signal }),
      deadlineMs,
      () => controller.abort(),
    );
    await res.body?.cancel().catch(() => undefined);
    return { status: 'reachable', httpStatus: res.status, ms: since(start) };
  } catch (err) {
    if (err instanceof DeadlinePassed) return { status: 'unreachable', problem: 'timeout', code: null, proxy: null, proxyStatus: null, ms: since(start) };
    const failure = networkFailure(requestContext('GET', url), err, false);
    const params = hasReason(failure, 'network') ? failure.params : null;
    return {
      status: 'unreachable',
      problem: params?.problem ?? 'connection',
      code: deepCode(err),
      proxy: params?.proxy ?? null,
      proxyStatus: params?.proxyStatus ?? null,
      ms: since(start),
    };
  }
}

/** Checks one environment's service; never throws, never takes much longer than the deadline. */
export async function checkConnectivity(target: ConnectivityTarget, deadlineMs = CHECK_DEADLINE_MS): Promise<ConnectivityCheck> {
  const url = new URL(target.baseUrl);
  const proxied = proxyFor(url, target.env);
  const [dns, tls, signIn] = await Promise.all([
    checkDns(url.hostname, proxied !== null, deadlineMs),
    checkTls(url, target, proxied?.url ?? null, deadlineMs),
    checkSignIn(target, deadlineMs),
  ]);
  return {
    environment: target.environment,
    baseUrl: target.baseUrl,
    host: url.hostname,
    port: Number(url.port) || DEFAULT_PORTS[url.protocol] || 0,
    network: target.network,
    proxy: proxied?.proxy ?? null,
    dns,
    tls,
    signIn,
  };
}
