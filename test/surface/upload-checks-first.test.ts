// An upload checks the batch before anything reaches the service: a batch of another environment, a
// campaign other than the one the batch is bound to, or no batch at all is refused as such, with no
// sign-in, no campaign created from the batch's draft, and no case sent.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBatch, getCampaignDraft } from '../../src-main/store';
import type { UploadSummary } from '../../src-main/surface/procedures';
import { useEmulator } from '../support/emulator';
import { signedInApp, voiceCampaign as draft } from '../support/signed-in-app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const emulator = useEmulator();
const { ctx, surface, call } = signedInApp('casedesk-upload-checks-');
beforeAll(async () => {
  // Both environments reach the same service: only the batch's own environment tells them apart.
  await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
  await call('environments:setBaseUrl', { environment: 'production', baseUrl: emulator.current.url });
});

const emulatorRows = <T>(sql: string, ...args: unknown[]): T[] => emulator.current.core.db.prepare(sql).all(...args) as T[];
const campaignsNamed = (name: string) => emulatorRows<{ id: number }>('SELECT id FROM campaigns WHERE name = ?', name).map((c) => c.id);
const casesOnService = () => emulatorRows<{ n: number }>('SELECT count(*) AS n FROM cases')[0]?.n;

async function testBatch(): Promise<number> {
  const { batchId } = await call<{ batchId: number }>('batches:prepare', { environment: 'test', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
  return batchId;
}

describe('an upload asked for in an environment that is not its batch’s', () => {
  it('is refused before the campaign drafted for the batch is created, in either environment', async () => {
    const batchId = await testBatch();
    const name = 'Borrador de prueba';
    await call('batches:setCampaignDraft', { batchId, campaign: draft(name) });
    const cases = casesOnService();

    const answer = await surface.call('sync:upload', { environment: 'production', batchId });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'batch.other_environment', params: { batchId, batchEnvironment: 'test', environment: 'production' } },
    });
    expect(campaignsNamed(name)).toEqual([]);
    expect(casesOnService()).toBe(cases);
    // The batch is as it was: unbound, its draft kept, and it uploads where it belongs.
    expect(getBatch(ctx.store.db, batchId)).toMatchObject({ campaignId: null });
    expect(getCampaignDraft(ctx.store.db, batchId)).toMatchObject({ name });
    const done = await call<UploadSummary>('sync:upload', { environment: 'test', batchId });
    expect(done).toMatchObject({ status: 'done', pending: 0 });
    expect(campaignsNamed(name)).toEqual([done.campaignId]);
  });
});

describe('an upload to a campaign other than the one its batch is bound to', () => {
  it('is refused as such, naming both, and sends nothing', async () => {
    const batchId = await testBatch();
    const { campaign: bound } = await call<{ campaign: { id: number } }>('campaigns:create', { environment: 'test', campaign: draft('Ligada') });
    const { campaign: other } = await call<{ campaign: { id: number } }>('campaigns:create', { environment: 'test', campaign: draft('Otra') });
    await call('sync:upload', { environment: 'test', batchId, campaignId: bound.id });
    const cases = casesOnService();

    const answer = await surface.call('sync:upload', { environment: 'test', batchId, campaignId: other.id });
    expect(answer).toMatchObject({ ok: false, error: { code: 'batch.other_campaign', params: { batchId, batchCampaignId: bound.id, campaignId: other.id } } });
    expect(casesOnService()).toBe(cases);
  });
});

describe('an upload of a batch that is not there', () => {
  it('is refused as not found', async () => {
    expect(await surface.call('sync:upload', { environment: 'test', batchId: 987_654 })).toMatchObject({
      ok: false,
      error: { code: 'batch.not_found', params: { batchId: 987_654 } },
    });
    expect(ctx.runningWork()).toEqual([]);
  });
});
