// A file of the user's own named on the command line is read as its open file's size says: one still
// being written (a spreadsheet still saved, a list still copied) is refused as `file.changed`, never
// prepared from the part of it that was there.
import { appendFileSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createAppContext } from '../../src-main/surface/app-context';
import { openReceivedFile, registerLocalFile } from '../../src-main/app/received-files';

/** What someone else does to a path right after its open file's size was taken, once. */
const afterSize = vi.hoisted(() => new Map<string, () => void>());
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const open = async (...args: Parameters<typeof actual.open>) => {
    const path = String(args[0]);
    const handle = await actual.open(...args);
    const handleStat = handle.stat.bind(handle);
    return Object.assign(handle, {
      stat: async (...a: Parameters<typeof handleStat>) => {
        const stats = await handleStat(...a);
        const hook = afterSize.get(path);
        afterSize.delete(path);
        hook?.();
        return stats;
      },
    });
  };
  return { ...actual, open, default: { ...actual, open } };
});

const dir = mkdtempSync(join(tmpdir(), 'casedesk-being-written-'));
const ctx = createAppContext({ dataDir: join(dir, 'data') });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const ROWS = 'codigo;nombre;telefono\n' + Array.from({ length: 100 }, (_, i) => `C${i};Ana;1145678901\n`).join('');

async function opened(file: string) {
  const { fileId } = await registerLocalFile(ctx, file);
  return openReceivedFile(ctx, fileId);
}

describe('a file on the command line, being written while it is read', () => {
  it('is read whole when it stays as it was', async () => {
    const file = join(dir, 'whole.csv');
    writeFileSync(file, ROWS);
    expect((await opened(file)).bytes.length).toBe(ROWS.length);
  });

  it('is refused when it grows after its size was taken', async () => {
    const file = join(dir, 'growing.csv');
    writeFileSync(file, ROWS);
    const { fileId } = await registerLocalFile(ctx, file);
    afterSize.set(file, () => appendFileSync(file, 'C100;Beto;1145678902\n'));
    await expect(openReceivedFile(ctx, fileId)).rejects.toMatchObject({ code: 'file.changed', params: { file: 'growing.csv' } });
    // Once it is written, it is read whole.
    expect((await openReceivedFile(ctx, fileId)).bytes.length).toBe(ROWS.length + 'C100;Beto;1145678902\n'.length);
  });

  it('is refused when it shrinks after its size was taken', async () => {
    const file = join(dir, 'rewritten.csv');
    writeFileSync(file, ROWS);
    const { fileId } = await registerLocalFile(ctx, file);
    afterSize.set(file, () => truncateSync(file, 10));
    await expect(openReceivedFile(ctx, fileId)).rejects.toMatchObject({ code: 'file.changed' });
  });
});
