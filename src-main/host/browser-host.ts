// The browser host: the same renderer and the same procedures as the desktop app, served on
// 127.0.0.1 for a browser (servers, CI, or `npm start -- --browser`).
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
// The emulator's rule for a refused body, shared: the host, like the Demo service, answers any local program.
import { closeIfBodyPending } from '../emulator/body-limits';
import type { AppContext } from '../surface/app-context-types';
import { formatFailure } from '../domain/failures/failure';
import { PROGRESS_EVENTS, type Envelope, type SurfaceError, type SurfaceEvents } from '../surface/procedures';
import { createSurface } from '../surface/surface';
import { checkApiRequest, checkSite, CONTENT_SECURITY_POLICY, newLaunchToken, type Verdict } from './host-guard';

export interface BrowserHost {
  /** Open this: it hands the launch token to the page, which keeps it and sends it as a header. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const EVENTS: readonly (keyof SurfaceEvents)[] = PROGRESS_EVENTS;

/** Outside the one procedure route, a request's body is at most this (none of them needs one). */
const SMALL_BODY_LIMIT = 16 * 1024;
/** A procedure call: picked files arrive as base64 in one, room for a 100 MB spreadsheet. Read only after the token was checked. */
const CALL_BODY_LIMIT = 150 * 1024 * 1024;
/**
 * The biggest file that fits in a call, as base64 (4 characters for 3 bytes) with room for the rest:
 * a text file past it (up to 1 GB elsewhere) is refused with this limit named, not an HTTP status.
 */
export const BROWSER_FILE_MB = Math.floor(((CALL_BODY_LIMIT - 64 * 1024) * 3) / 4 / 1024 ** 2);

/** A refused request is answered before its body is read, and its connection closed so the rest is never read. */
function refuse(request: FastifyRequest, reply: FastifyReply, verdict: Extract<Verdict, { ok: false }>): FastifyReply {
  closeIfBodyPending(request, reply);
  return reply.code(verdict.status).type('text/plain; charset=utf-8').send(`CaseDesk: ${verdict.reason}. Open the address that "npm start" printed.`);
}

export async function startBrowserHost(ctx: AppContext, options: { rendererDir: string; port?: number; token?: string }): Promise<BrowserHost> {
  if (!existsSync(options.rendererDir)) throw new Error(`The renderer is not built (${options.rendererDir}); run npm run build:renderer.`);
  const token = options.token ?? newLaunchToken();
  const surface = createSurface(ctx);
  // Any local program can reach the port: only a request with the token may send a big body.
  const app = Fastify({ logger: false, bodyLimit: SMALL_BODY_LIMIT, forceCloseConnections: true });
  let port = 0;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    // The page's own files are public (the build, no data) and cannot carry a header: Host and Origin only.
    const verdict = checkSite(request.headers, port);
    if (!verdict.ok) return refuse(request, reply, verdict);
    // The page's files are only read; nothing outside the API takes a body.
    if (!request.url.startsWith('/api/') && request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(request, reply, { ok: false, status: 405, reason: 'only the page is served here' });
    // A GET or HEAD carries no body: one that says it does would be read to its end, token or not.
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined)
    )
      return refuse(request, reply, { ok: false, status: 400, reason: 'a page request carries no body' });
  });

  // Everything that reaches data: the launch token in the header, registered apart so no URL
  // spelling can reach a procedure around the check.
  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const verdict = checkApiRequest(request.headers, port, token);
      if (!verdict.ok) return refuse(request, reply, verdict);
    });

    // A call past CALL_BODY_LIMIT (said by its Content-Length, refused before it is read) is a file too big for this host.
    api.setErrorHandler((error: Error & { code?: string }, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(error);
      closeIfBodyPending(request, reply);
      const params = { limitMb: BROWSER_FILE_MB };
      return reply.code(413).send({
        ok: false,
        error: { code: 'host.file_too_large', message: formatFailure('en', 'host.file_too_large', params), params },
      } satisfies Envelope<never>);
    });

    api.post<{ Params: { name: string } }>('/api/call/:name', { bodyLimit: CALL_BODY_LIMIT }, async (request) =>
      surface.call(request.params.name as never, request.body ?? {}),
    );

    // Progress events in the server-sent events format, read by the page with fetch (so the header
    // goes with it; EventSource cannot send one).
    api.get('/api/events', (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'content-security-policy': CONTENT_SECURITY_POLICY,
      });
      res.write(': connected\n\n');
      const offs = EVENTS.map((name) => ctx.on(name, (payload) => res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`)));
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      request.raw.once('close', () => {
        clearInterval(ping);
        for (const off of offs) off();
      });
    });
  });

  await app.register(fastifyStatic, { root: options.rendererDir, index: ['index.html'], wildcard: false });
  // Client-side routes (history mode) all get the app's page.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.code(404).send({ ok: false, error: { code: 'host.no_endpoint', message: 'No such endpoint.' } satisfies SurfaceError });
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  port = (app.server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    close: async () => {
      await app.close();
    },
  };
}
