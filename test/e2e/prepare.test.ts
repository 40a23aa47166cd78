// An agent's batch, end to end: the creditor's messy spreadsheet through the wizard, the batch's
// rejected cases, a bulk fix, an edit in the drawer, the error report, and a damaged file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
/** The case whose due date is 31/02/2027 and whose only phone, "4567-8901", lacks an area code. */
const IMPOSSIBLE_DATE_CASE = '33444555';

async function countOf(page: Page, name: string): Promise<number> {
  const text = await page.locator(`[data-test="count-${name}"] .n`).innerText();
  return Number(text.replace(/\D/g, ''));
}

/** Waits until the count shown changes from `before`, and returns the new one. */
async function countChange(page: Page, name: string, before: number): Promise<number> {
  await page.waitForFunction(
    ([sel, was]) => {
      const el = document.querySelector(sel);
      return el !== null && Number((el.textContent ?? '').replace(/\D/g, '')) !== was;
    },
    [`[data-test="count-${name}"] .n`, before] as const,
  );
  return countOf(page, name);
}

describe.runIf(hasChromium)('preparing a batch', () => {
  const app = useE2eApp();

  it('goes through the wizard with the suggested columns and prepares 11 cases', async () => {
    // Sign-in, a workbook read twice and a batch stored: 14–20 s on a loaded two-core machine (main too).
    const { page } = app.current;
    await signInToDemo(page);
    await page.locator('a[href="#/batches/new"]').click();
    await page.locator('[data-test="drop-zone"]').waitFor();
    await app.current.screenshot('20-prepare-file');

    await page.setInputFiles('[data-test="file-input"]', SAMPLE);
    await page.locator('[data-test="preview"]').waitFor();
    expect(await page.locator('#header-row').inputValue()).toBe('4');
    expect(await page.locator('[data-test="preview"]').innerText()).toContain('PÉREZ, Ana María');
    await app.current.screenshot('21-prepare-sheet');

    await page.locator('[data-test="to-mapping"]').click();
    await page.locator('[data-test="suggested"]').waitFor();
    expect(await page.locator('[data-test="field-code"]').innerText()).toContain('DNI');
    expect(await page.locator('[data-test="phone-columns"]').innerText()).toMatch(/Tel\. Particular[\s\S]*Celular[\s\S]*Tel\. Laboral/);
    // Nothing but the target is missing.
    expect(await page.locator('[data-test="mapping-problems"]').innerText()).toContain('cuántos teléfonos por caso');
    const priority = page.locator('#phones-per-case');
    await priority.click();
    await priority.fill('3');
    await priority.press('Tab');
    await page.locator('[data-test="mapping-problems"]').waitFor({ state: 'detached' });
    // Saved as this creditor's template (checked when the same layout comes again, below).
    await page.locator('[data-test="creditor"]').fill('Banco del Sur');
    await app.current.screenshot('22-prepare-mapping');

    await page.locator('[data-test="to-prepare"]').click();
    await page.locator('[data-test="prepare"]').click();
    await page.locator('[data-test="summary"]').waitFor();
    expect(await page.locator('[data-test="summary-cases"] .value').innerText()).toBe('11');
    expect(await page.locator('[data-test="summary-rowErrors"] .value').innerText()).toBe('1');
    await app.current.screenshot('23-prepare-summary');

    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    await page.locator('[data-test="case-row"]').first().waitFor();
    expect(await page.locator('[data-test="case-row"]').count()).toBe(11);
    await page.locator('[data-test="batch-view"][data-issues="ready"]').waitFor();
    await page.locator('[data-test="row-issues"]').waitFor();
    // The sample's one totals row among its cases: no doubt about its code column.
    expect(await page.locator('[data-test="row-issues"]').innerText()).not.toContain('Son más que los casos');
    await app.current.screenshot('24-batch');
  }, 60_000);

  it('shows the rejected cases, fixes area codes in bulk and re-validates an edited date', async () => {
    const { page } = app.current;
    await page.locator('[data-test="status-filter"]').getByText('Rechazados').click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-test="case-row"]').length > 0 &&
        [...document.querySelectorAll('[data-test="case-row"]')].every((r) => r.getAttribute('data-status') === 'rejected'),
    );
    const rejectedRow = page.locator(`[data-test="case-row"][data-code="${IMPOSSIBLE_DATE_CASE}"]`);
    await rejectedRow.waitFor();
    const rejectedBefore = await countOf(page, 'rejected');
    const errorsBefore = await countOf(page, 'errors');
    expect(await page.locator('[data-test="case-row"]').count()).toBe(rejectedBefore);
    await app.current.screenshot('25-batch-rejected');

    // Default area code 11: "4567-8901" becomes 1145678901. That case also has an impossible date,
    // so it stays rejected (as do the other two): the errors drop by one, the rejected count does not.
    await page.locator('[data-test="fix-area-code-input"]').fill('11');
    await page.locator('[data-test="fix-area-code"]').click();
    await page.locator('[data-test="fix-result"]').waitFor();
    expect(await page.locator('[data-test="fix-result"]').innerText()).toContain('Cambió 1 caso');
    const errorsAfter = await countChange(page, 'errors', errorsBefore);
    expect(errorsAfter).toBe(errorsBefore - 1);
    expect(await countOf(page, 'rejected')).toBe(rejectedBefore);
    await rejectedRow.waitFor();
    await app.current.screenshot('26-batch-bulk-fix');

    // The date, edited in the drawer: the case is valid at once.
    await rejectedRow.click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    expect(await drawer.locator('[data-test="drawer-status"]').innerText()).toBe('Rechazado');
    expect(await drawer.locator('[data-test="drawer-rows"]').innerText()).toBe('Fila 10');
    const date = drawer.locator('[data-test="product-0-expiration"]');
    expect(await date.inputValue()).toBe('31/02/2027');
    expect(await drawer.locator('[data-test="issue-fix"][data-kind="phone-fixed"] [data-test="issue-change"]').innerText()).toMatch(
      /4567-8901[\s\S]*1145678901/,
    );
    await app.current.screenshot('27-case-drawer');
    await date.fill('28/02/2027');
    await date.press('Enter');
    await drawer.locator('[data-test="drawer-status"]', { hasText: 'Listo' }).waitFor();
    expect(await drawer.locator('[data-test="issue-error"]').count()).toBe(0);
    expect(await drawer.locator('[data-test="drawer-issues"]').innerText()).toContain('28/02/2027');
    expect(await countChange(page, 'rejected', rejectedBefore)).toBe(rejectedBefore - 1);
    expect(await page.locator(`[data-test="case-row"][data-code="${IMPOSSIBLE_DATE_CASE}"]`).getAttribute('data-status')).toBe('ready');
    await app.current.screenshot('28-case-fixed');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('narrows the cases by a kind of problem and by a search, as the store counts them', async () => {
    const { page } = app.current;
    const rows = page.locator('[data-test="case-row"]');
    await page.locator('[data-test="status-filter"]').getByText('Todos').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-test="case-row"]').length === 11);

    // A kind of problem: the option says how many cases have it, and that many rows show.
    await page.locator('[data-test="kind-filter"]').click();
    const option = page.locator('[role="option"]', { hasText: 'Teléfono corregido' });
    const withKind = Number((await option.innerText()).replace(/^[\s\S]*·\s*/, '').replace(/\D/g, ''));
    expect(withKind).toBeGreaterThan(0);
    await option.click();
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-test="case-row"]').length === n &&
        document.querySelector('[data-test="cases-grid"]')?.getAttribute('data-total') === String(n),
      withKind,
    );
    expect(withKind).toBeLessThan(11);
    await page.locator('[data-test="kind-filter"] [data-pc-section="clearicon"]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-test="case-row"]').length === 11);

    // A search by code, then by a surname typed without its accent.
    await page.locator('[data-test="case-search"]').fill(IMPOSSIBLE_DATE_CASE);
    await page.waitForFunction((code) => {
      const shown = [...document.querySelectorAll('[data-test="case-row"]')];
      return shown.length === 1 && shown[0]?.getAttribute('data-code') === code;
    }, IMPOSSIBLE_DATE_CASE);
    await page.locator('[data-test="case-search"]').fill('perez');
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll('[data-test="case-row"]')];
      return shown.length > 0 && shown.length < 11 && shown.every((r) => /PÉREZ/i.test(r.textContent ?? ''));
    });
    await page.locator('[data-test="case-search"]').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-test="case-row"]').length === 11);
    expect(await rows.count()).toBe(11);
  });

  it('exports the error report as a spreadsheet', async () => {
    const { page } = app.current;
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export-errors"]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.locator('[data-test="batch-notice"]').waitFor();
  });

  it("imports the error report back as corrections, through the import button's file input", async () => {
    const { page } = app.current;
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export-errors"]').click()]);
    const report = join(mkdtempSync(join(tmpdir(), 'casedesk-corrections-')), download.suggestedFilename());
    await download.saveAs(report);
    await page.setInputFiles('[data-test="import-input"]', report);
    const summary = page.locator('[data-test="import-summary"]');
    await summary.waitFor();
    // Imported as it was exported: nothing to correct, and the screen says so.
    expect(await summary.innerText()).toMatch(
      /^No había nada que corregir: los \d+ casos del archivo estaban igual que en el reporte y quedaron como estaban\.$/,
    );
    // Busy only while it imported; the same file can be picked again.
    expect(await page.locator('[data-test="import-corrections"]').isEnabled()).toBe(true);
    expect(await page.locator('[data-test="import-input"]').inputValue()).toBe('');
  });

  it('takes a dropped file and fills the columns from the saved template of the same layout', async () => {
    const { page } = app.current;
    await page.locator('a[href="#/batches/new"]').click();
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'cartera-banco-del-sur.xlsx'));
      return transfer;
    }, readFileSync(SAMPLE).toString('base64'));
    await page.locator('[data-test="drop-zone"]').dispatchEvent('drop', { dataTransfer });
    await page.locator('[data-test="preview"]').waitFor();
    await page.locator('[data-test="to-mapping"]').click();
    expect(await page.locator('[data-test="template"]').innerText()).toContain('Plantilla guardada de Banco del Sur');
    expect(await page.locator('#phones-per-case').inputValue()).toBe('3');
    expect(await page.locator('[data-test="to-prepare"]').isEnabled()).toBe(true);
  });

  it('says clearly why a damaged file cannot be used, keeping the wizard as it was', async () => {
    const { page } = app.current;
    const junk = join(mkdtempSync(join(tmpdir(), 'casedesk-junk-')), 'junk.xlsx');
    writeFileSync(junk, randomBytes(4096));
    // The wizard from the test before still has the sample, its columns and target.
    await page.locator('[data-test="step-file"] button').click();
    await page.setInputFiles('[data-test="file-input"]', junk);
    const error = page.locator('[data-test="prepare-error"]');
    await error.waitFor();
    const text = await error.innerText();
    expect(text).toContain('No se pudo usar «junk.xlsx»');
    // The failure is worded by the catalog in the agent's language (the page is in Spanish).
    expect(text).toContain('junk.xlsx no es una planilla ni un archivo de texto.');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // The wizard still has the good file and what was chosen for it.
    expect(await page.locator('[data-test="current-file"]').innerText()).toContain('cartera-banco-del-sur.xlsx');
    await app.current.screenshot('29-prepare-junk');
    await page.locator('[data-test="step-mapping"] button').click();
    expect(await page.locator('#phones-per-case').inputValue()).toBe('3');
    expect(await page.locator('[data-test="template"]').isVisible()).toBe(true);
  });
});
