// A big batch's files take a while (a minute for a million cases' error report): while they are
// written, the surface says how far, so the screen can tell the agent it is on its way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import type { SurfaceEvents } from '../../../src-main/surface/procedures';
import { handOver } from '../../support/source-file';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-export-progress-'));
const ctx = createAppContext({ dataDir: join(dir, 'data') });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** 12,000 debtors, each with a work phone one digit short (a warning: in the error report), and every tenth with no debt (rejected). */
async function bigBatch(): Promise<number> {
  const lines = ['DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < 12_000; i++)
    lines.push(
      `${20_000_000 + i};APELLIDO${i}, Nombre;351 6${String(i).padStart(6, '0')};011 4000-000;OP-${i};Visa;${i % 10 === 0 ? 'mucho' : '1.000,50'};01/01/2027`,
    );
  const file = join(dir, 'cartera.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, file), maxPhonePriority: 2 });
  if (!prepared.ok) throw new Error(prepared.error.code);
  return prepared.value.batchId;
}

/** Runs `procedure` on the batch and gives back what it said of its progress. */
async function progressOf(batchId: number, procedure: 'batches:exportErrors' | 'batches:exportClean'): Promise<SurfaceEvents['export:progress'][]> {
  const heard: SurfaceEvents['export:progress'][] = [];
  const stop = ctx.on('export:progress', (p) => void heard.push(p));
  try {
    const file = await surface.call(procedure, { batchId });
    expect(file.ok).toBe(true);
  } finally {
    stop();
  }
  return heard;
}

/** Where a file of `total` cases and reasons says how far it is: 0, every 5,000, and the end. */
const saidAt = (total: number) => [...Array.from({ length: Math.floor(total / 5_000) + 1 }, (_, i) => i * 5_000), ...(total % 5_000 === 0 ? [] : [total])];

describe("a batch's files, written", () => {
  it('say how far they are, from nothing to all of their cases and reasons', async () => {
    const batchId = await bigBatch();
    const summary = await surface.call('batches:get', { batchId });
    if (!summary.ok) throw new Error(summary.error.code);
    const { counts, issues } = summary.value;

    const report = await progressOf(batchId, 'batches:exportErrors');
    // The report's cases (each with a warning or an error) and its reasons, one a warning or error.
    const units = counts.warning + counts.rejected + counts.suppressed + issues.errors + issues.warnings + issues.rowErrors;
    expect(counts.warning + counts.rejected).toBe(12_000);
    // Said at the start, every 5,000 cases and reasons written, and at the end: each counted once.
    expect(report).toEqual(saidAt(units).map((done) => ({ batchId, file: 'errors', done, total: units })));

    const clean = await progressOf(batchId, 'batches:exportClean');
    const sent = counts.ready + counts.warning;
    expect(clean).toEqual(saidAt(sent).map((done) => ({ batchId, file: 'clean', done, total: sent })));
  });
});
