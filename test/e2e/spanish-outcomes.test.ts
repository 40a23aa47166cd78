// An agent working in Spanish (es-AR) uploads a batch whose cases the Demo service partly rejects (more
// phones than the campaign takes) and partly already holds (skipped): the Sync screen, the batch's
// cases, the bots and campaign screens and the activity log say it all in Spanish. English shows only
// as the service's own words, labelled «El servicio respondió: «…»».
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ProcedureName, procedures } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { handOver } from '../support/source-file';
import { acceptUploadStart, goTo, hasChromium, pickOption, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

/** Words CaseDesk used to write in English on these screens: its upload outcomes and the service's constants. */
const ENGLISH = [
  /the campaign already holds/i,
  /\bnot loaded\b/i,
  /taken as loaded/i,
  /too large for the service/i,
  /refused the whole request/i,
  /cannot be read back/i,
  /\b(PAUSED|SCHEDULED|ONGOING|CLOSED|INBOUND|OUTBOUND|VOICE|WHATSAPP|HORIZONTAL_VERTICAL)\b/,
  // A procedure by its name, as the activity log showed a failed one.
  /\b(session|environments|files|batches|results|campaigns|diagnostics|ledger|sync|inbound|settings):[a-zA-Z]+\b/,
  /\d B\b/,
];

/** The page's text without what it quotes as the service's own words («…»), which may be in any language. */
async function ownText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.replace(/«[^»]*»/g, '«»');
}

async function expectSpanishOnly(page: Page, where: string): Promise<void> {
  const text = await ownText(page);
  for (const english of ENGLISH) expect(text, `${where}: ${String(english)}`).not.toMatch(english);
}

describe.runIf(hasChromium)('upload outcomes, enums and the activity log in Spanish', { timeout: 120_000 }, () => {
  const app = useE2eApp({ locale: 'es' });
  let batchId = 0;
  let campaignId = 0;
  let serviceReason = '';

  it('uploads a batch the service partly rejects and partly already holds, and Sync says it in Spanish', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    const surface = createSurface(app.current.ctx);
    const call = async <N extends ProcedureName>(name: N, input: z.input<(typeof procedures)[N]>) => {
      const got = await surface.call(name, input);
      if (!got.ok) throw new Error(got.error.message);
      return got.value;
    };
    // One phone a case: the Demo service rejects the cases that hold more.
    const campaign = await call('campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'Un teléfono', dialingType: 'VERTICAL', minPhonePriority: 0, maxPhonePriority: 0, maxCallsPerCase: 1 },
    });
    campaignId = campaign.campaign.id;
    // A first batch of the same file goes up first: the cases it loaded are skipped in the second.
    const first = await call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    const firstUpload = await call('sync:upload', { environment: 'demo', batchId: first.batchId, campaignId, inDoubt: 'ask', reloadDuplicates: false });
    expect(firstUpload.loaded).toBeGreaterThan(0);
    expect(Object.keys(firstUpload.rejected).length).toBeGreaterThan(0);
    // Stopped at once, before the Demo's dialer can finish those cases and close it: the second batch goes to it too.
    await call('campaigns:action', { environment: 'demo', campaignId, action: 'stop' });
    batchId = (await call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 })).batchId;
    // A procedure of the trail that fails: the log names what was tried.
    expect((await surface.call('campaigns:followup', { environment: 'demo', campaignId, outcome: 'non-final' })).ok).toBe(false);

    await goTo(page, '/sync');
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await pickOption(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pickOption(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^Un teléfono \\(n\\.º ${campaignId},`));
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    await acceptUploadStart(page);
    const rejected = page.locator(`[data-test="upload-rejected-${batchId}"]`);
    await rejected.waitFor({ timeout: 30_000 });
    expect(await page.locator(`[data-test="upload-skipped-${batchId}"]`).innerText()).toMatch(/\d/);
    const reasons = await rejected.locator('tbody td:nth-child(2)').allInnerTexts();
    expect(reasons.length).toBe(Object.keys(firstUpload.rejected).length);
    for (const reason of reasons) expect(reason).toMatch(/^El servicio respondió: «.+»$/s);
    serviceReason = /«(.+)»/s.exec(reasons[0] ?? '')?.[1] ?? '';
    expect(serviceReason).not.toBe('');
    await app.current.screenshot('75-sync-rejected-spanish');
    await expectSpanishOnly(page, 'Sync');
  });

  it("shows the batch's cases, the bots and the campaigns in Spanish", async () => {
    const { page } = app.current;
    await goTo(page, `/batches/${batchId}`);
    await page.locator('[role="grid"] [role="row"][data-status]').first().waitFor();
    await expectSpanishOnly(page, 'the batch');
    if (serviceReason !== '') expect(await ownText(page)).not.toContain(serviceReason);

    await goTo(page, '/bots');
    await page.locator('[data-test="bot-101"]').waitFor();
    expect(await page.locator('[data-test="bot-101"]').innerText()).toMatch(/Saliente[\s\S]*Voz/);
    await expectSpanishOnly(page, 'Bots');

    await goTo(page, '/bots/101/campaigns');
    await page.locator(`[data-test="campaign-${campaignId}"]`).waitFor();
    await expectSpanishOnly(page, 'Campaigns');

    await goTo(page, `/campaigns/${campaignId}`);
    await page.locator('[data-test="params"]').waitFor();
    expect(await page.locator('[data-test="status"]').first().innerText()).toMatch(/^(En curso|En pausa|Cerrada)$/);
    await expectSpanishOnly(page, 'the campaign');
  });

  it('shows the activity log in Spanish: the upload, and the failed procedure by what was tried', async () => {
    const { page } = app.current;
    await goTo(page, '/settings');
    const table = page.locator('[data-test="settings-audit-table"]');
    await table.waitFor();
    const log = await table.innerText();
    expect(log).toContain(`Carga del lote ${batchId} a la campaña ${campaignId}`);
    expect(log).toContain('No se pudo armar el lote de seguimiento');
    expect(log).toMatch(/Recibió el archivo cartera-banco-del-sur\.xlsx \(\d+,\d KB\)/);
    await expectSpanishOnly(page, 'the activity log');
  });
});
