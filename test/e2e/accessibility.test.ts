// Every screen of the app, with realistic data on Demo, checked by axe-core for WCAG 2 A/AA problems
// that would stop or seriously hinder someone using a screen reader, the keyboard or low vision:
// sign-in, bots, the prepare wizard's steps, the batch grid with a case open, batches, sync, campaigns,
// a new campaign, a campaign with its confirmation, results with a case's calls and the follow-up
// dialog, inbound with a call open, the do-not-contact ledger, and settings with the activity log.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { expectAccessible } from './support/accessibility';
import { acceptUploadStart, animationsSettled, hasChromium, openSelect, signInToDemo, untilSomeCasesEnd, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');

async function go(page: Page, path: string): Promise<void> {
  await page.locator(`nav a[href="#${path}"]`).click();
  await page.waitForURL(new RegExp(`#${path}$`));
}

describe.runIf(hasChromium)('accessibility of every screen', () => {
  const app = useE2eApp();
  let batchId = 0;
  let campaignId = 0;

  async function surfaceCall<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
    const answer = await createSurface(app.current.ctx).call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  }

  it('sign-in and bots', async () => {
    const { page } = app.current;
    await page.locator('[data-test="sign-in"]').waitFor();
    await expectAccessible(page, 'sign-in');
    // Each environment button is named by itself, inside a group named "Entorno".
    const environments = page.getByRole('group', { name: 'Entorno' });
    expect(await environments.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()))).toEqual([
      'Demo',
      'Prueba',
      'Producción',
    ]);
    await expect.poll(() => page.getByRole('button', { name: 'Demo', exact: true }).count()).toBe(1);
    // A choice reached with the keyboard shows where the focus is: a ring of 2 px at least (WCAG 2.2's
    // focus appearance; PrimeVue's own is 1 px, which agents did not see on the decimal-separator toggle).
    await page.locator('h1').click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.p-togglebutton') != null)).toBe(true);
    await animationsSettled(page); // PrimeVue fades the ring in (an outline-color transition)
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, color: style.outlineColor, width: style.outlineWidth };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.color).not.toBe('rgba(0, 0, 0, 0)');
    expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
    // The password's eye is a button the keyboard reaches, named for what it does.
    await page.locator('#password').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Mostrar la contraseña');
    await page.keyboard.press('Enter');
    expect(await page.locator('#password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar la contraseña' }).click();
    expect(await page.locator('#password').getAttribute('type')).toBe('password');
    await signInToDemo(page);
    await page.locator('[data-test="campaigns-101"]').waitFor();
    await expectAccessible(page, 'bots');
  }, 120_000);

  it('the prepare wizard, step by step', async () => {
    const { page } = app.current;
    await go(page, '/batches/new');
    await page.locator('[data-test="drop-zone"]').waitFor();
    await expectAccessible(page, 'prepare: file');
    await page.setInputFiles('[data-test="file-input"]', SAMPLE);
    await page.locator('[data-test="preview"]').waitFor();
    await expectAccessible(page, 'prepare: sheet');
    await page.locator('[data-test="to-mapping"]').click();
    await page.locator('[data-test="mapping-problems"]').waitFor();
    await expectAccessible(page, 'prepare: mapping, with a problem');
    const priority = page.locator('#phones-per-case');
    await priority.fill('3');
    await priority.press('Tab');
    await page.locator('[data-test="mapping-problems"]').waitFor({ state: 'detached' });
    await page.locator('[data-test="to-prepare"]').click();
    await page.locator('[data-test="prepare"]').waitFor();
    await expectAccessible(page, 'prepare: prepare');
    await page.locator('[data-test="prepare"]').click();
    await page.locator('[data-test="summary"]').waitFor();
    await expectAccessible(page, 'prepare: summary');
  }, 120_000);

  it('the batch grid, with a case open in the drawer', async () => {
    const { page } = app.current;
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    batchId = Number(/#\/batches\/(\d+)$/.exec(page.url())?.[1]);
    await page.locator('[data-test="batch-view"][data-issues="ready"]').waitFor();
    await page.locator('[data-test="case-row"]').first().waitFor();
    await expectAccessible(page, 'batch');
    await page.locator('[data-test="case-row"][data-status="rejected"]').first().click();
    await page.locator('[data-test="case-drawer"]').waitFor();
    await expectAccessible(page, 'batch: case drawer');
    await page.keyboard.press('Escape');
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'detached' });
  }, 120_000);

  it('batches and sync', async () => {
    const { page } = app.current;
    await go(page, '/batches');
    await page.locator(`[data-test="batch-row-${batchId}"]`).waitFor();
    await expectAccessible(page, 'batches');
    campaignId = (
      await surfaceCall('campaigns:create', {
        environment: 'demo',
        campaign: {
          botId: 101,
          name: 'Accesible',
          dialingType: 'HORIZONTAL_VERTICAL',
          minPhonePriority: 0,
          maxPhonePriority: 2,
          maxCallsPerCase: 2,
        },
      })
    ).campaign.id;
    await go(page, '/sync');
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await expectAccessible(page, 'sync');
    await openSelect(page, `[data-test="bot-select-${batchId}"]`);
    await page.getByRole('option', { name: 'Cobranza Voz' }).waitFor();
    await expectAccessible(page, 'sync: bot list open');
    await page.getByRole('option', { name: 'Cobranza Voz' }).click();
    await openSelect(page, `[data-test="campaign-select-${batchId}"]`);
    await page.getByRole('option', { name: /^Accesible/ }).click();
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    await page.locator('[data-test="confirm-sync"]').waitFor();
    await expectAccessible(page, 'sync: loading cases starts the campaign');
    await acceptUploadStart(page);
    await page.locator(`[data-test="upload-loaded-${batchId}"]`).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'sync: uploaded');
  }, 120_000);

  it('campaigns, a new campaign and a campaign with its confirmation', async () => {
    const { page } = app.current;
    await go(page, '/bots');
    await page.locator('[data-test="campaigns-101"]').click();
    await page.locator(`[data-test="campaign-${campaignId}"]`).waitFor();
    await expectAccessible(page, 'campaigns');
    await page.locator('[data-test="new-campaign"]').click();
    await page.locator('#campaign-name').waitFor();
    await expectAccessible(page, 'new campaign');
    await page.locator('[data-test="create"]').click();
    await page.locator('[data-test="error-name"]').waitFor();
    await expectAccessible(page, 'new campaign: with errors');
    await go(page, '/bots');
    await page.locator('[data-test="campaigns-101"]').click();
    await page
      .locator('[data-test="campaigns-table"] tbody tr')
      .filter({ has: page.locator(`[data-test="campaign-${campaignId}"]`) })
      .click();
    await page.locator('[data-test="stat-loaded"]').waitFor();
    await expectAccessible(page, 'campaign');
    // Demo may have dialed the first campaign to its end by now: a paused one still offers Start.
    const paused = (
      await surfaceCall('campaigns:create', {
        environment: 'demo',
        campaign: { botId: 101, name: 'En pausa', dialingType: 'VERTICAL', minPhonePriority: 0, maxPhonePriority: 0, maxCallsPerCase: 1 },
      })
    ).campaign.id;
    await page.goto(`${app.current.origin}/#/campaigns/${paused}`);
    await page.locator('[data-test="action-start"]:enabled').click();
    await page.locator('.p-confirmdialog').waitFor();
    await expectAccessible(page, 'campaign: confirmation');
    await page.keyboard.press('Escape');
    await page.locator('.p-confirmdialog').waitFor({ state: 'detached' });
  }, 120_000);

  it('results, a case’s calls and the follow-up dialog', async () => {
    const { page } = app.current;
    await page.goto(`${app.current.origin}/#/campaigns/${campaignId}/results`);
    await page.locator('[data-test="results-empty"]').waitFor();
    await expectAccessible(page, 'results: nothing downloaded');
    await untilSomeCasesEnd(app.current.ctx, campaignId, { othersOpen: false }); // Demo dials 30× faster than real time: let some calls happen
    await page.locator('[data-test="download"]').click();
    await page.locator('[data-test="download-summary"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-test="results-summary"]').waitFor();
    await expectAccessible(page, 'results');
    await page.locator('[data-test="cases-table"] tbody tr').first().click();
    await page.locator('[data-test="case-drawer"]').waitFor();
    await expectAccessible(page, 'results: case calls');
    await page.locator('[data-test="close-drawer"]').click();
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'detached' });
    await page.locator('[data-test="followup"]').click();
    await page.locator('[data-test="followup-dialog"]').waitFor();
    await expectAccessible(page, 'results: follow-up dialog');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('inbound, with a call open', async () => {
    const { page } = app.current;
    await go(page, '/inbound');
    await page.locator('[data-test="inbound-empty"]').waitFor();
    await expectAccessible(page, 'inbound: nothing downloaded');
    await page.locator('[data-test="inbound-download"]').click();
    await page.locator('[data-test="inbound-downloaded"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-test="inbound-table"] tbody tr').first().waitFor();
    await expectAccessible(page, 'inbound');
    await page
      .locator('[data-test="inbound-table"] tbody tr')
      .filter({ has: page.locator('[data-test="has-recording"]') })
      .first()
      .click();
    await page.locator('[role="dialog"] [data-test="transcript"] li').first().waitFor();
    await expectAccessible(page, 'inbound: a call');
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
  }, 120_000);

  it('the do-not-contact ledger, with an entry', async () => {
    const { page } = app.current;
    await go(page, '/ledger');
    await page.locator('[data-test="ledger-form"]').waitFor();
    await expectAccessible(page, 'ledger: empty');
    await page.locator('[data-test="ledger-value"]').fill('011 15-5555-6666');
    await page.locator('[data-test="ledger-add"]').click();
    await page.locator('[data-test="ledger-done"]').waitFor();
    await expectAccessible(page, 'ledger');
  }, 120_000);

  it('settings, with the activity log', async () => {
    const { page } = app.current;
    await go(page, '/settings');
    await page.locator('[data-test="settings-audit-table"]').waitFor();
    await expectAccessible(page, 'settings');
    expect(page.url()).toMatch(/#\/settings$/);
  }, 120_000);
});
