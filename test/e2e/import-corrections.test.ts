// Importing the error report of a batch of thousands of cases back: the screen says it is reading the
// report, then how many cases it has corrected of how many, and takes no second import meanwhile.
import * as XLSX from '@e965/xlsx';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChromium, prepareInWizard, signInToDemo, useE2eApp } from './support/app';

const CASES = 4000;

function writeFile(dir: string): string {
  const lines = ['DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento'];
  // Each with a work phone one digit short: a warning, so every case is in the report.
  for (let i = 0; i < CASES; i++)
    lines.push(
      [
        20_000_000 + i,
        `APELLIDO${i}, Nombre ${i}`,
        `+54 9 351 6${String(i).padStart(6, '0')}`,
        '011 4000-000',
        `OP-${i}`,
        'Visa',
        '1.000,50',
        '10/12/2027',
      ].join(';'),
    );
  const file = join(dir, 'cartera-correcciones.csv');
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe.runIf(hasChromium)('importing the corrections of a batch of thousands of cases', () => {
  const app = useE2eApp();

  it('says what it is doing, case count by case count, and then what changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-corrections-'));
    const { page } = app.current;
    await signInToDemo(page);
    await prepareInWizard(page, writeFile(dir), 2);
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export-errors"]').click()]);
    const report = join(dir, download.suggestedFilename());
    await download.saveAs(report);
    // The agent corrects every case's first name in a spreadsheet program, and saves.
    const book = XLSX.read(readFileSync(report), { type: 'buffer' });
    const sheet = book.Sheets['Casos a corregir'];
    if (!sheet) throw new Error('no corrections sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 }).map((r, i) => (i === 0 ? r : [r[0], `${String(r[1])} Corregido`, ...r.slice(2)]));
    const corrected = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(corrected, XLSX.utils.aoa_to_sheet(rows), 'Casos a corregir');
    const file = join(dir, 'corregido.xlsx');
    writeFileSync(file, XLSX.write(corrected, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
    await page.setInputFiles('[data-test="import-input"]', file);

    const progress = page.locator('[data-test="import-progress"]');
    await progress.filter({ hasText: /^Corrigiendo casos: [\d.]+ de 4\.000\. Lo ya corregido queda guardado\.$/ }).waitFor();
    // Meanwhile the batch takes no other import, nor a bulk fix.
    expect(await page.locator('[data-test="import-corrections"]').isDisabled()).toBe(true);
    await app.current.screenshot('import-corrections-progress');
    const summary = page.locator('[data-test="import-summary"]');
    await summary.waitFor();
    expect(await summary.innerText()).toContain(
      'Correcciones importadas: 4.000 casos actualizados; de ellos, 4.000 se cargarán (listos o con advertencias) y 0 siguen rechazados.',
    );
    expect(await progress.count()).toBe(0);
  });
});
