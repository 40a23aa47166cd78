// Editing a case's phones in its drawer: what the agent typed stays on screen with its problem until
// they fix it or take it out, and the header never says "validated" over a phone that will not be sent.
// A bulk fix keeps every case's history of corrections.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChromium, prepareInWizard, signInToDemo, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');

describe.runIf(hasChromium)('a phone typed in a case', () => {
  const app = useE2eApp();

  // Signs in and prepares through the wizard first: 13-18 s here, 20.7 s on a loaded run.
  it('stays with its problem until the agent fixes or removes it', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    await prepareInWizard(page, SAMPLE, 2);
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    const row = page.locator('[data-test="case-row"][data-code="20123456"]');
    await row.waitFor();
    await row.click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    // Amounts and dates as an Argentine agent reads and types them.
    expect(await drawer.locator('[data-test="product-0-debt"]').inputValue()).toBe('152.340,50');
    expect(await drawer.locator('[data-test="product-0-expiration"]').inputValue()).toBe('10/12/2026');
    const phones = drawer.locator('[data-test="drawer-phones"]');
    const before = await phones.inputValue();

    // A number with too few digits, typed under the good ones.
    await phones.fill(`${before}\n4567-89`);
    await phones.blur();
    const note = drawer.locator('[data-test="drawer-saved"]');
    await note.waitFor();
    expect(await note.innerText()).not.toContain('validado');
    expect(await note.innerText()).toContain('1 teléfono no se enviará');
    expect(await phones.inputValue()).toBe(`${before}\n4567-89`);
    const problems = drawer.locator('[data-test="phone-problems"]');
    expect(await problems.innerText()).toContain('4567-89');
    await app.current.screenshot('30-phone-kept');

    // Closed and opened again, it is still there: the case keeps what was typed.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await row.click();
    await drawer.waitFor();
    await drawer.locator('[data-test="drawer-issues"]').waitFor();
    await page.waitForFunction(() => {
      const area = document.querySelector<HTMLTextAreaElement>('[data-test="drawer-phones"]');
      return area?.value.includes('4567-89') === true;
    });
    expect(await drawer.locator('[data-test="phone-problems"]').innerText()).toContain('4567-89');

    // Taken out: saved and validated, nothing left to say.
    await phones.fill(before);
    await phones.blur();
    await page.waitForFunction(() => document.querySelector('[data-test="drawer-saved"]')?.textContent?.includes('validado') === true);
    expect(await phones.inputValue()).toBe(before);
    expect(await drawer.locator('[data-test="phone-problems"]').count()).toBe(0);
  }, 40_000);

  it('keeps the history of corrections through a bulk fix, and says in each case what it took out', async () => {
    const { page } = app.current;
    await page.keyboard.press('Escape');
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'detached' });
    const fixes = page.locator('[data-test="count-fixes"] .n');
    const before = Number(await fixes.innerText());
    await page.locator('[data-test="fix-drop-phones"]').click();
    await page.locator('[data-test="fix-result"]').waitFor();
    await page.waitForFunction((n) => Number(document.querySelector('[data-test="count-fixes"] .n')?.textContent) !== n, before);
    // Each kept phone still says how it was read; the pieces taken out are corrections of their own.
    expect(Number(await fixes.innerText())).toBeGreaterThan(before);
    // 30111222's file gave "0341-155-998877" and "sin dato".
    await page.locator('[data-test="case-row"][data-code="30111222"]').click();
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.locator('[data-test="drawer-issues"]').waitFor();
    const history = await drawer.locator('[data-test="drawer-issues"]').innerText();
    expect(history).toContain('0341-155-998877');
    expect(history).toContain('Cambio en Teléfonos: «sin dato / 0341-155-998877» → «0341-155-998877»');
    expect(await drawer.locator('[data-test="drawer-phones"]').inputValue()).toBe('3415998877');
  });
});
