// Accessibility check of what a screen shows now: axe-core (through @axe-core/playwright, which takes
// playwright-core's pages) with the WCAG 2 A and AA rules. A serious or critical violation fails the
// test, listed by rule, impact and the elements it was found on; minor and moderate ones are not
// failures (axe ranks them below "serious" because the page stays usable).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Every serious or critical WCAG 2 A/AA violation on the page as it is now (`within`: in that part of it only). */
export async function blockingViolations(page: Page, within?: string): Promise<AxeFinding[]> {
  // Transitions (drawer slide-in, message fade-in) would make colours half-way: wait them out.
  await page.waitForTimeout(450);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
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
  const findings = await blockingViolations(page, within);
  expect.soft(findings.length, `axe on ${screen}:\n${describeFindings(findings)}`).toBe(0);
}
