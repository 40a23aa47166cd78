// A do-not-contact entry added after a batch was prepared: the batch says so as soon as it is opened
// (its status, count and the cases named), and the upload names the cases it held back.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSurface } from '../../src-main/surface/surface';
import { handOver } from '../support/source-file';
import { acceptUploadStart, hasChromium, pickOption, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

async function addEntry(page: Page, kind: 'Teléfono' | 'Código', value: string): Promise<void> {
  await page.locator('nav a[href="#/ledger"]').click();
  await page.locator('[data-test="ledger-form"]').waitFor();
  await page.locator('[data-test="ledger-kind"]').getByText(kind, { exact: true }).click();
  await page.locator('[data-test="ledger-value"]').fill(value);
  await page.locator('[data-test="ledger-add"]').click();
  await page.locator('[data-test="ledger-done"]').waitFor();
}

describe.runIf(hasChromium)('a do-not-contact entry added after preparing', () => {
  const app = useE2eApp();
  let batchId = 0;
  let campaignId = 0;

  it('shows in the batch as soon as it is opened, naming the case', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    const surface = createSurface(app.current.ctx);
    const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.message);
    batchId = prepared.value.batchId;
    const campaign = await surface.call('campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'Después', dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 },
    });
    if (!campaign.ok) throw new Error(campaign.error.message);
    campaignId = campaign.value.campaign.id;

    // The debtor 30111222 asked not to be called; the agent types the CUIT the call center gave.
    await addEntry(page, 'Código', '20-30111222-0');
    await page.evaluate((id) => (location.hash = `#/batches/${id}`), batchId);
    const change = page.locator('[data-test="ledger-change"]');
    await change.waitFor();
    expect(await change.innerText()).toContain(
      'La lista de no contactar cambió desde que se preparó este lote, y se volvió a aplicar: 1 caso ya no se puede contactar.',
    );
    expect(await change.innerText()).toContain('30111222: no se carga');
    await page.waitForFunction(() => document.querySelector('[data-test="count-suppressed"] .n')?.textContent === '1');
    const row = page.locator('[data-test="case-row"][data-code="30111222"]');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('suppressed');
    await app.current.screenshot('65-batch-ledger-change');
  });

  it('is named by the upload that held it back', async () => {
    const { page } = app.current;
    await addEntry(page, 'Teléfono', '011 15-5555-6666');
    await page.locator('nav a[href="#/sync"]').click();
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await pickOption(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pickOption(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^Después \\(n\\.º ${campaignId},`));
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    // Loading into the paused campaign starts it: the screen asks first.
    await acceptUploadStart(page);
    const held = page.locator(`[data-test="upload-held-${batchId}"]`);
    await held.waitFor({ timeout: 20_000 });
    expect(await page.locator(`[data-test="upload-suppressed-${batchId}"]`).innerText()).toContain('No contactar, antes de enviar: Se quitó 1 teléfono.');
    expect(await held.innerText()).toBe('20123456: se quitó 11 5555-6666');
    await app.current.screenshot('66-sync-held-named');
  });
});
