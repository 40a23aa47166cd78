// The batch procedures and a batch still being imported (state 'importing', see the store's
// beginStagedBatch): its committed chunks are no batch yet, to be read or changed by anyone. And a
// batch's header and list row, which read the counts it keeps, never say fewer cases than it holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { beginStagedBatch, caseColumns, createBatch, getBatchCase, insertBatchCases, pageCasesWithRaw, type BatchCaseInput } from '../../../src-main/store';
import { createAppContext } from '../../../src-main/surface/app-context';
import { createSurface } from '../../../src-main/surface/surface';
import { ISSUE_PAGE_MAX_CASES, ISSUES_LIMIT_MAX } from '../../../src-main/surface/procedures';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-importing-'));
const ctx = createAppContext({ dataDir: dir });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const aCase = (i: number): BatchCaseInput => ({
  code: `D${i}`,
  firstName: 'Ana',
  lastName: 'Peña',
  phones: [`35140000${String(i).padStart(2, '0')}`],
  products: [],
  params: {},
  sourceRows: [i + 2],
  status: i % 2 === 0 ? 'rejected' : 'ready',
  raw: [],
});

describe('a batch still being imported', () => {
  const importing = beginStagedBatch(ctx.store.db, { environment: 'demo', name: 'grande', sourceFile: 'g.xlsx', maxPhonePriority: 1 });
  importing.insertChunk(Array.from({ length: 4 }, (_, i) => caseColumns(aCase(i))));
  const batchId = importing.batchId;
  const [first] = pageCasesWithRaw(ctx.store.db, batchId, 0, 1);
  const caseId = first?.id ?? 0;

  it.each([
    ['batches:get', { batchId }],
    ['batches:cases', { batchId }],
    ['batches:countCases', { batchId }],
    ['batches:caseKinds', { batchId }],
    ['batches:checkDuplicates', { batchId }],
    ['batches:checkLedger', { batchId }],
    ['batches:issues', { batchId, rowsOnly: true }],
    ['batches:issuePage', { batchId, afterCaseId: 0, cases: 10 }],
    ['batches:payload', { batchId }],
    ['batches:exportErrors', { batchId }],
    ['batches:exportClean', { batchId }],
    ['batches:setCampaignDraft', { batchId, campaign: null }],
    ['batches:editCase', { batchId, caseId, changes: { firstName: 'Otra' } }],
    ['batches:bulkFix', { batchId, fix: { kind: 'exclude-rejected' } }],
    ['batches:delete', { batchId }],
  ] as const)('is no batch to %s', async (name, input) => {
    const answer = await surface.call(name, input);
    expect(answer.ok ? 'answered' : answer.error.code).toBe('batch.not_found');
  });

  it('is left as it was written', () => {
    expect(getBatchCase(ctx.store.db, caseId)).toMatchObject({ firstName: 'Ana', status: 'rejected' });
    expect(pageCasesWithRaw(ctx.store.db, batchId, 0, 10).map((c) => c.status)).toEqual(['rejected', 'ready', 'rejected', 'ready']);
  });
});

describe("a batch's kept counts that no longer add up", () => {
  it('are made again from its cases before its header or list row shows them', async () => {
    const batchId = createBatch(ctx.store.db, { environment: 'demo', name: 'viejo', sourceFile: 'v.xlsx', maxPhonePriority: 1 });
    insertBatchCases(ctx.store.db, batchId, [0, 1, 2, 3, 4].map(aCase));
    // As an older CaseDesk, still running while this one migrated the store, writes cases: no counts.
    ctx.store.db.prepare('DELETE FROM batch_case_counts WHERE batch_id = ?').run(batchId);
    ctx.store.db.prepare('DELETE FROM batch_key_counts WHERE batch_id = ?').run(batchId);
    const header = await surface.call('batches:get', { batchId });
    expect(header.ok && header.value.counts).toMatchObject({ ready: 2, rejected: 3 });
    const list = await surface.call('batches:list', {});
    expect(list.ok && list.value.find((b) => b.id === batchId)?.counts).toMatchObject({ ready: 2, rejected: 3 });
  });
});

describe("a batch's issues", () => {
  const batchId = createBatch(ctx.store.db, { environment: 'demo', name: 'muchos', sourceFile: 'm.xlsx', maxPhonePriority: 1 });
  const warned = (i: number): BatchCaseInput => ({
    ...aCase(i),
    issues: [{ severity: 'warning', kind: 'name-missing', field: 'first_name', rows: [i + 2], params: { field: 'first_name' } }],
  });
  insertBatchCases(ctx.store.db, batchId, [0, 1, 2].map(warned));

  it('come a page at a time for a whole batch: one answer for all of them is refused (a million cases hold millions)', async () => {
    const whole = await surface.call('batches:issues', { batchId });
    expect(whole.ok ? 'answered' : whole.error.code).toBe('input.invalid');
    const oneCase = await surface.call('batches:issues', { batchId, caseId: pageCasesWithRaw(ctx.store.db, batchId, 0, 1)[0]?.id });
    expect(oneCase.ok).toBe(true);
    const page = await surface.call('batches:issuePage', { batchId, afterCaseId: 0, cases: 2 });
    expect(page.ok && page.value.issues.map((i) => i.code)).toEqual(['D0', 'D1']);
    expect(page.ok && page.value.next).toBeGreaterThan(0);
  });

  it('of the rows that became no case come ISSUES_LIMIT_MAX at most, when no limit is asked too (a file of blank codes holds a million)', async () => {
    const blank = createBatch(ctx.store.db, { environment: 'demo', name: 'sin códigos', sourceFile: 's.csv', maxPhonePriority: 1 });
    const rowIssues = Array.from({ length: ISSUES_LIMIT_MAX + 5 }, (_, n) => ({
      severity: 'error' as const,
      kind: 'no-code',
      field: 'code',
      rows: [n + 2],
      params: {},
    }));
    insertBatchCases(ctx.store.db, blank, [aCase(0)], rowIssues);
    const answer = await surface.call('batches:issues', { batchId: blank, rowsOnly: true });
    expect(answer.ok && answer.value).toHaveLength(ISSUES_LIMIT_MAX);
    expect(answer.ok && answer.value.map((i) => i.rows[0])).toEqual(rowIssues.slice(0, ISSUES_LIMIT_MAX).map((i) => i.rows[0]));
  });

  it('are refused a page bigger than ISSUE_PAGE_MAX_CASES cases', async () => {
    const big = await surface.call('batches:issuePage', { batchId, afterCaseId: 0, cases: ISSUE_PAGE_MAX_CASES + 1 });
    expect(big.ok ? 'answered' : big.error.code).toBe('input.invalid');
    expect((await surface.call('batches:issuePage', { batchId, afterCaseId: 0, cases: ISSUE_PAGE_MAX_CASES })).ok).toBe(true);
  });

  it('of one big case come the first few, errors first, when a screen asks for a limit; more than ISSUES_LIMIT_MAX is refused', async () => {
    const big = createBatch(ctx.store.db, { environment: 'demo', name: 'un código', sourceFile: 'u.csv', maxPhonePriority: 1 });
    const rows = Array.from({ length: 300 }, (_, n) => n + 2);
    insertBatchCases(ctx.store.db, big, [
      {
        ...aCase(0),
        sourceRows: rows,
        issues: rows.flatMap((row) => [
          { severity: 'warning' as const, kind: 'name-missing', field: 'first_name', rows: [row], params: { field: 'first_name' } },
          ...(row === 250 ? [{ severity: 'error' as const, kind: 'no-valid-phones', field: 'phones', rows: [row], params: {} }] : []),
        ]),
      },
    ]);
    const caseId = pageCasesWithRaw(ctx.store.db, big, 0, 1)[0]?.id ?? 0;
    const first = await surface.call('batches:issues', { batchId: big, caseId, limit: 20 });
    expect(first.ok && first.value.map((i) => i.rows[0])).toEqual([250, ...rows.slice(0, 19)]);
    const all = await surface.call('batches:issues', { batchId: big, caseId });
    expect(all.ok && all.value).toHaveLength(301);
    expect(all.ok && all.value[0]?.severity).toBe('error');
    const over = await surface.call('batches:issues', { batchId: big, caseId, limit: ISSUES_LIMIT_MAX + 1 });
    expect(over.ok ? 'answered' : over.error.code).toBe('input.invalid');
    // One case's or the rows', never both: the two answers differ.
    const both = await surface.call('batches:issues', { batchId: big, caseId, rowsOnly: true, limit: 20 });
    expect(both.ok ? 'answered' : both.error.code).toBe('input.invalid');
  });
});
