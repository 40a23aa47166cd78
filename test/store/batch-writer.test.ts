// A batch written case by case, on the caller's thread or from a second one: one transaction,
// all of it or none, either way.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  BatchRefusal,
  batchesWithLedgerHolds,
  beginStagedBatch,
  caseIdsWithKind,
  caseColumns,
  codesWaitingInOtherBatches,
  countCasesByKind,
  countCasesByStatus,
  countMatchingCases,
  createBatch,
  createImportingBatch,
  findMappingTemplate,
  getBatch,
  listBatches,
  listIssues,
  openStore,
  pageBatchCases,
  startBatchWriter,
  setSetting,
  StagedBatchBroken,
  startBatchWriterThread,
  sweepStaleImports,
  writersSettled,
  type BatchCaseInput,
  type BatchWriter,
  type Db,
  type Store,
} from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';

const root = mkdtempSync(join(tmpdir(), 'casedesk-batch-writer-'));
// A writer thread that committed may still be copying its batch into the store file: the folder goes after.
afterAll(async () => {
  await writersSettled();
  rmSync(root, { recursive: true, force: true });
});

const aCase = (code: string): BatchCaseInput => ({
  code,
  firstName: 'Ana',
  lastName: 'Pérez',
  phones: ['3514567890'],
  products: [{ debt_code: `OP-${code}`, pid: 'Tarjeta', debt: '10.00', expiration: '2026-12-31' }],
  params: {},
  sourceRows: [2],
  status: 'ready',
  issues: [{ severity: 'fix', kind: 'phone-fixed', field: 'phones', rows: [2], params: { before: '0351 456-7890', after: '3514567890' } }],
});
const batch = { environment: 'demo' as const, name: 'hilo', sourceFile: 'grande.xlsx', maxPhonePriority: 1 };

async function writeAll(writer: BatchWriter, cases: BatchCaseInput[]) {
  for (const c of cases) {
    const wait = writer.write(c);
    if (wait) await wait;
  }
}

/**
 * Writes `n` cases through a writer thread and says the most frames its WAL held, looked at every 100
 * cases. The WAL index (the -shm file) holds the frame count (mxFrame) at byte 16: what an app's commit
 * compares with its wal_autocheckpoint (1,000) before it checkpoints on its own thread.
 */
async function mostWalFrames(store: Store, n: number, nth: (i: number) => BatchCaseInput): Promise<number> {
  let most = 0;
  const writer = await startBatchWriterThread(store, batch);
  for (let i = 0; i < n; i++) {
    const wait = writer.write(nth(i));
    if (wait) await wait;
    if (i % 100 === 0) most = Math.max(most, readFileSync(`${store.file}-shm`).readUInt32LE(16));
  }
  await writer.finish([], null);
  await writersSettled();
  return most;
}

const writers = [
  ["startBatchWriter (the caller's thread)", startBatchWriter],
  ['startBatchWriterThread (its own thread)', startBatchWriterThread],
] as const;

describe.each(writers)('%s', (name, start) => {
  const dir = join(root, name.split(' ')[0] ?? name);
  it('stores every case, the row issues and the template once finished, and nothing before', async () => {
    const store = openStore(join(dir, 'a'), TEST_STORE_KEY);
    const writer = await start(store, batch);
    await writeAll(
      writer,
      Array.from({ length: 2_500 }, (_, i) => aCase(`C${i}`)),
    );
    // Not committed yet: another connection cannot see the batch.
    const reader = openStore(join(dir, 'a'), TEST_STORE_KEY);
    expect(getBatch(reader.db, writer.batchId)).toBeNull();
    reader.close();
    const { busyMs } = await writer.finish([{ severity: 'error', kind: 'no-code', field: 'code', rows: [9], params: { row: 9, column: 'DNI' } }], {
      creditor: 'Banco Sur',
      signature: 'dni|tel',
      mapping: { sheet: 'Cartera' },
    });
    expect(busyMs).toBeGreaterThan(0);
    expect(getBatch(store.db, writer.batchId)?.name).toBe('hilo');
    expect(countCasesByStatus(store.db, writer.batchId).ready).toBe(2_500);
    expect(pageBatchCases(store.db, writer.batchId, { limit: 1, afterId: 0 })[0]).toMatchObject({ code: 'C0', phones: ['3514567890'] });
    const issues = listIssues(store.db, writer.batchId);
    expect(issues).toHaveLength(2_501);
    expect(issues[0]).toMatchObject({ kind: 'no-code', rows: [9], params: { row: 9, column: 'DNI' } });
    expect(issues[1]).toMatchObject({ kind: 'phone-fixed', before: '0351 456-7890', after: '3514567890' });
    expect(findMappingTemplate(store.db, 'dni|tel')?.creditor).toBe('Banco Sur');
    store.close();
  });

  it('leaves nothing behind when aborted', async () => {
    const store = openStore(join(dir, 'b'), TEST_STORE_KEY);
    const writer = await start(store, batch);
    await writeAll(
      writer,
      Array.from({ length: 1_500 }, (_, i) => aCase(`C${i}`)),
    );
    await writer.abort();
    expect(getBatch(store.db, writer.batchId)).toBeNull();
    expect(store.db.prepare('SELECT count(*) AS n FROM batch_cases').get()).toEqual({ n: 0 });
    store.close();
  });

  it('reports a failed write and rolls the whole batch back', async () => {
    const store = openStore(join(dir, 'c'), TEST_STORE_KEY);
    const writer = await start(store, batch);
    const failed = (async () => {
      await writeAll(writer, [...Array.from({ length: 1_200 }, (_, i) => aCase(`C${i}`)), aCase('C7')]);
      await writer.finish([], null);
    })();
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    await writer.abort();
    expect(getBatch(store.db, writer.batchId)).toBeNull();
    expect(store.db.prepare('SELECT count(*) AS n FROM batch_cases').get()).toEqual({ n: 0 });
    store.close();
  });
});

describe('the writer thread and many row issues (a million-row file whose codes are mostly blank)', () => {
  const noCode = (row: number) => ({ severity: 'error' as const, kind: 'no-code', field: 'code', rows: [row], params: { row, column: 'DNI' } });

  it('takes them as they come, a message at a time, and stores them all, in order, with the batch', async () => {
    const store = openStore(join(root, 'row-issues'), TEST_STORE_KEY);
    const writer = await startBatchWriterThread(store, batch);
    await writeAll(writer, [aCase('C1')]);
    const reader = openStore(join(root, 'row-issues'), TEST_STORE_KEY);
    const stored = () => (reader.db.prepare('SELECT count(*) AS n FROM case_issues WHERE batch_id = ?').get(writer.batchId) as { n: number }).n;
    // Read from the writer's iterable one at a time: by the last one, earlier ones are already in the
    // store (more than the thread may have waiting, so the writer waited for it).
    let storedBeforeTheLast = -1;
    function* issues() {
      for (let row = 2; row < 60_002; row++) {
        if (row === 60_001) storedBeforeTheLast = stored();
        yield noCode(row);
      }
    }
    await writer.finish(issues(), null);
    expect(storedBeforeTheLast).toBeGreaterThan(0);
    const rows = listIssues(store.db, writer.batchId, { rowsOnly: true });
    expect(rows).toHaveLength(60_000);
    expect(rows.map((i) => i.rows[0])).toEqual(Array.from({ length: 60_000 }, (_, i) => i + 2));
    expect(getBatch(store.db, writer.batchId)?.name).toBe('hilo');
    reader.close();
    store.close();
  });

  it("are read as they come on the caller's thread too, in its one transaction", async () => {
    const store = openStore(join(root, 'row-issues-caller'), TEST_STORE_KEY);
    const writer = startBatchWriter(store, batch);
    await writeAll(writer, [aCase('C1')]);
    function* issues() {
      for (let row = 2; row < 12_002; row++) yield noCode(row);
    }
    await writer.finish(issues(), null);
    expect(listIssues(store.db, writer.batchId, { rowsOnly: true }).map((i) => i.rows[0])).toEqual(Array.from({ length: 12_000 }, (_, i) => i + 2));
    store.close();
  });

  it.each([
    ['in a message of its own', 3],
    ['in the last one, after two messages were stored', 12_002],
  ])('takes them all away with the batch when one fails %s', async (_, badRow) => {
    const store = openStore(join(root, `row-issues-fail-${badRow}`), TEST_STORE_KEY);
    const writer = await startBatchWriterThread(store, batch);
    await writeAll(writer, [aCase('C1')]);
    function* issues() {
      // A row issue the store refuses (its severity fails the table's check).
      for (let row = 2; row < 12_003; row++) yield row === badRow ? { ...noCode(row), severity: 'bad' as 'error' } : noCode(row);
    }
    await expect(writer.finish(issues(), null)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_CHECK' });
    await writer.abort();
    // Not only out of sight (a hidden batch is never listed): gone, with the row issues already stored.
    expect(store.db.prepare('SELECT count(*) AS n FROM batches').get()).toEqual({ n: 0 });
    expect(store.db.prepare('SELECT count(*) AS n FROM case_issues').get()).toEqual({ n: 0 });
    expect(store.db.prepare('SELECT count(*) AS n FROM batch_cases').get()).toEqual({ n: 0 });
    store.close();
  });
});

describe('the writer thread, after the commit', () => {
  it('copies the batch into the store file (the checkpoint, timed), and writersSettled waits for it', async () => {
    const store = openStore(join(root, 'settled'), TEST_STORE_KEY);
    const writer = await startBatchWriterThread(store, batch);
    await writeAll(
      writer,
      Array.from({ length: 3_000 }, (_, i) => aCase(`C${i}`)),
    );
    const { checkpoint } = await writer.finish([], null);
    let copied = false;
    void checkpoint.then(() => (copied = true));
    await writersSettled();
    expect(copied).toBe(true);
    expect(await checkpoint).toBeGreaterThan(0);
    // 3,000 cases are more than a megabyte of pages: in the file, not only in its WAL.
    expect(statSync(store.file).size).toBeGreaterThan(1_000_000);
    store.close();
  });
});

describe('the writer thread, while it writes', () => {
  it('holds the write lock a chunk at a time: another connection writes meanwhile, and sees nothing of the batch', async () => {
    const dataDir = join(root, 'lock');
    const store = openStore(dataDir, TEST_STORE_KEY);
    const other = openStore(dataDir, TEST_STORE_KEY);
    // A chunk takes milliseconds; the whole batch's one transaction used to take seconds (SQLITE_BUSY here).
    other.db.pragma('busy_timeout = 250');
    const writer = await startBatchWriterThread(store, batch);
    await writeAll(
      writer,
      Array.from({ length: 6_000 }, (_, i) => aCase(`C${i}`)),
    );
    expect(() => setSetting(other.db, 'written-meanwhile', true)).not.toThrow();
    expect(getBatch(other.db, writer.batchId)).toBeNull();
    expect(listBatches(other.db, 'demo')).toEqual([]);
    expect(codesWaitingInOtherBatches(other.db, 'demo', null).size).toBe(0);
    await writer.finish([], null);
    expect(listBatches(other.db, 'demo').map((b) => b.id)).toEqual([writer.batchId]);
    expect(codesWaitingInOtherBatches(other.db, 'demo', null).size).toBe(6_000);
    await writersSettled();
    other.close();
    store.close();
  });

  it('copies wide cases into the file itself: the WAL never reaches the 1,000 frames at which the app would copy them on its thread', async () => {
    const store = openStore(join(root, 'wide'), TEST_STORE_KEY);
    // Creditors' files often carry many more columns than CaseDesk reads: each case keeps them all.
    const columns = Array.from({ length: 24 }, (_, k) => `columna ${k}: texto libre de la cartera`);
    const wide = (i: number): BatchCaseInput => ({
      ...aCase(`W${i}`),
      params: Object.fromEntries(columns.map((c, k) => [`campo_${k}`, `${c} ${i}`])),
      raw: [columns.map((c) => `${c} ${i}`)],
    });
    const most = await mostWalFrames(store, 15_000, wide);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(1_000);
    store.close();
  });

  it('ends its thread once when a write fails with more messages behind it', async () => {
    await writersSettled();
    const store = openStore(join(root, 'failed-in-flight'), TEST_STORE_KEY);
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      const writer = await startBatchWriterThread(store, batch);
      // The second message repeats a code: the thread fails there, with up to seven more on their way,
      // each answered with a failure too.
      const cases = Array.from({ length: 9_000 }, (_, i) => aCase(i === 1_500 ? 'C0' : `C${i}`));
      await expect(writeAll(writer, cases).then(() => writer.finish([], null))).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
      await writer.abort();
      await writersSettled();
      expect(terminate).toHaveBeenCalledTimes(1);
      expect(store.db.prepare('SELECT count(*) AS n FROM batch_cases').get()).toEqual({ n: 0 });
    } finally {
      terminate.mockRestore();
      store.close();
    }
  });

  it('hands very wide cases over in smaller messages, so what waits for the writer stays about 8 MB of text', async () => {
    const store = openStore(join(root, 'very-wide'), TEST_STORE_KEY);
    const cell = 'x'.repeat(1_000);
    const wide = (i: number): BatchCaseInput => ({ ...aCase(`V${i}`), raw: [Array.from({ length: 20 }, (_, k) => `${k}${cell}`)] });
    const sent: number[] = [];
    const original = Worker.prototype.postMessage;
    const post = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, message: unknown, transfer?: readonly Transferable[]) {
      const m = message as { kind?: string; rows?: string[][] };
      if (m.kind === 'cases') sent.push(JSON.stringify(m.rows).length);
      return original.call(this, message, transfer as never);
    });
    try {
      const writer = await startBatchWriterThread(store, batch);
      await writeAll(
        writer,
        Array.from({ length: 500 }, (_, i) => wide(i)),
      );
      await writer.finish([], null);
    } finally {
      post.mockRestore();
    }
    await writersSettled();
    // 500 cases of about 20 KB: ten messages or so, none of a thousand cases (10 MB) as before.
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...sent)).toBeLessThan(1_200_000);
    expect(countCasesByStatus(store.db, listBatches(store.db, 'demo')[0]!.id).ready).toBe(500);
    store.close();
  });

  it('leaves a batch hidden when killed, which a later start sweeps once no writer touched it for a minute', () => {
    const store = openStore(join(root, 'sweep'), TEST_STORE_KEY);
    const left = store.db.transaction(() => createImportingBatch(store.db, batch))();
    expect(sweepStaleImports(store.db)).toEqual([]);
    expect(sweepStaleImports(store.db, new Date(Date.now() + 61_000))).toEqual([left]);
    expect(store.db.prepare('SELECT count(*) FROM batches').pluck().get()).toBe(0);
    store.close();
  });
});

describe('a staged batch swept from under a writer that was only paused', () => {
  // A writer paused past the sweep's minute (a CLI suspended in its terminal, a laptop asleep) finds its
  // batch gone: it must fail, never write into another batch nor report a batch that no longer exists.
  // Ids are never given again (store migration 11), but the largest one deleted before that step may
  // be, once: `takingItsId` makes a batch created after the sweep have the swept one's id, as that could.
  const staged = (dir: string) => {
    const store = openStore(dir, TEST_STORE_KEY);
    const other = openStore(dir, TEST_STORE_KEY);
    const writing = beginStagedBatch(store.db, batch);
    writing.insertChunk(Array.from({ length: 10 }, (_, i) => caseColumns({ ...aCase(`C${i}`), issues: [] })));
    expect(sweepStaleImports(other.db, new Date(Date.now() + 61_000))).toEqual([writing.batchId]);
    return { store, other, writing };
  };
  const takingItsId = (db: Db, created: number, swept: number) => {
    expect(created).toBeGreaterThan(swept);
    db.prepare('UPDATE batches SET id = ? WHERE id = ?').run(swept, created);
    return swept;
  };

  it('fails its next chunk rather than write into the batch that took its id', () => {
    const { store, other, writing } = staged(join(root, 'swept-chunk'));
    const taken = takingItsId(other.db, createBatch(other.db, { ...batch, name: 'otro lote' }), writing.batchId);
    expect(() => writing.insertChunk([caseColumns({ ...aCase('X1'), issues: [] })])).toThrow(BatchRefusal);
    expect(countCasesByStatus(other.db, taken).ready).toBe(0);
    // Its failure takes away what it wrote: not the batch that took its id.
    writing.drop();
    expect(getBatch(other.db, taken)?.name).toBe('otro lote');
    other.close();
    store.close();
  });

  it('fails its last transaction rather than report a batch that is gone', () => {
    const { store, other, writing } = staged(join(root, 'swept-last'));
    expect(() => writing.commit([], null)).toThrow(BatchRefusal);
    expect(store.db.prepare('SELECT count(*) FROM batches').pluck().get()).toBe(0);
    other.close();
    store.close();
  });

  it('fails its last transaction rather than show another import that took its id', () => {
    const { store, other, writing } = staged(join(root, 'swept-other-import'));
    const taken = takingItsId(
      other.db,
      other.db.transaction(() => createImportingBatch(other.db, { ...batch, name: 'otra importación' })).immediate(),
      writing.batchId,
    );
    expect(() => writing.commit([], null)).toThrow(BatchRefusal);
    expect(getBatch(other.db, taken)).toBeNull();
    writing.drop();
    expect(other.db.prepare('SELECT name FROM batches WHERE id = ?').pluck().get(taken)).toBe('otra importación');
    other.close();
    store.close();
  });
});

describe("a staged batch's number of cases", () => {
  it('is the number of cases its chunks wrote, once shown', () => {
    const store = openStore(join(root, 'staged-total'), TEST_STORE_KEY);
    const writing = beginStagedBatch(store.db, batch);
    writing.insertChunk(Array.from({ length: 7 }, (_, i) => caseColumns(aCase(`C${i}`))));
    writing.insertChunk([caseColumns(aCase('C7'))]);
    writing.commit([], null);
    expect(countMatchingCases(store.db, writing.batchId, {})).toBe(8);
    expect(store.db.prepare('SELECT count(*) FROM batch_cases WHERE batch_id = ?').pluck().get(writing.batchId)).toBe(8);
    store.close();
  });

  it('is never shown wrong: after a chunk that rolled back, the batch can only be dropped', () => {
    const store = openStore(join(root, 'staged-failed-chunk'), TEST_STORE_KEY);
    const writing = beginStagedBatch(store.db, batch);
    writing.insertChunk([caseColumns(aCase('A1'))]);
    // The chunk's second case repeats a code: its transaction rolls back, A2 with it.
    expect(() => writing.insertChunk([caseColumns(aCase('A2')), caseColumns(aCase('A1'))])).toThrow();
    expect(() => writing.insertChunk([caseColumns(aCase('A3'))])).toThrow(StagedBatchBroken);
    expect(() => writing.commit([], null)).toThrow(StagedBatchBroken);
    expect(getBatch(store.db, writing.batchId)).toBeNull();
    writing.drop();
    expect(store.db.prepare('SELECT count(*) FROM batch_cases').pluck().get()).toBe(0);
    store.close();
  });
});

describe("a staged batch's keys", () => {
  // A case the ledger held back: what a removed entry would release.
  const held = (code: string): BatchCaseInput => ({
    ...aCase(code),
    status: 'suppressed',
    issues: [{ severity: 'error', kind: 'suppressed-code', field: 'code', rows: [2], params: { reason: 'pidió no ser llamado', entry: 1, source: 'own' } }],
  });

  it('go in as they gather, and the grid finds every case of every chunk by its kinds once the batch is shown', () => {
    const store = openStore(join(root, 'staged-keys'), TEST_STORE_KEY);
    // Keys written once two have gathered (100,000 in the app): the first chunk's go in with it.
    const writing = beginStagedBatch(store.db, batch, 2);
    writing.insertChunk([caseColumns(aCase('K1')), caseColumns(held('K2'))]);
    const afterFirstChunk = store.db.prepare('SELECT count(*) FROM case_keys WHERE batch_id = ?').pluck().get(writing.batchId);
    writing.insertChunk([caseColumns(held('K3')), caseColumns(aCase('K4'))]);
    writing.commit([], null);
    expect(afterFirstChunk).toBeGreaterThan(0);
    const ids = store.db.prepare('SELECT code, id FROM batch_cases WHERE batch_id = ?').all(writing.batchId) as { code: string; id: number }[];
    const idOf = (code: string) => ids.find((r) => r.code === code)?.id;
    expect(caseIdsWithKind(store.db, writing.batchId, 'suppressed-code')).toEqual([idOf('K2'), idOf('K3')]);
    expect(caseIdsWithKind(store.db, writing.batchId, 'phone-fixed')).toEqual([idOf('K1'), idOf('K4')]);
    expect(countCasesByKind(store.db, writing.batchId).map((k) => [k.kind, k.cases])).toEqual(
      expect.arrayContaining([
        ['phone-fixed', 2],
        ['suppressed-code', 2],
      ]),
    );
    store.close();
  });

  it('go with the batch when its import is dropped, or swept after a crash', () => {
    const dir = join(root, 'staged-keys-gone');
    const store = openStore(dir, TEST_STORE_KEY);
    const other = openStore(dir, TEST_STORE_KEY);
    const keysOf = (batchId: number) =>
      ['case_keys', 'batch_key_counts'].map((table) => store.db.prepare(`SELECT count(*) FROM ${table} WHERE batch_id = ?`).pluck().get(batchId));
    const dropped = beginStagedBatch(store.db, batch, 1);
    dropped.insertChunk([caseColumns(held('D1'))]);
    expect(keysOf(dropped.batchId)).toEqual([1, 1]);
    dropped.drop();
    expect(keysOf(dropped.batchId)).toEqual([0, 0]);
    const crashed = beginStagedBatch(store.db, batch, 1);
    crashed.insertChunk([caseColumns(held('S1'))]);
    expect(keysOf(crashed.batchId)).toEqual([1, 1]);
    expect(sweepStaleImports(other.db, new Date(Date.now() + 61_000))).toEqual([crashed.batchId]);
    expect(keysOf(crashed.batchId)).toEqual([0, 0]);
    other.close();
    store.close();
  });

  it("keep the WAL under the 1,000 frames at which the app's connection would copy it on its own thread", async () => {
    const store = openStore(join(root, 'staged-keys-wal'), TEST_STORE_KEY);
    // Four kinds a case: 60,000 keys, written three times over, each within a chunk's transaction.
    const kinds = ['phone-fixed', 'phone-dropped', 'amount-fixed', 'date-fixed'];
    const keyed = (i: number): BatchCaseInput => ({
      ...aCase(`K${i}`),
      issues: kinds.map((kind) => ({ severity: 'fix' as const, kind, field: 'phones', rows: [2], params: { before: 'a', after: 'b' } })),
    });
    const most = await mostWalFrames(store, 15_000, keyed);
    const batchId = listBatches(store.db, 'demo')[0]!.id;
    expect(store.db.prepare('SELECT count(*) FROM case_keys WHERE batch_id = ?').pluck().get(batchId)).toBe(60_000);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(1_000);
    store.close();
  });

  it("leave a hidden batch out of what a removed ledger entry releases: it is its writer's alone until shown", () => {
    const store = openStore(join(root, 'staged-ledger-holds'), TEST_STORE_KEY);
    const writing = beginStagedBatch(store.db, batch, 1);
    writing.insertChunk([caseColumns(held('L1'))]);
    expect(batchesWithLedgerHolds(store.db)).toEqual([]);
    writing.commit([], null);
    expect(batchesWithLedgerHolds(store.db)).toEqual([writing.batchId]);
    store.close();
  });
});
