// A campaign prepared offline with its batch is created at the batch's first upload, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';
import { BOTS, DEMO_USER, useEmulator } from '../support/emulator';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-draft-'));
const emulator = useEmulator();
const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(name: string, input: unknown): Promise<T> {
  const answer = await createSurface(ctx).call(name as never, input);
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { code: answer.error.code, params: answer.error.params });
  return answer.value as T;
}

describe('a campaign drafted with its batch', () => {
  it('is created at the first upload, the batch bound to it, and never created twice', async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    const { batchId } = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(ctx), SAMPLE),
      maxPhonePriority: 2,
    });
    await call('batches:setCampaignDraft', {
      batchId,
      campaign: {
        botId: BOTS.voice,
        name: 'Preparada sin conexión',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 1,
      },
    });
    const first = await call<{ status: string; loaded: number; campaignId: number }>('sync:upload', { environment: 'test', batchId });
    expect(first).toMatchObject({ status: 'done', loaded: 8 });
    const again = await call<{ campaignId: number; requests: number }>('sync:upload', { environment: 'test', batchId });
    expect(again).toMatchObject({ campaignId: first.campaignId, requests: 0 });
    const named = emulator.current.core.db.prepare("SELECT count(*) AS n FROM campaigns WHERE name = 'Preparada sin conexión'").get() as { n: number };
    expect(named.n).toBe(1);
    await expect(call('batches:setCampaignDraft', { batchId, campaign: { botId: BOTS.voice, name: 'otra' } })).rejects.toMatchObject({
      code: 'batch.has_campaign',
    });
  });

  it('without a campaign or a draft, says what to do', async () => {
    const { batchId } = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(ctx), SAMPLE),
      maxPhonePriority: 2,
    });
    await expect(call('sync:upload', { environment: 'test', batchId })).rejects.toMatchObject({ code: 'batch.no_campaign', params: { batchId } });
  });
});
