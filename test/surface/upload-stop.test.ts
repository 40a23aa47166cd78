// An upload is tracked from its first moment: a Stop during the sign-in it needs stops it (nothing
// sent, the batch as it was), and a second upload of the batch meanwhile is refused as running. A Stop
// during the creation of the campaign drafted for the batch lets that creation finish and be recorded
// (never a campaign the service made and this app forgot), then stops before any case goes. The
// emulator holds the sign-in's or the creation's answer after doing the work (slow_answers).
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SlowEndpoint } from '../../src-main/emulator/faults';
import { getBatch, getCampaign, getCampaignDraft } from '../../src-main/store';
import { uploadWork } from '../../src-main/app/work-keys';
import type { UploadSummary } from '../../src-main/surface/procedures';
import { control, within } from '../client/helpers';
import { answerHeld, useEmulator } from '../support/emulator';
import { signedInApp, voiceCampaign as draft } from '../support/signed-in-app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const CASES = 8;
const emulator = useEmulator();
const { ctx, surface, call } = signedInApp('casedesk-upload-stop-');
beforeAll(async () => {
  await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
});
afterEach(async () => {
  await control(emulator.current.url, 'reset');
  for (const key of ctx.runningWork()) ctx.cancel(key);
});

async function preparedBatch(): Promise<number> {
  const { batchId } = await call<{ batchId: number }>('batches:prepare', { environment: 'test', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
  return batchId;
}

/** The next answers of `endpoint` come after a minute (the work already done on the service), until the fault is lifted. */
async function slow(endpoint: SlowEndpoint): Promise<void> {
  await control(emulator.current.url, 'faults', { slow_answers: { [endpoint]: 60_000 } });
}
const emulatorRows = <T>(sql: string, ...args: unknown[]): T[] => emulator.current.core.db.prepare(sql).all(...args) as T[];
const casesOnService = (campaignId: number) => emulatorRows<{ n: number }>('SELECT count(*) AS n FROM cases WHERE campaign_id = ?', campaignId)[0]?.n;
const campaignsNamed = (name: string) => emulatorRows<{ id: number }>('SELECT id FROM campaigns WHERE name = ?', name).map((c) => c.id);

/** Starts an upload that has to sign in first, and waits until the service signed it in (its answer held). */
async function uploadInItsSignIn(input: { batchId: number; campaignId?: number }) {
  await call('session:signOut', { environment: 'test' });
  await slow('login');
  const uploading = surface.call('sync:upload', { environment: 'test', ...input });
  await within(10_000, 'the sign-in reaching the service', answerHeld(emulator.current.url, 'login'));
  return { uploading };
}

/** Stops the batch's upload; how long its call took to end after the Stop, and what it answered. */
async function stopTimed(batchId: number, uploading: ReturnType<typeof surface.call>) {
  const started = performance.now();
  expect(await call('sync:cancel', { batchId })).toEqual({ cancelled: true });
  const answer = await within(1_000, 'the stopped upload', uploading);
  return { answer, ms: performance.now() - started };
}

describe('an upload stopped while it signs in', () => {
  it('stops: nothing sent, the batch still pending, and it uploads in full afterwards', async () => {
    const { campaign } = await call<{ campaign: { id: number } }>('campaigns:create', { environment: 'test', campaign: draft('Parada al entrar') });
    const batchId = await preparedBatch();
    const { uploading } = await uploadInItsSignIn({ batchId, campaignId: campaign.id });
    expect(ctx.runningWork()).toEqual([uploadWork(batchId)]);

    const { answer, ms } = await stopTimed(batchId, uploading);
    console.info(`upload stopped in its sign-in after ${ms.toFixed(0)} ms`);
    // What a Stop before the first chunk answers: the renderer shows it as a stopped upload.
    expect(answer).toEqual({
      ok: true,
      value: expect.objectContaining({ status: 'cancelled', campaignId: campaign.id, loaded: 0, pending: CASES, requests: 0, inDoubt: [], notices: [] }),
    });
    expect(ctx.runningWork()).toEqual([]);
    expect(casesOnService(campaign.id)).toBe(0);

    await control(emulator.current.url, 'reset');
    const again = await call<UploadSummary>('sync:upload', { environment: 'test', batchId, campaignId: campaign.id });
    expect(again).toMatchObject({ status: 'done', loaded: CASES, pending: 0 });
    expect(casesOnService(campaign.id)).toBe(CASES);
  });

  it('with a campaign drafted for the batch: none is created, the draft stays, and the next upload creates it once', async () => {
    const batchId = await preparedBatch();
    const name = 'Borrador parado al entrar';
    await call('batches:setCampaignDraft', { batchId, campaign: draft(name) });
    const { uploading } = await uploadInItsSignIn({ batchId });

    const { answer } = await stopTimed(batchId, uploading);
    // No campaign yet: the answer says so (null), and the draft is still the batch's.
    expect(answer).toMatchObject({ ok: true, value: { status: 'cancelled', campaignId: null, loaded: 0, pending: CASES, requests: 0 } });
    expect(getBatch(ctx.store.db, batchId)).toMatchObject({ campaignId: null });
    expect(getCampaignDraft(ctx.store.db, batchId)).toMatchObject({ name });
    expect(campaignsNamed(name)).toEqual([]);

    await control(emulator.current.url, 'reset');
    const again = await call<UploadSummary>('sync:upload', { environment: 'test', batchId });
    expect(again).toMatchObject({ status: 'done', loaded: CASES });
    expect(campaignsNamed(name)).toEqual([again.campaignId]);
  });

  it('refuses a second upload of the batch meanwhile as already running', async () => {
    const { campaign } = await call<{ campaign: { id: number } }>('campaigns:create', { environment: 'test', campaign: draft('Doble clic') });
    const batchId = await preparedBatch();
    const { uploading } = await uploadInItsSignIn({ batchId, campaignId: campaign.id });

    const second = await within(2_000, 'the second upload', surface.call('sync:upload', { environment: 'test', batchId, campaignId: campaign.id }));
    expect(second).toMatchObject({ ok: false, error: { code: 'upload.running', params: { batchId } } });

    expect((await stopTimed(batchId, uploading)).answer).toMatchObject({ ok: true, value: { status: 'cancelled', loaded: 0 } });
    expect(casesOnService(campaign.id)).toBe(0);
  });
});

describe('an upload stopped while it creates the campaign drafted for its batch', () => {
  it('lets the creation finish and records it, sends no case, and the next upload goes to that same campaign', async () => {
    const batchId = await preparedBatch();
    const name = 'Borrador parado al crear';
    await call('batches:setCampaignDraft', { batchId, campaign: draft(name) });
    await call('bots:list', { environment: 'test' }); // signed in: only the creation is slow
    await slow('create_campaign');
    const uploading = surface.call('sync:upload', { environment: 'test', batchId });
    await within(10_000, 'the creation reaching the service', answerHeld(emulator.current.url, 'create_campaign'));
    const [created] = campaignsNamed(name);
    expect(created).toBeDefined();

    expect(await call('sync:cancel', { batchId })).toEqual({ cancelled: true });
    // The creation's answer is still awaited: the upload has not ended.
    const early = await Promise.race([uploading.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
    expect(early).toBe('waiting');
    expect(ctx.runningWork()).toEqual([uploadWork(batchId)]);

    await control(emulator.current.url, 'reset'); // the answer comes
    expect(await within(10_000, 'the stopped upload', uploading)).toMatchObject({
      ok: true,
      value: { status: 'cancelled', campaignId: created, loaded: 0, pending: CASES, requests: 0 },
    });
    // Recorded and bound, the draft gone: a retry cannot create a second.
    expect(getCampaign(ctx.store.db, 'test', created as number)).toMatchObject({ id: created, name });
    expect(getBatch(ctx.store.db, batchId)).toMatchObject({ campaignId: created });
    expect(getCampaignDraft(ctx.store.db, batchId)).toBeNull();
    expect(casesOnService(created as number)).toBe(0);

    const again = await call<UploadSummary>('sync:upload', { environment: 'test', batchId });
    expect(again).toMatchObject({ status: 'done', campaignId: created, loaded: CASES });
    expect(casesOnService(created as number)).toBe(CASES);
    expect(campaignsNamed(name)).toEqual([created]);
  });
});
