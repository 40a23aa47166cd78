// The organization's do-not-contact list as an agent sees it, in Spanish: how many entries it holds,
// what happens while it cannot be read, a page of it at a time, a search by any spelling of a person,
// and a batch whose case is held by a CUIT entry though the creditor wrote the DNI.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src-main/policy/policy';
import { hasChromium, prepareInWizard, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-shared-list-'));
const LIST = join(dir, 'no-llame.csv');

// 240 numbers, and the CUIT of the sample's debtor 30111222 (its DNI, as the creditor wrote it).
function writeList(): void {
  const rows = Array.from({ length: 240 }, (_, i) => `${1140000000 + i * 3};`);
  writeFileSync(LIST, ['Teléfono;CUIT', ...rows, ';20-30111222-0'].join('\n') + '\n');
}

describe.runIf(hasChromium)("the organization's list on the Do not contact screen", () => {
  const app = useE2eApp({
    policy: () => {
      writeList();
      const policy = join(dir, 'policy.json');
      writeFileSync(policy, JSON.stringify({ shared_ledger: LIST }));
      return loadPolicy({ CASEDESK_POLICY: policy });
    },
  });

  it('says how many entries it holds and what happens without it, shows a page at a time, and finds a person by any spelling', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    await page.locator('a[href="#/ledger"]').click();
    const shared = page.locator('[data-test="ledger-shared"]');
    await shared.waitFor();
    expect(await shared.innerText()).toContain('Tiene 241 entradas.');
    expect(await shared.innerText()).toContain('Mientras no se pueda leer, los lotes se pueden preparar (con un aviso), pero no se carga nada.');
    const pager = page.locator('[data-test="ledger-shared-page"]');
    expect(await pager.innerText()).toContain('se muestran de la 1 a la 100 de 241');
    expect(await page.locator('[data-test="ledger-shared-previous"]').isDisabled()).toBe(true);
    await page.locator('[data-test="ledger-shared-next"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="ledger-shared-page"]')?.textContent?.includes('de la 101 a la 200'));
    expect(await page.locator('[data-test="ledger-table"]').innerText()).toContain('11 4000-0300');
    await page.locator('[data-test="ledger-shared-next"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="ledger-shared-page"]')?.textContent?.includes('de la 201 a la 241'));
    expect(await page.locator('[data-test="ledger-shared-next"]').isDisabled()).toBe(true);

    // The DNI as the creditor writes it finds the CUIT entry.
    await page.locator('[data-test="ledger-search-input"]').fill('30.111.222');
    await page.locator('[data-test="ledger-search-button"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="ledger-shared-page"]')?.textContent?.includes('de la 1 a la 1 de 1'));
    const table = await page.locator('[data-test="ledger-table"]').innerText();
    expect(table).toContain('20-30111222-0');
    expect(table).not.toContain('11 4000-0000');
    await app.current.screenshot('61-ledger-shared-search');
    await page.locator('[data-test="ledger-search-clear"]').click();
    await page.waitForFunction(() => document.querySelector('[data-test="ledger-shared-page"]')?.textContent?.includes('de 241'));
  });

  it("holds a case whose DNI is inside a CUIT of the organization's list, and says how the spelling differed", async () => {
    const { page } = app.current;
    await prepareInWizard(page, SAMPLE, 2);
    expect(await page.locator('[data-test="summary-suppressed"] .value').innerText()).toBe('1');
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    const row = page.locator('[data-test="case-row"][data-code="30111222"]');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('suppressed');
    await row.click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    expect(await drawer.locator('[data-test="drawer-issues"]').innerText()).toContain(
      'Este código es el DNI del CUIT/CUIL 20-30111222-0, que está en la lista de no contactar de la organización',
    );
    await app.current.screenshot('64-case-held-by-cuit');
  });
});
