// Answer bodies are read under a cap counted on the bytes as they arrive (a server that never stops
// is cut off), and a success that must be JSON has to say it is.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, createSession, DEFAULT_BODY_LIMITS, hasReason, memoryVault, ServiceError, serviceFailure } from '../../src-main/client';
import { bodyOf, fixedTokens, sendJson, useLocalServer } from './helpers';
import { aBotBody } from '../support/wire-bodies';

const KIB = 1024;
const MIB = 1024 * KIB;
const server = useLocalServer();
const client = (limits: { json?: number; recording?: number } = {}, timeoutMs = 10_000) =>
  createServiceClient({ baseUrl: server.url, session: fixedTokens, timeoutMs, bodyLimits: limits });

let root = '';
let dirCount = 0;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'casedesk-bodies-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
const freshDir = () => join(root, `d${++dirCount}`);

/** Stop sending past this, whatever the client does: keeps a client without a cap from filling the test's memory. */
const GUARD = 64 * MIB;

/**
 * Sends `head`, then `chunk` again and again (waiting when the socket is full) until the client hangs
 * up or the guard is reached. `sent()` is how much was written when it stopped.
 */
function endless(
  status: number,
  headers: Record<string, string>,
  head: Buffer,
  chunk: Buffer,
): { handle: (res: ServerResponse) => void; stopped: Promise<number> } {
  let done: (bytes: number) => void = () => undefined;
  const stopped = new Promise<number>((resolve) => {
    done = resolve;
  });
  return {
    stopped,
    handle: (res) => {
      let sent = 0;
      let closed = false;
      res.on('close', () => {
        closed = true;
        done(sent);
      });
      res.writeHead(status, headers);
      res.write(head);
      sent += head.length;
      const pump = () => {
        while (!closed && sent < GUARD) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end();
      };
      pump();
    },
  };
}

/** What a cap may cost beyond itself: the chunks already in flight in socket and stream buffers. */
const IN_FLIGHT = 8 * MIB;

describe('JSON answers', () => {
  it('are capped by default at 32 MiB, recordings at 100 MiB; a client can set its own caps', () => {
    expect(DEFAULT_BODY_LIMITS).toEqual({ json: 32 * MIB, recording: 100 * MIB });
    expect(() => client({ json: 0 })).toThrow(RangeError);
  });

  it('past the cap by Content-Length: refused without reading the body', async () => {
    server.handle = (_req, res) => sendJson(res, 200, [{ id: 1, name: 'x'.repeat(200 * KIB) }]);
    const error = await client({ json: 64 * KIB })
      .bots()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'contract', reason: 'too-large', params: { limit: 64 * KIB, body: 'json' }, ambiguous: false });
    expect(serviceFailure(error as ServiceError)).toMatchObject({ code: 'service.answer_too_large', params: { size: '65536 bytes' } });
  });

  it('an answer that never ends is cut off at the cap, not read into memory first', async () => {
    const stream = endless(
      200,
      { 'content-type': 'application/json' },
      Buffer.from('{"count":1,"next":null,"previous":null,"results":['),
      Buffer.from('{"id":1},'.repeat(7_000)),
    );
    server.handle = (_req, res) => stream.handle(res);
    const error = await client({ json: MIB })
      .bots()
      .catch((e: unknown) => e);
    expect(hasReason(error, 'too-large') && error.params).toEqual({ limit: MIB, body: 'json' });
    expect(await stream.stopped).toBeLessThan(MIB + IN_FLIGHT);
  });

  it('the cap counts decoded bytes: a small gzip that inflates past it is refused', async () => {
    // 16 MiB of spaces compress to about 16 KiB: Content-Length is far under the cap, the JSON far over.
    const bomb = gzipSync(Buffer.concat([Buffer.from('['), Buffer.alloc(16 * MIB, ' '), Buffer.from(']')]));
    expect(bomb.length).toBeLessThan(64 * KIB);
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length });
      res.end(bomb);
    };
    await expect(client({ json: MIB }).bots()).rejects.toMatchObject({ kind: 'contract', reason: 'too-large', params: { limit: MIB } });
  });

  it('an error body past the cap is dropped, and its status still says what happened', async () => {
    const stream = endless(503, { 'content-type': 'text/html' }, Buffer.from('<html>'), Buffer.alloc(64 * KIB, 'a'));
    server.handle = (_req, res) => stream.handle(res);
    await expect(client({ json: MIB }).bots()).rejects.toMatchObject({ kind: 'server', status: 503, ambiguous: false });
    expect(await stream.stopped).toBeLessThan(MIB + IN_FLIGHT);
  });

  it('the sign-in answer is capped as well', async () => {
    const stream = endless(200, { 'content-type': 'application/json' }, Buffer.from('{"access":"'), Buffer.alloc(64 * KIB, 'a'));
    server.handle = (_req, res) => stream.handle(res);
    const session = createSession({ baseUrl: server.url, vault: memoryVault(), timeoutMs: 10_000, bodyLimits: { json: MIB } });
    await expect(session.signIn('agente@cobranzas.example', 'clave')).rejects.toMatchObject({ kind: 'contract', reason: 'too-large' });
    expect(await stream.stopped).toBeLessThan(MIB + IN_FLIGHT);
    expect(session.state()).toBe('signed-out');
  });
});

describe('recordings', () => {
  it('past the cap by Content-Length: refused before anything is written', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(2 * MIB) });
      res.end(Buffer.alloc(2 * MIB, 1));
    };
    const dir = freshDir();
    await expect(client({ recording: MIB }).downloadOutboundRecording(1, dir)).rejects.toMatchObject({
      kind: 'contract',
      reason: 'too-large',
      params: { limit: MIB, body: 'recording' },
    });
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });

  it('a recording that never ends is cut off at the cap, and its partial file removed', async () => {
    const stream = endless(200, { 'content-type': 'audio/wav' }, Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(64 * KIB, 7));
    server.handle = (_req, res) => stream.handle(res);
    const dir = freshDir();
    const error = await client({ recording: 2 * MIB })
      .downloadInboundRecording(1, dir)
      .catch((e: unknown) => e);
    expect(hasReason(error, 'too-large') && error.params).toEqual({ limit: 2 * MIB, body: 'recording' });
    expect(await stream.stopped).toBeLessThan(2 * MIB + IN_FLIGHT);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('content types', () => {
  const html = (status: number) => (_req: unknown, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>Ingrese al portal</body></html>');
  };

  it('a 2xx page that is not JSON is a contract failure naming the type it got', async () => {
    server.handle = html(200);
    const error = await client()
      .campaign(1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'contract', reason: 'content-type', params: { contentType: 'text/html' }, ambiguous: false });
    expect(serviceFailure(error as ServiceError)).toEqual({
      code: 'service.content_type',
      params: { request: 'GET /api/v2/campaigns/1/', contentType: 'text/html' },
    });
    // The sign-in too: a proxy's page is not a token pair.
    const session = createSession({ baseUrl: server.url, vault: memoryVault() });
    await expect(session.signIn('agente@cobranzas.example', 'clave')).rejects.toMatchObject({ kind: 'contract', reason: 'content-type' });
  });

  it('JSON sent as text/plain, or with no content type, is refused; application/json with parameters and +json types are read', async () => {
    const bots = [aBotBody({ name: 'n', alias: 'a' })];
    for (const type of ['text/plain', '']) {
      server.handle = (_req, res) => {
        res.writeHead(200, type ? { 'content-type': type } : {});
        res.end(JSON.stringify(bots));
      };
      await expect(client().bots(), type).rejects.toMatchObject({ reason: 'content-type', params: { contentType: type } });
    }
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/vnd.casedesk+json']) {
      server.handle = (_req, res) => {
        res.writeHead(200, { 'content-type': type });
        res.end(JSON.stringify(bots));
      };
      expect(await client().bots(), type).toMatchObject(bots);
    }
  });

  it('an upload answered 200 with a page that is not JSON is not taken as loaded, and stays in doubt', async () => {
    server.handle = html(200);
    await expect(client().uploadCases(4, bodyOf(2, 'H'))).rejects.toMatchObject({ kind: 'contract', reason: 'content-type', method: 'PUT', ambiguous: true });
    // Error bodies stay tolerant: a 400 in plain text still refuses the upload with its words.
    server.handle = (_req, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Campaign closed');
    };
    expect(await client().uploadCases(4, bodyOf(2, 'H'))).toEqual({ kind: 'refused', error: 'Campaign closed' });
  });
});
