// What the procedures work with: the store, the Demo service, and one session per environment.
// Types only: createAppContext (app-context.ts) imports the services, which take a part of it (app/app-parts.ts).
import { type WorkKey } from '../app/work-keys';
import type { FetchLike, RecordingPace, ServiceClient, Session } from '../client';
import type { DiagnosticLog } from '../diagnostics/diagnostic-log';
import type { Environment } from '../domain/environments';
import type { Keychain } from '../keys/keychain';
import type { LoadedPolicy } from '../policy/policy';
import type { Pacer } from '../sync/pacing';
import type { AppOptions, AppParts } from '../app/app-parts';
import type { DemoService } from '../app/demo-service';
import type { WipeReport } from '../app/app-results';
import type { SurfaceEvents } from './procedures';
import type { UpdateController } from '../updates/update-controller';

export interface Credentials {
  email: string;
  password: string;
}

export interface AppContextOptions extends AppOptions {
  /** Sign in without asking (CLI: CASEDESK_EMAIL / CASEDESK_PASSWORD) when a command needs a session. */
  credentials?: (env: Environment) => Credentials | null;
  /** Where the data key is kept; the OS keychain by default. */
  keychain?: Keychain;
  /** The organization's policy; read from its usual place when not given. */
  policy?: LoadedPolicy;
  env?: NodeJS.ProcessEnv;
  /**
   * How requests reach an environment's service. By default Node's network with the proxy of
   * HTTPS_PROXY / NO_PROXY and the policy's CA file; the Electron app passes Chromium's (net.fetch).
   */
  network?: (environment: Environment) => FetchLike;
  /**
   * The slowest a recording may come before it is given up (service.recording_too_slow); the client's
   * default when not given. Tests that stop a slow recording by hand give it longer, so a loaded
   * machine never lets the floor end it first.
   */
  recordingPace?: Partial<RecordingPace> | undefined;
}

export interface Connection {
  environment: Environment;
  email: string;
  baseUrl: string;
  session: Session;
  client: ServiceClient;
}

/** The running app: the parts the services take (AppParts), and what only the surface and its adapters use. */
export interface AppContext extends AppParts {
  demo: DemoService;
  /** Internal failures, for IT: <dataDir>/logs (opened at the first one). */
  diagnostics: DiagnosticLog;
  options: AppContextOptions;
  connections: Map<Environment, Connection>;
  /**
   * Long work in progress (uploads, downloads), by key: one at a time per key, each cancellable.
   * Resolves with the work's result; throws if the same key is already running.
   */
  track<T>(key: WorkKey, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  cancel(key: WorkKey): boolean;
  /**
   * Wipes the data folder and forgets its key (refused by the caller while work runs), then starts
   * over as a fresh first run: a new key, an empty store, no session.
   */
  wipe(): Promise<WipeReport>;
  /** One pacer per environment: every upload to a service shares its spacing. */
  pacer(env: Environment, spacingMs?: number): Pacer;
  /** The desktop app's updater, set by src-main/electron/auto-updater.ts; the browser host and the CLI have none. */
  updates: Pick<UpdateController, 'state' | 'restartNow'> | null;
  emit<K extends keyof SurfaceEvents>(name: K, payload: SurfaceEvents[K]): void;
  on<K extends keyof SurfaceEvents>(name: K, listener: (payload: SurfaceEvents[K]) => void): () => void;
  currentEnvironment(): Environment;
  setCurrentEnvironment(env: Environment): void;
  /** The base URL the client uses for `env`; starts the Demo service when needed. */
  baseUrl(env: Environment): Promise<string | null>;
  /** Opens a session and its client (on Demo, with the Demo service's own password); `signal` stops the sign-in. */
  connect(env: Environment, credentials: Credentials, baseUrl: string, signal?: AbortSignal): Promise<Connection>;
  close(): Promise<void>;
}
