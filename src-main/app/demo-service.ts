// The Demo environment: the built-in emulator, started on demand on a loopback port, its state kept
// in the data folder so the demo's campaigns survive a restart.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEMO_ACCOUNT } from '../domain/environments';
import type { RunningEmulator } from '../emulator';

/** Simulated calls run this much faster than real time in the demo, and ignore office hours. */
export const DEMO_SPEED = 30;

export interface DemoService {
  /** Starts the service if needed; resolves to its base URL. */
  baseUrl(): Promise<string>;
  /** What signs in to the Demo account `email` (the public demo account by default). */
  credentials(email?: string): { email: string; password: string };
  stop(): Promise<void>;
}

/**
 * The demo's state holds the debtors uploaded to it: it is encrypted with the data folder's key. Any
 * user of this machine can reach its loopback port, so its accounts do not keep the seed's public
 * password: each service gets a random one, known only to this process's memory.
 */
export function demoService(dataDir: string, key: Buffer | null): DemoService {
  const password = randomBytes(24).toString('base64url');
  let running: Promise<RunningEmulator> | null = null;
  return {
    async baseUrl() {
      // Loaded with the first use: a run that never goes to Demo (most CLI commands) skips fastify.
      running ??= import('../emulator').then(({ startEmulator }) =>
        startEmulator({ dbFile: join(dataDir, 'demo-service.sqlite'), dbKey: key, speed: DEMO_SPEED, port: 0, host: '127.0.0.1', accountPassword: password }),
      );
      return (await running).url;
    },
    credentials: (email = DEMO_ACCOUNT.email) => ({ email, password }),
    async stop() {
      const current = running;
      running = null;
      if (current) await (await current).close();
    },
  };
}
