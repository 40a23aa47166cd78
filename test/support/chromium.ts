// Debian's Chromium, driven by playwright-core (Playwright's own browser download is unreachable here).
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CASEDESK_CHROMIUM ?? '/usr/bin/chromium';

/** Headless, with nothing of its own reaching the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
  });
}
