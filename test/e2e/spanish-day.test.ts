// An agent's whole day in Argentine Spanish, on Demo: a creditor's file prepared through the wizard, a
// debtor put on the do-not-contact list after preparing, a campaign that takes fewer phones than the
// batch, the campaign started and paused, the upload that starts it again, its results, a follow-up batch, and every file for the
// creditor. Each screen (its text, its tooltips and names, what its fields hold) and each exported
// workbook is read for English CaseDesk wrote and for another country's numbers, dates and times.
import * as XLSX from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSurface } from '../../src-main/surface/surface';
import { englishFindings } from './support/english-scan';
import {
  acceptUploadStart,
  animationsSettled,
  goTo,
  hasChromium,
  pickOption,
  prepareInWizard,
  signInToDemo,
  untilSomeCasesEnd,
  useE2eApp,
} from './support/app';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

/** What a person reads on the page now: its text, and the tooltips, names and values of what is visible. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], input, textarea')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      for (const name of ['title', 'aria-label', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
      // What a field shows; a radio's or a checkbox's value is never shown.
      if ((el instanceof HTMLInputElement && ['text', 'search', 'number', 'tel', 'email'].includes(el.type)) || el instanceof HTMLTextAreaElement)
        parts.push(el.value);
    }
    return parts.join('\n');
  });
}

/** Soft: one run lists every screen's slips. */
async function expectSpanish(page: Page, screen: string): Promise<void> {
  const findings = englishFindings(await readableText(page));
  expect.soft(findings, `${screen}:\n${findings.map((f) => `  ${f.what}: ${f.found}`).join('\n')}`).toEqual([]);
}

/** Every cell of a downloaded workbook, as text: a real date cell is a date and passes as one. */
async function workbookText(download: Download): Promise<string> {
  const book = XLSX.read(await readFile(await download.path()), { cellDates: true });
  const cells: string[] = [];
  for (const name of book.SheetNames) {
    cells.push(name);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, raw: true });
    for (const row of rows) for (const cell of row) if (!(cell instanceof Date) && cell !== null && cell !== undefined) cells.push(String(cell));
  }
  return cells.join('\n');
}

async function expectSpanishFile(download: Download, file: string): Promise<void> {
  const findings = englishFindings(await workbookText(download), { file: true });
  expect.soft(findings, `${file}:\n${findings.map((f) => `  ${f.what}: ${f.found}`).join('\n')}`).toEqual([]);
}

describe.runIf(hasChromium)('an agent’s day in Argentine Spanish', { timeout: 120_000 }, () => {
  const app = useE2eApp({ locale: 'es' });
  let batchId = 0;
  let campaignId = 0;

  /** What the agent sees once transitions and toasts stand still, read for English. */
  async function looksSpanish(page: Page, screen: string): Promise<void> {
    await animationsSettled(page);
    await expectSpanish(page, screen);
  }

  it('prepares the creditor’s file through the wizard', async () => {
    const { page } = app.current;
    await page.locator('[data-test="sign-in"]').waitFor();
    await expectSpanish(page, 'sign-in');
    await signInToDemo(page);
    await expectSpanish(page, 'bots');
    await prepareInWizard(page, SAMPLE, 2);
    await looksSpanish(page, 'prepare: summary');
    batchId = Number(/(\d+)/.exec(await page.locator('[data-test="summary-title"]').innerText())?.[1]);
    expect(batchId).toBeGreaterThan(0);
  });

  it('opens the batch, a case, and the error report for the creditor', async () => {
    const { page } = app.current;
    await goTo(page, `/batches/${batchId}`);
    await page.locator('[data-test="case-row"]').first().waitFor();
    await looksSpanish(page, 'batch');
    await page.locator('[data-test="case-row"][data-code="20123456"]').click();
    await page.locator('[data-test="case-drawer"]').waitFor();
    await looksSpanish(page, 'batch: case drawer');
    await page.keyboard.press('Escape');
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'hidden' });
    const [report] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export-errors"]').click()]);
    await expectSpanishFile(report, 'error report');
    await looksSpanish(page, 'batch: error report exported');
  });

  it('puts a debtor on the do-not-contact list after preparing, and the batch says so', async () => {
    const { page } = app.current;
    await goTo(page, '/ledger');
    await page.locator('[data-test="ledger-form"]').waitFor();
    await page.locator('[data-test="ledger-kind"]').getByText('Código', { exact: true }).click();
    await page.locator('[data-test="ledger-value"]').fill('20-30111222-0');
    await page.locator('[data-test="ledger-add"]').click();
    await page.locator('[data-test="ledger-done"]').waitFor();
    await looksSpanish(page, 'do not contact');
    await goTo(page, `/batches/${batchId}`);
    await page.locator('[data-test="ledger-change"]').waitFor();
    await looksSpanish(page, 'batch: list changed');
    await app.current.screenshot('82-day-batch-list-changed');
  });

  it('uploads into a campaign that takes fewer phones than the batch, and starts it', async () => {
    const { page } = app.current;
    await goTo(page, '/bots/101/campaigns/new');
    await page.locator('form').first().waitFor();
    await looksSpanish(page, 'new campaign');
    // The agent makes it in the form: Vertical, phone n.º 1 only (the batch keeps 3), two attempts.
    await page.locator('#campaign-name').fill('Un teléfono');
    const attempts = page.locator('#attempts');
    await attempts.click();
    await attempts.press('ControlOrMeta+a');
    await attempts.pressSequentially('2');
    await attempts.press('Tab');
    await looksSpanish(page, 'new campaign, filled in');
    await page.locator('[data-test="create"]').click();
    await page.waitForURL(/#\/campaigns\/\d+/);
    campaignId = Number(/#\/campaigns\/(\d+)/.exec(page.url())?.[1]);
    const made = await createSurface(app.current.ctx).call('campaigns:show', { environment: 'demo', campaignId });
    if (!made.ok) throw new Error(made.error.code);
    // What the form said is what the service was asked for.
    expect(made.value).toMatchObject({
      name: 'Un teléfono',
      params: { dialingType: 'VERTICAL', minPhonePriority: 0, maxPhonePriority: 0, maxCallsPerCase: 2 },
    });

    // Before loading it, the agent starts the empty campaign (asked first: it has no cases) and pauses it again.
    await goTo(page, `/campaigns/${campaignId}`);
    const status = () => page.locator('[data-test="status"]').first().innerText();
    await expect.poll(status, { timeout: 10_000 }).toBe('En pausa');
    await looksSpanish(page, 'campaign, paused');
    await page.locator('[data-test="action-start"]').click();
    await page.locator('[data-test="confirm-no-cases"]').waitFor();
    await looksSpanish(page, 'campaign: start, asked first');
    await page.locator('.p-confirmdialog-accept-button').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('En curso');
    await looksSpanish(page, 'campaign: started');
    await page.locator('[data-test="action-stop"]').click();
    await page.locator('.p-confirmdialog').waitFor();
    await looksSpanish(page, 'campaign: stop, asked first');
    await page.locator('.p-confirmdialog-accept-button').click();
    await expect.poll(status, { timeout: 10_000 }).toBe('En pausa');

    await goTo(page, '/sync');
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await pickOption(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pickOption(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^Un teléfono \\(n\\.º ${campaignId},`));
    await page.locator(`[data-test="phone-fit-${batchId}"]`).waitFor();
    await looksSpanish(page, 'sync: the campaign takes fewer phones');
    await app.current.screenshot('80-day-sync-fewer-phones');
    await page.locator(`[data-test="phone-fit-keep-${batchId}"]`).click();
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    await page.locator('[data-test="confirm-sync"]').waitFor();
    await looksSpanish(page, 'sync: the upload starts the campaign');
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${batchId}"]`).waitFor({ timeout: 20_000 });
    await looksSpanish(page, 'sync: uploaded');

    await goTo(page, `/campaigns/${campaignId}`);
    await page.locator('[data-test="status"]').first().waitFor();
    await looksSpanish(page, 'campaign');
    await goTo(page, '/bots/101/campaigns');
    await page.locator('[data-test="status"]').first().waitFor();
    await looksSpanish(page, 'campaigns');
  });

  it('downloads the results, opens a case’s calls, and exports them for the creditor', async () => {
    const { page } = app.current;
    await goTo(page, `/campaigns/${campaignId}/results`);
    await page.locator('[data-test="results-empty"]').waitFor();
    // Demo dials 30× faster than real time: a moment of it ends some cases and leaves others open.
    await untilSomeCasesEnd(app.current.ctx, campaignId);
    await page.locator('[data-test="download"]').click();
    await page.locator('[data-test="results-summary"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-test="result-bar"]').first().waitFor();
    await looksSpanish(page, 'results');
    await page.locator('.p-datatable-tbody tr').first().click();
    await page.locator('[data-test="case-drawer"]').waitFor();
    await looksSpanish(page, 'results: a case’s calls');
    await app.current.screenshot('81-day-case-calls');
    await page.keyboard.press('Escape');
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'hidden' });
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export"]').click()]);
    await expectSpanishFile(workbook, 'results workbook');
    const promises = page.locator('[data-test="export-promises"]');
    if (!(await promises.isDisabled())) {
      const [file] = await Promise.all([page.waitForEvent('download'), promises.click()]);
      await expectSpanishFile(file, 'promises to pay');
    }
  });

  it('makes the follow-up batch and ends the day in the activity log', async () => {
    const { page } = app.current;
    await page.locator('[data-test="followup"]').click();
    await page.locator('[data-test="followup-dialog"]').waitFor();
    await looksSpanish(page, 'follow-up');
    await page.locator('[data-test="followup-create"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    await page.locator('[data-test="count-total"]').waitFor();
    await looksSpanish(page, 'follow-up batch');
    const [clean] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export-clean"]').click()]);
    await expectSpanishFile(clean, 'follow-up batch, clean');

    await goTo(page, '/batches');
    await page.locator('table, [role="grid"]').first().waitFor();
    await looksSpanish(page, 'batches');
    await goTo(page, '/settings');
    await page.locator('[data-test="settings-audit-table"]').waitFor();
    await looksSpanish(page, 'settings and activity log');
  });
});
