// Asked before the agent confirms: what an upload will set going (a PAUSED campaign, a drafted one) and
// what starting a campaign means now (its state and loaded cases as the service holds them, and its
// schedule warnings). Neither starts or loads anything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { ProcedureName, ProcedureOutputs } from '../../../src-main/surface/procedures';
import { createSurface } from '../../../src-main/surface/surface';
import { BOTS, DEMO_USER, useEmulator } from '../../support/emulator';
import { handOver } from '../../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-checks-'));
const emulator = useEmulator();
const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await createSurface(ctx).call(name, input);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

const CAMPAIGN = { botId: BOTS.voice, dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 };
const statusOf = (id: number) => emulator.current.core.db.prepare('SELECT status FROM campaigns WHERE id = ?').get(id);

describe('sync:checkUpload and campaigns:checkStart', () => {
  it('says that loading cases starts a PAUSED campaign, and nothing once it calls', async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    const { batchId } = await call('batches:prepare', { environment: 'test', fileId: await handOver(createSurface(ctx), SAMPLE), maxPhonePriority: 2 });
    const { campaign } = await call('campaigns:create', { environment: 'test', campaign: { ...CAMPAIGN, name: 'En pausa' } });

    const before = await call('sync:checkUpload', { environment: 'test', batchId, campaignId: campaign.id });
    expect(before.notices).toEqual([{ code: 'campaign.upload_starts', params: { campaignId: campaign.id, status: 'PAUSED' } }]);
    expect(statusOf(campaign.id)).toEqual({ status: 'PAUSED' });

    await call('sync:upload', { environment: 'test', batchId, campaignId: campaign.id });
    expect(statusOf(campaign.id)).toEqual({ status: 'ONGOING' });
    // The batch is bound to it now: without a campaign the check reads the bound one.
    expect((await call('sync:checkUpload', { environment: 'test', batchId })).notices).toEqual([]);
  });

  it('does not say the upload starts a paused campaign when every case would be skipped: loading nothing starts nothing', async () => {
    const first = await call('batches:prepare', { environment: 'test', fileId: await handOver(createSurface(ctx), SAMPLE), maxPhonePriority: 2 });
    const { campaign } = await call('campaigns:create', { environment: 'test', campaign: { ...CAMPAIGN, name: 'Ya cargada' } });
    await call('sync:upload', { environment: 'test', batchId: first.batchId, campaignId: campaign.id });
    await call('campaigns:action', { environment: 'test', campaignId: campaign.id, action: 'stop' });
    expect(statusOf(campaign.id)).toEqual({ status: 'PAUSED' });
    // The same file again: the campaign holds every code.
    const { batchId } = await call('batches:prepare', { environment: 'test', fileId: await handOver(createSurface(ctx), SAMPLE), maxPhonePriority: 2 });
    expect((await call('sync:checkUpload', { environment: 'test', batchId, campaignId: campaign.id })).notices).toEqual([]);
    // Loaded again by the agent's choice, they would start it.
    expect((await call('sync:checkUpload', { environment: 'test', batchId, campaignId: campaign.id, reloadDuplicates: true })).notices).toEqual([
      { code: 'campaign.upload_starts', params: { campaignId: campaign.id, status: 'PAUSED' } },
    ]);
  });

  it('says how many cases have more phones than the campaign takes, and the phone-limit fix makes them fit: every ready case then loads', async () => {
    const { batchId } = await call('batches:prepare', { environment: 'test', fileId: await handOver(createSurface(ctx), SAMPLE), maxPhonePriority: 2 });
    const { campaign } = await call('campaigns:create', {
      environment: 'test',
      campaign: { ...CAMPAIGN, name: 'Un teléfono', dialingType: 'VERTICAL', maxPhonePriority: 0 },
    });
    const fit = await call('batches:phoneFit', { batchId, maxPhonePriority: 0 });
    expect(fit.phones).toBe(1);
    expect(fit.over).toBeGreaterThan(0);
    expect((await call('sync:checkUpload', { environment: 'test', batchId, campaignId: campaign.id })).notices).toEqual([
      { code: 'campaign.phones_over_limit', params: { campaignId: campaign.id, cases: fit.over, phones: 1 } },
      { code: 'campaign.upload_starts', params: { campaignId: campaign.id, status: 'PAUSED' } },
    ]);
    // Each case keeps its first phone, in priority order.
    expect(await call('batches:bulkFix', { batchId, fix: { kind: 'phone-limit', maxPhonePriority: 0 } })).toMatchObject({ changed: fit.over });
    expect(await call('batches:phoneFit', { batchId, maxPhonePriority: 0 })).toEqual({ over: 0, phones: 1 });
    expect(await call('batches:get', { batchId })).toMatchObject({ maxPhonePriority: 0 });
    const [first] = await call('batches:cases', { batchId, search: '20123456' });
    expect(first?.phones).toEqual(['1145678901']);
    await call('sync:upload', { environment: 'test', batchId, campaignId: campaign.id });
    expect(emulator.current.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(campaign.id)).toEqual({ n: 8 });
    expect((await call('batches:get', { batchId })) as { upload: { rejected: number } }).toMatchObject({ upload: { rejected: 0 } });
  });

  it('says that a campaign drafted for the batch is created and started by the upload', async () => {
    const { batchId } = await call('batches:prepare', { environment: 'test', fileId: await handOver(createSurface(ctx), SAMPLE), maxPhonePriority: 2 });
    await call('batches:setCampaignDraft', { batchId, campaign: { ...CAMPAIGN, name: 'Preparada' } });
    expect((await call('sync:checkUpload', { environment: 'test', batchId })).notices).toEqual([
      { code: 'campaign.upload_starts_draft', params: { name: 'Preparada' } },
    ]);
    expect(emulator.current.core.db.prepare("SELECT count(*) AS n FROM campaigns WHERE name = 'Preparada'").get()).toEqual({ n: 0 });
  });

  it('answers the campaign as the service holds it now, with no cases loaded and the start warnings, starting nothing', async () => {
    const christmas = `${new Date().getUTCFullYear() + 1}-12-25`;
    const { campaign } = await call('campaigns:create', { environment: 'test', campaign: { ...CAMPAIGN, name: 'Navidad', startDate: christmas } });
    const checked = await call('campaigns:checkStart', { environment: 'test', campaignId: campaign.id });
    expect(checked.campaign).toMatchObject({ id: campaign.id, metrics: { status: 'PAUSED' }, caseStats: { loaded: 0 } });
    expect(checked.warnings.map((w) => w.code)).toContain('campaign.start_on_holiday');
    expect(statusOf(campaign.id)).toEqual({ status: 'PAUSED' });
  });
});
