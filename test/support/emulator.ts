// Test fixtures: a real emulator on 127.0.0.1 and a tiny HTTP helper that speaks to it.
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src-main/emulator';
import type { SlowEndpoint } from '../../src-main/emulator/faults';

export const DEMO_USER = { email: 'demo@casedesk.local', password: 'demo1234' };
export const NO_BOTS_USER = { email: 'sinbots@casedesk.local', password: 'demo1234' };
export const OTHER_USER = { email: 'otro@casedesk.local', password: 'demo1234' };
/** Bots of the demo seed. */
export const BOTS = { voice: 101, whatsapp: 102, othersVoice: 103, inbound: 201 } as const;

/** Starts one emulator for the file's tests (ticker off: tests drive simulated time). */
export function useEmulator(options: EmulatorOptions = {}): { readonly current: RunningEmulator } {
  const holder: { current?: RunningEmulator } = {};
  beforeAll(async () => {
    holder.current = await startEmulator({ tickMs: 0, faults: true, ...options });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return {
    get current() {
      if (!holder.current) throw new Error('emulator not started');
      return holder.current;
    },
  };
}

/** Resolves once the emulator holds an answer of `endpoint` (fault slow_answers): the request reached it and its work is done. */
export async function answerHeld(baseUrl: string, endpoint: SlowEndpoint): Promise<void> {
  for (;;) {
    const state = (await (await fetch(`${baseUrl}/__control/state`)).json()) as { answers_held: Record<SlowEndpoint, number> };
    if (state.answers_held[endpoint] > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  json: unknown;
  bytes: Uint8Array;
}

export async function http(url: string, init: { method?: string; token?: string; auth?: string; body?: unknown; rawBody?: string } = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.auth) headers.authorization = init.auth;
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json, bytes };
}

/**
 * A request with headers fetch will not let us forge (Host, Origin, Sec-Fetch-Site), as a browser
 * page or a rebound DNS name would send them. Always connects to `url`'s own address.
 */
export function rawHttp(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; json: unknown; headers: IncomingHttpHeaders }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: init.headers,
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

export async function login(base: string, user = DEMO_USER): Promise<{ access: string; refresh: string }> {
  const res = await http(`${base}/auth/login/`, { body: user });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.json as { access: string; refresh: string };
}

/** A case the service accepts, with `overrides` merged in. */
export function validCase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'María',
    last_name: 'González',
    params: {},
    phone_settings: { phone_list: ['3514567890'] },
    products: [{ debt_code: 'OP-1', pid: 'Tarjeta', debt: '1500.00', expiration: '2026-12-31' }],
    ...overrides,
  };
}

/** An upload body of `n` valid cases coded `${prefix}${i}`, with up to `phones` phones each. */
export function uploadBody(n: number, prefix = 'C', phones = 1): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const list = Array.from({ length: phones }, (_, p) => `${351 + p}${String(4_000_000 + i).padStart(7, '0')}`);
    body[`${prefix}${i}`] = validCase({ phone_settings: { phone_list: list } });
  }
  return body;
}

/** A UTC offset that puts the emulator's local clock near `hour`:00 now, so tests know when midnight comes. */
export function offsetForLocalHour(hour: number): number {
  const now = new Date();
  return ((hour * 60 - now.getUTCHours() * 60 - now.getUTCMinutes() + 720 + 2 * 1440) % 1440) - 720;
}
