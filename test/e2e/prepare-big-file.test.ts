// A bank's big CSV in the wizard: while it prepares, a bar and "N de M casos preparados" move, and
// Detener stops it (no batch is kept, and the screen says so plainly, not as a failure). Prepared
// again, it finishes. The file is made here: 100,000 rows, about 8 MB.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSurface } from '../../src-main/surface/surface';
import { expectAccessible } from './support/accessibility';
import { englishFindings } from './support/english-scan';
import { hasChromium, signInToDemo, useE2eApp } from './support/app';

// CASEDESK_E2E_ROWS=1000000 runs it on a million rows (minutes; not in CI).
const ROWS = Number(process.env['CASEDESK_E2E_ROWS'] ?? 100_000);
const ROWS_ES = ROWS.toLocaleString('es-AR');
const FILE = join(tmpdir(), `casedesk-e2e-cartera-grande-${ROWS}.csv`);

function writePortfolio(): void {
  const lines = ['DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < ROWS; i++) {
    // Each debtor's own numbers: a mobile in Córdoba, a line in Buenos Aires.
    const mobile = String(6_000_000 + i);
    const line = String(1_000_000 + i);
    const cells = [
      String(20_000_000 + i),
      `APELLIDO${i % 977}, Nombre ${i % 313}`,
      `+54 9 351 ${mobile.slice(0, 3)}-${mobile.slice(3)}`,
      `011 4${line.slice(1, 4)}-${line.slice(4)}`,
      `OP-${i}`,
      'Visa',
      `${(i % 900) + 1}.500,50`,
      `${String(1 + (i % 28)).padStart(2, '0')}/12/2027`,
    ];
    lines.push(cells.join(';'));
  }
  writeFileSync(FILE, lines.join('\n'));
}

/** Keeps every text the element at `selector` shows as it changes, however fast; the function reads them. */
async function keepTexts(page: Page, selector: string): Promise<() => Promise<string[]>> {
  const key = `casedeskSeen:${selector}`;
  await page.evaluate(
    ([sel, k]) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[k] = seen;
      new MutationObserver(() => {
        const now = document.querySelector(sel)?.textContent?.trim();
        if (now && seen.at(-1) !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [selector, key] as const,
  );
  return () => page.evaluate((k) => (window as unknown as Record<string, string[]>)[k] ?? [], key);
}

describe.runIf(hasChromium)('a big file in the wizard', () => {
  const app = useE2eApp();

  /** Through the wizard to its last step, the suggested columns, two phones a case. */
  async function upToPrepare(): Promise<void> {
    const { page } = app.current;
    await page.locator('a[href="#/batches/new"]').click();
    await page.setInputFiles('[data-test="file-input"]', FILE);
    await page.locator('[data-test="preview"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-test="to-mapping"]').click();
    await page.locator('[data-test="suggested"]').waitFor();
    const phones = page.locator('#phones-per-case');
    await phones.click();
    await phones.fill('2');
    await phones.press('Tab');
    await page.locator('[data-test="mapping-problems"]').waitFor({ state: 'detached' });
    await page.locator('[data-test="to-prepare"]').click();
  }

  it('shows the cases go by, and stops when asked, keeping no batch', async () => {
    writePortfolio();
    const { page } = app.current;
    await signInToDemo(page);
    await upToPrepare();
    await page.locator('[data-test="prepare"]').click();
    const text = page.locator('[data-test="prepare-progress-text"]');
    // Stopped as soon as the count shows: how fast the machine prepares must not decide the test.
    await text.filter({ hasText: new RegExp(`^[\\d.]+ de ${ROWS_ES.replace(/\./g, '\\.')} casos preparados$`) }).waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-test="prepare-progress"] [role="progressbar"]').count()).toBe(1);
    expect(englishFindings(await page.locator('[data-test="prepare-progress"]').innerText())).toEqual([]);
    await page.getByRole('button', { name: 'Detener la preparación del lote' }).click();
    const stopped = page.locator('[data-test="prepare-stopped"]');
    await stopped.waitFor({ timeout: 20_000 });
    expect(await stopped.innerText()).toBe(`Se detuvo la preparación de casedesk-e2e-cartera-grande-${ROWS}.csv, como se pidió; no se guardó ningún lote.`);
    expect(await page.locator('[data-test="prepare-failed"]').count()).toBe(0);
    await app.current.screenshot('91-prepare-stopped');
    await expectAccessible(page, 'prepare: stopped');
    const batches = await createSurface(app.current.ctx).call('batches:list', { environment: 'demo' });
    expect(batches).toEqual({ ok: true, value: [] });
  }, 180_000);

  it('prepares it to the end when let be', async () => {
    const { page } = app.current;
    // Every count the screen shows is kept as it changes, however fast the preparation goes.
    const progressSeen = await keepTexts(page, '[data-test="prepare-progress-text"]');
    await page.locator('[data-test="prepare"]').click();
    await page.locator('[data-test="summary"]').waitFor({ timeout: 600_000 });
    const seen = await progressSeen();
    const counts = seen.filter((words) => new RegExp(`^[\\d.]+ de ${ROWS_ES.replace(/\./g, '\\.')} casos preparados$`).test(words));
    // The count moved: several different counts of the file's cases went by.
    expect(new Set(counts).size).toBeGreaterThanOrEqual(2);
    // Then, every case built, that the batch is being saved: not a bar left at 100 %.
    const saving = seen.indexOf(`Los ${ROWS_ES} casos están preparados; guardando el lote… Ya no se puede detener.`);
    expect(saving).toBeGreaterThan(seen.indexOf(counts[0] ?? ''));
    expect(await page.locator('[data-test="summary"]').innerText()).toContain(ROWS_ES);
  }, 660_000);

  it("says how far the batch's error report is while it is written, then downloads it", async () => {
    const { page } = app.current;
    await page.locator('[data-test="open-batch"]').click();
    const exportButton = page.locator('[data-test="export-errors"]');
    await exportButton.waitFor();
    // Every line the screen says is kept as it changes, however fast the report is written.
    const exportSeen = await keepTexts(page, '[data-test="export-progress"]');
    const download = page.waitForEvent('download', { timeout: 600_000 });
    await exportButton.click();
    const line = /^Armando el reporte de errores \((\d+) %\)\. Se descarga cuando esté terminado; mientras tanto puede seguir trabajando\.$/;
    await page.locator('[data-test="export-progress"]').filter({ hasText: line }).waitFor({ timeout: 60_000 });
    await app.current.screenshot('92-export-progress');
    expect((await download).suggestedFilename()).toMatch(/^errores-lote-\d+\.xlsx$/);
    await page.locator('[data-test="export-progress"]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-test="batch-notice"]').innerText()).toMatch(/^Se descargó errores-lote-\d+\.xlsx\.$/);
    const seen = await exportSeen();
    expect(seen.flatMap((words) => englishFindings(words))).toEqual([]);
    const percents = seen.map((words) => Number(line.exec(words)?.[1] ?? NaN));
    // Every line was one of these, and it moved: from the first percents up, never back.
    expect(percents.every((p) => Number.isInteger(p) && p >= 0 && p <= 100)).toBe(true);
    expect(new Set(percents).size).toBeGreaterThanOrEqual(2);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);
  }, 660_000);
});
