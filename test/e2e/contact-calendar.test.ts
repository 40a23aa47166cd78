// The contact calendar in the app: the new-campaign form warns, before the agent confirms, that the
// campaign starts on a national holiday and calls after the contact hours; the campaign can still be
// created. The contact hours are a setting: widened in Settings, the hours warning goes.
import { describe, expect, it } from 'vitest';
import { argentineHolidays } from '../../src-main/domain/argentine-holidays';
import { DEFAULT_CONTACT_HOURS, nextContactDay } from '../../src-main/domain/contact-calendar';
import { hasChromium, signInToDemo, useE2eApp } from './support/app';

const YEAR = new Date().getFullYear() + 1;

describe.runIf(hasChromium)('holidays and contact hours on the new-campaign form', { timeout: 60_000 }, () => {
  const app = useE2eApp();

  async function typeDate(text: string): Promise<void> {
    const input = app.current.page.locator('#start-date');
    await input.fill(text);
    // Not Enter: that would submit the form. The typed date is taken as it is typed; Escape closes the calendar.
    await input.press('Escape');
  }

  it('starts on the next day calling is allowed, and refuses a time that does not exist', async () => {
    const { page } = app.current;
    await page.waitForSelector('[data-test="sign-in"]');
    await signInToDemo(page);
    // Every warning the form ever shows, recorded as it appears: on a Sunday or a holiday the form's
    // first check is about a start today, and its warning must not be shown beside the day it suggests.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { warningsSeen: string[] }).warningsSeen = seen;
      new MutationObserver(() => {
        const shown = document.querySelector('[data-test="schedule-warnings"]')?.textContent;
        if (shown && seen.at(-1) !== shown) seen.push(shown);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${app.current.origin}/#/bots/101/campaigns/new`);
    await page.reload();
    const day = nextContactDay(DEFAULT_CONTACT_HOURS, await argentineHolidays(), new Date());
    const [y, m, d] = day.split('-');
    await expect.poll(() => page.locator('#start-date').inputValue()).toBe(`${d}/${m}/${y}`);
    expect(await page.locator('[data-test="schedule-warnings"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { warningsSeen: string[] }).warningsSeen)).toEqual([]);

    await page.locator('#campaign-name').fill('Hora imposible');
    await page.locator('#call-from').fill('25:00');
    await page.locator('#call-from').press('Tab');
    await page.locator('[data-test="create"]').click();
    expect(await page.locator('[data-test="error-callFrom"]').innerText()).not.toBe('');
    expect(page.url()).toMatch(/campaigns\/new$/);
    await page.locator('#call-from').fill('09:00');
    await page.locator('#call-from').press('Tab');
  });

  it('warns of Christmas and of calls until 21:00 before the agent confirms, and creates it all the same', async () => {
    const { page } = app.current;
    await page.locator('#campaign-name').fill('Navidad');
    await typeDate(`25/12/${YEAR}`);
    await page.locator('#call-to').fill('21:00');
    await page.locator('#call-to').press('Tab');

    const warnings = page.locator('[data-test="schedule-warnings"]');
    await warnings.waitFor();
    await expect
      .poll(() => page.locator('[data-test="schedule-warning-campaign.start_on_holiday"]').innerText())
      .toBe(`Empieza el 25/12/${YEAR}, feriado nacional (Navidad).`);
    expect(await page.locator('[data-test="schedule-warning-campaign.outside_contact_hours"]').innerText()).toBe(
      'El horario de llamadas (09:00–21:00) sale del horario de contacto (08:00–20:00).',
    );
    expect(await warnings.innerText()).toMatch(/no un consejo legal/);
    expect(await page.locator('[data-test="create"]').innerText()).toMatch(/Crear igual/);
    await app.current.screenshot('12-new-campaign-warnings');

    // Back inside the hours: that warning goes, the holiday stays.
    await page.locator('#call-to').fill('20:00');
    await page.locator('#call-to').press('Tab');
    await expect.poll(() => page.locator('[data-test="schedule-warning-campaign.outside_contact_hours"]').count()).toBe(0);
    expect(await page.locator('[data-test="schedule-warning-campaign.start_on_holiday"]').count()).toBe(1);

    // Warned, not refused.
    await page.locator('[data-test="create"]').click();
    await page.waitForURL(/#\/campaigns\/\d+/);
  });

  it('follows the contact hours set in Settings', async () => {
    const { page } = app.current;
    await page.goto(`${app.current.origin}/#/settings`);
    const panel = page.locator('[data-test="settings-contact-hours"]');
    await panel.waitFor();
    // Typed loosely, tidied to HH:MM when the agent leaves the field, as the new campaign form does.
    await page.locator('[data-test="contact-to"]').fill('21.00');
    await page.locator('[data-test="contact-to"]').press('Tab');
    expect(await page.locator('[data-test="contact-to"]').inputValue()).toBe('21:00');
    await page.locator('[data-test="contact-save"]').click();
    await page
      .locator('[data-test="contact-outcome"]')
      .filter({ hasText: /guardado/ })
      .waitFor();
    expect((await app.current.ctx.store.db.prepare("SELECT value_json FROM settings WHERE key = 'app'").get()) as { value_json: string }).toMatchObject({
      value_json: expect.stringContaining('"to":"21:00"'),
    });

    await page.goto(`${app.current.origin}/#/bots/101/campaigns/new`);
    await page.locator('#campaign-name').fill('Navidad tarde');
    await typeDate(`25/12/${YEAR}`);
    await page.locator('#call-to').fill('21:00');
    await page.locator('#call-to').press('Tab');
    await page.locator('[data-test="schedule-warning-campaign.start_on_holiday"]').waitFor();
    expect(await page.locator('[data-test="schedule-warning-campaign.outside_contact_hours"]').count()).toBe(0);
  });
});
