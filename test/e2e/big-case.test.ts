// A file whose code column does not tell debtors apart (3,000 rows under one code) and whose rows
// mostly lack a code: the batch opens, its one huge case opens in the drawer with its counts and the
// first issues, read only, and what is listed says how many there are in all. Before, the drawer built
// an editor per product and listed every issue, and the screen froze.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChromium, prepareInWizard, signInToDemo, useE2eApp } from './support/app';

const ONE_CODE_ROWS = 3000;
const ROWS_WITHOUT_CODE = 60;
const FILE = join(tmpdir(), `casedesk-e2e-un-codigo-${process.pid}.csv`);

function writeFile(): void {
  const lines = ['DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento'];
  const row = (code: string, i: number) =>
    [
      code,
      `APELLIDO${i}, Nombre ${i}`,
      `+54 9 351 6${String(i).padStart(6, '0')}`,
      `011 4000-${i}`,
      `OP-${i}`,
      'Visa',
      `${(i % 900) + 1}.000,50`,
      '10/12/2027',
    ].join(';');
  for (let i = 0; i < ONE_CODE_ROWS; i++) lines.push(row('20000000', i));
  for (let i = 0; i < ROWS_WITHOUT_CODE; i++) lines.push(row('', ONE_CODE_ROWS + i));
  lines.push(row('30111222', 99_999));
  writeFileSync(FILE, lines.join('\n'));
}

describe.runIf(hasChromium)('a case of thousands of rows', () => {
  const app = useE2eApp();

  it('opens in the drawer, read only, with its counts and the first of its issues', async () => {
    writeFile();
    const { page } = app.current;
    await signInToDemo(page);
    await prepareInWizard(page, FILE, 3);
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);

    // The rows without a code: all of them counted, the first 50 listed, and the rest said.
    const rowIssues = page.locator('[data-test="row-issues"]');
    await rowIssues.waitFor();
    expect(await rowIssues.innerText()).toContain(`${ROWS_WITHOUT_CODE} filas de la planilla no se convirtieron en casos`);
    // 60 rows without a code against 2 cases: the file was read wrongly, and the notice says how it usually is.
    await rowIssues.filter({ hasText: 'Son más que los casos: casi siempre quiere decir que la columna tomada como código no es la correcta' }).waitFor();
    await rowIssues.locator('button').click();
    expect(await rowIssues.locator('li').count()).toBe(50);
    expect(await page.locator('[data-test="row-issues-more"]').innerText()).toContain(`Estas son las primeras 50 de ${ROWS_WITHOUT_CODE}`);

    const row = page.locator('[data-test="case-row"][data-code="20000000"]');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/3\.000\s+Visa \+2\.999/);
    // Its problems as the grid counts them (errors, warnings, corrections), each grouped.
    const badges = (await row.locator('.badge').allInnerTexts()).map((n) => Number(n.replaceAll('.', '')));
    const total = badges.reduce((a, b) => a + b, 0).toLocaleString('es-AR');
    await row.click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.locator('[data-test="drawer-issues"]').waitFor();
    const notice = await drawer.locator('[data-test="drawer-too-big"]').innerText();
    expect(notice).toContain('Este caso junta 3.000 filas de la planilla bajo un mismo código');
    // With warnings, it is in the error report's corrections sheet; not yet sent, it can be excluded.
    expect(notice).toContain('Si de verdad es un solo deudor, corríjalo en el reporte de errores y vuelva a importarlo. Igual puede excluirlo de la carga.');
    expect(await drawer.locator('[data-test="drawer-rows"]').innerText()).toBe('Filas 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 y 2.990 más');
    // No editor per product; the names and phones read only.
    expect(await drawer.locator('[data-test^="product-"]').count()).toBe(0);
    expect(await drawer.locator('[data-test="drawer-last-name"]').isDisabled()).toBe(true);
    expect(await drawer.locator('[data-test="drawer-phones"]').isDisabled()).toBe(true);
    expect(await drawer.locator('[data-test="drawer-issues"] > li').count()).toBe(1000);
    // As many as the grid counted, in the heading and in what is listed.
    expect(await drawer.locator('[data-test="drawer-issues-heading"]').innerText()).toBe(`Problemas y correcciones (${total})`);
    expect(await drawer.locator('[data-test="drawer-issues-shown"]').innerText()).toContain(`Se muestran los primeros 1.000 de ${total}:`);
    await app.current.screenshot('big-case-drawer');

    // It can still be left out of the upload.
    await drawer.locator('[data-test="drawer-excluded"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="drawer-status"]')?.textContent?.includes('Excluido') === true);

    // A case of the same file with one row is edited as ever.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-test="case-row"][data-code="30111222"]').click();
    await drawer.locator('[data-test="product-0-debt"]').waitFor();
    expect(await drawer.locator('[data-test="drawer-too-big"]').count()).toBe(0);
    expect(await drawer.locator('[data-test="drawer-last-name"]').isDisabled()).toBe(false);
  }, 120_000);
});
