// Importing a corrected error report into a big batch: its cases are written a few hundred at a time,
// and meanwhile the batch is neither deleted nor sent a second report.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORRECTED_CASES_PER_WRITE } from '../../../src-main/preparation/import-corrections';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import { handOver } from '../../support/source-file';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-corrections-import-'));
const ctx = createAppContext({ dataDir: join(dir, 'data') });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Cases enough for three transactions, each with a work phone one digit short (a warning: in the report). */
const CASES = 2 * CORRECTED_CASES_PER_WRITE + 100;

async function batchWithReport(): Promise<{ batchId: number; reportId: () => Promise<string> }> {
  const lines = ['DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < CASES; i++)
    lines.push(`${20_000_000 + i};APELLIDO${i}, Nombre;351 600-${String(i).padStart(4, '0')};011 4000-000;OP-${i};Visa;1.000,50;01/01/2027`);
  const file = join(dir, 'cartera.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, file), maxPhonePriority: 2 });
  if (!prepared.ok) throw new Error(prepared.error.code);
  const { batchId } = prepared.value;
  const report = await surface.call('batches:exportErrors', { batchId });
  if (!report.ok) throw new Error(report.error.code);
  const reportId = async () => {
    const received = await surface.call('files:receive', { name: 'corregido.xlsx', base64: report.value.base64 });
    if (!received.ok) throw new Error(received.error.code);
    return received.value.fileId;
  };
  return { batchId, reportId };
}

describe('batches:importCorrections on a batch of many cases', () => {
  it('refuses to delete the batch, or to import a second report into it, until the first is written', async () => {
    const { batchId, reportId } = await batchWithReport();
    const first = surface.call('batches:importCorrections', { batchId, fileId: await reportId() });
    const second = await reportId();
    while (!ctx.runningWork().includes(`corrections:${batchId}`)) await new Promise((resolve) => setImmediate(resolve));

    expect(await surface.call('batches:delete', { batchId })).toMatchObject({ ok: false, error: { code: 'batch.correcting', params: { batchId } } });
    expect(await surface.call('batches:importCorrections', { batchId, fileId: second })).toMatchObject({
      ok: false,
      error: { code: 'corrections.running', params: { batchId } },
    });

    expect(await first).toMatchObject({ ok: true, value: { updated: CASES, unknownCodes: [], alreadySent: [] } });
    expect(ctx.runningWork()).toEqual([]);
    expect(await surface.call('batches:delete', { batchId })).toMatchObject({ ok: true });
  });
});
