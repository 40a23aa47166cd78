// Duplicates in the app: a batch prepared while another with the same codes waited; once that one is
// uploaded, opening the batch checks again (the warnings now name the campaign), the grid filters the
// duplicates, and the upload skips them, says how many, and loads them only when the agent ticks it.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSurface } from '../../src-main/surface/surface';
import { acceptUploadStart, hasChromium, signInToDemo, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

async function go(page: Page, path: string): Promise<void> {
  await page.locator(`nav a[href="#${path}"]`).click();
  await page.waitForURL(new RegExp(`#${path}$`));
}

describe.runIf(hasChromium)('duplicates across batches and campaigns', () => {
  const app = useE2eApp();
  let first = 0;
  let second = 0;
  let campaignId = 0;

  it('prepares the same file twice for one campaign: the second batch counts its duplicates', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    const surface = createSurface(app.current.ctx);
    const campaign = await surface.call('campaigns:create', {
      environment: 'demo',
      campaign: {
        botId: 101,
        name: 'E2E duplicados',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 1,
      },
    });
    if (!campaign.ok) throw new Error(campaign.error.message);
    campaignId = campaign.value.campaign.id;
    const prepare = async () => {
      const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), campaignId });
      if (!prepared.ok) throw new Error(prepared.error.message);
      return prepared.value;
    };
    const a = await prepare();
    first = a.batchId;
    expect(a.duplicates).toBe(0);
    // The first batch's rejected cases are left out: only its 8 ready ones are duplicates of the second.
    const excluded = await surface.call('batches:bulkFix', { batchId: first, fix: { kind: 'exclude-rejected' } });
    if (!excluded.ok) throw new Error(excluded.error.message);
    const b = await prepare();
    second = b.batchId;
    expect(b).toMatchObject({ cases: 11, ready: 8, duplicates: 8 });
    const uploaded = await surface.call('sync:upload', { environment: 'demo', batchId: first, campaignId });
    expect(uploaded).toMatchObject({ ok: true, value: { loaded: 8, skipped: { duplicates: 0 } } });
    // Demo dials 30 times faster and closes a campaign once every case is final: paused, it stays open for the rest.
    expect(await surface.call('campaigns:action', { environment: 'demo', campaignId, action: 'stop' })).toMatchObject({ ok: true });
  }, 60_000);

  it('checks again when the batch is opened, and filters its duplicates in the grid', async () => {
    const { page } = app.current;
    await page.evaluate((id) => {
      window.location.hash = `#/batches/${id}`;
    }, second);
    await page.locator('[data-test="case-row"]').first().waitFor();
    const filter = page.locator('[data-test="duplicates-filter"]');
    await filter.waitFor();
    expect(await filter.innerText()).toBe('Solo duplicados · 8');
    // No skipped case corrected since: that filter is not offered.
    expect(await page.locator('[data-test="corrected-filter"]').count()).toBe(0);
    await filter.locator('input').check();
    await page.locator('[data-test="cases-grid"][data-total="8"]').waitFor();
    await page.locator('[data-test="case-row"]').first().click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    // Prepared while the first batch waited; uploaded since, so now it is the campaign that holds the code.
    const issues = await drawer.locator('[data-test="drawer-issues"]').innerText();
    expect(issues).toContain(`La campaña ${campaignId} ya tiene este código (cargado desde el lote ${first})`);
    expect(issues).not.toContain('todavía sin cargar');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await app.current.screenshot('62-duplicates-filter');
    await filter.locator('input').uncheck();
    await page.locator('[data-test="cases-grid"][data-total="11"]').waitFor();
  });

  it('skips them at upload and says how many; loads them again only when the agent ticks it', async () => {
    const { page } = app.current;
    await go(page, '/sync');
    const card = page.locator(`[data-test="sync-batch-${second}"]`);
    await card.waitFor();
    const reload = page.locator(`[data-test="reload-duplicates-${second}"]`);
    expect(await reload.innerText()).toBe('Cargar de nuevo los códigos que la campaña ya tiene');
    await page.locator(`[data-test="upload-${second}"]`).click();
    // The campaign is paused, but the campaign holds every code: loading nothing starts nothing, so
    // the screen does not ask to confirm a start.
    const skipped = page.locator(`[data-test="upload-skipped-${second}"]`);
    await skipped.waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-test="confirm-sync"]').count()).toBe(0);
    expect(await skipped.innerText()).toContain('Duplicados: 8 caso(s) no se cargaron porque la campaña ya tiene sus códigos');
    expect(await page.locator(`[data-test="upload-loaded-${second}"]`).innerText()).toBe('Casos cargados en la campaña: 0');
    await app.current.screenshot('63-duplicates-skipped');

    // The choice now says how many the last upload skipped.
    await reload.getByText('(8 salteado(s) en la carga anterior)').waitFor();
    await reload.locator('input').check();
    const upload = page.locator(`[data-test="upload-${second}"]`);
    await expect.poll(() => upload.isEnabled()).toBe(true);
    await upload.click();
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${second}"]`, { hasText: 'Casos cargados en la campaña: 8' }).waitFor({ timeout: 20_000 });
    await skipped.waitFor({ state: 'detached' });
  }, 60_000);
});
