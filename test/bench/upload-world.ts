// What the upload benches start from: the emulator (its upload time counted apart), a store of their
// own, a client signed in to it, and a new campaign of Demo's voice bot.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceClient, createSession, memoryVault, type ServiceClient } from '../../src-main/client';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import { openStore, type Store } from '../../src-main/store';

export interface UploadBenchWorld {
  emulator: RunningEmulator;
  store: Store;
  client: ServiceClient;
  campaignId: number;
  /** The emulator's time answering uploads (PUT) so far. */
  serverMs(): number;
  close(): Promise<void>;
}

export async function uploadBenchWorld(campaign: {
  dialing_type: 'VERTICAL' | 'HORIZONTAL_VERTICAL';
  max_phone_priority: number;
  max_calls_per_case: number;
}): Promise<UploadBenchWorld> {
  let serverMs = 0;
  const emulator = await startEmulator({
    tickMs: 0,
    pageSize: 100,
    speed: 1,
    workers: 100,
    onRequestTimed: (method, _path, ms) => (method === 'PUT' ? (serverMs += ms) : undefined),
  });
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-bench-upload-'));
  const store = openStore(dir, randomBytes(32));
  const session = createSession({ baseUrl: emulator.url, vault: memoryVault() });
  await session.signIn('demo@casedesk.local', 'demo1234');
  const client = createServiceClient({ baseUrl: emulator.url, session });
  const { id } = await client.createCampaign({ client_id: 101, name: 'bench', min_phone_priority: 0, ...campaign });
  return {
    emulator,
    store,
    client,
    campaignId: id,
    serverMs: () => serverMs,
    async close() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
      await emulator.close();
    },
  };
}
