// Everything the procedures work with: the store, the Demo service, and one session per environment.
import { EventEmitter } from 'node:events';
import { createServiceClient, createSession, memoryVault, type ServiceClient, type Session } from '../client';
import type { Environment } from '../domain/environments';
import { getBaseUrl, getSetting, openStore, sealedTokenVault, setSetting, type SecretSealer, type Store } from '../store';
import { createPacer, type Pacer } from '../sync/pacing';
import { demoService, type DemoService } from './demo-service';
import type { SurfaceEvents } from './procedures';

export interface Credentials {
  email: string;
  password: string;
}

export interface AppContextOptions {
  dataDir: string;
  /** Seals the refresh token at rest (Electron's safeStorage). Without one nothing is kept on disk. */
  sealer?: SecretSealer | null;
  /** Sign in without asking (CLI: CASEDESK_EMAIL / CASEDESK_PASSWORD) when a command needs a session. */
  credentials?: (env: Environment) => Credentials | null;
  /** Read and prepare files in a worker thread, so the app stays responsive (the app and the browser host). */
  preparationInWorker?: boolean;
  /** Who the audit trail says acted through: the app (desktop or browser) by default, or the CLI. */
  face?: 'app' | 'cli';
}

export interface Connection {
  environment: Environment;
  email: string;
  baseUrl: string;
  session: Session;
  client: ServiceClient;
}

export interface AppContext {
  store: Store;
  demo: DemoService;
  options: AppContextOptions;
  connections: Map<Environment, Connection>;
  /**
   * Long work in progress (uploads, downloads), by key: one at a time per key, each cancellable.
   * Resolves with the work's result; throws if the same key is already running.
   */
  track<T>(key: string, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  cancel(key: string): boolean;
  /** One pacer per environment: every upload to a service shares its spacing. */
  pacer(env: Environment, spacingMs?: number): Pacer;
  emit<K extends keyof SurfaceEvents>(name: K, payload: SurfaceEvents[K]): void;
  on<K extends keyof SurfaceEvents>(name: K, listener: (payload: SurfaceEvents[K]) => void): () => void;
  currentEnvironment(): Environment;
  setCurrentEnvironment(env: Environment): void;
  /** The base URL the client uses for `env`; starts the Demo service when needed. */
  baseUrl(env: Environment): Promise<string | null>;
  /** Opens a session and its client. */
  connect(env: Environment, credentials: Credentials, baseUrl: string): Promise<Connection>;
  close(): Promise<void>;
}

export function createAppContext(options: AppContextOptions): AppContext {
  const store = openStore(options.dataDir);
  const demo = demoService(options.dataDir);
  const connections = new Map<Environment, Connection>();
  const pacers = new Map<Environment, Pacer>();
  const running = new Map<string, AbortController>();
  const events = new EventEmitter();
  const ctx: AppContext = {
    store,
    demo,
    options,
    connections,
    async track(key, work) {
      if (running.has(key)) throw new Error(`${key} is already running`);
      const controller = new AbortController();
      running.set(key, controller);
      try {
        return await work(controller.signal);
      } finally {
        running.delete(key);
      }
    },
    cancel(key) {
      const controller = running.get(key);
      controller?.abort();
      return controller !== undefined;
    },
    pacer(env, spacingMs) {
      let pacer = pacers.get(env);
      if (!pacer || (spacingMs !== undefined && pacer.spacingMs !== Math.max(1000, spacingMs))) pacers.set(env, (pacer = createPacer(spacingMs)));
      return pacer;
    },
    emit: (name, payload) => {
      events.emit(name, payload);
    },
    on(name, listener) {
      events.on(name, listener);
      return () => events.off(name, listener);
    },
    currentEnvironment: () => getSetting<Environment>(store.db, 'currentEnvironment', 'demo'),
    setCurrentEnvironment: (env) => setSetting(store.db, 'currentEnvironment', env),
    async baseUrl(env) {
      return env === 'demo' ? demo.baseUrl() : getBaseUrl(store.db, env);
    },
    async connect(env, credentials, baseUrl) {
      const vault = options.sealer ? sealedTokenVault(store.db, env, options.sealer) : memoryVault();
      const session = createSession({ baseUrl, vault });
      await session.signIn(credentials.email, credentials.password);
      const connection = { environment: env, email: credentials.email, baseUrl, session, client: createServiceClient({ baseUrl, session }) };
      connections.set(env, connection);
      return connection;
    },
    async close() {
      for (const controller of running.values()) controller.abort();
      connections.clear();
      await demo.stop();
      store.close();
    },
  };
  return ctx;
}
