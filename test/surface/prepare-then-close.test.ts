// A big file prepared in a worker: its batch writer thread goes on copying the batch from the WAL into
// the store file after the worker replied. The app's close and a wipe wait for that thread, so no
// connection of it is left on the store they close or delete.
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryKeychain } from '../../src-main/keys/keychain';
import { storeFile } from '../../src-main/store';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import { createSurface } from '../../src-main/surface/surface';
import { bigList } from '../support/big-list';

const root = mkdtempSync(join(tmpdir(), 'casedesk-prepare-close-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function preparedBig(ctx: AppContext): Promise<number> {
  const api = createSurface(ctx);
  const received = await api.call('files:receive', { name: 'cartera-grande.csv', base64: Buffer.from(bigList(30_000)).toString('base64') });
  if (!received.ok) throw new Error(received.error.code);
  const prepared = await api.call('batches:prepare', { environment: 'demo', fileId: received.value.fileId, maxPhonePriority: 2 });
  if (!prepared.ok) throw new Error(prepared.error.code);
  expect(prepared.value.cases).toBe(30_000);
  return prepared.value.batchId;
}

/** Files of `dir` this process still has open though they were deleted (Linux: /proc/self/fd). */
function deletedButOpen(dir: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) && target.endsWith(' (deleted)') ? [target] : [];
    } catch {
      return [];
    }
  });
}

describe('while a big batch is being prepared', () => {
  it('a wipe is refused as running work (workstation.busy), and the batch is prepared whole', async () => {
    const dataDir = join(root, 'busy');
    const ctx = createAppContext({ dataDir, preparationInWorker: true, keychain: memoryKeychain() });
    try {
      const preparing = preparedBig(ctx);
      await expect.poll(() => ctx.runningWork().some((key) => key.startsWith('prepare:')), { timeout: 10_000, interval: 5 }).toBe(true);
      const wipe = await createSurface(ctx).call('workstation:wipe', { confirmation: 'WIPE' });
      expect(wipe).toMatchObject({ ok: false, error: { code: 'workstation.busy' } });
      const batchId = await preparing;
      expect(ctx.runningWork()).toEqual([]);
      const got = await createSurface(ctx).call('batches:get', { batchId });
      expect(got).toMatchObject({ ok: true });
    } finally {
      await ctx.close();
    }
  });

  it('the same file sent again meanwhile is refused as prepare.running, and the first goes on', async () => {
    const dataDir = join(root, 'twice');
    const ctx = createAppContext({ dataDir, preparationInWorker: true, keychain: memoryKeychain() });
    try {
      const api = createSurface(ctx);
      const received = await api.call('files:receive', { name: 'cartera-grande.csv', base64: Buffer.from(bigList(30_000)).toString('base64') });
      if (!received.ok) throw new Error(received.error.code);
      const input = { environment: 'demo' as const, fileId: received.value.fileId, maxPhonePriority: 2 };
      const first = api.call('batches:prepare', input);
      await expect.poll(() => ctx.runningWork().includes(`prepare:${input.fileId}`), { timeout: 10_000, interval: 5 }).toBe(true);
      expect(await api.call('batches:prepare', input)).toMatchObject({ ok: false, error: { code: 'prepare.running' } });
      expect(await first).toMatchObject({ ok: true, value: { cases: 30_000 } });
    } finally {
      await ctx.close();
    }
  });
});

describe('after a big batch is prepared in a worker', () => {
  it('the app closes once the writer thread is done: the store was closed by its last connection (its WAL is gone)', async () => {
    const dataDir = join(root, 'close');
    const ctx = createAppContext({ dataDir, preparationInWorker: true, keychain: memoryKeychain() });
    await preparedBig(ctx);
    await ctx.close();
    expect(existsSync(`${storeFile(dataDir)}-wal`)).toBe(false);
  });

  it('a wipe waits for the writer thread: nothing still writes into the deleted store', async () => {
    const dataDir = join(root, 'wipe');
    const ctx = createAppContext({ dataDir, preparationInWorker: true, keychain: memoryKeychain() });
    try {
      await preparedBig(ctx);
      const report = await createSurface(ctx).call('workstation:wipe', { confirmation: 'WIPE' });
      expect(report).toMatchObject({ ok: true, value: { restarted: true } });
      expect(deletedButOpen(dataDir)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
