// The local service emulator: a real HTTP server that speaks the service's interface.
// Used by every test, by the benchmarks, and as the app's built-in Demo environment.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paths } from '../contract';
import { setEveryPassword, writeSeed } from './accounts';
import { advanceDialing, dialStep, type DialerCore } from './dialer';
import { getMeta, openEmulatorDb, setMeta } from './emulator-db';
import { createFaultState, DEFAULT_UPLOAD_BODY_LIMIT, SLOW_ENDPOINTS, type FaultState, type SlowEndpoint } from './faults';
import { closeIfBodyPending, OPEN_BODY_LIMIT } from './body-limits';
import { bearerAuth, NOT_FOUND } from './http-kit';
import { inboundStep, seedInboundHistory } from './inbound';
import { authRoutes } from './routes-auth';
import { campaignRoutes } from './routes-campaigns';
import { resultRoutes } from './routes-results';
import { allowedHosts, checkControlRequest, checkHost } from './request-guard';
import { loadSeed, type Seed } from './seed';
import { createSimClock } from './sim-clock';
import type { TokenGenerations, TokenSettings } from './tokens';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /**
   * More Host header values to answer (`name`, on the emulator's port, or `name:port`), besides the
   * address it listens on and, on loopback, 127.0.0.1 / localhost / [::1]. Any other Host gets 421.
   */
  allowedHosts?: string[];
  /** Parsed seed; else seedFile; else the built-in demo seed. */
  seed?: Seed;
  seedFile?: string;
  /** SQLite file for the emulator's state; memory when absent. */
  dbFile?: string;
  /** Encrypts dbFile with this 32-byte key (the app's Demo service, whose state sits in the data folder). */
  dbKey?: Buffer | null;
  /**
   * Every account's password for this run, in place of the seed's public ones: written over the
   * stored passwords at start, and the only one sign-in takes; tokens signed before this start are
   * void (a new signing secret). The app's Demo service, which other users of the machine can reach.
   */
  accountPassword?: string;
  /** Simulated time runs this many times faster, and calls ignore the call window. */
  speed?: number;
  /** Serve the /__control/ endpoints. Never on unless asked. */
  faults?: boolean;
  pageSize?: number;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  uploadBodyLimit?: number;
  /** Seed of the dialing simulation: same seed, same call outcomes. */
  randomSeed?: number;
  createStatus?: 'paused' | 'guide';
  workers?: number;
  /** How often (wall-clock ms) the simulation advances by itself; 0 stops the ticker (tests drive it). */
  tickMs?: number;
  utcOffsetMinutes?: number;
  /** Serve https with this certificate and key (PEM): corporate-network tests with a private CA. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Told the server-side time of every answered request (benchmarks). */
  onRequestTimed?: (method: string, path: string, ms: number) => void;
}

export interface RunningEmulator {
  url: string;
  port: number;
  core: DialerCore;
  faults: FaultState;
  app: FastifyInstance;
  close(): Promise<void>;
}

const ControlFaults = z.object({
  fail_upload: z.array(z.number().int().positive()).optional(),
  drop_upload: z.array(z.number().int().positive()).optional(),
  latency_ms: z.number().int().nonnegative().max(120_000).optional(),
  body_limit: z.number().int().positive().optional(),
  recording_bytes_per_second: z.number().int().nonnegative().optional(),
  slow_answers: z.partialRecord(z.enum(SLOW_ENDPOINTS), z.number().int().nonnegative().max(120_000)).optional(),
});

/** Which endpoint of `slow_answers` a request is: by its route, so a campaign's upload (PUT) is not its creation. */
const SLOW_ROUTES: Record<string, SlowEndpoint> = {
  [`POST ${paths.login()}`]: 'login',
  [`POST ${paths.refresh()}`]: 'refresh',
  [`POST ${paths.createCampaign()}`]: 'create_campaign',
};

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const bindHost = options.host ?? '127.0.0.1';
  // Checked first (a bad name throws before anything is opened); filled in with the real port below.
  let allowed = allowedHosts(bindHost, options.port ?? 0, options.allowedHosts);
  const seed = options.seed ?? loadSeed(options.seedFile);
  const { db, fresh } = openEmulatorDb(options.dbFile, options.dbKey ?? null);
  const speed = options.speed ?? 1;
  const core: DialerCore = {
    db,
    clock: createSimClock(speed),
    utcOffsetMinutes: options.utcOffsetMinutes ?? -180,
    createStatus: options.createStatus ?? 'paused',
    workers: options.workers ?? 5,
    randomSeed: options.randomSeed ?? 42,
    companyName: seed.company_name,
    ignoreCallWindow: options.speed !== undefined,
  };
  if (fresh) {
    writeSeed(db, seed);
    // Kept in the database so tokens stay valid across a restart with --db.
    setMeta(db, 'jwt_secret', randomBytes(32).toString('hex'));
    seedInboundHistory(core);
  }
  if (options.accountPassword !== undefined) {
    setEveryPassword(db, options.accountPassword);
    setMeta(db, 'jwt_secret', randomBytes(32).toString('hex'));
  }
  const tokens: TokenSettings = {
    secret: Buffer.from(getMeta(db, 'jwt_secret') ?? '', 'hex'),
    accessTtlSeconds: options.accessTtlSeconds ?? 300,
    refreshTtlSeconds: options.refreshTtlSeconds ?? 86_400,
  };
  const gens: TokenGenerations = { access: 0, refresh: 0 };
  const faults = createFaultState(options.uploadBodyLimit ?? DEFAULT_UPLOAD_BODY_LIMIT);
  const deps = { core, faults, pageSize: options.pageSize ?? 20 };

  // Typed as the http instance: routes and hooks are the same over https.
  const app = Fastify({
    ...(options.tls ? { https: { cert: options.tls.cert, key: options.tls.key } } : {}),
    logger: false,
    // Small for whatever comes before sign-in; the routes that take more say so (body-limits.ts).
    bodyLimit: OPEN_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: false },
  });

  // Plain JSON.parse: case codes such as "__proto__" are data here, kept as own properties.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (request.method === 'PUT' && body.length > faults.bodyLimit()) {
      done(Object.assign(new Error('Request body too large'), { statusCode: 413 }), undefined);
      return;
    }
    if (body.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send();
    const isUpload = request.method === 'PUT';
    if (status >= 500) return reply.code(500).send(isUpload ? { message: 'Internal server error', Errors: '' } : { detail: 'Internal server error' });
    return reply.code(status).send(isUpload ? { error: error.message } : { detail: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(NOT_FOUND));

  // Before anything else: a foreign Host is a rebound DNS name (a web page), whatever it asks for.
  app.addHook('onRequest', async (request, reply) => {
    const refusal = checkHost(request.headers.host, allowed);
    if (!refusal) return;
    closeIfBodyPending(request, reply);
    return reply.code(refusal.status).send({ detail: refusal.detail });
  });

  app.addHook('onRequest', async (request) => {
    // The control routes stay fast, so a test can always lift the latency it set.
    if (request.url.startsWith('/__control/')) return;
    const ms = faults.latencyMs();
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  });

  // After the handler: what the request did is done on the service by the time its answer is held.
  app.addHook('onSend', async (request) => {
    const endpoint = SLOW_ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (endpoint) await faults.holdAnswer(endpoint);
  });

  const timed = options.onRequestTimed;
  if (timed) app.addHook('onResponse', async (request, reply) => timed(request.method, request.url, reply.elapsedTime));

  await app.register(async (open) => authRoutes(open, db, tokens, gens, options.accountPassword));
  await app.register(async (secured) => {
    secured.addHook('onRequest', bearerAuth(tokens, gens));
    campaignRoutes(secured, deps);
    resultRoutes(secured, deps);
  });
  if (options.faults) {
    await app.register(async (control) => {
      control.addHook('onRequest', async (request, reply) => {
        const refusal = checkControlRequest({ method: request.method, headers: request.headers, peer: request.socket.remoteAddress });
        if (refusal) return reply.code(refusal.status).send({ detail: refusal.detail });
      });
      control.get('/__control/state', async () => ({ ...faults.describe(), clock: new Date(core.clock.now()).toISOString() }));
      control.post('/__control/faults', async (request, reply) => {
        const parsed = ControlFaults.safeParse(request.body ?? {});
        if (!parsed.success) return reply.code(400).send({ detail: parsed.error.message });
        faults.set(parsed.data);
        return faults.describe();
      });
      control.post('/__control/reset', async () => {
        faults.reset();
        return faults.describe();
      });
      control.post('/__control/expire-tokens', async (request) => {
        const body = z.object({ access: z.boolean().default(true), refresh: z.boolean().default(false) }).parse(request.body ?? {});
        if (body.access) gens.access += 1;
        if (body.refresh) gens.refresh += 1;
        return { expired: body };
      });
      control.post('/__control/advance', async (request) => {
        const { seconds } = z
          .object({
            seconds: z
              .number()
              .positive()
              .max(30 * 86_400),
          })
          .parse(request.body ?? {});
        advanceDialing(core, seconds);
        inboundStep(core);
        return { clock: new Date(core.clock.now()).toISOString() };
      });
    });
  }

  const address = await app.listen({ port: options.port ?? 0, host: bindHost });
  const port = (app.server.address() as { port: number }).port;
  allowed = allowedHosts(bindHost, port, options.allowedHosts);
  const tickMs = options.tickMs ?? 250;
  const ticker =
    tickMs > 0
      ? setInterval(() => {
          dialStep(core);
          inboundStep(core);
        }, tickMs)
      : null;
  ticker?.unref();

  return {
    url: address.replace('[::1]', 'localhost'),
    port,
    core,
    faults,
    app,
    async close() {
      if (ticker) clearInterval(ticker);
      // Answers still held (slow_answers) go now: closing waits for every request under way.
      faults.reset();
      await app.close();
      db.close();
    },
  };
}

export { loadSeed } from './seed';
export type { Seed } from './seed';
