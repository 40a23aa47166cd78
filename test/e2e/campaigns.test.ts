// An agent's campaign, start to finish: the bot's (empty) campaigns, a new campaign whose dialing rule
// is checked inline, cases loaded into it, stop and start with confirmation, then its results with a
// call's transcript and recording, and the Excel export.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { animationsSettled, hasChromium, signInToDemo, useE2eApp } from './support/app';
import { handOver } from '../support/source-file';

const SPREADSHEET = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

/** Types a whole number into a PrimeVue InputNumber the way an agent would. */
async function typeNumber(page: Page, selector: string, value: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(value);
  await input.press('Tab');
}

/** Lets PrimeVue's enter transitions finish before a screenshot. */
async function settle(page: Page): Promise<void> {
  await animationsSettled(page);
}

/** Waits until the campaign's state tag says `status`. */
async function statusIs(page: Page, status: string, timeout = 10_000): Promise<void> {
  await expect.poll(async () => (await page.locator('[data-test="status"]').first().innerText()).trim(), { timeout }).toBe(status);
}

describe.runIf(hasChromium)('campaigns and results', () => {
  const app = useE2eApp();
  let campaignId = 0;

  /** A procedure called directly on the app's context (as the test's own hands, not the agent's). */
  async function surfaceCall<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
    const answer = await createSurface(app.current.ctx).call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  }

  it('shows the empty campaign list of a bot', async () => {
    const { page } = app.current;
    await page.waitForSelector('[data-test="sign-in"]');
    await signInToDemo(page);
    await page.locator('[data-test="campaigns-101"]').click();
    await page.waitForURL(/#\/bots\/101\/campaigns$/);
    await page.locator('[data-test="campaigns-empty"]').waitFor();
    await expect.poll(() => page.locator('h1').innerText()).toContain('Cobranza Voz');
    await app.current.screenshot('10-campaigns-empty');
  });

  it('says inline that VERTICAL needs equal priorities, then creates the campaign', async () => {
    const { page } = app.current;
    await page.locator('[data-test="new-campaign"]').click();
    await page.waitForURL(/#\/bots\/101\/campaigns\/new$/);
    await page.locator('#campaign-name').fill('Mora temprana diciembre');
    await page.locator('#campaign-description').fill('Cartera Banco del Sur');
    await page.locator('#call-from').fill('8:30');
    await page.locator('#call-from').press('Tab');
    expect(await page.locator('#call-from').inputValue()).toBe('08:30');
    await typeNumber(page, '#max-priority', '2');
    await page.locator('[data-test="create"]').click();
    const error = page.locator('[data-test="error-maxPhonePriority"]');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/vertical.*mismo número que «desde»/i);
    expect(page.url()).toMatch(/\/new$/);
    await settle(page);
    await app.current.screenshot('11-new-campaign-error');

    // The batch keeps up to three phones a case (phones 1 to 3, the service's priorities 0 to 2): dial them all, in rounds.
    await page.locator('[data-test="dialing-type"]').getByText('Horizontal-vertical').click();
    expect(await page.locator('[data-test="dialing-rule"]').innerText()).toMatch(/una vuelta|por vuelta/);
    await typeNumber(page, '#max-priority', '3');
    await typeNumber(page, '#attempts', '2');
    await expect.poll(() => page.locator('[data-test="error-maxPhonePriority"]').count()).toBe(0);
    await page.locator('[data-test="create"]').click();
    await page.waitForURL(/#\/campaigns\/\d+/);
    campaignId = Number(/#\/campaigns\/(\d+)/.exec(page.url())?.[1]);
    expect(campaignId).toBeGreaterThan(0);
    await statusIs(page, 'En pausa');
    expect(await page.locator('[data-test="created"]').innerText()).toContain('En pausa');
    const params = await page.locator('[data-test="params"]').innerText();
    expect(params).toContain('Horizontal-vertical');
    expect(params).toContain('08:30–20:00');
    await settle(page);
    await app.current.screenshot('12-campaign-paused');
  });

  it('runs once cases are loaded; stops and starts again with confirmation', async () => {
    const { page } = app.current;
    const prepared = await surfaceCall('batches:prepare', {
      fileId: await handOver(createSurface(app.current.ctx), SPREADSHEET),
      maxPhonePriority: 2,
      environment: 'demo',
    });
    expect(prepared.ready).toBeGreaterThan(0);
    const uploaded = await surfaceCall('sync:upload', { batchId: prepared.batchId, campaignId, environment: 'demo' });
    expect(uploaded.loaded).toBe(prepared.ready);

    await page.reload();
    await statusIs(page, 'En curso');
    expect(Number(await page.locator('[data-test="stat-loaded"]').innerText())).toBe(uploaded.loaded);
    // The service's own values in the agent's words: its kind and its success rate ("0.00%").
    const shown = await page.locator('main').innerText();
    expect(shown).toContain('Saliente, por voz');
    expect(shown).not.toMatch(/OUTBOUND_VOICE|\d\.\d\d%/);
    await settle(page);
    await app.current.screenshot('13-campaign-ongoing');

    await page.locator('[data-test="action-stop"]').click();
    const dialog = page.locator('.p-confirmdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('En curso');
    await settle(page);
    await app.current.screenshot('14-confirm-stop');
    await dialog.locator('.p-confirmdialog-accept-button').click();
    await statusIs(page, 'En pausa');
    expect(await page.locator('[data-test="action-result"]').innerText()).toContain('En pausa');
    expect(await page.locator('[data-test="action-stop"]').isDisabled()).toBe(true);

    await page.locator('[data-test="action-start"]').click();
    await dialog.waitFor();
    await dialog.locator('.p-confirmdialog-accept-button').click();
    await statusIs(page, 'En curso');
    expect(await page.locator('[data-test="action-result"]').innerText()).toContain('En curso');
    await settle(page);
    await app.current.screenshot('15-campaign-restarted');
  }, 30_000);

  it('downloads the results and shows a call with its transcript and recording; exports to Excel', async () => {
    const { page } = app.current;
    await page.locator('[data-test="results"]').click();
    await page.waitForURL(/#\/campaigns\/\d+\/results$/);
    await page.locator('[data-test="results-empty"]').waitFor();
    expect(await page.locator('#with-recordings').isChecked()).toBe(true);

    // The Demo service dials 30× faster than real time: download until a call with talk is stored.
    let found: { caseId: number; callId: number } | null = null;
    const deadline = Date.now() + 40_000;
    while (!found && Date.now() < deadline) {
      await page.locator('[data-test="download"]').click();
      await page.locator('[data-test="download-progress"]').waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator('[data-test="download-summary"], [data-test="download-error"]').first().waitFor();
      expect(await page.locator('[data-test="download-error"]').count()).toBe(0);
      const stored = await surfaceCall('results:cases', { campaignId, limit: 100, environment: 'demo' });
      for (const item of stored.cases.filter((c) => c.callCount > 0)) {
        const calls = await surfaceCall('results:calls', { campaignId, caseId: item.id, environment: 'demo' });
        const talk = calls.find((c) => c.transcription.length > 0);
        if (talk) {
          found = { caseId: item.id, callId: talk.id };
          break;
        }
      }
      if (!found) await page.waitForTimeout(1500);
    }
    expect(found, 'no call with a conversation within 40 s').not.toBeNull();
    const target = found as { caseId: number; callId: number };
    await page.locator(`[data-test="case-${target.caseId}"]`).waitFor();
    await settle(page);
    await app.current.screenshot('16-results');

    await page.locator(`[data-test="case-${target.caseId}"]`).click();
    const call = page.locator(`[data-test="call-${target.callId}"]`);
    await call.waitFor();
    const transcript = call.locator('[data-test="transcript"]');
    expect(await transcript.isVisible()).toBe(true);
    expect(await transcript.innerText()).toMatch(/BOT/i);
    const audio = call.locator('[data-test="call-audio"]');
    await audio.waitFor();
    expect(await audio.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(
        () =>
          audio.evaluate((element) => {
            const a = element as unknown as { readyState: number; duration: number };
            return a.readyState >= 1 && Number.isFinite(a.duration) ? a.duration : 0;
          }),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await settle(page);
    await app.current.screenshot('17-case-calls');

    await page.locator('[data-test="close-drawer"]').click();
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'detached' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test="export"]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await page.locator('[data-test="exported"]').waitFor();
    await settle(page);
    await app.current.screenshot('18-results-exported');
  }, 70_000);

  it('lists the campaign with its progress; a row opens it from the keyboard', async () => {
    const { page } = app.current;
    await page.goto(`${app.current.origin}/#/bots/101/campaigns`);
    const name = page.locator(`[data-test="campaign-${campaignId}"]`);
    await name.waitFor();
    const row = page.locator('[data-test="campaigns-table"] tbody tr').filter({ has: name });
    expect(await row.innerText()).toMatch(/Mora temprana diciembre[\s\S]*(En curso|En pausa|Cerrada)[\s\S]*Horizontal-vertical/);
    await settle(page);
    await app.current.screenshot('19-campaigns-list');
    await row.focus();
    await row.press('Enter');
    await page.waitForURL(new RegExp(`#/campaigns/${campaignId}$`));
    await page.locator('[data-test="status"]').waitFor();
  });
});
