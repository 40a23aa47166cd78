// A do-not-contact list and a corrected error report are read with budgets that fit what they hold,
// not a creditor's whole file's: the reviewer's .ods (one text cell, 19 columns × 998,000 rows, just
// under the 20-million-cell budget of a creditor's file) is refused before it expands, instead of
// holding the app's thread for a minute and a half.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { odsCellCount } from '../../../src-main/preparation/reading/ods-cells';
import { unpackZip } from '../../../src-main/preparation/reading/zip-unpack';
import { CORRECTIONS_READ_LIMITS, LEDGER_READ_LIMITS, READ_LIMITS } from '../../../src-main/preparation/reading/read-limits';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import { repeatedCellOds } from '../../support/ods-bomb';
import { handOver } from '../../support/source-file';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-hostile-imports-'));
const ctx = createAppContext({ dataDir: dir, policy: NO_POLICY });
const surface = createSurface(ctx);
let bomb: Buffer;
beforeAll(async () => {
  bomb = await repeatedCellOds(998_000, 19);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const receive = async (name: string, bytes: Buffer) => {
  const answer = await surface.call('files:receive', { name, base64: bytes.toString('base64') });
  if (!answer.ok) throw new Error(answer.error.code);
  return answer.value.fileId;
};

describe("the reviewer's .ods", () => {
  it('passes the budget of a creditor’s file, and neither of these', async () => {
    expect(bomb.length).toBeLessThan(64 * 1024);
    const cells = odsCellCount((await unpackZip(new Uint8Array(bomb))).get('content.xml')?.toString('utf8') ?? '');
    expect(cells).toBe(998_000 * 19);
    expect(cells).toBeLessThanOrEqual(READ_LIMITS.maxCells);
    expect(cells).toBeGreaterThan(LEDGER_READ_LIMITS.maxCells);
    expect(cells).toBeGreaterThan(CORRECTIONS_READ_LIMITS.maxCells);
  });

  it('is refused as a do-not-contact list, quickly, saying the file and the limit', async () => {
    const started = performance.now();
    const answer = await surface.call('ledger:import', { fileId: await receive('no-llamar.ods', bomb) });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'read.too_many_cells', params: { file: 'no-llamar.ods', cells: 998_000 * 19, limit: LEDGER_READ_LIMITS.maxCells } },
    });
    expect(!answer.ok && answer.error.message).toContain('no-llamar.ods');
  });

  it('is refused as a corrected error report, quickly, saying the file and the limit', async () => {
    const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, SAMPLE), maxPhonePriority: 2 });
    if (!prepared.ok) throw new Error(prepared.error.code);
    const started = performance.now();
    const answer = await surface.call('batches:importCorrections', { batchId: prepared.value.batchId, fileId: await receive('corregido.ods', bomb) });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'read.too_many_cells', params: { file: 'corregido.ods', cells: 998_000 * 19, limit: CORRECTIONS_READ_LIMITS.maxCells } },
    });
  });
});
