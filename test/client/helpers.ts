// Shared pieces of the client tests: a counting fetch, a signed-in client, a tiny local HTTP server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createServiceClient,
  createSession,
  memoryVault,
  type FetchLike,
  type ServiceClient,
  type Session,
  type SessionOptions,
  type TokenVault,
} from '../../src-main/client';
import { caseKeyedJson, type CreateCampaignRequest } from '../../src-main/contract';
import type { NewCampaign } from '../../src-main/domain/new-campaign';
import { BOTS, DEMO_USER, uploadBody } from '../support/emulator';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** fetch that remembers what it sent; `count(part)` counts requests whose URL contains `part`. */
export function recordingFetch(): { fetch: FetchLike; sent: SentRequest[]; count(part: string): number } {
  const sent: SentRequest[] = [];
  return {
    sent,
    count: (part) => sent.filter((r) => r.url.includes(part)).length,
    fetch: async (input, init) => {
      sent.push({ method: init.method ?? 'GET', url: input, headers: { ...(init.headers as Record<string, string>) } });
      return fetch(input, init);
    },
  };
}

export interface Connected {
  session: Session;
  client: ServiceClient;
  vault: TokenVault;
  requests: ReturnType<typeof recordingFetch>;
}

/** A session signed in as `user` and a client on top of it, all requests going through one counting fetch. */
export async function connect(baseUrl: string, user = DEMO_USER, options: Partial<SessionOptions> & { timeoutMs?: number } = {}): Promise<Connected> {
  const requests = recordingFetch();
  const vault = options.vault ?? memoryVault();
  const session = createSession({ baseUrl, vault, fetch: requests.fetch, ...options });
  await session.signIn(user.email, user.password);
  const client = createServiceClient({ baseUrl, session, fetch: requests.fetch, timeoutMs: options.timeoutMs });
  return { session, client, vault, requests };
}

/** POSTs to a /__control/ endpoint of the emulator. */
export async function control(baseUrl: string, path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${baseUrl}/__control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`control ${path}: HTTP ${res.status}`);
  return res.json();
}

export type Handler = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

/** A plain node:http server on 127.0.0.1 for the file's tests; `handle` is swapped per test. */
export function useLocalServer(): { readonly url: string; handle: Handler } {
  let server: Server | undefined;
  const holder: { url: string; handle: Handler } = {
    url: '',
    handle: (_req, res) => {
      res.statusCode = 500;
      res.end();
    },
  };
  beforeAll(async () => {
    server = createServer((req, res) => holder.handle(req, res, holder.url));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    holder.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return holder;
}

export interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A second server on 127.0.0.1 (another origin) that a redirect points to and that must never be
 * reached: it records whatever arrives, and answers as a service would, with a token pair, so a
 * client that followed the redirect would take it for a success.
 */
export function useElsewhereServer(): { readonly url: string; readonly host: string; readonly received: Received[] } {
  const received: Received[] = [];
  const server = useLocalServer();
  server.handle = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      sendJson(res, 200, { access: 'elsewhere-access-token', refresh: 'elsewhere-refresh-token', message: 'ok' });
    });
  };
  return {
    get url() {
      return server.url;
    },
    get host() {
      return new URL(server.url).host;
    },
    received,
  };
}

/** A token source for clients pointed at a local server that does not check tokens. */
export const FIXED_TOKEN = 'fixed-access-token-for-local-server';
export const fixedTokens = { accessToken: async () => FIXED_TOKEN, refreshAfterUnauthorized: async () => FIXED_TOKEN };

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A create-campaign body with every field, as CaseDesk always sends it. */
export function campaignRequest(name: string, botId: number = BOTS.voice): CreateCampaignRequest {
  return {
    client_id: botId,
    name,
    description: 'creada por el cliente',
    start_date: new Date().toISOString().slice(0, 10),
    call_from: '09:00',
    call_to: '20:00',
    closes_eod: false,
    dialing_type: 'HORIZONTAL_VERTICAL',
    min_phone_priority: 0,
    max_phone_priority: 1,
    max_calls_per_case: 2,
  };
}

/** The same campaign as the surface takes it (campaigns:create, batches:setCampaignDraft). */
export function newCampaign(name: string, botId: number = BOTS.voice): NewCampaign {
  return {
    botId,
    name,
    description: 'creada por el cliente',
    startDate: new Date().toISOString().slice(0, 10),
    callFrom: '09:00',
    callTo: '20:00',
    closesEod: false,
    dialingType: 'HORIZONTAL_VERTICAL',
    minPhonePriority: 0,
    maxPhonePriority: 1,
    maxCallsPerCase: 2,
  };
}

/** An upload body of `n` valid cases as the JSON string the client sends. */
export const bodyOf = (n: number, prefix: string, phones = 1): string => caseKeyedJson(Object.entries(uploadBody(n, prefix, phones)));

/** A campaign with `n` cases that has been dialing for a simulated hour (emulator needs `speed`). */
export async function dialedCampaign(baseUrl: string, client: ServiceClient, n: number): Promise<number> {
  const { id } = await client.createCampaign(campaignRequest('Marcada'));
  expect(await client.uploadCases(id, bodyOf(n, 'D', 2))).toMatchObject({ kind: 'loaded' });
  await control(baseUrl, 'advance', { seconds: 3600 });
  return id;
}

/** What a trickling answer did: bytes written so far, and whether (and when) the client hung up. */
export interface Trickle {
  readonly sent: number;
  /** Resolves when the client closes the connection (or the answer ends). */
  readonly closed: Promise<void>;
}

/**
 * A recording that comes a few bytes at a time: `head` at once, then `piece` every `everyMs` until
 * `total` bytes (declared as Content-Length when `declare`), or until the client hangs up. A server
 * that keeps the idle timeout from ever firing.
 */
export function trickle(res: ServerResponse, options: { head: Buffer; total: number; piece: Buffer; everyMs: number; declare?: boolean }): Trickle {
  const { head, total, piece, everyMs, declare = true } = options;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  res.on('close', () => {
    clearTimeout(timer);
    done();
  });
  res.writeHead(200, { 'content-type': 'audio/wav', ...(declare ? { 'content-length': String(total) } : {}) });
  const write = (bytes: Buffer) => {
    const part = bytes.subarray(0, total - sent);
    sent += part.length;
    if (sent >= total) res.end(part);
    else {
      res.write(part);
      timer = setTimeout(() => write(piece), everyMs);
    }
  };
  write(head);
  return {
    get sent() {
      return sent;
    },
    closed,
  };
}

/** `work`, or a failure naming `what` when it has not settled after `ms`: a stall fails the test quickly. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still running after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
