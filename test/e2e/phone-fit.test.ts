// A batch prepared for three phones a case, uploaded into a campaign that takes one: Sync says how many
// cases the service would reject as soon as the campaign is chosen, offers to keep each case's first
// phone, and then every ready case loads, none rejected.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSurface } from '../../src-main/surface/surface';
import { handOver } from '../support/source-file';
import { acceptUploadStart, hasChromium, pickOption, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

describe.runIf(hasChromium)('a batch and a campaign that takes fewer phones', () => {
  const app = useE2eApp();

  it('says how many cases would be rejected when the campaign is chosen, fixes them, and nothing comes back rejected', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    const surface = createSurface(app.current.ctx);
    const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const batchId = prepared.value.batchId;
    const campaign = await surface.call('campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'Un teléfono', dialingType: 'VERTICAL', minPhonePriority: 0, maxPhonePriority: 0, maxCallsPerCase: 1 },
    });
    if (!campaign.ok) throw new Error(campaign.error.message);

    await page.locator('nav a[href="#/sync"]').click();
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await pickOption(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pickOption(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^Un teléfono \\(n\\.º ${campaign.value.campaign.id},`));
    const fit = page.locator(`[data-test="phone-fit-${batchId}"]`);
    await fit.waitFor();
    expect(await fit.innerText()).toMatch(/^\d+ casos tienen más teléfonos de los que acepta esta campaña \(1\): el servicio los rechazaría\./);
    expect(await fit.innerText()).toContain('Deje el primer teléfono de cada caso, en orden de prioridad, o elija otra campaña.');
    await app.current.screenshot('67-sync-phone-fit');
    await page.locator(`[data-test="phone-fit-keep-${batchId}"]`).click();
    await fit.waitFor({ state: 'detached' });

    await page.locator(`[data-test="upload-${batchId}"]`).click();
    await acceptUploadStart(page);
    const loaded = page.locator(`[data-test="upload-loaded-${batchId}"]`);
    await loaded.waitFor({ timeout: 20_000 });
    expect(await loaded.innerText()).toBe('Casos cargados en la campaña: 8');
    expect(await page.locator(`[data-test="upload-rejected-${batchId}"]`).count()).toBe(0);
  });
});
