// The browser host on a corporate PC, end to end: `casedesk start --browser` as IT deploys it (the
// managed policy and HTTPS_PROXY only), the agent's Chromium on its page. The policy fixes
// production's address (shown locked), turns Demo off, and the sign-in reaches a TLS service signed
// by a private CA through a CONNECT proxy that wants credentials.
import { type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy';
import { DEMO_USER } from '../support/emulator';
import { createPrivateCa, type PrivateCa } from '../support/private-ca';
import { hasChromium, launchChromium, SCREENSHOTS } from './support/app';
import { startCasedesk } from '../support/cli';

const SERVICE_NAME = 'casedesk-bots.test';

describe.runIf(hasChromium)('the browser host on a corporate network', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-corp-host-'));
  let ca: PrivateCa;
  let service: RunningEmulator;
  let proxy: TestProxy;
  let host: ChildProcess;
  let hostUrl = '';
  let browser: Browser;
  let serviceUrl = '';

  beforeAll(async () => {
    ca = createPrivateCa();
    service = await startEmulator({ tickMs: 0, tls: ca.issue('service', [SERVICE_NAME]), allowedHosts: [SERVICE_NAME] });
    serviceUrl = `https://${SERVICE_NAME}:${service.port}`;
    proxy = await startConnectProxy({ user: 'agente', password: 's3cret' });
    copyFileSync(ca.caFile, join(dir, 'corp-ca.pem'));
    const policyFile = join(dir, 'policy.json');
    writeFileSync(
      policyFile,
      JSON.stringify({
        environments: { production: { base_url: serviceUrl, ca_file: 'corp-ca.pem' } },
        allow_custom_base_url: false,
        allow_demo: false,
        language: 'en',
        data_dir: join(dir, 'data'),
      }),
    );
    const { CASEDESK_DATA_DIR: _d, NO_PROXY: _n, no_proxy: _m, ...env } = process.env;
    host = startCasedesk(['start', '--browser'], { ...env, CASEDESK_POLICY: policyFile, HTTPS_PROXY: `http://agente:s3cret@127.0.0.1:${proxy.port}` });
    let stderr = '';
    host.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    hostUrl = await new Promise<string>((resolve, reject) => {
      createInterface({ input: host.stdout! }).on('line', (line) => {
        const match = /open (http:\/\/127\.0\.0\.1:\d+\S*)/.exec(line);
        if (match?.[1]) resolve(match[1]);
      });
      host.once('exit', (code) => reject(new Error(`casedesk start exited ${code}: ${stderr}`)));
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    host?.kill('SIGTERM');
    await Promise.all([service?.close(), proxy?.close()]);
    ca?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers only production at its locked address, and signs in through the proxy', async () => {
    const page = await browser.newPage({ locale: 'es-AR', viewport: { width: 1366, height: 768 } });
    await page.goto(hostUrl);
    await page.waitForSelector('[data-test="sign-in"]');
    // The policy's language, whatever the browser's.
    await expect.poll(() => page.locator('[data-test="sign-in"]').innerText()).toBe('Sign in');
    const environments = page.locator('[data-test="environment"] [role="radio"], [data-test="environment"] button');
    await expect.poll(() => environments.allInnerTexts()).toEqual(['Production']);
    const baseUrl = page.locator('[data-test="base-url"]');
    await expect.poll(() => baseUrl.inputValue()).toBe(serviceUrl);
    expect(await baseUrl.getAttribute('readonly')).not.toBeNull();
    expect(await page.locator('[data-test="base-url-managed"]').innerText()).toContain('Set by your organization');
    await page.locator('[data-test="email"]').fill(DEMO_USER.email);
    await page.locator('#password').fill(DEMO_USER.password);
    await page.screenshot({ path: join(SCREENSHOTS, '40-fleet-sign-in.png'), fullPage: true, animations: 'disabled' });
    const before = proxy.tunnels.length;
    await page.locator('[data-test="sign-in"]').click();
    await page.waitForSelector('[data-test="bot-101"]');
    expect(proxy.tunnels.slice(before)).toContain(`${SERVICE_NAME}:${service.port}`);
    await page.close();
  }, 60_000);
});
