// From a campaign's results to the next action, through the command surface against a real emulator:
// the creditor's file prepared, uploaded, dialed for a while, its results downloaded; then a follow-up
// batch of the cases the bot did not finish, a summary, and the promises to pay for the creditor.
import * as XLSX from '@e965/xlsx';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../../src-main/audit/audit-log';
import { PROMISE_HEADERS, PROMISES_SHEET } from '../../../src-main/exports/promises-export';
import { batchSettings, pageCasesWithRaw } from '../../../src-main/store';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { BatchCaseView, FollowupSummary, ProcedureOutputs } from '../../../src-main/surface/procedures';
import { createSurface } from '../../../src-main/surface/surface';
import { bodyOf, connect, control } from '../../client/helpers';
import { BOTS, DEMO_USER, useEmulator } from '../../support/emulator';
import { handOver } from '../../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-followup-'));
const emulator = useEmulator({ speed: 1 });
const ctx = createAppContext({ dataDir: dir, credentials: () => DEMO_USER });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends keyof ProcedureOutputs>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await surface.call(name, input);
  if (!answer.ok) throw Object.assign(new Error(`${answer.error.code}: ${answer.error.message}`), { error: answer.error });
  return answer.value;
}

/** What the service itself says of the campaign's cases (the emulator's own table). */
const serviceCodes = (campaignId: number, where: string) =>
  (emulator.current.core.db.prepare(`SELECT code FROM cases WHERE campaign_id = ? AND ${where} ORDER BY code`).all(campaignId) as { code: string }[]).map(
    (r) => r.code,
  );

async function allCases(batchId: number): Promise<BatchCaseView[]> {
  return call('batches:cases', { batchId, limit: 1000 });
}

describe('results that become the next action', () => {
  let originalBatch = 0;
  let campaignId = 0;

  beforeAll(async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    originalBatch = (await call('batches:prepare', { environment: 'test', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 })).batchId;
    const campaign = await call('campaigns:create', {
      environment: 'test',
      campaign: {
        botId: BOTS.voice,
        name: 'Banco del Sur',
        dialingType: 'HORIZONTAL_VERTICAL',
        minPhonePriority: 0,
        maxPhonePriority: 2,
        maxCallsPerCase: 2,
      },
    });
    campaignId = campaign.campaign.id;
    expect(await call('sync:upload', { environment: 'test', batchId: originalBatch, campaignId })).toMatchObject({ status: 'done', loaded: 8 });
    // Long enough for some cases to end, short enough for others to still be waiting.
    await control(emulator.current.url, 'advance', { seconds: 90 });
    await call('results:download', { environment: 'test', campaignId, recordings: false });
  });

  it('a follow-up batch of the non-final cases holds exactly those cases, rebuilt from their rows', async () => {
    const nonFinal = serviceCodes(campaignId, 'is_final = 0');
    expect(nonFinal.length).toBeGreaterThan(0);
    expect(nonFinal.length).toBeLessThan(8);

    const s = await call('campaigns:followup', { environment: 'test', campaignId, outcome: 'non-final' });
    expect(s).toMatchObject<Partial<FollowupSummary>>({ cases: nonFinal.length, rowErrors: 0, mappingSource: 'batch' });
    expect(s.followup).toEqual({ campaignId, outcome: 'non-final', results: [], fromBatches: [originalBatch], notFound: 0 });
    const cases = await allCases(s.batchId);
    expect(cases.map((c) => c.code).sort()).toEqual(nonFinal);
    expect(cases.every((c) => c.uploadState === 'pending')).toBe(true);

    // Each case is its original as the rows make it: the same phones, products and params.
    const originals = new Map((await allCases(originalBatch)).map((c) => [c.code, c]));
    for (const c of cases) {
      const o = originals.get(c.code);
      expect({ phones: c.phones, products: c.products, params: c.params, sourceRows: c.sourceRows, status: c.status }).toEqual({
        phones: o?.phones,
        products: o?.products,
        params: o?.params,
        sourceRows: o?.sourceRows,
        status: o?.status,
      });
    }
    // The raw rows and the original's mapping and format travel on.
    expect(batchSettings(ctx.store.db, s.batchId)?.mapping).toEqual(batchSettings(ctx.store.db, originalBatch)?.mapping);
    expect(pageCasesWithRaw(ctx.store.db, s.batchId, 0, 100).every((c) => c.raw.length > 0)).toBe(true);
    expect(await call('batches:get', { batchId: s.batchId })).toMatchObject({ campaignId: null, maxPhonePriority: 2 });

    expect(readAudit(dir).entries.at(-1)).toMatchObject({
      action: 'batch.followedUp',
      batchId: s.batchId,
      campaignId,
      outcome: 'non-final',
      cases: nonFinal.length,
      fromBatches: 1,
      notFound: 0,
    });
  });

  it('edits and bulk fixes work on a follow-up batch as on any prepared one', async () => {
    const s = await call('campaigns:followup', { environment: 'test', campaignId, outcome: 'non-final' });
    const [first] = await allCases(s.batchId);
    if (!first) throw new Error('no case');
    const edited = await call('batches:editCase', { batchId: s.batchId, caseId: first.id, changes: { phones: ['011 15-4444-5555'] } });
    expect(edited.phones).toEqual(['1144445555']);
    expect(await call('batches:bulkFix', { batchId: s.batchId, fix: { kind: 'decimal-separator', separator: ',' } })).toEqual({ changed: 0 });
    const payload = await call('batches:payload', { batchId: s.batchId });
    expect(payload.cases).toBe(s.ready);

    // The error report round trip: exported with the creditor's values, imported back case by case (as
    // it was written: nothing to correct, every case left as it was).
    const report = await call('batches:exportErrors', { batchId: s.batchId });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(Buffer.from(report.base64, 'base64'), { type: 'buffer' }).Sheets['Casos a corregir']!, {
      header: 1,
    });
    const reported = new Set(rows.slice(1).map((r) => String(r[0])));
    expect(reported.size).toBeGreaterThan(0);
    const received = await call('files:receive', { name: 'errores.xlsx', base64: report.base64 });
    const back = await call('batches:importCorrections', { batchId: s.batchId, fileId: received.fileId });
    expect(back).toMatchObject({ updated: 0, unchanged: reported.size, unknownCodes: [], alreadySent: [] });
  });

  it('takes the cases with chosen result names, and an outcome and names together', async () => {
    const stored = await call('results:cases', { environment: 'test', campaignId, limit: 100 });
    const name = stored.cases[0]?.result.name ?? '';
    const withName = stored.cases
      .filter((c) => c.result.name === name)
      .map((c) => c.code ?? '')
      .sort();
    const byName = await call('campaigns:followup', { environment: 'test', campaignId, results: [name.toUpperCase()] });
    expect((await allCases(byName.batchId)).map((c) => c.code).sort()).toEqual(withName);

    const both = stored.cases.filter((c) => c.result.name === name && !c.result.isFinal).length;
    const answer = await surface.call('campaigns:followup', { environment: 'test', campaignId, outcome: 'non-final', results: [name] });
    if (both === 0) expect(answer).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^followup\.nothing_selected/) as unknown } });
    else expect(answer).toMatchObject({ ok: true, value: { cases: both } });
  });

  it('not-contacted and no-promise agree with the summary; refusals carry a stable code', async () => {
    const summary = await call('results:summary', { environment: 'test', campaignId });
    expect(summary.cases).toBe(8);
    const notContacted = await surface.call('campaigns:followup', { environment: 'test', campaignId, outcome: 'not-contacted' });
    if (summary.notContacted > 0) expect(notContacted).toMatchObject({ ok: true, value: { cases: summary.notContacted } });
    const noPromise = await call('campaigns:followup', { environment: 'test', campaignId, outcome: 'no-promise' });
    expect(noPromise.cases).toBe(8 - summary.promises.count);

    expect(await surface.call('campaigns:followup', { environment: 'test', campaignId })).toMatchObject({
      ok: false,
      error: { code: 'input.invalid', params: { path: 'outcome' } },
    });
    expect(await surface.call('campaigns:followup', { environment: 'test', campaignId: 424_242, outcome: 'non-final' })).toMatchObject({
      ok: false,
      error: { code: 'followup.no_results', params: { campaignId: 424_242 } },
    });
  });

  it('sums up the campaign: outcomes, promises, calls by hour; lists and exports the promises', async () => {
    const summary = await call('results:summary', { environment: 'test', campaignId });
    const promised = serviceCodes(campaignId, 'got_promise = 1');
    expect(summary.final).toBe(serviceCodes(campaignId, 'is_final = 1').length);
    expect(summary.contacted).toBe(serviceCodes(campaignId, 'contacted = 1').length);
    expect(summary.promises.count).toBe(promised.length);
    expect(summary.byResult.reduce((n, r) => n + r.cases, 0)).toBe(8);
    expect(summary.byHour.reduce((n, h) => n + h.calls, 0)).toBe(summary.calls);

    const promises = await call('results:promises', { environment: 'test', campaignId });
    expect(promises.map((p) => p.code).sort()).toEqual(promised);
    for (const p of promises)
      expect(p).toMatchObject({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        amount: expect.stringMatching(/^\d+\.\d{2}$/),
        callId: expect.any(Number),
      });

    const file = await call('results:exportPromises', { environment: 'test', campaignId });
    expect(file.name).toBe(`promesas-campania-${campaignId}.xlsx`);
    const book = XLSX.read(Buffer.from(file.base64, 'base64'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[PROMISES_SHEET]!, { header: 1 });
    expect(rows[0]).toEqual([...PROMISE_HEADERS]);
    expect(rows).toHaveLength(promises.length + 1);
    expect(readAudit(dir).entries.at(-1)).toMatchObject({ action: 'export.written', kind: 'promises', campaignId, count: promises.length, to: 'download' });
  });

  it('counts the matching cases uploaded from elsewhere, which it has no rows to rebuild from', async () => {
    const { client } = await connect(emulator.current.url);
    expect(await client.uploadCases(campaignId, bodyOf(2, 'AJENO-'))).toMatchObject({ kind: 'loaded' });
    await call('results:download', { environment: 'test', campaignId, recordings: false });
    const s = await call('campaigns:followup', { environment: 'test', campaignId, outcome: 'non-final' });
    expect(s.followup.notFound).toBe(2);
    expect((await allCases(s.batchId)).some((c) => c.code.startsWith('AJENO-'))).toBe(false);
  });
});
