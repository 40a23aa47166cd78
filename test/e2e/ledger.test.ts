// The do-not-contact ledger in the app: entries added by hand and from a spreadsheet, applied to a
// prepared batch (its own status, filter and count), one click in the case drawer, and a removal.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChromium, prepareInWizard, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-ledger-'));

describe.runIf(hasChromium)('the do-not-contact ledger', () => {
  const app = useE2eApp();

  it('adds a phone however it is written, and imports a list naming its bad rows', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    await page.locator('a[href="#/ledger"]').click();
    await page.locator('[data-test="ledger-form"]').waitFor();
    // An entry until a day, typed as an Argentine writes it (not the browser's mm/dd/yyyy field).
    await page.locator('[data-test="ledger-value"]').fill('011 4000-1234');
    await page.locator('#ledger-until').fill('10/12/2099');
    await page.locator('#ledger-until').press('Escape');
    await page.locator('[data-test="ledger-add"]').click();
    await page.locator('[data-test="ledger-done"]').waitFor();
    // The list is read again after the entry is added: its row comes a moment after the "done".
    await page.locator('[data-test="ledger-table"]').getByText('11 4000-1234').waitFor();
    expect(await page.locator('[data-test="ledger-table"]').innerText()).toMatch(/11 4000-1234[^\n]*10\/12\/2099/);
    await page
      .locator('[data-test="ledger-table"]')
      .getByRole('row', { name: /11 4000-1234/ })
      .getByRole('button')
      .click();
    await page.locator('[data-test="ledger-table"]').getByText('11 4000-1234').waitFor({ state: 'detached' });

    await page.locator('[data-test="ledger-value"]').fill('011 15-5555-6666');
    await page.locator('#ledger-until').fill('');
    await page.locator('#ledger-until').press('Escape');
    await page.locator('[data-test="ledger-add"]').click();
    // The first entry's "done" is still shown: the new row is what says this one was added.
    await page.locator('[data-test="ledger-table"]').getByText('11 5555-6666').waitFor();

    const list = join(dir, 'no-llamar.csv');
    writeFileSync(list, 'DNI;Motivo\n07654321;judicial\n;otro\n');
    await page.setInputFiles('[data-test="ledger-import-input"]', list);
    await page.locator('[data-test="ledger-imported"]').waitFor();
    expect(await page.locator('[data-test="ledger-imported"]').innerText()).toContain('no-llamar.csv: 1 entrada nueva, ninguna reemplazada.');
    expect(await page.locator('[data-test="ledger-problem"]').innerText()).toBe('no-llamar.csv, fila 3: sin teléfono ni código');
    await page.locator('[data-test="ledger-table"]').getByText('07654321').waitFor();
    expect(await page.locator('[data-test="ledger-table"]').innerText()).toMatch(/07654321[\s\S]*Trámite legal/);
    await app.current.screenshot('60-ledger');
  });

  it('applies the list when a batch is prepared: a status, a filter and a count of its own', async () => {
    const { page } = app.current;
    await prepareInWizard(page, SAMPLE, 2);
    // 07654321 by its code; 1155556666 taken off 20123456.
    expect(await page.locator('[data-test="summary-suppressed"] .value').innerText()).toBe('1');
    expect(await page.locator('[data-test="summary-suppressedPhones"] .value').innerText()).toBe('1');
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    await page.locator('[data-test="case-row"]').first().waitFor();
    expect(await page.locator('[data-test="count-suppressed"] .n').innerText()).toBe('1');

    await page.locator('[data-test="status-filter"]').getByText('No contactar').click();
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-test="case-row"]')];
      return rows.length === 1 && rows[0]?.getAttribute('data-status') === 'suppressed';
    });
    expect(await page.locator('[data-test="case-row"]').getAttribute('data-code')).toBe('07654321');
    await page.locator('[data-test="case-row"]').click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    expect(await drawer.locator('[data-test="drawer-status"]').innerText()).toBe('No contactar');
    expect(await drawer.locator('[data-test="drawer-issues"]').innerText()).toContain('lista de no contactar (en trámite legal)');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-test="status-filter"]').getByText('Todos').click();
  });

  it('stops calling a phone with one click in the case drawer', async () => {
    const { page } = app.current;
    const row = page.locator('[data-test="case-row"][data-code="20123456"]');
    await row.waitFor();
    await row.click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    // 1155556666 was taken off when preparing; its other phone is the one left.
    expect(await drawer.locator('[data-test="drawer-phones"]').inputValue()).toBe('1145678901');
    // The issue and the button write the phone as the grid does.
    expect(await drawer.locator('[data-test="drawer-issues"]').innerText()).toContain('El teléfono 11 5555-6666 está en la lista de no contactar');
    await app.current.screenshot('61-do-not-call');
    await drawer.getByRole('button', { name: 'No llamar más al 11 4567-8901' }).click();
    await drawer.locator('[data-test="drawer-status"]', { hasText: 'No contactar' }).waitFor();
    expect(await drawer.locator('[data-test="drawer-issues"]').innerText()).toContain('Todos los teléfonos del caso (2)');
    await page.keyboard.press('Escape');
  });

  it('removes an entry from the list, and says what it held back can be loaded again', async () => {
    const { page } = app.current;
    await page.locator('a[href="#/ledger"]').click();
    await page.locator('[data-test="ledger-table"]').waitFor();
    const table = page.locator('[data-test="ledger-table"]');
    await table.getByText('11 4567-8901').waitFor();
    const removeButtons = page.locator('[data-test^="ledger-remove-"]');
    const before = await removeButtons.count();
    await removeButtons.first().click();
    await page.locator('[data-test="ledger-done"]').waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[data-test^="ledger-remove-"]').length === n, before - 1);
    expect(await table.innerText()).not.toContain('11 5555-6666');
    // 20123456 had lost 1155556666 to that entry (and its other phone to the drawer's click): it has a phone again.
    expect(await page.locator('[data-test="ledger-done"]').innerText()).toContain('1 caso(s) que retenía');
  });
});
