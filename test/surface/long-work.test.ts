// Long work (uploads, downloads) runs once per key and can be stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src-main/surface/app-context';
import { campaignDownloadWork } from '../../src-main/app/work-keys';

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
    const key = campaignDownloadWork('demo', 7);
    const running = ctx.track(key, untilStopped);
    await expect(ctx.track(key, untilStopped)).rejects.toMatchObject({ code: 'work.busy' });
    expect(ctx.cancel(key)).toBe(true);
    expect(await running).toBe('stopped');
    expect(ctx.cancel(key)).toBe(false);
    // Free again once it ended.
    const again = ctx.track(key, async () => 'done');
    expect(await again).toBe('done');
  });

  it("keeps apart the same campaign id in two environments: Test's campaign 7 is not Demo's", async () => {
    const demo = ctx.track(campaignDownloadWork('demo', 7), untilStopped);
    const test = ctx.track(campaignDownloadWork('test', 7), async () => 'done');
    expect(await test).toBe('done');
    expect(ctx.runningWork()).toEqual([campaignDownloadWork('demo', 7)]);
    expect(ctx.cancel(campaignDownloadWork('test', 7))).toBe(false);
    expect(ctx.cancel(campaignDownloadWork('demo', 7))).toBe(true);
    expect(await demo).toBe('stopped');
  });
});
