// An agent's day with the keyboard only (no mouse, no clicks): sign in, prepare the creditor's file,
// fix the rejected case in its drawer, upload the batch to a campaign, download the campaign's results
// and open a case's calls. Every step is Tab / Shift+Tab / Enter / Space / arrow keys / typing, so a
// control a keyboard user cannot reach fails here, naming it.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSurface } from '../../src-main/surface/surface';
import { hasChromium, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
/** Rejected for its date (31/02/2027) and its only phone, "4567-8901", which lacks an area code. */
const REJECTED_CASE = '33444555';

/** Whether the focused element is, or is inside, `selector`. */
function focusIn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => document.activeElement?.closest(sel) != null, selector);
}

/** What has the focus, for failure messages. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-test') ? `[data-test=${el.getAttribute('data-test')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  });
}

/** Presses Tab (or Shift+Tab) until the focus is in `selector`; fails if it never gets there. */
async function tabTo(page: Page, selector: string, options: { back?: boolean; max?: number } = {}): Promise<void> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (options.max ?? 60); i++) {
    if (await focusIn(page, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${selector} is not reachable with ${key} (focus ended on ${await focused(page)})`);
}

/** Tabs to a control and presses Enter on it. */
async function activate(page: Page, selector: string, options: { back?: boolean } = {}): Promise<void> {
  await tabTo(page, selector, options);
  await page.keyboard.press('Enter');
}

/** Opens a PrimeVue select from the keyboard and picks the option whose text matches. */
async function choose(page: Page, selector: string, option: RegExp): Promise<void> {
  await tabTo(page, selector);
  // As a person waits for the spinner: opened while it loads, the list would be empty a moment.
  await page.locator(`${selector} .p-select-loading-icon`).waitFor({ state: 'detached' });
  await page.keyboard.press('Enter');
  await page.locator('[role="listbox"]').waitFor();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowDown');
    const text = await page
      .locator('[role="option"][data-p-focused="true"]')
      .innerText()
      .catch(() => '');
    if (option.test(text)) {
      await page.keyboard.press('Enter');
      await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
      return;
    }
  }
  throw new Error(`no option ${option} in ${selector}`);
}

/** Selects what a text field holds and types `text` over it. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

describe.runIf(hasChromium)('an agent’s day with the keyboard only', () => {
  const app = useE2eApp();
  let batchId = 0;
  let campaignId = 0;

  it('signs in and prepares the creditor’s file through the wizard', async () => {
    const { page } = app.current;
    await page.locator('[data-test="sign-in"]').waitFor();
    await activate(page, '[data-test="sign-in"]');
    await page.waitForURL(/#\/bots/);
    await activate(page, 'nav a[href="#/batches/new"]');
    await page.waitForURL(/#\/batches\/new$/);

    // "Choose file" opens the system's file dialog, which is outside the page: the test answers it.
    // Listening before the key is pressed: Chromium hands the dialog over only once told to.
    const chooser = page.waitForEvent('filechooser', { timeout: 60_000 });
    await tabTo(page, '[data-test="choose-file"]');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(SAMPLE);
    await page.locator('[data-test="preview"]').waitFor();
    await activate(page, '[data-test="to-mapping"]');

    await page.locator('[data-test="mapping-problems"]').waitFor();
    await tabTo(page, '#phones-per-case');
    await retype(page, '3');
    await page.keyboard.press('Tab');
    await page.locator('[data-test="mapping-problems"]').waitFor({ state: 'detached' });
    await activate(page, '[data-test="to-prepare"]');
    await activate(page, '[data-test="prepare"]');
    await page.locator('[data-test="summary"]').waitFor();
    expect(await page.locator('[data-test="summary-cases"] .value').innerText()).toBe('11');
    await activate(page, '[data-test="open-batch"]');
    await page.waitForURL(/#\/batches\/\d+$/);
    batchId = Number(/#\/batches\/(\d+)$/.exec(page.url())?.[1]);
    await page.locator('[data-test="batch-view"][data-issues="ready"]').waitFor();
  }, 60_000);

  it('finds the rejected case in the grid with the arrow keys and fixes it in the drawer', async () => {
    const { page } = app.current;
    await tabTo(page, '[data-test="cases-viewport"]');
    const row = page.locator(`[data-test="case-row"][data-code="${REJECTED_CASE}"]`);
    for (let i = 0; i < 11 && !(await row.evaluate((el) => el.classList.contains('active')).catch(() => false)); i++) await page.keyboard.press('ArrowDown');
    expect(await row.getAttribute('class')).toContain('active');
    await page.keyboard.press('Enter');
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    expect(await drawer.locator('[data-test="drawer-status"]').innerText()).toBe('Rechazado');

    await tabTo(page, '[data-test="case-drawer"] [data-test="drawer-phones"]');
    await retype(page, '1145678901');
    await page.keyboard.press('Tab');
    await tabTo(page, '[data-test="case-drawer"] [data-test="product-0-expiration"]');
    await retype(page, '28/02/2027');
    await page.keyboard.press('Enter');
    await drawer.locator('[data-test="drawer-status"]', { hasText: 'Listo' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await row.getAttribute('data-status')).toBe('ready');
    // Back where the agent was, not at the top of the page.
    expect(await focusIn(page, '[data-test="cases-viewport"]'), `focus is on ${await focused(page)}`).toBe(true);
  }, 30_000);

  it('uploads the batch to the campaign from Sync', async () => {
    const { page } = app.current;
    // The campaign is the administrator's, made beforehand: the agent's day starts with it there.
    const created = await createSurface(app.current.ctx).call('campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'Teclado', dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 2 },
    });
    if (!created.ok) throw new Error(created.error.code);
    campaignId = created.value.campaign.id;
    await activate(page, 'nav a[href="#/sync"]', { back: true });
    await page.waitForURL(/#\/sync$/);
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await choose(page, `[data-test="bot-select-${batchId}"]`, /Cobranza Voz/);
    await choose(page, `[data-test="campaign-select-${batchId}"]`, /^Teclado/);
    await activate(page, `[data-test="upload-${batchId}"]`);
    // Loading the cases starts the paused campaign: the confirmation opens on its accept button.
    const dialog = page.locator('[data-test="confirm-sync"]');
    await dialog.waitFor();
    await expect.poll(() => focusIn(page, '[data-test="confirm-sync"] .p-confirmdialog-accept-button')).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const loaded = page.locator(`[data-test="upload-loaded-${batchId}"]`);
    await loaded.waitFor({ timeout: 20_000 });
    expect(await loaded.innerText()).toBe('Casos cargados en la campaña: 9');
  }, 40_000);

  it('opens the campaign, downloads its results and reads a case’s calls', async () => {
    const { page } = app.current;
    await activate(page, 'nav a[href="#/bots"]', { back: true });
    await activate(page, '[data-test="campaigns-101"]');
    await page.waitForURL(/#\/bots\/101\/campaigns$/);
    await page.locator('[data-test="campaigns-table"] tbody tr').first().waitFor();
    await tabTo(page, '[data-test="campaigns-table"] tbody tr');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/campaigns\/\d+$/);
    await activate(page, '[data-test="results"]');
    await page.waitForURL(/#\/campaigns\/\d+\/results$/);
    // Demo dials 30× faster than real time: wait until it has called someone, not a fixed time.
    await expect
      .poll(
        async () => {
          const shown = await createSurface(app.current.ctx).call('campaigns:show', { environment: 'demo', campaignId });
          return shown.ok ? shown.value.metrics.percentageCalled : 0;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await activate(page, '[data-test="download"]');
    await page.locator('[data-test="download-summary"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-test="results-summary"]').waitFor();
    expect(await page.locator('[data-test="summary-cases"]').innerText()).toBe('9');

    await tabTo(page, '[data-test="cases-table"] tbody tr');
    await page.keyboard.press('Enter');
    const drawer = page.locator('[data-test="case-drawer"]');
    await drawer.waitFor();
    await drawer.locator('[data-test^="call-"], [data-test="no-calls"]').first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await focusIn(page, '[data-test="cases-table"]'), `focus is on ${await focused(page)}`).toBe(true);
  }, 60_000);
});
