// The agent's day, truthful, in Spanish: the Sync screen says before the upload that loading cases
// starts a paused campaign (and asks first); the campaign screen no longer promises a paused campaign
// will not call; Start is confirmed on the campaign as it is now, with its holiday and hours warnings
// and the question of a campaign with no cases; after it, the screen shows the state the service answered.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { acceptUploadStart, hasChromium, pickOption as pick, signInToDemo, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const CHRISTMAS = `${new Date().getFullYear() + 1}-12-25`;
const CAMPAIGN = { botId: 101, dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 };

async function statusIs(page: Page, status: string): Promise<void> {
  await expect.poll(async () => (await page.locator('[data-test="status"]').first().innerText()).trim(), { timeout: 10_000 }).toBe(status);
}

describe.runIf(hasChromium)('uploading and starting a campaign say what will happen', { timeout: 60_000 }, () => {
  const app = useE2eApp();

  /** A procedure called directly on the app's context (the test's own hands, not the agent's). */
  async function surfaceCall<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
    const answer = await createSurface(app.current.ctx).call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  }
  const prepare = async () =>
    (await surfaceCall('batches:prepare', { environment: 'demo', fileId: await handOver(createSurface(app.current.ctx), SAMPLE), maxPhonePriority: 2 }))
      .batchId;
  const shot = async (name: string) => {
    await app.current.screenshot(name);
  };

  it('says on Sync that loading the cases starts the paused campaign, and asks before the upload', async () => {
    const { page } = app.current;
    await page.waitForSelector('[data-test="sign-in"]');
    await signInToDemo(page);
    const batchId = await prepare();
    const { campaign } = await surfaceCall('campaigns:create', { environment: 'demo', campaign: { ...CAMPAIGN, name: 'Pausada' } });
    await page.goto(`${app.current.origin}/#/sync`);
    await pick(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pick(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^Pausada \\(n\\.º ${campaign.id}, en pausa\\)`));
    const note = page.locator(`[data-test="starts-${batchId}"]`);
    await note.waitFor();
    expect(await note.innerText()).toBe(
      'Cargar casos inicia esta campaña: el bot empieza a llamar en cuanto se cargan, dentro de su fecha y horario, aunque nadie haya presionado Iniciar.',
    );
    await shot('70-sync-paused-starts');

    // Cancelled: nothing goes, the campaign stays paused.
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    const dialog = page.locator('[data-test="confirm-sync"]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Cargar casos inicia esta campaña');
    expect(await dialog.locator('.p-confirmdialog-accept-button').innerText()).toBe('Subir e iniciar');
    await shot('71-sync-confirm-upload-start');
    await dialog.locator('.p-confirmdialog-reject-button').click();
    await dialog.waitFor({ state: 'detached' });
    expect((await surfaceCall('campaigns:show', { environment: 'demo', campaignId: campaign.id })).metrics.status).toBe('PAUSED');

    await page.locator(`[data-test="upload-${batchId}"]`).click();
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${batchId}"]`).waitFor({ timeout: 20_000 });
    expect((await surfaceCall('campaigns:show', { environment: 'demo', campaignId: campaign.id })).metrics.status).toBe('ONGOING');
  });

  it('says a paused campaign calls once started or loaded; confirms Start with the warnings and the missing cases, then shows the answered state', async () => {
    const { page } = app.current;
    const { campaign } = await surfaceCall('campaigns:create', {
      environment: 'demo',
      campaign: { ...CAMPAIGN, name: 'Navidad vacía', startDate: CHRISTMAS, callFrom: '09:00', callTo: '21:00' },
    });
    await page.goto(`${app.current.origin}/#/campaigns/${campaign.id}?created=1`);
    await statusIs(page, 'En pausa');
    expect(await page.locator('.subtitle').innerText()).toContain('En pausa: no llama hasta que la inicie o le cargue casos');
    await shot('72-campaign-paused-truthful');

    await page.locator('[data-test="action-start"]').click();
    const dialog = page.locator('.p-confirmdialog');
    await dialog.waitFor();
    expect(await dialog.locator('[data-test="schedule-warning-campaign.start_on_holiday"]').innerText()).toContain('feriado nacional (Navidad)');
    expect(await dialog.locator('[data-test="schedule-warning-campaign.outside_contact_hours"]').innerText()).toContain('09:00–21:00');
    expect(await dialog.locator('[data-test="confirm-no-cases"]').innerText()).toBe('La campaña no tiene casos cargados: ¿iniciarla igual?');
    expect(await dialog.locator('.p-confirmdialog-accept-button').innerText()).toBe('Iniciar igual');
    // Asked before: nothing started yet.
    expect((await surfaceCall('campaigns:show', { environment: 'demo', campaignId: campaign.id })).metrics.status).toBe('PAUSED');
    await shot('73-confirm-start-warned');
    await dialog.locator('.p-confirmdialog-accept-button').click();

    await statusIs(page, 'En curso');
    expect(await page.locator('[data-test="action-result"]').innerText()).toContain('El servicio informa el estado: En curso.');
    // The creation's banner spoke of the state then (PAUSED): it does not stay to contradict the answer.
    expect(await page.locator('[data-test="created"]').count()).toBe(0);
    await shot('74-campaign-started');
  });

  it('confirms Start on the state the service holds now, and a refresh asked before the start never brings the old state back', async () => {
    const { page } = app.current;
    const { campaign } = await surfaceCall('campaigns:create', { environment: 'demo', campaign: { ...CAMPAIGN, name: 'Cargada después' } });
    await page.goto(`${app.current.origin}/#/campaigns/${campaign.id}`);
    await statusIs(page, 'En pausa');
    // Cases loaded while the screen shows it paused: the service holds it ONGOING now.
    const batchId = await prepare();
    await surfaceCall('sync:upload', { environment: 'demo', batchId, campaignId: campaign.id });
    await page.locator('[data-test="action-start"]').click();
    // No confirmation of a start it no longer needs: the screen shows the state now and why.
    await statusIs(page, 'En curso');
    expect(await page.locator('.p-confirmdialog').count()).toBe(0);
    expect((await page.locator('[data-test="action-reason"]').allInnerTexts()).join(' ')).toContain('Ya está en curso.');

    // Stopped; then a refresh whose answer (still PAUSED) comes back only after the agent started it again.
    await page.locator('[data-test="action-stop"]').click();
    // Stopped, loading cases sets it calling again: the confirmation says so.
    expect(await page.locator('.p-confirmdialog').innerText()).toContain('hasta que usted la vuelva a iniciar o le cargue casos');
    await page.locator('.p-confirmdialog-accept-button').click();
    await statusIs(page, 'En pausa');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isShow = (url: URL) => decodeURIComponent(url.pathname).endsWith('/api/call/campaigns:show');
    await page.route(isShow, async (route) => {
      const answer = await route.fetch();
      await held;
      await route.fulfill({ response: answer });
    });
    await page.locator('[data-test="refresh"]').click();
    await page.locator('[data-test="action-start"]').click();
    await page.locator('.p-confirmdialog-accept-button').click();
    await statusIs(page, 'En curso');
    release();
    await page.waitForTimeout(800);
    await page.unroute(isShow);
    expect((await page.locator('[data-test="status"]').first().innerText()).trim()).toBe('En curso');
    expect(await page.locator('[data-test="action-result"]').innerText()).toContain('En curso');
  });
});
