// Long work (uploads, downloads) runs once per key and can be stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src-main/surface/app-context';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-track-'));
const ctx = createAppContext({ dataDir: dir });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Work that runs until it is told to stop, and says how it ended. */
const untilStopped = (signal: AbortSignal) => new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('stopped')));

describe('AppContext.track', () => {
  it('runs one piece of work per key, and cancel stops it', async () => {
    const running = ctx.track('download:campaign:7', untilStopped);
    await expect(ctx.track('download:campaign:7', untilStopped)).rejects.toThrow(/already running/);
    expect(ctx.cancel('download:campaign:7')).toBe(true);
    expect(await running).toBe('stopped');
    expect(ctx.cancel('download:campaign:7')).toBe(false);
    // Free again once it ended.
    const again = ctx.track('download:campaign:7', async () => 'done');
    expect(await again).toBe('done');
  });
});
