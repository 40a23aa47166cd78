// Importing a corrected error report into a big batch: its cases are written a few hundred at a time,
// and meanwhile the batch is neither deleted, edited, uploaded nor sent a second report. Stopped (the
// app closing), what was written is whole and its shared-phone warnings are right.
import * as XLSX from '@e965/xlsx';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { correctionsWork } from '../../../src-main/app/work-keys';
import { CORRECTIONS_SHEET } from '../../../src-main/preparation/corrections-sheet';
import { CORRECTED_CASES_PER_WRITE } from '../../../src-main/preparation/import-corrections';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import { replaceIssuesOfKinds, setSharedRecountPending, sharedRecountPending } from '../../../src-main/store';
import { finishSharedRecount } from '../../../src-main/preparation/duplicates/flag-duplicates';
import { handOver } from '../../support/source-file';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-corrections-import-'));
const ctx = createAppContext({ dataDir: join(dir, 'data') });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Cases enough for five parts, each with a work phone one digit short (a warning: in the report). */
const CASES = 4 * CORRECTED_CASES_PER_WRITE + 100;

/** A batch and its error report with every case's name corrected, and the first `sharing` given one phone. */
async function batchWithCorrectedReport(sharing = 0): Promise<{ batchId: number; reportId: () => Promise<string> }> {
  const lines = ['DNI;Apellido y Nombre;Celular;Tel. Laboral;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < CASES; i++)
    lines.push(`${20_000_000 + i};APELLIDO${i}, Nombre;351 600-${String(i).padStart(4, '0')};011 4000-000;OP-${i};Visa;1.000,50;01/01/2027`);
  const file = join(dir, `cartera-${sharing}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const prepared = await surface.call('batches:prepare', { environment: 'demo', fileId: await handOver(surface, file), maxPhonePriority: 2 });
  if (!prepared.ok) throw new Error(prepared.error.code);
  const { batchId } = prepared.value;
  const report = await surface.call('batches:exportErrors', { batchId });
  if (!report.ok) throw new Error(report.error.code);
  const book = XLSX.read(Buffer.from(report.value.base64, 'base64'), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[CORRECTIONS_SHEET]!, { header: 1 });
  const corrected = rows.map((row, i) =>
    i === 0 ? row : [row[0], `${String(row[1])} Corregido`, row[2], i <= sharing ? '351 700-0000' : row[3], ...row.slice(4)],
  );
  const out = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(corrected), CORRECTIONS_SHEET);
  const base64 = (XLSX.write(out, { bookType: 'xlsx', type: 'buffer' }) as Buffer).toString('base64');
  const reportId = async () => {
    const received = await surface.call('files:receive', { name: 'corregido.xlsx', base64 });
    if (!received.ok) throw new Error(received.error.code);
    return received.value.fileId;
  };
  return { batchId, reportId };
}

/** Runs `between` once, when the first part is written and the next not yet begun. */
function afterFirstPart(batchId: number, between: () => void): () => void {
  let done = false;
  return ctx.on('corrections:progress', (p) => {
    if (done || p.batchId !== batchId || p.done === 0 || p.done === p.total) return;
    done = true;
    between();
  });
}

describe('batches:importCorrections on a batch of many cases', () => {
  it('between its parts, refuses to delete, edit, fix, upload or import into the batch; then takes them again', async () => {
    const { batchId, reportId } = await batchWithCorrectedReport();
    const second = await reportId();
    const cases = await surface.call('batches:cases', { batchId, limit: 1 });
    const caseId = cases.ok ? (cases.value[0]?.id ?? 0) : 0;
    const answers: Promise<unknown>[] = [];
    const stop = afterFirstPart(batchId, () => {
      answers.push(
        surface.call('batches:delete', { batchId }),
        surface.call('batches:editCase', { batchId, caseId, changes: { firstName: 'Otra' } }),
        surface.call('batches:bulkFix', { batchId, fix: { kind: 'exclude-rejected' } }),
        surface.call('sync:upload', { batchId }),
        surface.call('batches:importCorrections', { batchId, fileId: second }),
      );
    });
    const first = await surface.call('batches:importCorrections', { batchId, fileId: await reportId() });
    stop();
    const refused = (code: string) => ({ ok: false, error: { code, params: { batchId } } });
    expect(await Promise.all(answers)).toMatchObject([
      refused('batch.correcting'),
      refused('batch.correcting'),
      refused('batch.correcting'),
      refused('batch.correcting'),
      refused('corrections.running'),
    ]);
    expect(first).toMatchObject({ ok: true, value: { updated: CASES, unchanged: 0, unknownCodes: [], alreadySent: [] } });
    expect(ctx.runningWork()).toEqual([]);
    expect(await surface.call('batches:editCase', { batchId, caseId, changes: { firstName: 'Otra' } })).toMatchObject({ ok: true });
    expect(await surface.call('batches:delete', { batchId })).toMatchObject({ ok: true });
  });

  it('stopped after its first part, keeps that part whole with its shared-phone warnings, and leaves the rest as it was', async () => {
    // Six debtors given one phone in the first part: a phone of many debtors (five or more).
    const { batchId, reportId } = await batchWithCorrectedReport(6);
    const stop = afterFirstPart(batchId, () => ctx.cancel(correctionsWork(batchId)));
    const answer = await surface.call('batches:importCorrections', { batchId, fileId: await reportId() });
    stop();
    expect(answer).toMatchObject({ ok: true, value: { updated: CORRECTED_CASES_PER_WRITE } });
    const all = await surface.call('batches:cases', { batchId, limit: 1000 });
    if (!all.ok) throw new Error(all.error.code);
    const corrected = all.value.filter((c) => c.firstName.endsWith('Corregido'));
    expect(corrected).toHaveLength(CORRECTED_CASES_PER_WRITE);
    const shared = await surface.call('batches:cases', { batchId, kind: 'shared-phone', limit: 1000 });
    if (!shared.ok) throw new Error(shared.error.code);
    expect(shared.value.map((c) => c.code)).toEqual(Array.from({ length: 6 }, (_, i) => String(20_000_000 + i)));
  });

  it('says with each part it leaves shared phones to count; killed before the count, the batch counts them at its next opening', async () => {
    const { batchId, reportId } = await batchWithCorrectedReport(6);
    const pendingBetween: boolean[] = [];
    const stop = afterFirstPart(batchId, () => pendingBetween.push(sharedRecountPending(ctx.store.db, batchId)));
    expect(await surface.call('batches:importCorrections', { batchId, fileId: await reportId() })).toMatchObject({ ok: true, value: { updated: CASES } });
    stop();
    // Every name corrected: each part touched hundreds of phones, counted once after the last part.
    expect(pendingBetween).toEqual([true]);
    expect(sharedRecountPending(ctx.store.db, batchId)).toBe(false);
    const sharing = async () => {
      const shared = await surface.call('batches:cases', { batchId, kind: 'shared-phone', limit: 1000 });
      if (!shared.ok) throw new Error(shared.error.code);
      return shared.value.map((c) => c.code);
    };
    const six = Array.from({ length: 6 }, (_, i) => String(20_000_000 + i));
    expect(await sharing()).toEqual(six);
    // As a process killed after the first part leaves the batch: the part written, its phones not counted.
    const cases = await surface.call('batches:cases', { batchId, kind: 'shared-phone', limit: 10 });
    if (!cases.ok) throw new Error(cases.error.code);
    ctx.store.db.transaction(() => {
      for (const c of cases.value) replaceIssuesOfKinds(ctx.store.db, c.id, (kind) => kind === 'shared-phone', []);
      setSharedRecountPending(ctx.store.db, batchId, true);
    })();
    expect(await sharing()).toEqual([]);
    // Opening the batch checks its duplicates: the count left to do is done first, and the six cases
    // changed make the screen read the batch again.
    expect(await surface.call('batches:checkDuplicates', { batchId })).toMatchObject({ ok: true, value: { changed: 6 } });
    expect(await sharing()).toEqual(six);
    expect(sharedRecountPending(ctx.store.db, batchId)).toBe(false);
    expect(await surface.call('batches:checkDuplicates', { batchId })).toMatchObject({ ok: true, value: { changed: 0 } });
  });

  it('left to count, is not counted by a report stopped before its first part, nor at the opening of a batch too big to count there', async () => {
    const { batchId, reportId } = await batchWithCorrectedReport(6);
    setSharedRecountPending(ctx.store.db, batchId, true);
    // Stopped while the report is read (its first progress: nothing written yet).
    const stop = ctx.on('corrections:progress', (p) => void (p.batchId === batchId && p.total === 0 && ctx.cancel(correctionsWork(batchId))));
    expect(await surface.call('batches:importCorrections', { batchId, fileId: await reportId() })).toMatchObject({ ok: true, value: { updated: 0 } });
    stop();
    expect(sharedRecountPending(ctx.store.db, batchId)).toBe(true);
    expect(finishSharedRecount(ctx.store, batchId, CASES - 1)).toBe(0);
    expect(sharedRecountPending(ctx.store.db, batchId)).toBe(true);
    expect(finishSharedRecount(ctx.store, batchId, CASES)).toBe(0);
    expect(sharedRecountPending(ctx.store.db, batchId)).toBe(false);
  });

  it('imported again, counts what an earlier import left to count, once, at its end', async () => {
    const { batchId, reportId } = await batchWithCorrectedReport(6);
    expect(await surface.call('batches:importCorrections', { batchId, fileId: await reportId() })).toMatchObject({ ok: true });
    const cases = await surface.call('batches:cases', { batchId, kind: 'shared-phone', limit: 10 });
    if (!cases.ok) throw new Error(cases.error.code);
    ctx.store.db.transaction(() => {
      for (const c of cases.value) replaceIssuesOfKinds(ctx.store.db, c.id, (kind) => kind === 'shared-phone', []);
      setSharedRecountPending(ctx.store.db, batchId, true);
    })();
    // The same report again: every case as it reads, nothing written, but the count is done.
    expect(await surface.call('batches:importCorrections', { batchId, fileId: await reportId() })).toMatchObject({
      ok: true,
      value: { updated: 0, unchanged: CASES },
    });
    const shared = await surface.call('batches:cases', { batchId, kind: 'shared-phone', limit: 1000 });
    if (!shared.ok) throw new Error(shared.error.code);
    expect(shared.value).toHaveLength(6);
    expect(sharedRecountPending(ctx.store.db, batchId)).toBe(false);
  });
});
