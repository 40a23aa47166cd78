// The organization's shared do-not-contact list is on a share anyone may fill: a list past the size
// limit is refused by its size, before a byte is read, and a list that cannot be read for what it
// holds is not read again at every prepare, upload and edit, only once it changes.
import { mkdtempSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPolicy } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import type { AppContext } from '../../src-main/surface/app-context-types';
import { sharedLedger } from '../../src-main/surface/shared-ledger';

/** Every path the app reads whole with readFile. */
const reads = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const readFile = ((...args: Parameters<typeof actual.readFile>) => {
    reads.paths.push(String(args[0]));
    return actual.readFile(...args);
  }) as typeof actual.readFile;
  return { ...actual, readFile, default: { ...actual, readFile } };
});

const dir = mkdtempSync(join(tmpdir(), 'casedesk-shared-hostile-'));
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  reads.paths.length = 0;
});

function appWith(name: string, list: string, required = false): AppContext {
  const policyFile = join(dir, `${name}.json`);
  writeFileSync(policyFile, JSON.stringify({ shared_ledger: list, shared_ledger_required: required }));
  const ctx = createAppContext({ dataDir: join(dir, `data-${name}`), policy: loadPolicy({ CASEDESK_POLICY: policyFile }) });
  contexts.push(ctx);
  return ctx;
}

const readsOf = (path: string) => reads.paths.filter((p) => p === path).length;

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
      expect(shared).toEqual({ entries: [], notices: [{ code: 'ledger.shared_unreadable', params: { file: list, reason: 'file.too_large' } }] });
    }
    expect(readsOf(list)).toBe(0);
    // Required by the policy: refused with the same reason, still unread.
    await expect(sharedLedger(appWith('huge-required', list, true))).rejects.toMatchObject({
      code: 'ledger.shared_unavailable',
      params: { file: list, reason: 'file.too_large' },
    });
    expect(readsOf(list)).toBe(0);
  });

  it('that cannot be read for what it holds is read once while it stays the same, and again once it changes', async () => {
    const list = join(dir, 'sin-columnas.csv');
    writeFileSync(list, 'Nombre;Motivo\nJuan;judicial\n');
    const ctx = appWith('no-key', list);
    const unreadable = { entries: [], notices: [{ code: 'ledger.shared_unreadable', params: { file: list, reason: 'ledger.no_header' } }] };
    expect(await sharedLedger(ctx)).toEqual(unreadable);
    expect(await sharedLedger(ctx)).toEqual(unreadable);
    expect(await sharedLedger(ctx)).toEqual(unreadable);
    expect(readsOf(list)).toBe(1);
    // The same size, a later time: read again, and now it is a list.
    writeFileSync(list, 'DNI;Motivo\n07654321;judicial\n');
    utimesSync(list, new Date(), new Date(Date.now() + 5_000));
    const fixed = await sharedLedger(ctx);
    expect(readsOf(list)).toBe(2);
    expect(fixed.notices).toEqual([]);
    expect(fixed.entries.map((e) => [e.kind, e.value, e.reason])).toEqual([['code', '07654321', 'legal']]);
  });

  it('that is missing is looked for again at the next call (a share that was offline)', async () => {
    const list = join(dir, 'todavia-no.csv');
    const ctx = appWith('later', list);
    expect((await sharedLedger(ctx)).notices).toMatchObject([{ params: { reason: 'missing' } }]);
    writeFileSync(list, 'DNI;Motivo\n07654321;judicial\n');
    expect((await sharedLedger(ctx)).entries).toHaveLength(1);
  });
});
