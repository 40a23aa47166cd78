// The batch grid's procedures: a filtered page by position, its count, the kinds of issue with
// their counts and the problems of rows that became no case, all answered by the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRowIssues, createBatch, insertBatchCases, type BatchCaseInput } from '../../../src-main/store';
import { createAppContext } from '../../../src-main/surface/app-context';
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { createSurface } from '../../../src-main/surface/surface';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-grid-'));
const ctx = createAppContext({ dataDir: dir });
const surface = createSurface(ctx);
let batchId = 0;
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends keyof ProcedureOutputs>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await surface.call(name, input);
  if (!answer.ok) throw Object.assign(new Error(answer.error.code), { error: answer.error });
  return answer.value;
}

const aCase = (i: number): BatchCaseInput => ({
  code: `D${i}`,
  firstName: 'Ana',
  lastName: i % 2 === 0 ? 'Peña' : 'Ruiz',
  phones: [`35140000${String(i).padStart(2, '0')}`],
  products: [],
  params: {},
  sourceRows: [i + 2],
  status: i % 3 === 0 ? 'rejected' : 'ready',
  issues: i % 3 === 0 ? [{ severity: 'error', kind: 'date-invalid', field: 'x', rows: [i + 2], params: { before: '31/02' } }] : [],
});

beforeAll(() => {
  batchId = createBatch(ctx.store.db, { environment: 'demo', name: 'grid', sourceFile: 'g.xlsx', maxPhonePriority: 1 });
  insertBatchCases(
    ctx.store.db,
    batchId,
    Array.from({ length: 30 }, (_, i) => aCase(i)),
  );
  addRowIssues(ctx.store.db, batchId, [{ severity: 'error', kind: 'no-code', field: 'code', rows: [40], params: { row: 40, column: 'DNI' } }]);
});

describe('the grid asks, the store answers', () => {
  it('pages from a position with the filter, and counts the same filter', async () => {
    const page = await call('batches:cases', { batchId, status: 'rejected', search: 'peña', offset: 1, limit: 2 });
    expect(page.map((c) => c.code)).toEqual(['D6', 'D12']);
    expect(page[0]).toMatchObject({ status: 'rejected', issueCounts: { errors: 1, warnings: 0, fixes: 0 } });
    expect(await call('batches:countCases', { batchId, status: 'rejected', search: 'peña' })).toBe(5);
    expect(await call('batches:countCases', { batchId, kind: 'date-invalid' })).toBe(10);
    expect((await call('batches:cases', { batchId, offset: 28 })).map((c) => c.code)).toEqual(['D28', 'D29']);
  });

  it('lists the kinds of issue with their severity and cases', async () => {
    expect(await call('batches:caseKinds', { batchId })).toEqual([{ kind: 'date-invalid', severity: 'error', cases: 10 }]);
  });

  it('gives the problems of rows that became no case alone', async () => {
    const rows = await call('batches:issues', { batchId, rowsOnly: true });
    expect(rows.map((r) => [r.kind, r.code])).toEqual([['no-code', null]]);
    // Its words as data: each face words them in its own language.
    expect(rows[0]?.text).toEqual({ code: 'issue.row_no_code', params: { row: 40, column: 'DNI' } });
    expect(rows[0]).not.toHaveProperty('params');
  });

  it('speaks camelCase: a case’s products and its issues’ fields', async () => {
    const other = createBatch(ctx.store.db, { environment: 'test', name: 'productos', sourceFile: 'p.xlsx', maxPhonePriority: 1 });
    insertBatchCases(ctx.store.db, other, [
      {
        ...aCase(0),
        status: 'warning',
        products: [{ debt_code: 'OP-9', pid: 'Tarjeta', sub_id: 'Oro', debt: '10.00', expiration: '2026-03-01' }],
        issues: [{ severity: 'warning', kind: 'amount-ambiguous', field: 'products[0].debt', rows: [2], params: { before: '1.000', after: '1000.00' } }],
      },
    ]);
    const [c] = await call('batches:cases', { batchId: other });
    expect(c?.products).toEqual([{ debtCode: 'OP-9', pid: 'Tarjeta', subId: 'Oro', debt: '10.00', expiration: '2026-03-01' }]);
    insertBatchCases(ctx.store.db, other, [
      { ...aCase(1), code: 'N1', issues: [{ severity: 'warning', kind: 'name-missing', field: 'first_name', rows: [3], params: { field: 'first_name' } }] },
    ]);
    const { issues } = await call('batches:issuePage', { batchId: other, afterCaseId: 0, cases: 10 });
    expect(issues.map((i) => i.field)).toEqual(['products[0].debt', 'firstName']);
  });

  it('checks duplicates again on demand, then filters them; the batch says how many', async () => {
    // Another batch of the environment still holds D1 and D2 unsent.
    const other = createBatch(ctx.store.db, { environment: 'demo', name: 'otra', sourceFile: 'o.xlsx', maxPhonePriority: 1 });
    insertBatchCases(ctx.store.db, other, [aCase(1), aCase(2)]);
    expect(await call('batches:countCases', { batchId, duplicates: true })).toBe(0);
    expect(await call('batches:checkDuplicates', { batchId })).toEqual({ duplicates: 2, changed: 2 });
    expect((await call('batches:cases', { batchId, duplicates: true })).map((c) => [c.code, c.status])).toEqual([
      ['D1', 'warning'],
      ['D2', 'warning'],
    ]);
    expect(await call('batches:get', { batchId })).toMatchObject({ duplicates: 2, upload: { skipped: 0 } });
    await call('batches:delete', { batchId: other });
    expect(await call('batches:checkDuplicates', { batchId })).toEqual({ duplicates: 0, changed: 2 });
    expect(await call('batches:countCases', { batchId, duplicates: true })).toBe(0);
  });

  it('refuses a corrected flag that is not true or false, saying which field', async () => {
    for (const name of ['batches:cases', 'batches:countCases'] as const) {
      const answer = await surface.call(name, { batchId, corrected: 'yes' });
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.error).toMatchObject({ code: 'input.invalid', params: { path: 'corrected', problem: 'type' } });
    }
  });

  it('refuses a filter it cannot read, saying which field', async () => {
    const answer = await surface.call('batches:cases', { batchId, status: 'maybe' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('input.invalid');
  });
});
