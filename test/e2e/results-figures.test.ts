// The results screen agrees with itself, in es-AR on Demo: each figure of the summary is the count of
// its list filter and of its follow-up option, the follow-up opens on an option that holds cases, and a
// call card names its phone from 1 beside the case's attempts, never "0" beside a listed call.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { animationsSettled, hasChromium, SCREENSHOTS, signInToDemo, untilSomeCasesEnd, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const DOCS = join(import.meta.dirname, '../../resources/docs');
/** How the screen writes a count in es-AR. */
const number = (text: string) => Number(text.replace(/\./g, '').trim());

describe.runIf(hasChromium)('the figures of the results screen', () => {
  const app = useE2eApp({ locale: 'es', viewport: { width: 1366, height: 768 } });
  let campaignId = 0;

  async function surfaceCall<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
    const answer = await createSurface(app.current.ctx).call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  }
  const text = (selector: string) => app.current.page.locator(selector).first().innerText();

  it('runs a campaign on Demo and downloads its results', async () => {
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
          name: 'Cifras E2E',
          dialingType: 'HORIZONTAL_VERTICAL',
          minPhonePriority: 0,
          maxPhonePriority: 2,
          maxCallsPerCase: 2,
        },
      })
    ).campaign.id;
    expect(await surfaceCall('sync:upload', { environment: 'demo', batchId, campaignId })).toMatchObject({ loaded: 8 });
    await page.goto(`${app.current.origin}/#/campaigns/${campaignId}/results`);
    await page.locator('[data-test="results-empty"]').waitFor();
    // Demo dials 30× faster than real time: soon some debtors are reached and others not.
    await untilSomeCasesEnd(app.current.ctx, campaignId);
    await page.locator('[data-test="download"]').click();
    await page.locator('[data-test="download-summary"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-test="results-summary"]').waitFor();
    await page.locator('[data-test="case-filters"]').waitFor();
  }, 60_000);

  it('shows in each summary figure the cases its list filter holds', async () => {
    const { page } = app.current;
    const cases = number(await text('[data-test="summary-cases"]'));
    expect(cases).toBe(8);
    expect(number(await text('[data-test="filter-count-all"]'))).toBe(cases);
    const figure = async (f: string) => ({
      value: number(await text(`[data-test="summary-${f}"] [data-test="value"]`)),
      share: await text(`[data-test="summary-${f}"] [data-test="share"]`),
      filter: number(await text(`[data-test="filter-count-${f}"]`)),
    });
    const contacted = await figure('contacted');
    const notContacted = await figure('not-contacted');
    expect(contacted.value).toBe(contacted.filter);
    expect(notContacted.value).toBe(notContacted.filter);
    expect(contacted.value + notContacted.value).toBe(cases);
    // "60 %", as Argentina writes a share.
    const share = (n: number) => `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format((n * 100) / cases)} %`;
    expect(contacted.share).toBe(share(contacted.value));
    // The service's own result "Sin contacto" never holds more cases than were not contacted.
    for (const bar of await page.locator('[data-test="result-bar"]').all()) {
      if ((await bar.locator('.bar-name').innerText()) !== 'Sin contacto') continue;
      expect(number(await bar.locator('.bar-count').innerText())).toBeLessThanOrEqual(notContacted.value);
    }
    for (const f of ['final', 'promise']) {
      const { value, filter } = await figure(f);
      expect([f, value]).toEqual([f, filter]);
    }
    // The list under a filter holds exactly that many rows (all on one page: eight cases).
    for (const f of ['contacted', 'not-contacted', 'non-final']) {
      const n = number(await text(`[data-test="filter-count-${f}"]`));
      await page.locator(`[data-test="filter-${f}"]`).click();
      await expect.poll(() => page.locator('[data-test="cases-table"] tbody tr[data-p-index]').count()).toBe(n);
    }
    // A summary figure shows its cases in the list.
    await page.locator('[data-test="summary-contacted"]').click();
    await expect.poll(() => page.locator('[data-test="cases-table"] tbody tr[data-p-index]').count()).toBe(contacted.value);
    await page.locator('[data-test="filter-all"]').click();
    await expect.poll(() => page.locator('[data-test="cases-table"] tbody tr[data-p-index]').count()).toBe(cases);
  });

  it('counts each follow-up option as its filter, and opens on one that holds cases', async () => {
    const { page } = app.current;
    await page.locator('[data-test="followup"]').click();
    const dialog = page.locator('[data-test="followup-dialog"]');
    await dialog.waitFor();
    const counts: Record<string, number> = {};
    for (const f of ['non-final', 'not-contacted', 'no-promise']) {
      counts[f] = number((await dialog.locator(`[data-test="followup-count-${f}"]`).innerText()).replace(/\D+/g, ' '));
      expect([f, counts[f]]).toEqual([f, number(await text(`[data-test="filter-count-${f}"]`))]);
    }
    const chosen = (['non-final', 'not-contacted', 'no-promise'] as const).find((f) => (counts[f] ?? 0) > 0);
    if (chosen) expect(await dialog.locator(`[data-test="followup-${chosen}"] input`).isChecked()).toBe(true);
    else await dialog.locator('[data-test="followup-none-left"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a call with its phone counted from 1 and the attempts of its case, in Spanish', async () => {
    const { page } = app.current;
    const stored = await surfaceCall('results:cases', { environment: 'demo', campaignId, limit: 100 });
    const called = stored.cases.find((c) => c.figures.attempts > 0);
    if (!called) throw new Error('Demo placed no call');
    await page.locator(`[data-test="case-${called.id}"]`).click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.locator('[data-test^="call-"][data-test$="0"], article.call').first().waitFor();
    const cards = await drawer.locator('article.call').count();
    expect(cards).toBeGreaterThan(0);
    expect(await drawer.locator('[data-test="case-phone"]').innerText()).toMatch(/^Último llamado: Teléfono [1-9]\d*$/);
    const attempts = Number(/^Intentos: (\d+)$/.exec(await drawer.locator('[data-test="case-attempts"]').innerText())?.[1]);
    expect(attempts).toBeGreaterThanOrEqual(cards);
    expect(await drawer.locator('[data-test="call-phone"]').first().innerText()).toMatch(/^Teléfono [1-3] · \d{2,4} \d{2,4}-\d{4}$/);
    // The service's codes in the agent's words, even in the tooltip (a code only when CaseDesk does not know it).
    const result = drawer.locator('[data-test="call-result"]').first();
    expect(await result.innerText()).not.toMatch(/^[A-Z_]+$/);
    expect(await result.getAttribute('title')).toBeNull();
    expect(await drawer.locator('[data-test="call-line"]').first().innerText()).not.toMatch(/^[A-Z_]+$/);
    expect(await drawer.locator('[data-test="call-when"]').first().innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await animationsSettled(page);
    await page.screenshot({ path: join(SCREENSHOTS, '48-results-call-card.png'), animations: 'disabled' });
    await drawer.locator('[data-test="close-drawer"]').click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('opens a promise\'s call with its case\'s own attempts and phone, not "0"', async () => {
    const { page } = app.current;
    const promises = await surfaceCall('results:promises', { environment: 'demo', campaignId });
    const first = promises.find((p) => p.callId !== null);
    if (!first) return; // no promise reached yet on this run: the call cards above hold the rule
    await page.locator(`[data-test="listen-${first.caseId}"]`).click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.locator('article.call').first().waitFor();
    expect(await drawer.locator('[data-test="case-attempts"]').innerText()).not.toBe('Intentos: 0');
    expect(await drawer.locator('[data-test="case-phone"]').innerText()).toMatch(/^Último llamado: Teléfono [1-9]/);
    await drawer.locator('[data-test="close-drawer"]').click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('takes a screenshot of the results screen', async () => {
    const { page } = app.current;
    await page.locator('[data-test="filter-not-contacted"]').click();
    // The summary from its heading, with the filters below it: the figures and their counts side by side.
    await page.locator('[data-test="results-summary"]').evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -12);
    });
    await animationsSettled(page);
    const file = join(SCREENSHOTS, '47-results-figures.png');
    await page.screenshot({ path: file, animations: 'disabled' });
    // The copy in the README is refreshed on request, not by every run.
    if (process.env.CASEDESK_DOCS_SCREENSHOTS === '1') copyFileSync(file, join(DOCS, '47-results-figures.png'));
  });
});
