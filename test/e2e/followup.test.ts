// Results that become the next action, in the app on Demo: a campaign's results downloaded, its summary
// and promises shown, and a follow-up batch of the cases without a final result made from the results
// screen, opened as a draft batch holding exactly those cases.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { hasChromium, signInToDemo, untilSomeCasesEnd, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

describe.runIf(hasChromium)('a follow-up batch from the results screen', () => {
  const app = useE2eApp();
  let campaignId = 0;

  /** A procedure called on the app's context: the test's own hands, not the agent's. */
  async function surfaceCall<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
    const answer = await createSurface(app.current.ctx).call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  }

  async function shot(name: string): Promise<void> {
    await app.current.screenshot(name);
  }

  it('downloads the results of a campaign and shows their summary and promises', async () => {
    const { page } = app.current;
    await page.waitForSelector('[data-test="sign-in"]');
    await signInToDemo(page);
    const surface = createSurface(app.current.ctx);
    const { batchId } = await surfaceCall('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    campaignId = (
      await surfaceCall('campaigns:create', {
        environment: 'demo',
        campaign: {
          botId: 101,
          name: 'Seguimiento E2E',
          dialingType: 'HORIZONTAL_VERTICAL',
          minPhonePriority: 0,
          maxPhonePriority: 2,
          maxCallsPerCase: 2,
        },
      })
    ).campaign.id;
    expect(await surfaceCall('sync:upload', { environment: 'demo', batchId: batchId, campaignId })).toMatchObject({ loaded: 8 });

    await page.goto(`${app.current.origin}/#/campaigns/${campaignId}/results`);
    await page.locator('[data-test="results-empty"]').waitFor();
    // Demo dials 30× faster than real time: a moment of it ends some cases and leaves others open.
    await untilSomeCasesEnd(app.current.ctx, campaignId);
    await page.locator('[data-test="download"]').click();
    await page.locator('[data-test="download-summary"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-test="results-summary"]').waitFor();
    expect(await page.locator('[data-test="summary-cases"]').innerText()).toBe('8');
    expect(await page.locator('[data-test="result-bar"]').count()).toBeGreaterThan(0);
    await page.locator('[data-test="promises"]').waitFor();
    await shot('44-results-summary');
  }, 60_000);

  it('makes a follow-up batch of the cases without a final result and opens it', async () => {
    const { page } = app.current;
    // What this computer stored is what the batch is made from (the Demo service keeps dialing meanwhile).
    const stored = await surfaceCall('results:cases', { environment: 'demo', campaignId, limit: 100 });
    const nonFinal = stored.cases
      .filter((c) => !c.result.isFinal)
      .map((c) => c.code ?? '')
      .sort();
    expect(nonFinal.length).toBeGreaterThan(0);

    await page.locator('[data-test="followup"]').click();
    await page.locator('[data-test="followup-dialog"]').waitFor();
    expect(await page.locator('[data-test="followup-non-final"] input').isChecked()).toBe(true);
    await shot('45-followup-dialog');
    await page.locator('[data-test="followup-create"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    const batchId = Number(/#\/batches\/(\d+)$/.exec(page.url())?.[1]);
    await page.locator('[data-test="count-total"]').waitFor();
    await expect.poll(() => page.locator('[data-test="count-total"] .n').innerText()).toBe(String(nonFinal.length));
    const cases = await surfaceCall('batches:cases', { batchId, limit: 100 });
    expect(cases.map((c) => c.code).sort()).toEqual(nonFinal);
    await shot('46-followup-batch');
  }, 30_000);

  it('exports the promises to pay for the creditor', async () => {
    const { page } = app.current;
    await page.goto(`${app.current.origin}/#/campaigns/${campaignId}/results`);
    await page.locator('[data-test="promises"]').waitFor();
    const button = page.locator('[data-test="export-promises"]');
    if (await button.isDisabled()) return; // no promise stored yet: nothing to hand over
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`promesas-campania-${campaignId}.xlsx`);
    expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK');
  });
});
