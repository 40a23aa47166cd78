// The parts of the running app a service may be handed. Each service takes a Pick of the few it uses,
// so a test or another face hands it just those; the surface's AppContext has them all (it extends this).
import type { Environment } from '../domain/environments';
import type { DataKey } from '../keys/data-key';
import type { LoadedPolicy } from '../policy/policy';
import type { Store } from '../store';
import type { WorkKey } from './work-keys';

/** What the services read of how the app was started. */
export interface AppOptions {
  dataDir: string;
  /** Read and prepare files in a worker thread, so the app stays responsive (the app and the browser host). */
  preparationInWorker?: boolean;
  /** Who the audit trail says acted through: the app (desktop or browser) by default, or the CLI. */
  face?: 'app' | 'cli';
}

export interface AppParts {
  store: Store;
  policy: LoadedPolicy;
  /** The data folder's key and where it is kept (never sent to the renderer). */
  dataKey: DataKey;
  options: AppOptions;
  /** Who is signed in, per environment: the audit trail's service user. */
  connections: ReadonlyMap<Environment, { email: string }>;
  /** Keys of the long work running now. */
  runningWork(): WorkKey[];
}
