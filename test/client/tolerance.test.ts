// What a real service might do differently from the emulator, and the client takes in its stride.
import { describe, expect, it } from 'vitest';
import { collect, createServiceClient, createSession, isServiceError, memoryVault, type FetchLike } from '../../src-main/client';
import { DEMO_USER, useEmulator } from '../support/emulator';
import { fixedTokens, sendJson, useLocalServer } from './helpers';

describe('relative next links', () => {
  const server = useLocalServer();

  it('are followed against the page they came from', async () => {
    const item = (id: number) => ({
      id,
      bot: { id: 201, name: 'b', alias: 'b', type: 'INBOUND' },
      case_uuid: `u${id}`,
      phone: '1145678901',
      first_name: 'A',
      last_name: 'B',
      code: 'c',
      case_result: { result_id: 1, name: 'x', is_final: true, contacted: true },
      case_duration: '00:01:00',
      case_log: { responses: [], transcription: [] },
      extra_metadata: {},
      recording: '',
      is_complete: true,
      status: 'FINISHED',
      last_updated: '2026-11-20T12:00:00Z',
      is_active: false,
    });
    server.handle = (req, res) => {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1';
      if (page === '1') sendJson(res, 200, { count: 2, next: '?page=2', previous: null, results: [item(1)] });
      else sendJson(res, 200, { count: 2, next: null, previous: '?page=1', results: [item(2)] });
    };
    const client = createServiceClient({ baseUrl: server.url, session: fixedTokens });
    expect((await collect(client.inboundCases({}))).map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('a refresh that meets a server in trouble', () => {
  const emulator = useEmulator();

  it('keeps the session (503 is passing), and expires it only when refused (401)', async () => {
    let refreshAnswer: number | null = 503;
    const fetchFn: FetchLike = async (input, init) => {
      if (input.includes('/auth/token/refresh/') && refreshAnswer !== null)
        return new Response('{}', { status: refreshAnswer, headers: { 'content-type': 'application/json' } });
      return fetch(input, init);
    };
    const session = createSession({ baseUrl: emulator.current.url, vault: memoryVault(), fetch: fetchFn });
    await session.signIn(DEMO_USER.email, DEMO_USER.password);
    const token = await session.accessToken();
    const failure = await session.refreshAfterUnauthorized(token).catch((e: unknown) => e);
    expect(isServiceError(failure, 'server')).toBe(true);
    expect(session.state()).toBe('active');
    refreshAnswer = 401;
    const refused = await session.refreshAfterUnauthorized(token).catch((e: unknown) => e);
    expect(isServiceError(refused, 'auth')).toBe(true);
    expect(session.state()).toBe('expired');
  });
});
