// An app context with a data folder of its own that signs in to a service as the demo user when a
// procedure needs it, and its surface; the folder goes after the file's tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { NewCampaign } from '../../src-main/domain/new-campaign';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { BOTS, DEMO_USER } from './emulator';

export function signedInApp(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const surface = createSurface(ctx);
  /** A procedure's value; its failure, by code and words, as a thrown error. */
  async function call<T>(name: string, input: unknown): Promise<T> {
    const answer = await surface.call(name as never, input);
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.value as T;
  }
  return { dir, ctx, surface, call };
}

/** A campaign of the emulator's voice bot, as a batch's draft or a new campaign. */
export const voiceCampaign = (name: string): NewCampaign => ({
  botId: BOTS.voice,
  name,
  dialingType: 'HORIZONTAL_VERTICAL',
  minPhonePriority: 0,
  maxPhonePriority: 2,
  maxCallsPerCase: 1,
});
