// results:export hands the renderer the results workbook as bytes, built in memory: debtor data never
// goes through a temporary file (the OS temp folder is shared and outlives a crash).
import * as XLSX from '@e965/xlsx';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES_SHEET, CALLS_SHEET } from '../../../src-main/exports/results-export';
import { connect, dialedCampaign } from '../../client/helpers';
import { useEmulator } from '../../support/emulator';
import { signedInApp } from '../../support/signed-in-app';

const emulator = useEmulator();
const { dir, surface } = signedInApp('casedesk-results-export-');

/** Runs `work` with the OS temp folder pointing nowhere: writing a temporary file there fails. */
async function withoutTempFolder<T>(work: () => Promise<T>): Promise<T> {
  const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  const nowhere = join(dir, 'no-temp-folder-here');
  Object.assign(process.env, { TMPDIR: nowhere, TMP: nowhere, TEMP: nowhere });
  try {
    expect(tmpdir()).toBe(nowhere);
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe('results:export', () => {
  it('builds the workbook in memory, with no temporary file', async () => {
    await surface.call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    const { client } = await connect(emulator.current.url);
    const campaignId = await dialedCampaign(emulator.current.url, client, 3);
    expect(await surface.call('results:download', { environment: 'test', campaignId, recordings: false })).toMatchObject({ ok: true, value: { cases: 3 } });

    const exported = await withoutTempFolder(() => surface.call('results:export', { environment: 'test', campaignId }));
    if (!exported.ok) throw new Error(`${exported.error.code}: ${exported.error.message}`);
    expect(exported.value.name).toBe(`resultados-campania-${campaignId}.xlsx`);
    const book = XLSX.read(Buffer.from(exported.value.base64, 'base64'), { type: 'buffer' });
    expect(book.SheetNames).toEqual([CASES_SHEET, CALLS_SHEET]);
    expect(XLSX.utils.sheet_to_json(book.Sheets[CASES_SHEET]!, { header: 1 })).toHaveLength(4);
  });

  it('says plainly when nothing of the campaign was downloaded', async () => {
    expect(await surface.call('results:export', { environment: 'test', campaignId: 424_242 })).toMatchObject({
      ok: false,
      error: { code: 'results.not_stored', params: { campaignId: 424_242, environment: 'test' } },
    });
  });
});
