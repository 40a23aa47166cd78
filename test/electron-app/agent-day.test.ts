// `npm run test:electron`: an agent's day in the real desktop app, driven through Playwright's
// _electron: sign in to Demo, prepare the creditor's file, upload the batch to a new campaign from
// Sync, download the campaign's results, quit. Only where Electron's binary was downloaded (not CI,
// not these machines: ELECTRON_SKIP_BINARY_DOWNLOAD): elsewhere it is skipped, saying why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const project = join(import.meta.dirname, '..', '..');
const SAMPLE = join(project, 'resources', 'samples', 'cartera-banco-del-sur.xlsx');

/** Electron's binary, when it was downloaded (requiring the package would try to download it). */
function electronBinary(): string | null {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
if (binary === null) {
  console.log(
    "test:electron skipped: Electron's binary is not installed here (npm install ran with ELECTRON_SKIP_BINARY_DOWNLOAD, or could not download it). " +
      'Run `node node_modules/electron/install.js` where the network allows, then `npm run test:electron`.',
  );
}

/** A procedure called as the renderer calls it: through the preload's window.casedesk. */
async function call<T>(page: Page, name: string, input: unknown): Promise<T> {
  const answer = await page.evaluate(
    ([n, i]) => (window as unknown as { casedesk: { call(name: string, input: unknown): Promise<unknown> } }).casedesk.call(n as string, i),
    [name, input] as const,
  );
  const result = answer as { ok: true; value: T } | { ok: false; error: { code: string } };
  if (!result.ok) throw new Error(`${name}: ${result.error.code}`);
  return result.value;
}

async function pick(page: Page, select: string, option: string | RegExp): Promise<void> {
  await page.locator(select).click();
  await page.getByRole('option', { name: option }).click();
}

describe.runIf(binary !== null)("an agent's day in the desktop app", () => {
  let dataDir = '';
  let app: ElectronApplication;
  let page: Page;
  let batchId = 0;
  let campaignId = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'casedesk-electron-'));
    const build = spawnSync(process.execPath, [join(project, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
      cwd: project,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('electron-vite build failed');
    // The store's native module for Electron's ABI (what npm start does first).
    const native = spawnSync(process.execPath, [join(project, 'scripts', 'native-electron.mjs')], { cwd: project, stdio: 'inherit' });
    if (native.status !== 0) throw new Error('npm run native:electron failed (see above)');
    app = await _electron.launch({ executablePath: binary!, args: [project], env: { ...process.env, CASEDESK_DATA_DIR: dataDir } as Record<string, string> });
    page = await app.firstWindow();
  }, 300_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the sign-in screen on app://casedesk and signs in to Demo in one click', async () => {
    expect(page.url()).toMatch(/^app:\/\/casedesk\//);
    await page.locator('[data-test="sign-in"]').click();
    await page.waitForURL(/#\/bots/);
  });

  it('prepares the creditor file into a batch, in its worker thread', async () => {
    await page.locator('a[href="#/batches/new"]').click();
    await page.setInputFiles('[data-test="file-input"]', SAMPLE);
    await page.locator('[data-test="preview"]').waitFor();
    await page.locator('[data-test="to-mapping"]').click();
    await page.locator('[data-test="suggested"]').waitFor();
    const priority = page.locator('#max-phone-priority');
    await priority.click();
    await priority.fill('2');
    await priority.press('Tab');
    await page.locator('[data-test="to-prepare"]').click();
    await page.locator('[data-test="prepare"]').click();
    await page.locator('[data-test="summary"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-test="summary-cases"] .value').innerText()).toBe('11');
    await page.locator('[data-test="open-batch"]').click();
    await page.waitForURL(/#\/batches\/\d+$/);
    batchId = Number(/#\/batches\/(\d+)$/.exec(page.url())![1]);
  }, 120_000);

  it('uploads the batch to a new campaign from Sync', async () => {
    const created = await call<{ campaign: { id: number } }>(page, 'campaigns:create', {
      environment: 'demo',
      campaign: { botId: 101, name: 'Electron', dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 0, maxPhonePriority: 2, maxCallsPerCase: 1 },
    });
    campaignId = created.campaign.id;
    await page.evaluate(() => (location.hash = '#/sync'));
    await page.locator(`[data-test="sync-batch-${batchId}"]`).waitFor();
    await pick(page, `[data-test="bot-select-${batchId}"]`, 'Cobranza Voz');
    await pick(page, `[data-test="campaign-select-${batchId}"]`, new RegExp(`^Electron \\(n\\.º ${campaignId},`));
    await page.locator(`[data-test="upload-${batchId}"]`).click();
    const confirm = page.locator('[data-test="confirm-sync"]');
    await confirm.waitFor();
    await confirm.locator('.p-confirmdialog-accept-button').click();
    await page.locator(`[data-test="upload-loaded-${batchId}"]`).waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-test="upload-counts"]').innerText()).toMatch(/8/);
  }, 120_000);

  it("downloads the campaign's results", async () => {
    await page.evaluate((id) => (location.hash = `#/campaigns/${id}/results`), campaignId);
    await page.locator('[data-test="download"]').click();
    await page.locator('[data-test="download-summary"], [data-test="download-error"]').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-test="download-error"]').count()).toBe(0);
  }, 120_000);

  it('quits once the store is closed', async () => {
    await app.close();
    expect(existsSync(join(dataDir, 'casedesk.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'casedesk.sqlite-wal'))).toBe(false);
  }, 60_000);
});
