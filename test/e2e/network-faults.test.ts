// The agent's worst afternoon, on a Test service that misbehaves: the network drops in the middle of
// an upload and comes back (the upload waits, then resumes, loading each case once), and a campaign
// that is not theirs answers 403 (the upload stops with a plain message, nothing lost).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Campaign } from '../../src-main/contract';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import { createSurface } from '../../src-main/surface/surface';
import { answerHeld, BOTS, http, login, OTHER_USER } from '../support/emulator';
import { acceptUploadStart, hasChromium, pickOption as pick, signInToTest, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

describe.runIf(hasChromium)('a misbehaving service', () => {
  const app = useE2eApp();
  const dbFile = join(mkdtempSync(join(tmpdir(), 'casedesk-e2e-service-')), 'service.sqlite');
  let service: RunningEmulator | null = null;
  let port = 0;
  beforeAll(async () => {
    service = await startEmulator({ tickMs: 0, faults: true, dbFile });
    port = service.port;
  });
  afterAll(async () => {
    await service?.close();
  });

  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const answer = await createSurface(app.current.ctx).call(name as never, input);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as T;
  };
  const statusOf = (id: number) => (service?.core.db.prepare('SELECT status FROM campaigns WHERE id = ?').get(id) as { status: string } | undefined)?.status;

  it('signs in to Test at the address the administrator gave', async () => {
    const { page } = app.current;
    await signInToTest(page, `http://127.0.0.1:${port}`);
    expect(await page.locator('[data-test="environment"]').innerText()).toMatch(/Prueba|Test/);
  });

  it('waits through a network outage in the middle of an upload, then resumes and loads each case once', async () => {
    const { page } = app.current;
    // Small chunks, so the upload is still going when the network goes.
    await call('settings:set', { chunkMaxCases: 2 });
    const batch = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(app.current.ctx), SAMPLE),
      maxPhonePriority: 2,
    });
    const { campaign } = await call<{ campaign: { id: number } }>('campaigns:create', {
      environment: 'test',
      campaign: {
        botId: BOTS.voice,
        name: 'Con cortes',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 1,
      },
    });
    await page.goto(`${app.current.origin}/#/sync`);
    // Loaded afresh, as the next test does: a hash change alone, right after signing in, sometimes left Bots on screen.
    await page.reload();
    await pick(page, `[data-test="bot-select-${batch.batchId}"]`, 'Cobranza Voz');
    await pick(page, `[data-test="campaign-select-${batch.batchId}"]`, /Con cortes/);
    await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-progress-${batch.batchId}"]`).waitFor();
    // The network goes: the service stops answering.
    await service?.close();
    service = null;
    // The note comes as a code (upload.progress.offline); the screen words it in the agent's language.
    const offline = [formatFailure('es', 'upload.progress.offline'), formatFailure('en', 'upload.progress.offline')];
    await page
      .locator('[data-test="upload-note"]')
      .filter({ hasText: new RegExp(offline.map((words) => words.replace(/\./g, '\\.')).join('|')) })
      .waitFor({ timeout: 20_000 });
    await app.current.screenshot('50-upload-waiting-for-network');
    // And comes back, on the same address, with what it had stored.
    service = await startEmulator({ tickMs: 0, faults: true, dbFile, port });
    await page.locator(`[data-test="upload-loaded-${batch.batchId}"]`).waitFor({ timeout: 60_000 });
    expect(await page.locator(`[data-test="upload-loaded-${batch.batchId}"]`).innerText()).toMatch(/8/);
    await app.current.screenshot('51-upload-resumed');
    const onServer = service.core.db.prepare('SELECT code, count(*) AS n FROM cases WHERE campaign_id = ? GROUP BY code').all(campaign.id) as {
      code: string;
      n: number;
    }[];
    expect(onServer).toHaveLength(8);
    expect(onServer.filter((r) => !(r.n === 1))).toEqual([]);
  }, 120_000);

  it('lets the agent stop an upload and resume it later, each case still loaded once', async () => {
    const { page } = app.current;
    // Small chunks, so Stop comes while the upload is still going (whatever test ran before).
    await call('settings:set', { chunkMaxCases: 2 });
    const batch = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(app.current.ctx), SAMPLE),
      maxPhonePriority: 2,
    });
    const { campaign } = await call<{ campaign: { id: number } }>('campaigns:create', {
      environment: 'test',
      campaign: {
        botId: BOTS.voice,
        name: 'Detenida',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 1,
      },
    });
    await page.goto(`${app.current.origin}/#/sync`);
    await page.reload();
    await pick(page, `[data-test="bot-select-${batch.batchId}"]`, 'Cobranza Voz');
    await pick(page, `[data-test="campaign-select-${batch.batchId}"]`, /Detenida/);
    await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
    await acceptUploadStart(page);
    await page.locator(`[data-test="cancel-${batch.batchId}"]`).click();
    await page
      .locator(`[data-test="upload-status-${batch.batchId}"]`)
      .filter({ hasText: /cancelada|cancelled/i })
      .waitFor({ timeout: 20_000 });
    await app.current.screenshot('53-upload-stopped');
    await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
    // Stopped before a case went, the campaign is still paused, and the screen asks again; else it calls already.
    if (statusOf(campaign.id) === 'PAUSED') await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${batch.batchId}"]`).filter({ hasText: /8/ }).waitFor({ timeout: 30_000 });
    const onServer = service?.core.db.prepare('SELECT code, count(*) AS n FROM cases WHERE campaign_id = ? GROUP BY code').all(campaign.id) as {
      code: string;
      n: number;
    }[];
    expect(onServer).toHaveLength(8);
    expect(onServer.filter((r) => !(r.n === 1))).toEqual([]);
  }, 60_000);

  it('prepares a new campaign with a batch, and creates it when the batch is uploaded', async () => {
    const { page } = app.current;
    // The batch in one request (the default): this test is about the drafted campaign, not chunks,
    // and each chunk after the first waits out the service's spacing (a second).
    await call('settings:set', { chunkMaxCases: 1000 });
    const batch = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(app.current.ctx), SAMPLE),
      maxPhonePriority: 0,
    });
    await page.goto(`${app.current.origin}/#/bots/${BOTS.voice}/campaigns/new`);
    await page.reload();
    await page.locator('[data-test="name"]').fill('Preparada con el lote');
    await pick(page, '[data-test="draft-batch"]', new RegExp(`^${batch.batchId} ·`));
    await page.locator('[data-test="draft-save"]').click();
    await page.waitForURL(/#\/sync$/);
    await page.locator(`[data-test="draft-${batch.batchId}"]`).waitFor();
    await app.current.screenshot('54-sync-drafted-campaign');
    await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${batch.batchId}"]`).waitFor({ timeout: 30_000 });
    const created = service?.core.db.prepare("SELECT id FROM campaigns WHERE name = 'Preparada con el lote'").all() as { id: number }[];
    expect(created).toHaveLength(1);
    const loaded = service?.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(created[0]?.id) as { n: number };
    expect(loaded.n).toBeGreaterThan(0);
  }, 60_000);

  it('offers Stop from the first moment of an upload: stopped while its drafted campaign is created, it keeps that campaign for the next', async () => {
    const { page } = app.current;
    const base = `http://127.0.0.1:${port}`;
    const name = 'Parada al crearse';
    // The batch in one request (the default): Stop comes before any chunk, and the second upload loads all.
    await call('settings:set', { chunkMaxCases: 1000 });
    const batch = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(app.current.ctx), SAMPLE),
      maxPhonePriority: 2,
    });
    await call('batches:setCampaignDraft', {
      batchId: batch.batchId,
      campaign: { botId: BOTS.voice, name, dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 },
    });
    const campaignsNamed = () => (service?.core.db.prepare('SELECT id FROM campaigns WHERE name = ?').all(name) as { id: number }[]).map((c) => c.id);
    await page.goto(`${app.current.origin}/#/sync`);
    await page.reload();
    await page.locator(`[data-test="draft-${batch.batchId}"]`).waitFor();
    // The service makes the campaign but answers a minute later: no progress comes meanwhile.
    await http(`${base}/__control/faults`, { body: { slow_answers: { create_campaign: 60_000 } } });
    try {
      await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
      await acceptUploadStart(page);
      await answerHeld(base, 'create_campaign');
      await page.locator(`[data-test="cancel-${batch.batchId}"]`).click();
      await app.current.screenshot('55-upload-stopped-creating-campaign');
    } finally {
      await http(`${base}/__control/reset`, { body: {} });
    }
    const status = page.locator(`[data-test="upload-status-${batch.batchId}"]`);
    await status.filter({ hasText: /cancelada|cancelled/i }).waitFor({ timeout: 20_000 });
    expect(await status.innerText()).toMatch(/8/); // still to upload
    const [created] = campaignsNamed();
    expect(service?.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(created)).toEqual({ n: 0 });

    // The campaign it created holds no case yet: still paused, so loading it is asked again.
    await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${batch.batchId}"]`).filter({ hasText: /8/ }).waitFor({ timeout: 30_000 });
    expect(campaignsNamed()).toEqual([created]);
    expect(service?.core.db.prepare('SELECT count(*) AS n FROM cases WHERE campaign_id = ?').get(created)).toEqual({ n: 8 });
  }, 60_000);

  it('stops with a plain message when the campaign belongs to someone else (403), keeping every case', async () => {
    const { page } = app.current;
    const base = `http://127.0.0.1:${port}`;
    const other = await login(base, OTHER_USER);
    const foreign = Campaign.parse(
      (await http(`${base}/api/v2/create_campaign/`, { token: other.access, body: { client_id: BOTS.othersVoice, name: 'Ajena' } })).json,
    );
    const batch = await call<{ batchId: number }>('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(app.current.ctx), SAMPLE),
      campaignId: foreign.id,
      maxPhonePriority: 2,
    });
    const result = await call<{ status: string; pause?: { code: string; message: string }; pending: number }>('sync:upload', {
      environment: 'test',
      batchId: batch.batchId,
      campaignId: foreign.id,
    });
    expect(result).toMatchObject({ status: 'paused', pause: { code: 'forbidden' }, pending: 8 });
    // Same URL as before: reload so the queue is read again.
    await page.goto(`${app.current.origin}/#/sync`);
    await page.reload();
    await page.locator(`[data-test="sync-batch-${batch.batchId}"]`).waitFor();
    await page.locator(`[data-test="upload-${batch.batchId}"]`).click();
    await page.locator(`[data-test="upload-paused-${batch.batchId}"]`).waitFor({ timeout: 20_000 });
    expect(await page.locator(`[data-test="upload-paused-${batch.batchId}"]`).innerText()).toMatch(/administra/i);
    await app.current.screenshot('52-upload-forbidden');
  }, 60_000);
});
