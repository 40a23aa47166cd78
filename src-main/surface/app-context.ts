// Opens everything the procedures work with (the types are in app-context-types.ts).
import { isPrepareWork, type WorkKey } from '../app/work-keys';
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceClient, createSession, memoryVault } from '../client';
import { diagnosticLog } from '../diagnostics/diagnostic-log';
import { ENVIRONMENTS, type Environment } from '../domain/environments';
import { osKeychain } from '../keys/keychain';
import { resolveDataKey } from '../keys/data-key';
import { environmentAllowed, loadPolicy, managedBaseUrl } from '../policy/policy';
import { preparationsSettled } from '../preparation/worker/preparation-job';
import {
  BatchRefusal,
  getBaseUrl,
  getSetting,
  openStore,
  restrictUmask,
  setSetting,
  STALE_IMPORT_MS,
  sweepStaleImports,
  tightenDataFolder,
  writersSettled,
} from '../store';
import { createPacer, type Pacer } from '../sync/pacing';
import { demoService } from '../app/demo-service';
import { DAY_MS, purgeExpired } from '../app/data-lifecycle';
import { wipeDataFolder } from '../app/workstation-wipe';
import { audit } from '../app/audit-trail';
import { sealPlainRecordings } from '../app/recordings-at-rest';
import { settleMovedFolder } from '../app/moved-folder';
import type { AppContext, AppContextOptions, Connection } from './app-context-types';

/** This thread's batch writers and those of the preparation workers that replied: all ended, no connection of theirs left. */
async function storeWritersSettled(): Promise<void> {
  await Promise.all([writersSettled(), preparationsSettled()]);
}

/** How long closing waits for stopped work to end its step. */
const CLOSE_WAIT_MS = 10_000;

export function createAppContext(options: AppContextOptions): AppContext {
  // Before anything is created: nothing CaseDesk writes is for other users of this machine.
  restrictUmask();
  const env = options.env ?? process.env;
  const policy = options.policy ?? loadPolicy(env);
  const keyOptions = { keychain: options.keychain ?? osKeychain(), requireKeychain: policy.policy.require_keychain ?? false, env };
  // Replaced by a wipe (a fresh first run): read through the context, never kept elsewhere.
  let dataKey = resolveDataKey(options.dataDir, keyOptions);
  let store = openStore(options.dataDir, dataKey.key);
  // What an older version (or another umask) left readable by others is tightened once, at start:
  // CaseDesk's own entries only, as the folder may be one the agent also keeps other files in.
  tightenDataFolder(options.dataDir);
  let demo = demoService(options.dataDir, dataKey.key);
  const connections = new Map<Environment, Connection>();
  const pacers = new Map<Environment, Pacer>();
  const running = new Map<WorkKey, AbortController>();
  /** The running work itself: closing stops it and waits for it (a corrections import ends its part). */
  const underway = new Set<Promise<unknown>>();
  const events = new EventEmitter();
  const diagnostics = diagnosticLog(options.dataDir);
  const ctx: AppContext = {
    policy,
    diagnostics,
    get store() {
      return store;
    },
    get dataKey() {
      return dataKey;
    },
    get demo() {
      return demo;
    },
    options,
    connections,
    async track(key, work) {
      if (running.has(key)) throw new BatchRefusal('work.busy', `${key} is already running`);
      const controller = new AbortController();
      running.set(key, controller);
      const done = work(controller.signal);
      underway.add(done);
      try {
        return await done;
      } finally {
        running.delete(key);
        underway.delete(done);
      }
    },
    cancel(key) {
      const controller = running.get(key);
      controller?.abort();
      return controller !== undefined;
    },
    runningWork: () => [...running.keys()],
    async wipe() {
      if (running.size > 0) throw new Error('work is running: stop it before a wipe');
      // Tokens are forgotten (in memory and in the store) before the store goes.
      for (const connection of connections.values()) await connection.session.signOut().catch(() => undefined);
      connections.clear();
      await demo.stop();
      // A big batch just prepared is still copied into the store's file on its writer's thread.
      await storeWritersSettled();
      store.close();
      /** A fresh first run: a new key, an empty store. False when no new key could be kept (a policy that requires a keychain, say). */
      const startOver = (): boolean => {
        try {
          dataKey = resolveDataKey(options.dataDir, keyOptions);
          store = openStore(options.dataDir, dataKey.key);
          demo = demoService(options.dataDir, dataKey.key);
          return true;
        } catch {
          return false;
        }
      };
      let outcome;
      try {
        outcome = wipeDataFolder(options.dataDir, keyOptions);
      } catch (err) {
        startOver();
        throw err;
      }
      const restarted = startOver();
      // The trail was wiped with the rest: this is the fresh one's first line.
      if (restarted) audit(ctx, { action: 'workstation.wiped' });
      return { ...outcome, restarted };
    },
    pacer(env, spacingMs) {
      let pacer = pacers.get(env);
      if (!pacer || (spacingMs !== undefined && pacer.spacingMs !== Math.max(1000, spacingMs))) pacers.set(env, (pacer = createPacer(spacingMs)));
      return pacer;
    },
    updates: null,
    emit: (name, payload) => {
      events.emit(name, payload);
    },
    on(name, listener) {
      events.on(name, listener);
      return () => events.off(name, listener);
    },
    currentEnvironment: () => {
      const chosen = getSetting<Environment>(store.db, 'currentEnvironment', 'demo');
      // A policy that turns Demo (or a custom address) off moves the agent to what it allows.
      return environmentAllowed(policy, chosen) ? chosen : (ENVIRONMENTS.find((name) => environmentAllowed(policy, name)) ?? chosen);
    },
    setCurrentEnvironment: (env) => setSetting(store.db, 'currentEnvironment', env),
    async baseUrl(env) {
      if (!environmentAllowed(policy, env)) return null;
      return env === 'demo' ? demo.baseUrl() : (managedBaseUrl(policy, env) ?? getBaseUrl(store.db, env));
    },
    async connect(env, credentials, baseUrl, signal) {
      // Tokens stay in this session's memory: a refresh needs the previous access token, so a
      // stored refresh token could never be used after a restart (see Session.resume).
      // undici loads with the first connection: a run that stays offline (most CLI commands) skips it.
      const fetch = options.network
        ? options.network(env)
        : (await import('../network/service-fetch')).serviceFetch({
            extraCa: env === 'demo' ? undefined : policy.caCertificates[env],
            env: options.env ?? process.env,
          });
      const session = createSession({ baseUrl, vault: memoryVault(), fetch });
      // Demo takes this launch's own password, whatever the caller was given (the renderer and the
      // CLI know only the public one, which the service no longer accepts); only ever sent to it.
      const signIn = env === 'demo' && baseUrl === (await demo.baseUrl()) ? demo.credentials(credentials.email) : credentials;
      await session.signIn(signIn.email, signIn.password, signal);
      const connection = {
        environment: env,
        email: credentials.email,
        baseUrl,
        session,
        client: createServiceClient({ baseUrl, session, fetch, recordingPace: options.recordingPace }),
      };
      connections.set(env, connection);
      return connection;
    },
    async close() {
      clearInterval(retention);
      for (const controller of running.values()) controller.abort();
      // Stopped work ends its step (a part of corrections, a request) before the store goes; a step that
      // does not end soon is not waited for.
      await Promise.race([Promise.allSettled([...underway]), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      connections.clear();
      await demo.stop();
      // A big batch just prepared may still be copied from the WAL into the file on its thread.
      await storeWritersSettled();
      store.close();
      await diagnostics.close();
    },
  };
  // Retention: at start and once a day; a failed purge never stops the app, the next one tries again.
  const purge = () => {
    try {
      purgeExpired(ctx);
    } catch {
      // e.g. the store busy with another process's write: the next run takes it
    }
  };
  // What a killed import left hidden (a preparation worker dead with its writer, an app quit and
  // started again within the minute) goes once stale, checked each minute: not a day later.
  // Not while this app prepares a file: its import may stand still because the computer slept or the
  // clock jumped, not because it was abandoned. If its worker died, the preparation has ended too.
  const sweep = () => {
    if (ctx.runningWork().some(isPrepareWork)) return;
    try {
      sweepStaleImports(store.db);
    } catch {
      // as for the purge: the next minute's sweep takes it
    }
  };
  // A store just moved from an older default: its recordings' paths follow it, and the trail says so.
  settleMovedFolder(ctx);
  // What an older CaseDesk left in the clear: copies of picked files (none are kept now) go, recordings
  // are sealed.
  rmSync(join(options.dataDir, 'imports'), { recursive: true, force: true });
  sealPlainRecordings(ctx);
  sweep();
  purge();
  let minutes = 0;
  const retention = setInterval(() => {
    sweep();
    minutes += 1;
    if (minutes % (DAY_MS / STALE_IMPORT_MS) === 0) purge();
  }, STALE_IMPORT_MS);
  retention.unref();
  return ctx;
}
