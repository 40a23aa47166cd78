// A recording from a slow server: the agent opens a call whose recording was not downloaded, the Test
// service sends it at 1 KiB/s (minutes for a call), and the agent stops it with the Stop beside the
// loading text, from the keyboard in a campaign's results and with the mouse in an inbound call. The
// card says the recording was not downloaded, and the download really stopped: the surface answered
// service.cancelled, the service saw the app hang up, nothing runs and no file was saved. Try again
// then brings it (the service quick again). Closing the case's panel or the inbound call's dialog while
// a recording comes stops it the same way, and opening it again brings it. axe checks each state added.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src-main/emulator';
import type { ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { BOTS, http, offsetForLocalHour } from '../support/emulator';
import { handOver } from '../support/source-file';
import { expectAccessible } from './support/accessibility';
import { hasChromium, signInToTest, useE2eApp } from './support/app';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');

describe.runIf(hasChromium)('a recording that comes slowly', () => {
  // Ten minutes before the pace floor judges a recording (30 s by default): the loading state's checks
  // below may take that long on a loaded machine, and only Stop may end the download here.
  const app = useE2eApp({ recordingPace: { graceMs: 10 * 60_000 } });
  const dbDir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-recording-'));
  let service: RunningEmulator | null = null;
  beforeAll(async () => {
    // Ten in the morning on the service's clock, whatever the hour here: the hour advanced below stays
    // inside the campaign's calling window (at 21:00 nobody would be called).
    service = await startEmulator({ tickMs: 0, faults: true, dbFile: join(dbDir, 'service.sqlite'), utcOffsetMinutes: offsetForLocalHour(10) });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dbDir, { recursive: true, force: true });
  });
  const serviceUrl = () => service?.url ?? '';

  async function surfaceCall<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
    const answer = await createSurface(app.current.ctx).call(name, input);
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  }
  const faults = async (settings: object) => expect((await http(`${serviceUrl()}/__control/faults`, { body: settings })).status).toBe(200);
  const trickling = async () => ((await http(`${serviceUrl()}/__control/state`)).json as { recordings_trickling: number }).recordings_trickling;
  const savedRecordings = () => {
    try {
      return readdirSync(join(app.current.dataDir, 'recordings', 'test'));
    } catch {
      return [];
    }
  };
  /** The renderer's next answer to `name`, as the surface sent it. */
  const nextAnswer = (page: Page, name: ProcedureName = 'recordings:get'): Promise<Response> =>
    page.waitForResponse((res) => decodeURIComponent(new URL(res.url()).pathname) === `/api/call/${name}`);

  /** The recording in `where` coming: mid-body on the service, half-written here, its Stop shown. */
  async function coming(page: Page, where: string, work: RegExp): Promise<void> {
    await page.locator(`${where} [data-test="recording-stop"]`).waitFor();
    await expect.poll(trickling, { timeout: 10_000 }).toBe(1);
    expect(app.current.ctx.runningWork()).toEqual([expect.stringMatching(work)]);
    await expect.poll(() => savedRecordings().filter((name) => name.endsWith('.part')).length, { timeout: 5_000 }).toBe(1);
  }

  /** Every sign that the download stopped: the service saw the app hang up, nothing runs, nothing was kept. */
  async function stoppedForGood(saved: string[]): Promise<void> {
    await expect.poll(trickling, { timeout: 5_000 }).toBe(0);
    expect(app.current.ctx.runningWork()).toEqual([]);
    expect(savedRecordings()).toEqual(saved);
  }

  /**
   * Stop pressed while the recording comes (mid-body on the service, half-written here), and every sign
   * that it stopped; `saved` is what the recordings folder held before the call was opened.
   */
  async function stopsMidway(
    page: Page,
    where: string,
    { work, saved, shot }: { work: RegExp; saved: string[]; shot: string },
    press: (stop: ReturnType<Page['locator']>) => Promise<void>,
  ): Promise<void> {
    const scope = page.locator(where);
    const stop = scope.locator('[data-test="recording-stop"]');
    await coming(page, where, work);
    // The card or dialog alone: what this state adds.
    await expectAccessible(page, `${where}: recording loading, with its Stop`, where);
    await app.current.screenshot(`${shot}-loading`);

    const answer = nextAnswer(page);
    const pressedAt = Date.now();
    await press(stop);
    await scope
      .locator('[data-test="recording-stopped"]')
      .filter({ hasText: /Grabación no descargada|Recording not downloaded/ })
      .waitFor();
    // Stop ends it at once, not some later limit.
    expect(Date.now() - pressedAt).toBeLessThan(10_000);
    expect(await (await answer).json()).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
    await stoppedForGood(saved);
    expect(await stop.count()).toBe(0);
    await expectAccessible(page, `${where}: recording stopped, with Try again`);
    await app.current.screenshot(`${shot}-stopped`);
  }

  /**
   * The call card or dialog `where` closed by `close` while its recording comes: the download stops as
   * a Stop stops it (the cancel naming the ask the view made), at once, and its answer goes unseen.
   */
  async function closesMidway(page: Page, where: string, { work, saved }: { work: RegExp; saved: string[] }, close: () => Promise<void>): Promise<void> {
    await coming(page, where, work);
    const answer = nextAnswer(page);
    const cancel = nextAnswer(page, 'downloads:cancel');
    const closedAt = Date.now();
    await close();
    await page.locator(where).waitFor({ state: 'detached' });
    expect(await (await cancel).json()).toEqual({ ok: true, value: { cancelled: true } });
    const asked = (await answer).request().postDataJSON() as { kind: string; refId: number; ask: string };
    expect((await cancel).request().postDataJSON()).toEqual({ what: 'recording', ...asked });
    expect(await (await answer).json()).toMatchObject({ ok: false, error: { code: 'service.cancelled' } });
    expect(Date.now() - closedAt).toBeLessThan(10_000);
    await stoppedForGood(saved);
  }

  /** The campaign the calls' tests share, its results downloaded without recordings; its cases called once. */
  let campaignId = 0;
  let calledOnce: number[] = [];
  const firstCallOf = async (caseId: number) => (await surfaceCall('results:calls', { environment: 'test', campaignId, caseId }))[0]?.id ?? 0;

  it('signs in to Test', async () => {
    await signInToTest(app.current.page, serviceUrl());
  });

  it("stops a call's recording from the keyboard, then Try again brings it", async () => {
    const { page } = app.current;
    // A campaign that dialed its cases, its results downloaded without recordings.
    const batch = await surfaceCall('batches:prepare', {
      environment: 'test',
      fileId: await handOver(createSurface(app.current.ctx), SAMPLE),
      maxPhonePriority: 2,
    });
    const { campaign } = await surfaceCall('campaigns:create', {
      environment: 'test',
      campaign: {
        botId: BOTS.voice,
        name: 'Grabaciones lentas',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 1,
      },
    });
    expect(await surfaceCall('sync:upload', { environment: 'test', batchId: batch.batchId, campaignId: campaign.id })).toMatchObject({ status: 'done' });
    await surfaceCall('campaigns:action', { environment: 'test', campaignId: campaign.id, action: 'start' });
    expect((await http(`${serviceUrl()}/__control/advance`, { body: { seconds: 3600 } })).status).toBe(200);
    expect(await surfaceCall('results:download', { environment: 'test', campaignId: campaign.id, recordings: false })).toMatchObject({ recordings: 0 });
    const { cases } = await surfaceCall('results:cases', { environment: 'test', campaignId: campaign.id, limit: 100 });
    campaignId = campaign.id;
    // One call: its card is the only one asking for a recording.
    calledOnce = cases.filter((c) => c.callCount === 1).map((c) => c.id);
    expect(calledOnce.length, 'fewer than two cases were called once').toBeGreaterThanOrEqual(2);
    const caseId = calledOnce[0] ?? 0;
    const callId = await firstCallOf(caseId);

    await faults({ recording_bytes_per_second: 1024 });
    const saved = savedRecordings();
    await page.goto(`${app.current.origin}/#/campaigns/${campaign.id}/results`);
    await page.locator(`[data-test="case-${caseId}"]`).click();
    const card = `[data-test="call-${callId}"]`;
    // Its name says what it stops: this call's recording.
    await page.getByRole('button', { name: 'Detener la descarga de la grabación de la llamada 1' }).waitFor();
    await stopsMidway(page, card, { work: new RegExp(`^download:recording:test:outbound:${callId}$`), saved, shot: '70-call-recording' }, async (stop) => {
      await stop.focus();
      await page.keyboard.press('Enter');
    });

    // The keyboard goes on from Try again, not from the top of the page.
    const retry = page.locator(`${card} [data-test="recording-retry"]`);
    expect(await retry.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await retry.getAttribute('aria-label')).toBe('Volver a intentar la descarga de la grabación de la llamada 1');
    await faults({ recording_bytes_per_second: 0 });
    await page.keyboard.press('Enter');
    await page.locator(`${card} [data-test="call-audio"]`).waitFor({ timeout: 20_000 });
    expect(savedRecordings()).toHaveLength(saved.length + 1);
    await page.locator('[data-test="close-drawer"]').click();
    await page.locator('[data-test="case-drawer"]').waitFor({ state: 'detached' });
  }, 120_000);

  it("stops a call's recording when its case's panel is closed while it comes; opened again, the recording plays", async () => {
    const { page } = app.current;
    const caseId = calledOnce[1] ?? 0;
    const callId = await firstCallOf(caseId);
    await faults({ recording_bytes_per_second: 1024 });
    const saved = savedRecordings();
    await page.goto(`${app.current.origin}/#/campaigns/${campaignId}/results`);
    await page.locator(`[data-test="case-${caseId}"]`).click();
    const card = `[data-test="call-${callId}"]`;
    await closesMidway(page, card, { work: new RegExp(`^download:recording:test:outbound:${callId}$`), saved }, () =>
      page.locator('[data-test="close-drawer"]').click(),
    );

    await faults({ recording_bytes_per_second: 0 });
    await page.locator(`[data-test="case-${caseId}"]`).click();
    await page.locator(`${card} [data-test="call-audio"]`).waitFor({ timeout: 20_000 });
    expect(savedRecordings()).toHaveLength(saved.length + 1);
    expect(app.current.ctx.runningWork()).toEqual([]);
    await page.locator('[data-test="close-drawer"]').click();
  }, 120_000);

  it("stops an inbound call's recording, then Try again brings it", async () => {
    const { page } = app.current;
    await surfaceCall('inbound:download', { environment: 'test', recordings: false });
    await faults({ recording_bytes_per_second: 1024 });
    const saved = savedRecordings();
    await page.goto(`${app.current.origin}/#/inbound`);
    await page
      .locator('[data-test="inbound-table"] tbody tr')
      .filter({ has: page.locator('[data-test="has-recording"]') })
      .first()
      .click();
    const dialog = '[data-test="inbound-case-dialog"]';
    await page.getByRole('button', { name: 'Detener la descarga de la grabación de esta llamada' }).waitFor();
    await stopsMidway(page, dialog, { work: /^download:recording:test:inbound:\d+$/, saved, shot: '71-inbound-recording' }, (stop) => stop.click());

    await faults({ recording_bytes_per_second: 0 });
    await page.locator(`${dialog} [data-test="recording-retry"]`).click();
    await page.locator(`${dialog} [data-test="recording-audio"]`).waitFor({ timeout: 20_000 });
    expect(savedRecordings()).toHaveLength(saved.length + 1);
  }, 120_000);

  it("stops an inbound call's recording when its dialog is closed while it comes; opened again, the recording plays", async () => {
    const { page } = app.current;
    const dialog = '[data-test="inbound-case-dialog"]';
    // The call of the test before, its recording played, closed from the keyboard.
    await page.keyboard.press('Escape');
    await page.locator(dialog).waitFor({ state: 'detached' });
    await faults({ recording_bytes_per_second: 1024 });
    const saved = savedRecordings();
    // Another call with a recording, not downloaded.
    const row = page
      .locator('[data-test="inbound-table"] tbody tr')
      .filter({ has: page.locator('[data-test="has-recording"]') })
      .nth(1);
    await row.click();
    await closesMidway(page, dialog, { work: /^download:recording:test:inbound:\d+$/, saved }, () =>
      page.locator(`${dialog} .p-dialog-footer`).getByRole('button', { name: 'Cerrar' }).click(),
    );

    await faults({ recording_bytes_per_second: 0 });
    await row.click();
    await page.locator(`${dialog} [data-test="recording-audio"]`).waitFor({ timeout: 20_000 });
    expect(savedRecordings()).toHaveLength(saved.length + 1);
    expect(app.current.ctx.runningWork()).toEqual([]);
  }, 120_000);
});
