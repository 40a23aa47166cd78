// Preparing a file into a batch: the same batch whichever thread SQLite writes it from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBatch, type PrepareTimings } from '../../src-main/preparation/prepare-batch';
import { getBatch, listIssues, openStore, pageBatchCases, writersSettled } from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';
import { sourceFile } from '../support/source-file';

const SAMPLE = join(import.meta.dirname, '../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-prepare-'));
// The writer thread may still be copying its batch into the store file: the folder goes after.
afterAll(async () => {
  await writersSettled();
  rmSync(dir, { recursive: true, force: true });
});

async function prepared(writer: 'thread' | 'inline') {
  const store = openStore(join(dir, writer), TEST_STORE_KEY);
  let timings: PrepareTimings | null = null;
  const summary = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, writer, onTimings: (t) => (timings = t) });
  const batch = getBatch(store.db, summary.batchId);
  const cases = pageBatchCases(store.db, summary.batchId, { limit: 1_000 }).map(({ id: _id, ...c }) => c);
  const issues = listIssues(store.db, summary.batchId).map(({ id: _id, caseId: _case, ...i }) => i);
  store.close();
  return { summary, batch: { ...batch, id: 0, createdAt: '' }, cases, issues, timings: timings as PrepareTimings | null };
}

describe('prepareBatch', () => {
  it('stores the same batch, cases and issues whether SQLite writes on a second thread or on this one', async () => {
    const threaded = await prepared('thread');
    const inline = await prepared('inline');
    expect(threaded.summary).toEqual(inline.summary);
    expect(threaded.summary).toMatchObject({ cases: 11, ready: 8, rejected: 3 });
    expect(threaded.batch).toEqual(inline.batch);
    expect(threaded.cases).toEqual(inline.cases);
    expect(threaded.issues).toEqual(inline.issues);
    expect(threaded.issues.length).toBeGreaterThan(10);
    for (const t of [threaded.timings, inline.timings]) expect(t?.writeMs).toBeGreaterThan(0);
  });

  it('tells the time of each stage (the benchmark prints them)', async () => {
    const { timings } = await prepared('thread');
    const stages = timings?.stages;
    expect(stages?.normaliseMs).toBeGreaterThan(0);
    expect(stages?.checkMs).toBeGreaterThan(0);
    expect(stages?.encodeMs).toBeGreaterThan(0);
    expect(stages?.waitMs).toBeGreaterThanOrEqual(0);
  });
});
