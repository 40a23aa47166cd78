// The organization's shared do-not-contact list is on a share anyone may fill: a list past the size
// limit is refused by its size, before a byte is read; what is not a file (a pipe, a device, a folder)
// is refused without waiting on it; a list that grows or is swapped while it is read is never read
// past the size taken from the open file; and a list that cannot be read for what it holds is not
// read again at every prepare, upload and edit, only once it changes.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPolicy } from '../../src-main/policy/policy';
import { READ_LIMITS } from '../../src-main/preparation/reading/read-limits';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import type { LedgerEntry } from '../../src-main/domain/ledger';
import { pageSharedList } from '../../src-main/preparation/ledger/shared-list';
import { sharedLedger, sharedListCompiles, type SharedLedger } from '../../src-main/app/shared-ledger';

/**
 * What the app read of each path: each read (whole with readFile, or from one open file) and the bytes
 * it read. `afterSize` is a test's hook, run once right after a path's size was taken (by its path or
 * on the open file): what someone else does to the share between the check and the read.
 */
const io = vi.hoisted(() => ({ reads: [] as string[], bytes: new Map<string, number>(), afterSize: new Map<string, () => void>() }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const counted = (path: string, bytes: number) => io.bytes.set(path, (io.bytes.get(path) ?? 0) + bytes);
  const sized = <T>(path: string, stats: T): T => {
    const hook = io.afterSize.get(path);
    io.afterSize.delete(path);
    hook?.();
    return stats;
  };
  const stat = (async (...args: Parameters<typeof actual.stat>) => sized(String(args[0]), await actual.stat(...args))) as typeof actual.stat;
  const readFile = (async (...args: Parameters<typeof actual.readFile>) => {
    io.reads.push(String(args[0]));
    const bytes = await actual.readFile(...args);
    counted(String(args[0]), bytes.length);
    return bytes;
  }) as typeof actual.readFile;
  const open = async (...args: Parameters<typeof actual.open>) => {
    const path = String(args[0]);
    const handle = await actual.open(...args);
    const [handleStat, handleRead] = [handle.stat.bind(handle), handle.read.bind(handle)] as const;
    let unread = true;
    return Object.assign(handle, {
      stat: async (...a: Parameters<typeof handleStat>) => sized(path, await handleStat(...a)),
      read: async (...a: Parameters<typeof handleRead>) => {
        if (unread) io.reads.push(path);
        unread = false;
        const got = await handleRead(...a);
        counted(path, got.bytesRead);
        return got;
      },
    });
  };
  const mocked = { stat, readFile, open };
  return { ...actual, ...mocked, default: { ...actual, ...mocked } };
});

const dir = mkdtempSync(join(tmpdir(), 'casedesk-shared-hostile-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  io.reads.length = 0;
  io.bytes.clear();
  io.afterSize.clear();
});

function appWith(name: string, list: string, required = false, preparationInWorker = false): AppContext {
  const policyFile = join(dir, `${name}.json`);
  writeFileSync(policyFile, JSON.stringify({ shared_ledger: list, shared_ledger_required: required }));
  const ctx = createAppContext({ dataDir: join(dir, `data-${name}`), policy: loadPolicy({ CASEDESK_POLICY: policyFile }), preparationInWorker });
  contexts.push(ctx);
  return ctx;
}

const readsOf = (path: string) => io.reads.filter((p) => p === path).length;
const unreadable = (file: string, reason: string) => ({ list: null, notices: [{ code: 'ledger.shared_unreadable', params: { file, reason } }] });
/** Every entry of a compiled shared list, in its order. */
const entriesOf = (shared: SharedLedger): LedgerEntry[] => (shared.list ? pageSharedList(shared.list, { offset: 0, limit: 1_000_000 }).entries : []);
const LIST = 'DNI;Motivo\n07654321;judicial\n';

describe('the shared list on a share', () => {
  it('is refused by its size without being read: a 1.5 GB file, at every call, in milliseconds', async () => {
    const list = join(dir, 'enorme.csv');
    writeFileSync(list, '');
    // Sparse: 1.5 GB on the file's size, nothing on the disk.
    truncateSync(list, 1.5 * 1024 ** 3);
    const ctx = appWith('huge', list);
    for (let call = 0; call < 3; call++) {
      const started = performance.now();
      const shared = await sharedLedger(ctx);
      expect(performance.now() - started).toBeLessThan(500);
      expect(shared).toEqual(unreadable(list, 'file.too_large'));
    }
    expect(readsOf(list)).toBe(0);
    // Required by the policy: refused with the same reason, still unread.
    await expect(sharedLedger(appWith('huge-required', list, true))).rejects.toMatchObject({
      code: 'ledger.shared_unavailable',
      params: { file: list, reason: 'file.too_large' },
    });
    expect(readsOf(list)).toBe(0);
  });

  // The app parses it in the preparation worker: its failure comes back the same, and is remembered the same.
  it.each([
    ['on this thread', false],
    ['in the preparation worker', true],
  ])('that cannot be read for what it holds is read once while it stays the same, and again once it changes (parsed %s)', async (_where, inWorker) => {
    const list = join(dir, inWorker ? 'sin-columnas-worker.csv' : 'sin-columnas.csv');
    writeFileSync(list, 'Nombre;Motivo\nJuan;judicial\n');
    const ctx = appWith(inWorker ? 'no-key-worker' : 'no-key', list, false, inWorker);
    const noHeader = unreadable(list, 'ledger.no_header');
    expect(await sharedLedger(ctx)).toEqual(noHeader);
    expect(await sharedLedger(ctx)).toEqual(noHeader);
    expect(await sharedLedger(ctx)).toEqual(noHeader);
    // In the worker the file is read there (its descriptor handed over): what this thread counts is the compile.
    expect(sharedListCompiles(list)).toBe(1);
    if (!inWorker) expect(readsOf(list)).toBe(1);
    // The same size, a later time: read again, and now it is a list.
    writeFileSync(list, LIST);
    utimesSync(list, new Date(), new Date(Date.now() + 5_000));
    const fixed = await sharedLedger(ctx);
    expect(sharedListCompiles(list)).toBe(2);
    if (!inWorker) expect(readsOf(list)).toBe(2);
    expect(fixed.notices).toEqual([]);
    expect(entriesOf(fixed).map((e) => [e.kind, e.value, e.reason])).toEqual([['code', '07654321', 'legal']]);
  });

  it('that is missing is looked for again at the next call (a share that was offline)', async () => {
    const list = join(dir, 'todavia-no.csv');
    const ctx = appWith('later', list);
    expect((await sharedLedger(ctx)).notices).toMatchObject([{ params: { reason: 'missing' } }]);
    writeFileSync(list, LIST);
    expect(entriesOf(await sharedLedger(ctx))).toHaveLength(1);
  });
  it.skipIf(process.platform === 'win32')('that is a named pipe is refused at once, not waited on', { timeout: 5_000 }, async () => {
    const list = join(dir, 'tuberia.csv');
    execFileSync('mkfifo', [list]);
    expect(await sharedLedger(appWith('fifo', list))).toEqual(unreadable(list, 'file.not_a_file'));
    expect(readsOf(list)).toBe(0);
  });

  it.skipIf(process.platform === 'win32')('that is a link to /dev/zero is refused, not read', { timeout: 5_000 }, async () => {
    const list = join(dir, 'ceros.csv');
    symlinkSync('/dev/zero', list);
    expect(await sharedLedger(appWith('zero', list))).toEqual(unreadable(list, 'file.not_a_file'));
    expect(readsOf(list)).toBe(0);
  });

  it('that is a folder is refused, not read', async () => {
    const list = join(dir, 'carpeta.csv');
    mkdirSync(list);
    expect(await sharedLedger(appWith('folder', list))).toEqual(unreadable(list, 'file.not_a_file'));
    expect(readsOf(list)).toBe(0);
  });

  it('that grows after its size was taken is refused, and not a byte past that size is read', async () => {
    const list = join(dir, 'creciendo.csv');
    writeFileSync(list, LIST);
    const ctx = appWith('growing', list);
    // Someone writes on while CaseDesk reads.
    io.afterSize.set(list, () => appendFileSync(list, '20123456;judicial\n'.repeat(1_000)));
    expect(await sharedLedger(ctx)).toEqual(unreadable(list, 'file.changed'));
    expect(io.bytes.get(list)).toBeLessThanOrEqual(LIST.length + 1);
    // Not remembered: once it is written, it is read whole.
    const written = await sharedLedger(ctx);
    expect(written.notices).toEqual([]);
    expect(entriesOf(written)).toHaveLength(1_001);
  });

  it('that is rewritten at the same size while it is read is refused, not read as a mix of two versions', async () => {
    const list = join(dir, 'reescrita.csv');
    writeFileSync(list, LIST);
    const ctx = appWith('rewritten', list);
    io.afterSize.set(list, () => {
      writeFileSync(list, LIST.replace('07654321', '07654322'));
      utimesSync(list, new Date(), new Date(Date.now() + 5_000));
    });
    expect(await sharedLedger(ctx)).toEqual(unreadable(list, 'file.changed'));
    expect(entriesOf(await sharedLedger(ctx)).map((e) => e.value)).toEqual(['07654322']);
  });

  it('is read once by the calls that come while it is read (each screen refresh does not start a worker of its own)', async () => {
    const list = join(dir, 'concurrida.csv');
    writeFileSync(list, LIST + '20123456;judicial\n'.repeat(5_000));
    const ctx = appWith('concurrent', list, false, true);
    const answers = await Promise.all(Array.from({ length: 6 }, () => sharedLedger(ctx)));
    expect(sharedListCompiles(list)).toBe(1);
    for (const answer of answers) expect(entriesOf(answer)).toHaveLength(5_001);
  });

  it('that is swapped for a huge file after it was opened is read as it was opened, never the huge one', async () => {
    const list = join(dir, 'cambiada.csv');
    writeFileSync(list, LIST);
    const huge = join(dir, 'cambiada-enorme.csv');
    writeFileSync(huge, '');
    truncateSync(huge, READ_LIMITS.maxFileBytes + 1);
    io.afterSize.set(list, () => renameSync(huge, list));
    const shared = await sharedLedger(appWith('swapped', list));
    expect(shared.notices).toEqual([]);
    expect(entriesOf(shared).map((e) => e.value)).toEqual(['07654321']);
    expect(io.bytes.get(list)).toBeLessThanOrEqual(LIST.length + 1);
  });
});
