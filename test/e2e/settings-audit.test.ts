// Settings shows the activity log of this computer in the agent's language, and says plainly when
// it was tampered with.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, signInToDemo, useE2eApp } from './support/app';

async function openSettings(page: Page): Promise<void> {
  await page.locator('nav a[href="#/settings"]').click();
  await page.waitForURL(/#\/settings$/);
}

describe.runIf(hasChromium)('the activity log in Settings', () => {
  const app = useE2eApp();

  it('lists the sign-in, newest first, as intact', async () => {
    const { page } = app.current;
    await signInToDemo(page);
    await openSettings(page);
    await page.waitForSelector('[data-test="settings-audit-table"]');
    expect(await page.locator('[data-test="audit-entry-1"]').innerText()).toMatch(/^Inició sesión en http:\/\/127\.0\.0\.1:\d+$/);
    expect(await page.locator('[data-test="settings-audit-table"]').innerText()).toContain('demo@casedesk.local');
    await page.waitForSelector('[data-test="settings-audit-intact"]');
    await app.current.screenshot('38-settings-audit');
  });

  it('follows the agent’s language, and shows a change of settings at the top', async () => {
    const { page } = app.current;
    await page.locator('[data-test="settings-language"]').getByText('English').click();
    await page.locator('[data-test="settings-audit-refresh"]').click();
    await page.waitForSelector('[data-test="audit-entry-2"]');
    expect(await page.locator('[data-test="audit-entry-2"]').innerText()).toBe('Changed the settings: language: — → en');
    expect(await page.locator('[data-test="audit-entry-1"]').innerText()).toMatch(/^Signed in at /);
    await page.locator('[data-test="settings-language"]').getByText('Español').click();
  });

  it('says the log was modified when an entry was changed outside CaseDesk', async () => {
    const { page, dataDir } = app.current;
    const file = join(dataDir, 'audit', 'audit.jsonl');
    const text = readFileSync(file, 'utf8');
    // The file names no one (the table above showed the e-mail from the encrypted store): change who acted through which face.
    expect(text).not.toContain('demo@casedesk.local');
    expect(text).toContain('"face":"app"');
    writeFileSync(file, text.replace('"face":"app"', '"face":"cli"'));
    await page.locator('[data-test="settings-audit-refresh"]').click();
    await page.waitForSelector('[data-test="settings-audit-broken"]');
    expect(await page.locator('[data-test="settings-audit-broken"]').innerText()).toMatch(/modificado fuera de CaseDesk/);
  });
});
