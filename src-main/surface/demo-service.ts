// The Demo environment: the built-in emulator, started on demand on a loopback port, its state kept
// in the data folder so the demo's campaigns survive a restart.
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../emulator';

/** Simulated calls run this much faster than real time in the demo, and ignore office hours. */
export const DEMO_SPEED = 30;

export interface DemoService {
  /** Starts the service if needed; resolves to its base URL. */
  baseUrl(): Promise<string>;
  stop(): Promise<void>;
}

/** The demo's state holds the debtors uploaded to it: it is encrypted with the data folder's key. */
export function demoService(dataDir: string, key: Buffer | null): DemoService {
  let running: Promise<RunningEmulator> | null = null;
  return {
    async baseUrl() {
      running ??= startEmulator({ dbFile: join(dataDir, 'demo-service.sqlite'), dbKey: key, speed: DEMO_SPEED, port: 0, host: '127.0.0.1' });
      return (await running).url;
    },
    async stop() {
      const current = running;
      running = null;
      if (current) await (await current).close();
    },
  };
}
