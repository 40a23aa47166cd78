// Accessibility check of what a screen shows now: axe-core (through @axe-core/playwright, which takes
// playwright-core's pages) with the WCAG 2 A and AA rules. A serious or critical violation fails the
// test, listed by rule, impact and the elements it was found on; minor and moderate ones are not
// failures (axe ranks them below "serious" because the page stays usable).
import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './app';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core as the builder would inject it (its own copy), but evaluated once a document: the builder
 * evaluates its 1.3 MB at each check, twice (issue 31). A navigation to a new document injects it again.
 */
const builderRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_ONCE = `if (typeof window.axe?.run !== 'function') {\n${(builderRequire('axe-core') as { source: string }).source}\n}`;

/** The app shows no frames: axe.run in the page itself (the builder's legacy mode) checks all of it. */
function withoutFrames(page: Page): void {
  const frames = page.frames().map((f) => f.url());
  if (frames.length > 1) throw new Error(`axe runs in the page only, and this one has frames: ${frames.join(', ')}`);
}

/** Every serious or critical WCAG 2 A/AA violation on the page as it is now (`within`: in that part of it only). */
export async function blockingViolations(page: Page, within?: string): Promise<AxeFinding[]> {
  // Transitions (drawer slide-in, message fade-in) would make colours half-way: wait them out.
  await animationsSettled(page);
  withoutFrames(page);
  // Violations only: the passes and incomplete checks axe would also gather are never read here.
  // Legacy mode runs axe.run in the page, where the default finishes each check in a page of its own.
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa'])
    .options({ resultTypes: ['violations'] });
  const results = await (within === undefined ? builder : builder.include(within)).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => `${n.target.join(' ')}${contrastOf(n.any)}`) }));
}

/** For a contrast failure, the colours axe measured: what to change in the theme. */
function contrastOf(checks: { id: string; data?: unknown }[]): string {
  const data = checks.find((c) => c.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` [${data.fgColor} on ${data.bgColor ?? '?'}: ${data.contrastRatio ?? '?'}]` : '';
}

/** One line a finding, so a failure says what to fix and where. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.rule} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}

/**
 * Fails the test listing each serious or critical violation axe finds on `screen` as it is now. The
 * failure is soft: the test goes on to the next screens, so one run lists every screen's problems.
 * `within` checks one part of the page (a state that lasts less than the whole page's check takes).
 */
export async function expectAccessible(page: Page, screen: string, within?: string): Promise<void> {
  const findings = [...(await blockingViolations(page, within)), ...(await unreadableControls(page, within))];
  expect.soft(findings.length, `axe on ${screen}:\n${describeFindings(findings)}`).toBe(0);
}

/**
 * What axe does not check and agents tripped on: a button showing only an icon needs a name for a
 * screen reader and, when it is one of the app's own, a tooltip for the mouse (a `title`, or PrimeVue's
 * v-tooltip); a text cut with "…"
 * needs its whole text in a `title` (or an accessible name) so it can still be read. Visible elements only.
 */
export async function unreadableControls(page: Page, within?: string): Promise<AxeFinding[]> {
  return page.evaluate((scope) => {
    const root = scope === undefined ? document.body : document.querySelector(scope);
    if (!root) return [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const where = (el: Element) => {
      const test = el.getAttribute('data-test');
      const cls = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).slice(0, 3).join('.');
      const icon = el
        .querySelector('[class*="pi-"]')
        ?.getAttribute('class')
        ?.match(/pi-[\w-]+/)?.[0];
      return `${el.tagName.toLowerCase()}${test ? `[data-test="${test}"]` : ''}${cls ? `.${cls}` : ''}${icon ? ` (${icon})` : ''}`;
    };
    const found: { rule: string; impact: string; help: string; targets: string[] }[] = [];
    for (const button of root.querySelectorAll('button, [role="button"], a.p-button')) {
      if (!visible(button)) continue;
      const text = (button.textContent ?? '').replace(/\s+/g, '').trim();
      // A spin button PrimeVue hides from screen readers and the tab order (the arrow keys do its work).
      if (text !== '' || button.closest('[aria-hidden="true"]')) continue;
      const named = (button.getAttribute('aria-label') ?? '').trim() !== '' || (button.getAttribute('aria-labelledby') ?? '') !== '';
      const tipped = (button.getAttribute('title') ?? '').trim() !== '' || button.getAttribute('data-pd-tooltip') === 'true';
      if (!named) found.push({ rule: 'icon-button-name', impact: 'serious', help: 'an icon-only button has no name', targets: [where(button)] });
      // The app's own icon buttons; a paginator's arrows and a dialog's or message's × are read by their names alone.
      else if (!tipped && button.matches('.p-button-icon-only:not(.p-dialog-close-button, .p-drawer-close-button)'))
        found.push({ rule: 'icon-button-tooltip', impact: 'serious', help: 'an icon-only button has no tooltip', targets: [where(button)] });
    }
    for (const el of root.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || el.children.length > 0 || !visible(el)) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
      const whole = (el.textContent ?? '').trim();
      const titled = [el, el.parentElement].some(
        (e) => (e?.getAttribute('title') ?? '').trim() !== '' || (e?.getAttribute('aria-label') ?? '').trim() === whole,
      );
      if (whole !== '' && !titled)
        found.push({
          rule: 'clipped-text',
          impact: 'serious',
          help: `a text is cut with "…" and its whole is nowhere: «${whole.slice(0, 60)}»`,
          targets: [where(el)],
        });
    }
    return found;
  }, within);
}
