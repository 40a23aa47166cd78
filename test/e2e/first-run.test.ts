// A new user's first minute: the app opens on Demo with the demo account filled in; one click in.
import { describe, expect, it } from 'vitest';
import { hasChromium, signInToDemo, useE2eApp } from './support/app';

describe.runIf(hasChromium)('first run', () => {
  const app = useE2eApp();

  it('opens on the sign-in screen with Demo and its account ready', async () => {
    const { page } = app.current;
    await page.waitForSelector('[data-test="sign-in"]');
    expect(await page.locator('[data-test="email"]').inputValue()).toBe('demo@casedesk.local');
    await app.current.screenshot('01-sign-in');
  });

  it('reaches the bots in one click', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    await page.waitForSelector('[data-test="bot-101"]');
    expect(await page.locator('[data-test="bot-101"]').innerText()).toContain('Cobranza Voz');
    expect(await page.locator('[data-test="connection"]').innerText()).toMatch(/En línea|Online/);
    await app.current.screenshot('02-bots');
  });
});
