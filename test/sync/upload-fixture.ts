// A store with a batch of ready cases, a signed-in client, and the emulator's own count of what it
// loaded: the pieces every upload test needs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceClient, createSession, memoryVault, type FetchLike, type ServiceClient } from '../../src-main/client';
import type { RunningEmulator } from '../../src-main/emulator';
import { createBatch, insertBatchCases, openStore, type BatchCaseInput, type Store } from '../../src-main/store';
import { createPacer, type Pacer } from '../../src-main/sync/pacing';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { BOTS, DEMO_USER } from '../support/emulator';
import { TEST_STORE_KEY } from '../support/store-key';

export function aCase(code: string, phone = '3514567890'): BatchCaseInput {
  return {
    code,
    firstName: 'Ana',
    lastName: 'Pérez',
    phones: [phone],
    products: [{ debt_code: `D-${code}`, pid: 'Tarjeta', debt: '1500.00', expiration: '2026-12-31' }],
    params: { company_name: 'Banco del Sur' },
    sourceRows: [2],
    status: 'ready',
  };
}

export interface UploadWorld {
  store: Store;
  client: ServiceClient;
  campaignId: number;
  batchId: number;
  codes: string[];
  /** No real waiting in tests; the waits asked for are recorded. */
  waits: number[];
  pacer: Pacer;
  sleep: (ms: number) => Promise<void>;
  cleanup(): void;
}

export async function uploadWorld(
  baseUrl: string,
  n: number,
  opts: { badCodes?: string[]; timeoutMs?: number; codes?: string[]; fetch?: FetchLike } = {},
): Promise<UploadWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-upload-'));
  const store = openStore(dir, TEST_STORE_KEY);
  const session = createSession({ baseUrl, vault: memoryVault(), timeoutMs: opts.timeoutMs });
  await session.signIn(DEMO_USER.email, DEMO_USER.password);
  const client = createServiceClient({ baseUrl, session, timeoutMs: opts.timeoutMs, fetch: opts.fetch });
  const campaign = await client.createCampaign({
    client_id: BOTS.voice,
    name: 'Subida',
    dialing_type: 'VERTICAL',
    min_phone_priority: 0,
    max_phone_priority: 0,
    max_calls_per_case: 1,
  });
  const codes = opts.codes ?? Array.from({ length: n }, (_, i) => `C${String(i).padStart(5, '0')}`);
  const bad = new Set(opts.badCodes ?? []);
  const batchId = createBatch(store.db, { environment: 'test', name: 'lote', sourceFile: 'x.xlsx', maxPhonePriority: 0 });
  // A "bad" case passed preparation but the service refuses its phone: a server rule stricter than ours.
  insertBatchCases(
    store.db,
    batchId,
    codes.map((code) => aCase(code, bad.has(code) ? '1512345678' : '3514567890')),
  );
  const waits: number[] = [];
  // The pacer's clock moves only by its waits: how long a request took on a loaded machine never shortens one.
  let clock = 0;
  const sleep = async (ms: number) => {
    waits.push(ms);
    clock += ms;
  };
  return {
    store,
    client,
    campaignId: campaign.id,
    batchId,
    codes,
    waits,
    sleep,
    pacer: createPacer(1000, { sleep, now: () => clock }),
    cleanup: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Uploads one of the world's batches into its campaign, two cases a chunk, with the world's pacing. */
export const uploadRun = (w: UploadWorld, batchId: number, extra: Parameters<typeof uploadBatch>[3] = {}) =>
  uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, batchId, w.campaignId, {
    chunkLimits: { maxCases: 2, maxBytes: 2_000_000 },
    ...extra,
  });

/** Another batch of the world's environment holding these codes, prepared while the first one waits. */
export function otherBatch(w: UploadWorld, codes: string[]): number {
  const id = createBatch(w.store.db, { environment: 'test', name: 'otra lista', sourceFile: 'y.xlsx', maxPhonePriority: 0 });
  insertBatchCases(
    w.store.db,
    id,
    codes.map((code) => aCase(code)),
  );
  return id;
}

/** The emulator's own record: how many times each code was loaded into the campaign. */
export function loadedOnServer(emulator: RunningEmulator, campaignId: number): Map<string, number> {
  const rows = emulator.core.db.prepare('SELECT code, count(*) AS n FROM cases WHERE campaign_id = ? GROUP BY code').all(campaignId) as {
    code: string;
    n: number;
  }[];
  return new Map(rows.map((r) => [r.code, r.n]));
}

/** Every expected code exactly once on the server, and nothing else. */
export function expectExactlyOnce(
  emulator: RunningEmulator,
  campaignId: number,
  expected: readonly string[],
): { duplicates: string[]; missing: string[]; extra: string[] } {
  const server = loadedOnServer(emulator, campaignId);
  const want = new Set(expected);
  return {
    duplicates: [...server].filter(([, n]) => n > 1).map(([code]) => code),
    missing: expected.filter((code) => !server.has(code)),
    extra: [...server.keys()].filter((code) => !want.has(code)),
  };
}
