// End-to-end fixture: the real renderer, served by the real browser host over a fresh data folder,
// in Debian's Chromium driven by playwright-core. Screenshots go to test-output/screenshots/.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { RecordingPace } from '../../../src-main/client';
import { startBrowserHost, type BrowserHost } from '../../../src-main/host/browser-host';
import { RENDERER_DIR } from '../../../src-main/host/renderer-build';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import type { AppContext } from '../../../src-main/surface/app-context-types';
import type { LoadedPolicy } from '../../../src-main/policy/policy';
import { CHROMIUM, launchChromium } from '../../support/chromium';

export { CHROMIUM, launchChromium };

export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOTS = join(import.meta.dirname, '../../../test-output/screenshots');

/**
 * A browser test's default time limit. Under CI's full run, two files at once on two cores, a test of
 * a few clicks went past the general 20 s (shared-list, stop 43). A test that needs more says so.
 */
export const E2E_TEST_TIMEOUT_MS = 60_000;

export interface E2eApp {
  page: Page;
  host: BrowserHost;
  ctx: AppContext;
  dataDir: string;
  /** Origin of the host, without the launch token. */
  origin: string;
  screenshot(name: string): Promise<void>;
}

/** One browser, one host and one fresh data folder for the file's tests. */
export function useE2eApp(
  options: {
    locale?: 'es' | 'en';
    viewport?: { width: number; height: number };
    recordingPace?: Partial<RecordingPace>;
    /** The organization's managed policy, read when the app starts (after the file's own setup). */
    policy?: () => LoadedPolicy;
  } = {},
): {
  readonly current: E2eApp;
} {
  // Called as the file's tests are collected, so it applies to the tests declared after it.
  vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });
  const holder: { current?: E2eApp; browser?: Browser } = {};
  // Everything the renderer was ever told: procedure answers and pushed events. None may carry a token.
  const told: Promise<string>[] = [];
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-'));
    const ctx = createAppContext({
      dataDir,
      preparationInWorker: true,
      recordingPace: options.recordingPace,
      ...(options.policy ? { policy: options.policy() } : {}),
    });
    const host = await startBrowserHost(ctx, { rendererDir: RENDERER_DIR });
    const browser = await launchChromium();
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1366, height: 768 },
      locale: options.locale === 'en' ? 'en-US' : 'es-AR',
    });
    const page = await context.newPage();
    page.on('response', (res) => {
      // The event stream never ends: its payloads are taken from the context below instead.
      if (res.url().includes('/api/call/')) told.push(res.text().catch(() => ''));
    });
    for (const name of ['upload:progress', 'download:progress'] as const) ctx.on(name, (payload) => told.push(Promise.resolve(JSON.stringify(payload))));
    await page.goto(host.url);
    mkdirSync(SCREENSHOTS, { recursive: true });
    holder.browser = browser;
    holder.current = {
      page,
      host,
      ctx,
      dataDir,
      origin: `http://127.0.0.1:${host.port}`,
      screenshot: async (name) => {
        // After the enter transitions, not after a fixed time: the picture shows the screen at rest.
        await animationsSettled(page);
        await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
      },
    };
  }, 60_000);
  // A failed test leaves what the screen showed: CI's log has only text, so the page's words go there too.
  afterEach(async (context) => {
    const current = holder.current;
    if (!current || context.task.result?.state !== 'fail') return;
    const name = `failed-${context.task.name.replace(/[^\w]+/g, '-').slice(0, 60)}`;
    const words = await current.page
      .evaluate(() => document.body.innerText)
      .then((text) => text.replace(/\s*\n\s*/g, ' | ').slice(0, 1200))
      .catch(() => '(the page could not be read)');
    console.error(`[e2e] ${context.task.name}: the page was at ${current.page.url().replace(/token=[^&#]+/, 'token=…')} and read: ${words}`);
    await current.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }).catch(() => undefined);
  });
  afterAll(async () => {
    const current = holder.current;
    if (current) {
      const tokens = (await Promise.all([...current.ctx.connections.values()].map((c) => c.session.accessToken().catch(() => '')))).filter(Boolean);
      // The launch token lives in the page, never in a cookie (other ports of 127.0.0.1 would get it).
      expect(await current.page.context().cookies()).toEqual([]);
      const bodies = await Promise.all(told);
      for (const body of bodies) {
        expect(body, 'a procedure answer or event carried a JWT').not.toMatch(/eyJ[\w-]{8,}\.eyJ[\w-]{8,}/);
        for (const token of tokens) expect(body.includes(token)).toBe(false);
      }
    }
    await holder.browser?.close();
    await holder.current?.host.close();
    await holder.current?.ctx.close();
    if (holder.current) rmSync(holder.current.dataDir, { recursive: true, force: true });
  });
  return {
    get current() {
      if (!holder.current) throw new Error('e2e app not started');
      return holder.current;
    },
  };
}

/** Signs in to Demo with the prefilled account (the one-click first run). */
export async function signInToDemo(page: Page): Promise<void> {
  await page.locator('[data-test="sign-in"]').click();
  await page.waitForURL(/#\/bots/);
}

/** Signs in to Test at `baseUrl` (a local emulator) with the demo account, as the agent types it. */
export async function signInToTest(page: Page, baseUrl: string): Promise<void> {
  await page.waitForSelector('[data-test="sign-in"]');
  await page
    .locator('[data-test="environment"]')
    .getByText(/Prueba|Test/)
    .click();
  await page.locator('[data-test="base-url"]').fill(baseUrl);
  await page.locator('[data-test="email"]').fill('demo@casedesk.local');
  await page.locator('#password').fill('demo1234');
  await page.locator('[data-test="sign-in"]').click();
  await page.waitForURL(/#\/bots/);
}

/**
 * Opens a PrimeVue Select once it takes a click: one disabled, or still loading its options (the
 * campaigns of the bot just chosen), ignores a click, and its list would never open.
 */
export async function openSelect(page: Page, select: string): Promise<void> {
  await page.locator(`${select}:not(.p-disabled)`).waitFor();
  await page.locator(`${select} .p-select-loading-icon`).waitFor({ state: 'detached' });
  await page.locator(select).click();
}

/** Picks an option of a PrimeVue Select by its accessible name. */
export async function pickOption(page: Page, select: string, option: string | RegExp): Promise<void> {
  await openSelect(page, select);
  await page.getByRole('option', { name: option }).click();
}

/** Prepares `file` through the wizard with the suggested columns for a campaign of this max phone priority (one phone more a case), up to its summary. */
export async function prepareInWizard(page: Page, file: string, maxPhonePriority: number): Promise<void> {
  await page.locator('a[href="#/batches/new"]').click();
  await page.setInputFiles('[data-test="file-input"]', file);
  await page.locator('[data-test="preview"]').waitFor();
  await page.locator('[data-test="to-mapping"]').click();
  await page.locator('[data-test="suggested"]').waitFor();
  const phones = page.locator('#phones-per-case');
  await phones.click();
  await phones.fill(String(maxPhonePriority + 1));
  await phones.press('Tab');
  await page.locator('[data-test="mapping-problems"]').waitFor({ state: 'detached' });
  await page.locator('[data-test="to-prepare"]').click();
  await page.locator('[data-test="prepare"]').click();
  await page.locator('[data-test="summary"]').waitFor();
}

/**
 * Accepts the Sync screen's confirmation that loading cases starts the campaign (asked when the upload
 * goes to a PAUSED or SCHEDULED campaign, or creates its drafted one), by its button, not its words.
 */
export async function acceptUploadStart(page: Page): Promise<void> {
  const dialog = page.locator('[data-test="confirm-sync"]');
  await dialog.waitFor();
  await dialog.locator('.p-confirmdialog-accept-button').click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Waits until no transition or animation with an end is running (a drawer's slide-in, a message's
 * fade-in), so a screenshot or a contrast check sees final colours. Endless ones (spinners, an
 * indeterminate bar) are not waited for. Two frames first: a transition the last action caused starts
 * on the next frame.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

/** Goes to a screen by its address, as a link or a bookmark would. */
export async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => (location.hash = to), path);
  await page.waitForURL(new RegExp(`#${path}$`));
}

/**
 * Waits until Demo's dialing (30× faster than real time) has ended some of the campaign's cases and
 * (unless `othersOpen` is false: it may have ended them all) left others open, asking the service as
 * the app does: not a fixed sleep, too short on a loaded machine and too long on a quiet one.
 */
export async function untilSomeCasesEnd(ctx: AppContext, campaignId: number, { othersOpen = true, timeoutMs = 20_000 } = {}): Promise<void> {
  const surface = createSurface(ctx);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const shown = await surface.call('campaigns:show', { environment: 'demo', campaignId });
    const stats = shown.ok ? shown.value.caseStats : null;
    if (stats && stats.final > 0 && (!othersOpen || stats.final < stats.loaded)) return;
    if (Date.now() > until) throw new Error(`Campaign ${campaignId}: no case ended within ${timeoutMs} ms (${JSON.stringify(shown)}).`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
