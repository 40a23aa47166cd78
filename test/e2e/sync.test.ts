// An agent's afternoon on Demo: a prepared batch shows up in Batches, goes up to a campaign from Sync,
// the app switches to English and back, inbound calls are downloaded and opened (transcript, recording
// or its absence), and Settings refuses a plain-http service address.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { acceptUploadStart, hasChromium, pickOption as pick, signInToDemo, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

async function go(page: Page, path: string): Promise<void> {
  await page.locator(`nav a[href="#${path}"]`).click();
  await page.waitForURL(new RegExp(`#${path}$`));
}

describe.runIf(hasChromium)('batches, sync, inbound and settings', () => {
  const app = useE2eApp();
  let batchId = 0;
  let campaignId = 0;

  /** Screenshots after PrimeVue's enter transitions (overlays, messages, dialogs) have finished. */
  async function shot(name: string): Promise<void> {
    await app.current.screenshot(name);
  }

  it('signs in and prepares a batch and a campaign through the procedures', async () => {
    const { page } = app.current;
    await page.waitForSelector('[data-test="sign-in"]');
    await signInToDemo(page);
    const surface = createSurface(app.current.ctx);
    const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.message);
    expect(prepared.value).toMatchObject({ ready: 8, rejected: 3 });
    batchId = prepared.value.batchId;
    const campaign = await surface.call('campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'E2E', dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 },
    });
    if (!campaign.ok) throw new Error(campaign.error.message);
    campaignId = campaign.value.campaign.id;
  });

  it('lists the batch with its counts on the Batches screen', async () => {
    const { page } = app.current;
    await go(page, '/batches');
    await page.waitForSelector(`[data-test="batch-row-${batchId}"]`);
    expect(await page.locator('h1').innerText()).toBe('Lotes preparados');
    expect(await page.locator(`[data-test="batch-upload-${batchId}"]`).innerText()).toContain('Pendientes: 8');
    await shot('30-batches');
  });

  it('uploads the batch into the chosen campaign from Sync, with progress and a result', async () => {
    const { page } = app.current;
    await go(page, '/sync');
    const card = page.locator(`[data-test="sync-batch-${batchId}"]`);
    await card.waitFor();
    expect(await page.locator(`[data-test="upload-${batchId}"]`).isDisabled()).toBe(true);
    await pick(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pick(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^E2E \\(n\\.º ${campaignId},`));
    await shot('31-sync-target');
    // Without the network the button says why it cannot upload; the queue stays visible.
    await page.context().setOffline(true);
    await page.locator(`[data-test="offline-reason-${batchId}"]`).waitFor();
    expect(await page.locator(`[data-test="offline-reason-${batchId}"]`).innerText()).toContain('Necesita conexión con el servicio');
    expect(await page.locator(`[data-test="upload-${batchId}"]`).isDisabled()).toBe(true);
    await shot('31b-sync-offline');
    await page.context().setOffline(false);
    await page.locator(`[data-test="offline-reason-${batchId}"]`).waitFor({ state: 'detached' });
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    // The campaign is paused: loading its cases starts it, and the screen asks first.
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-progress-${batchId}"]`).waitFor();
    const loaded = page.locator(`[data-test="upload-loaded-${batchId}"]`);
    await loaded.waitFor({ timeout: 20_000 });
    expect(await loaded.innerText()).toBe('Casos cargados en la campaña: 8');
    expect(await page.locator(`[data-test="upload-status-${batchId}"]`).innerText()).toContain('Carga terminada');
    expect(await page.locator(`[data-test="upload-counts"]`).innerText()).toContain('Cargados: 8');
    // The campaign chosen no longer reads "en pausa": loading its cases started it.
    await expect.poll(() => page.locator(`[data-test="sync-batch-${batchId}"]`).innerText()).not.toContain('en pausa');
    await shot('32-sync-done');
  });

  it('switches to English from Settings, saves the choice, and the sync and batch screens follow', async () => {
    const { page } = app.current;
    await go(page, '/settings');
    await page.locator('[data-test="settings-language"]').getByText('English').click();
    await page.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor();
    const surface = createSurface(app.current.ctx);
    await expect
      .poll(async () => {
        const saved = await surface.call('settings:get', {});
        return saved.ok ? saved.value.language : null;
      })
      .toBe('en');
    await go(page, '/sync');
    expect(await page.locator('h1').innerText()).toBe('Sync');
    expect(await page.locator(`[data-test="upload-loaded-${batchId}"]`).innerText()).toBe('Cases loaded into the campaign: 8');
    await go(page, '/batches');
    expect(await page.locator('h1').innerText()).toBe('Prepared batches');
    expect(await page.locator(`[data-test="batch-upload-${batchId}"]`).innerText()).toContain('Loaded: 8');
    await shot('33-batches-english');
    await go(page, '/settings');
    await page.locator('[data-test="settings-language"]').getByText('Español').click();
    await page.getByRole('heading', { level: 1, name: 'Configuración', exact: true }).waitFor();
  });

  it('downloads inbound calls and opens one with its transcript and recording, and one without recording', async () => {
    const { page } = app.current;
    await go(page, '/inbound');
    await page.locator('[data-test="inbound-empty"]').waitFor();
    await page.locator('[data-test="inbound-download"]').click();
    await page.locator('[data-test="inbound-downloaded"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-test="inbound-table"] tbody tr').first().waitFor();
    // Its phone as an Argentine reads it ("261 381-7510"), not the stored digits.
    expect(await page.locator('[data-test="inbound-table"] tbody tr').first().innerText()).toMatch(/\t\d{2,4} \d{2,4}-\d{4}\t/);
    await shot('34-inbound');
    await page.context().setOffline(true);
    await page.locator('[data-test="inbound-offline-reason"]').waitFor();
    expect(await page.locator('[data-test="inbound-download"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-test="inbound-table"] tbody tr').count()).toBeGreaterThan(0);
    await page.context().setOffline(false);
    await page.locator('[data-test="inbound-offline-reason"]').waitFor({ state: 'detached' });

    const rows = page.locator('[data-test="inbound-table"] tbody tr');
    await rows
      .filter({ has: page.locator('[data-test="has-recording"]') })
      .first()
      .click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.locator('[data-test="transcript"] li').first().waitFor();
    expect(await dialog.locator('[data-test="transcript"] li').count()).toBeGreaterThan(1);
    const audio = dialog.locator('[data-test="recording-audio"]');
    await audio.waitFor({ timeout: 10_000 });
    expect(await audio.getAttribute('src')).toMatch(/^blob:/);
    await shot('35-inbound-case');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await rows
      .filter({ has: page.locator('[data-test="without-recording"]') })
      .first()
      .click();
    const none = page.locator('[role="dialog"] [data-test="no-recording"]');
    await none.waitFor();
    expect(await none.innerText()).toContain('Sin grabación');
    expect(await page.locator('[role="dialog"] [data-test="recording-audio"]').count()).toBe(0);
    await shot('36-inbound-no-recording');
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
  });

  it('refuses a plain-http address for Test and says why, and keeps an https one', async () => {
    const { page } = app.current;
    await go(page, '/settings');
    await page.locator('[data-test="base-url-test"]').fill('http://example.com');
    await page.locator('[data-test="save-base-url-test"]').click();
    const error = page.locator('[data-test="base-url-error-test"]');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/https/);
    await shot('37-settings');
    // Typing again takes the refusal away; an https address is kept and shown as saved.
    await page.locator('[data-test="base-url-test"]').fill('https://casedesk-test.example');
    await error.waitFor({ state: 'detached' });
    await page.locator('[data-test="save-base-url-test"]').click();
    const saved = page.locator('[data-test="base-url-saved-test"]');
    await saved.waitFor();
    expect(await saved.innerText()).toContain('https://casedesk-test.example');
    expect(await page.locator('[data-test="base-url-test"]').inputValue()).toBe('https://casedesk-test.example');
  });

  it('asks before resending cases in doubt, and offers Resume when paused (service answers simulated)', async () => {
    // Demo cannot be made to lose an answer, so the upload's answers are played by the test: what is
    // checked is the screen's side (what it shows, what it asks, what it sends back).
    const { page } = app.current;
    const surface = createSurface(app.current.ctx);
    const second = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    if (!second.ok) throw new Error(second.error.message);
    const id = second.value.batchId;
    const campaign = await surface.call('campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'E2E dudas', dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 },
    });
    if (!campaign.ok) throw new Error(campaign.error.message);
    const sent: unknown[] = [];
    // Typed as the procedure answers, so a change to the answer shows here at compile time.
    const answers: ProcedureOutputs['sync:upload'][] = [
      {
        status: 'needs-decision',
        campaignId: campaign.value.campaign.id,
        loaded: 5,
        rejected: { '33444555': { code: 'upload.detail.service_said', params: { reason: 'phone 1: not a valid number' } } },
        pending: 0,
        inDoubt: ['20123456', '27888999', '28999000'],
        requests: 1,
        suppressed: { cases: 0, phones: 0, held: [] },
        skipped: { duplicates: 0 },
        notices: [],
      },
      {
        status: 'paused',
        campaignId: campaign.value.campaign.id,
        loaded: 5,
        rejected: {},
        pending: 3,
        inDoubt: [],
        requests: 1,
        suppressed: { cases: 0, phones: 0, held: [] },
        skipped: { duplicates: 0 },
        notices: [],
        pause: {
          code: 'server',
          failure: { code: 'upload.failing', params: { detail: 'HTTP 500' } },
          message: 'The service keeps failing (HTTP 500); the upload is paused.',
        },
      },
    ];
    await page.route(
      (url) => url.pathname.endsWith('/api/call/sync%3Aupload'),
      async (route) => {
        sent.push(route.request().postDataJSON());
        await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value: answers[sent.length - 1] }) });
      },
    );
    try {
      await go(page, '/sync');
      await page.locator(`[data-test="sync-batch-${id}"]`).waitFor();
      await pick(page, `[data-test="bot-select-${id}"]`, 'Cobranza Voz');
      await pick(page, `[data-test="campaign-select-${id}"]`, new RegExp(`^E2E dudas \\(n\\.º ${campaign.value.campaign.id},`));
      await page.locator(`[data-test="upload-${id}"]`).click();
      await acceptUploadStart(page);
      const inDoubt = page.locator(`[data-test="upload-in-doubt-${id}"]`);
      await inDoubt.waitFor();
      expect(await inDoubt.innerText()).toContain('27888999');
      expect(await page.locator(`[data-test="upload-rejected-${id}"]`).innerText()).toContain('El servicio respondió: «phone 1: not a valid number»');
      await shot('38-sync-in-doubt');

      await page.locator(`[data-test="resend-${id}"]`).click();
      const confirm = page.locator('.p-confirmdialog');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('se los va a llamar dos veces');
      await shot('39-sync-confirm-resend');
      await confirm.getByRole('button', { name: 'Sí, enviarlos de nuevo' }).click();

      const paused = page.locator(`[data-test="upload-paused-${id}"]`);
      await paused.waitFor();
      expect(sent).toEqual([expect.objectContaining({ batchId: id, inDoubt: 'ask' }), expect.objectContaining({ batchId: id, inDoubt: 'resend' })]);
      expect(await paused.innerText()).toContain('quedó en pausa');
      expect(await page.locator(`[data-test="resume-${id}"]`).isEnabled()).toBe(true);
      await shot('40-sync-paused');
    } finally {
      await page.unroute((url) => url.pathname.endsWith('/api/call/sync%3Aupload'));
    }
  });
});
