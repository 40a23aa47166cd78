// Deleting from the store leaves nothing of the deleted debtors in the database file or its WAL,
// read as raw bytes of a plain (unencrypted) store; and what retention finds to purge.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { caseKeyedJson } from '../../src-main/contract';
import { prepareBatch } from '../../src-main/preparation/prepare-batch';
import {
  addChunks,
  batchesUploadedBefore,
  BATCHES_UPLOADED_BEFORE_SQL,
  campaignsDownloadedBefore,
  casesInDoubtCount,
  CORRECTED_SKIPPED_COUNT_SQL,
  createBatch,
  deleteBatchRows,
  deleteCampaignResultRows,
  deleteInboundCasesBefore,
  deleteOrphanRecordingsBefore,
  fullyUploadedAt,
  CASES_IN_DOUBT_SQL,
  FULLY_UPLOADED_AT_SQL,
  getBatch,
  insertBatchCases,
  listChunks,
  markInDoubt,
  markSending,
  markIdleUploadRunEnded,
  markSkipped,
  markUploadRunEnded,
  openStore,
  pageBatchCases,
  recordChunkOutcome,
  saveInboundCases,
  saveRecording,
  storedResults,
  unplannedCases,
  MIGRATIONS,
  type BatchCaseInput,
  type Store,
} from '../../src-main/store';
import { downloadCampaignResults } from '../../src-main/sync/results-download';
import type { InboundCase } from '../../src-main/contract';
import { campaignRequest, connect, control, dialedCampaign } from '../client/helpers';
import { useEmulator, validCase } from '../support/emulator';
import { foundIn, storeBytes } from '../support/raw-scan';
import { TEST_STORE_KEY } from '../support/store-key';
import { sourceFile } from '../support/source-file';
import { uploadDetails } from '../../src-main/domain/upload-detail';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const root = mkdtempSync(join(tmpdir(), 'casedesk-lifecycle-'));
let made = 0;
const stores: Store[] = [];
afterAll(() => {
  for (const s of stores) s.close();
  rmSync(root, { recursive: true, force: true });
});
/** A plain store when the test reads its raw bytes; an encrypted one otherwise, as the app's. */
function freshStore(plain = false): { store: Store; dir: string } {
  const dir = join(root, `data${++made}`);
  const store = openStore(dir, plain ? null : TEST_STORE_KEY);
  stores.push(store);
  return { store, dir };
}

const walSize = (store: Store) => statSync(`${store.file}-wal`).size;

const aCase = (code: string, firstName: string, lastName: string, phone: string): BatchCaseInput => ({
  code,
  firstName,
  lastName,
  phones: [phone],
  products: [{ debt_code: `OP-${code}`, pid: 'Tarjeta', debt: '10.00', expiration: '2026-12-31' }],
  params: {},
  sourceRows: [2],
  status: 'ready',
});

describe('deleting a batch', () => {
  it("leaves none of its debtors' names, codes or phones in the database file or its WAL", async () => {
    const { store } = freshStore(true);
    // Another batch stays: the deletion is of one batch, not of everything.
    const kept = createBatch(store.db, { environment: 'demo', name: 'otro', sourceFile: 'otro.csv', maxPhonePriority: 1 });
    insertBatchCases(store.db, kept, [aCase('KEEP-0001', 'Gumersinda', 'Quiroga', '2994001122')]);
    const summary = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2, writer: 'inline' });
    const cases = pageBatchCases(store.db, summary.batchId, { limit: 1000 });
    expect(cases).toHaveLength(11);
    // Every debtor value long enough not to occur by chance in a database page.
    const needles = cases.flatMap((c) => [c.code, c.firstName, c.lastName, ...c.phones]).filter((v) => v.length >= 5);
    expect(needles.length).toBeGreaterThan(25);

    const before = foundIn(storeBytes(store.file), needles);
    expect(before.sort()).toEqual([...new Set(needles)].sort());

    const deleted = deleteBatchRows(store.db, summary.batchId);
    expect(deleted).toMatchObject({ batchId: summary.batchId, cases: 11, sourceFile: 'cartera-banco-del-sur.xlsx' });
    expect(deleted?.rowIssues).toBeGreaterThan(0);

    expect(foundIn(storeBytes(store.file), needles)).toEqual([]);
    expect(walSize(store)).toBe(0);
    expect(getBatch(store.db, summary.batchId)).toBeNull();
    for (const table of ['batch_cases', 'case_issues', 'upload_chunks']) {
      expect(store.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE batch_id = ?`).get(summary.batchId)).toEqual({ n: 0 });
    }
    expect(foundIn(storeBytes(store.file), ['Gumersinda', 'KEEP-0001'])).toHaveLength(2);
    expect(pageBatchCases(store.db, kept, { limit: 10 })).toHaveLength(1);
  });

  it('is null for a batch that does not exist', () => {
    const { store } = freshStore();
    expect(deleteBatchRows(store.db, 999)).toBeNull();
  });
});

describe('what holds a batch back', () => {
  it('counts cases in doubt and cases of a chunk sent with no answer', () => {
    const { store } = freshStore();
    const id = createBatch(store.db, { environment: 'test', name: 'b', sourceFile: 'b.csv', campaignId: 5, maxPhonePriority: 1 });
    insertBatchCases(
      store.db,
      id,
      ['A1', 'A2', 'A3', 'A4'].map((code) => aCase(code, 'Ana', 'Paz', '3514000000')),
    );
    const [a1, a2, a3, a4] = unplannedCases(store.db, id).map((c) => c.id) as [number, number, number, number];
    addChunks(store.db, id, 5, [
      { caseIds: [a1, a2], bytes: 100 },
      { caseIds: [a3, a4], bytes: 100 },
    ]);
    const [first, second] = listChunks(store.db, id);
    expect(casesInDoubtCount(store.db, id)).toBe(0);
    markSending(store.db, first?.id ?? 0);
    expect(casesInDoubtCount(store.db, id)).toBe(2);
    recordChunkOutcome(store.db, first?.id ?? 0, 'done', [a1, a2], []);
    expect(casesInDoubtCount(store.db, id)).toBe(0);
    markInDoubt(store.db, [a3], uploadDetails.codesNotShown);
    expect(casesInDoubtCount(store.db, id)).toBe(1);
    expect(second?.state).toBe('pending');
  });
});

describe('fully uploaded batches', () => {
  it('are timed from their last upload; drafts and batches with cases left are not', () => {
    const { store } = freshStore();
    const make = (codes: string[]) => {
      const id = createBatch(store.db, { environment: 'test', name: 'b', sourceFile: 'b.csv', campaignId: 5, maxPhonePriority: 1 });
      insertBatchCases(
        store.db,
        id,
        codes.map((code) => aCase(code, 'Ana', 'Paz', '3514000000')),
      );
      const ids = unplannedCases(store.db, id).map((c) => c.id);
      return { id, ids };
    };
    const draft = make(['D1']);
    const whole = make(['W1', 'W2']);
    addChunks(store.db, whole.id, 5, [{ caseIds: whole.ids, bytes: 100 }]);
    const chunk = listChunks(store.db, whole.id)[0]?.id ?? 0;
    recordChunkOutcome(store.db, chunk, 'partial', [whole.ids[0] ?? 0], [{ id: whole.ids[1] ?? 0, detail: uploadDetails.serviceSaid('bad phone') }]);
    const half = make(['H1', 'H2']);
    addChunks(store.db, half.id, 5, [{ caseIds: [half.ids[0] ?? 0], bytes: 50 }]);
    recordChunkOutcome(store.db, listChunks(store.db, half.id)[0]?.id ?? 0, 'done', [half.ids[0] ?? 0], []);

    expect(fullyUploadedAt(store.db, draft.id)).toBeNull();
    expect(fullyUploadedAt(store.db, half.id)).toBeNull();
    const at = fullyUploadedAt(store.db, whole.id);
    expect(at).not.toBeNull();
    store.db.prepare('UPDATE upload_chunks SET answered_at = ? WHERE batch_id = ?').run('2020-01-02T00:00:00.000Z', whole.id);
    expect(fullyUploadedAt(store.db, whole.id)).toBe('2020-01-02T00:00:00.000Z');
    expect(batchesUploadedBefore(store.db, '2020-01-03T00:00:00.000Z')).toEqual([{ id: whole.id, lastUploadAt: '2020-01-02T00:00:00.000Z' }]);
    expect(batchesUploadedBefore(store.db, '2020-01-01T00:00:00.000Z')).toEqual([]);
  });

  it('are timed from the end of their last upload run when no request carried a case; a draft with nothing to send is never timed', () => {
    const { store } = freshStore();
    const make = (status: BatchCaseInput['status']) => {
      const id = createBatch(store.db, { environment: 'test', name: 'b', sourceFile: 'b.csv', campaignId: 5, maxPhonePriority: 1 });
      insertBatchCases(store.db, id, [{ ...aCase(`${status}-${id}`, 'Ana', 'Paz', '3514000000'), status }]);
      return id;
    };
    // Every case skipped by the run (the campaign held its code): no chunk, the run's end only.
    const skipped = make('ready');
    markSkipped(store.db, pageBatchCases(store.db, skipped, { limit: 1 })[0]?.id ?? 0);
    markUploadRunEnded(store.db, skipped, '2020-01-02T00:00:00.000Z');
    // Nothing ready to send, and never uploaded: nothing left to send, but nothing to time it by.
    const draft = make('rejected');
    expect(fullyUploadedAt(store.db, skipped)).toBe('2020-01-02T00:00:00.000Z');
    expect(fullyUploadedAt(store.db, draft)).toBeNull();
    expect(batchesUploadedBefore(store.db, '2030-01-01T00:00:00.000Z')).toEqual([{ id: skipped, lastUploadAt: '2020-01-02T00:00:00.000Z' }]);

    // A later run that did nothing leaves it; one that sent or settled something moves it on; so does
    // a chunk answered after the last run's end.
    markIdleUploadRunEnded(store.db, skipped, '2020-02-01T00:00:00.000Z');
    expect(fullyUploadedAt(store.db, skipped)).toBe('2020-01-02T00:00:00.000Z');
    markUploadRunEnded(store.db, skipped, '2020-03-01T00:00:00.000Z');
    expect(fullyUploadedAt(store.db, skipped)).toBe('2020-03-01T00:00:00.000Z');
    const whole = make('ready');
    const [w] = unplannedCases(store.db, whole).map((c) => c.id) as [number];
    markUploadRunEnded(store.db, whole, '2020-01-01T00:00:00.000Z');
    addChunks(store.db, whole, 5, [{ caseIds: [w], bytes: 50 }]);
    recordChunkOutcome(store.db, listChunks(store.db, whole)[0]?.id ?? 0, 'done', [w], []);
    store.db.prepare('UPDATE upload_chunks SET answered_at = ? WHERE batch_id = ?').run('2020-02-01T00:00:00.000Z', whole);
    expect(fullyUploadedAt(store.db, whole)).toBe('2020-02-01T00:00:00.000Z');
    expect(batchesUploadedBefore(store.db, '2020-02-15T00:00:00.000Z')).toEqual([{ id: whole, lastUploadAt: '2020-02-01T00:00:00.000Z' }]);

    // A run that did nothing times only a batch that has no upload time at all (its first run killed
    // after skipping every case): not one timed by its run's end, nor one by its chunks' answers alone.
    const killed = make('ready');
    markSkipped(store.db, pageBatchCases(store.db, killed, { limit: 1 })[0]?.id ?? 0);
    expect(fullyUploadedAt(store.db, killed)).toBeNull();
    markIdleUploadRunEnded(store.db, killed, '2020-04-01T00:00:00.000Z');
    expect(fullyUploadedAt(store.db, killed)).toBe('2020-04-01T00:00:00.000Z');
    store.db.prepare('UPDATE batches SET uploaded_at = NULL WHERE id = ?').run(whole);
    markIdleUploadRunEnded(store.db, whole, '2020-04-01T00:00:00.000Z');
    expect(fullyUploadedAt(store.db, whole)).toBe('2020-02-01T00:00:00.000Z');
  });
});

describe("query plans of what retention finds: each batch's cases through an index, never a scan of them", () => {
  const plan = (sql: string, ...args: unknown[]) =>
    (
      freshStore()
        .store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...args) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('\n');

  it('counts the cases in doubt through the partial indexes of the unsettled and the waiting cases, never the batch', () => {
    const steps = plan(CASES_IN_DOUBT_SQL, 1, 1);
    expect(steps).toMatch(/^SEARCH batch_cases USING COVERING INDEX batch_cases_unsettled \(batch_id=\? AND upload_state=\?\)$/m);
    expect(steps).toMatch(/^SEARCH batch_cases USING COVERING INDEX batch_cases_waiting_in_chunk \(chunk_id=\?\)$/m);
    expect(steps).not.toMatch(/batch_cases_by_batch|SCAN batch_cases/);
  });

  it.each([
    ['fullyUploadedAt', FULLY_UPLOADED_AT_SQL],
    ['batchesUploadedBefore', BATCHES_UPLOADED_BEFORE_SQL],
  ])('%s: cases to send by their partial index, cases edited while skipped by their own', (_name, sql) => {
    const steps = plan(sql, 1);
    expect(steps).toMatch(/^SEARCH c USING INDEX batch_cases_to_send \(batch_id=\?\)$/m);
    // Not the upload index: it would read the row of every skipped case (a whole batch, sent twice).
    expect(steps).toMatch(/^SEARCH c USING INDEX batch_cases_edited_while_skipped \(batch_id=\?\)$/m);
    // A left join: a batch whose runs sent no request has no chunk, and is timed by its last run's end.
    expect(steps).toMatch(/^SEARCH u USING INDEX sqlite_autoindex_upload_chunks_1 \(batch_id=\?\) LEFT-JOIN$/m);
    expect(steps).not.toMatch(/SCAN (c|u)\b/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });

  it("correctedSkippedCount reads only the batch's cases edited while skipped, by their partial index", () => {
    const steps = plan(CORRECTED_SKIPPED_COUNT_SQL, 1);
    expect(steps).toMatch(/^SEARCH c USING INDEX batch_cases_edited_while_skipped \(batch_id=\?\)$/);
    expect(steps).not.toMatch(/SCAN c\b/);
  });

  it('fullyUploadedAt reads its one batch by id; batchesUploadedBefore reads the batches once, in id order', () => {
    expect(plan(FULLY_UPLOADED_AT_SQL, 1)).toMatch(/^SEARCH b USING INTEGER PRIMARY KEY \(rowid=\?\)$/m);
    expect(plan(BATCHES_UPLOADED_BEFORE_SQL, '2020-01-01')).toMatch(/^SCAN b$/m);
  });
});

describe('a store from before retention (migration 5)', () => {
  it('times what it already held from the upgrade: kept a whole retention period, not purged at once', () => {
    const dir = join(root, `data${++made}`);
    const old = openStore(
      dir,
      TEST_STORE_KEY,
      MIGRATIONS.filter((m) => m.version < 5),
    );
    old.db
      .prepare(
        "INSERT INTO result_cases (environment, campaign_id, id, code, is_final, last_updated, json) VALUES ('test', 42, 1, 'C1', 0, '2020-01-01', '{}')",
      )
      .run();
    old.db.prepare("INSERT INTO inbound_cases (environment, id, bot_id, last_updated, json) VALUES ('test', 7, 201, '2020-01-01', '{}')").run();
    old.close();
    const upgradedAt = Date.now();
    const { db } = openStore(dir, TEST_STORE_KEY);
    const downloadedAt = storedResults(db, 'test', 42).downloadedAt;
    expect(Date.parse(downloadedAt ?? '')).toBeGreaterThanOrEqual(upgradedAt - 1000);
    const inboundAt = (db.prepare('SELECT downloaded_at AS at FROM inbound_cases WHERE id = 7').get() as { at: string }).at;
    expect(Date.parse(inboundAt)).toBeGreaterThanOrEqual(upgradedAt - 1000);
    db.close();
  });
});

describe('inbound cases and recordings', () => {
  const inbound = (id: number, phone: string): InboundCase =>
    ({ id, bot: { id: 201 }, last_updated: '2026-01-01T10:00:00Z', phone, params: {} }) as unknown as InboundCase;

  it('purges inbound cases downloaded before the cutoff with their recordings, and orphan recordings', () => {
    const { store } = freshStore();
    saveInboundCases(store.db, 'demo', [inbound(1, '3515550001'), inbound(2, '3515550002')]);
    store.db.prepare("UPDATE inbound_cases SET downloaded_at = '2020-01-01T00:00:00.000Z' WHERE id = 1").run();
    saveRecording(store.db, 'demo', { kind: 'inbound', refId: 1, path: '/r/inbound-1.wav', size: 1, contentType: 'audio/wav', format: 'wav' });
    saveRecording(store.db, 'demo', { kind: 'inbound', refId: 2, path: '/r/inbound-2.wav', size: 1, contentType: 'audio/wav', format: 'wav' });
    saveRecording(store.db, 'demo', { kind: 'outbound', refId: 77, path: '/r/outbound-77.wav', size: 1, contentType: 'audio/wav', format: 'wav' });
    store.db.prepare("UPDATE recordings SET downloaded_at = '2020-01-01T00:00:00.000Z' WHERE ref_id IN (1, 2, 77)").run();

    expect(deleteInboundCasesBefore(store.db, '2021-01-01T00:00:00.000Z')).toEqual({ cases: 1, recordingFiles: ['/r/inbound-1.wav'] });
    // Inbound 2 was downloaded now: it and its recording stay; the outbound recording has no call stored.
    expect(deleteOrphanRecordingsBefore(store.db, '2021-01-01T00:00:00.000Z')).toEqual(['/r/outbound-77.wav']);
    expect(store.db.prepare('SELECT kind, ref_id AS refId FROM recordings').all()).toEqual([{ kind: 'inbound', refId: 2 }]);
    expect(store.db.prepare('SELECT id FROM inbound_cases').all()).toEqual([{ id: 2 }]);
  });
});

describe("deleting a campaign's results", () => {
  const emulator = useEmulator({ speed: 1 });
  const ENV = 'test' as const;
  const debtors = Array.from({ length: 12 }, (_, i) => ({
    code: `LIFE-${String(i).padStart(4, '0')}`,
    first_name: `Eduviges${String.fromCharCode(65 + i)}`,
    last_name: `Saravia${String.fromCharCode(65 + i)}`,
    phone: `2614${String(770_000 + i)}`,
  }));

  it("leaves none of the campaign's debtors in the database file or its WAL, nor its recordings on disk", async () => {
    const base = emulator.current.url;
    const agent = await connect(base);
    const { id: campaignId } = await agent.client.createCampaign(campaignRequest('Borrable'));
    const body = caseKeyedJson(
      debtors.map((d) => [d.code, validCase({ first_name: d.first_name, last_name: d.last_name, phone_settings: { phone_list: [d.phone] } })]),
    );
    expect(await agent.client.uploadCases(campaignId, body)).toMatchObject({ kind: 'loaded' });
    await control(base, 'advance', { seconds: 3600 });
    // Another campaign's results stay.
    const keptCampaign = await dialedCampaign(base, agent.client, 5);

    const { store, dir } = freshStore(true);
    const recordings = join(dir, 'recordings', ENV);
    const deps = { store, client: agent.client, environment: ENV };
    const downloaded = await downloadCampaignResults(deps, campaignId, { recordingsDir: recordings });
    await downloadCampaignResults(deps, keptCampaign, { recordingsDir: recordings });
    expect(downloaded.calls).toBeGreaterThan(0);
    expect(downloaded.recordings).toBe(downloaded.calls);
    const stored = storedResults(store.db, ENV, campaignId);
    expect(stored).toMatchObject({ cases: 12, calls: downloaded.calls, recordings: downloaded.calls });
    expect(stored.downloadedAt).not.toBeNull();

    const needles = debtors.flatMap((d) => [d.code, d.first_name, d.last_name, d.phone]);
    expect(foundIn(storeBytes(store.file), needles).sort()).toEqual([...needles].sort());
    const filesBefore = await readdir(recordings);

    const deleted = deleteCampaignResultRows(store.db, ENV, campaignId);
    expect(deleted).toMatchObject({ cases: 12, calls: downloaded.calls });
    expect(deleted.recordingFiles).toHaveLength(downloaded.calls);

    expect(foundIn(storeBytes(store.file), needles)).toEqual([]);
    expect(walSize(store)).toBe(0);
    expect(storedResults(store.db, ENV, campaignId)).toEqual({ cases: 0, calls: 0, recordings: 0, downloadedAt: null });
    // Its sync marks went: no "no recording" memory, no download time.
    expect(store.db.prepare('SELECT count(*) AS n FROM sync_marks WHERE key = ?').get(String(campaignId))).toEqual({ n: 0 });
    expect(campaignsDownloadedBefore(store.db, '9999-01-01T00:00:00.000Z').map((c) => c.campaignId)).toEqual([keptCampaign]);
    expect(storedResults(store.db, ENV, keptCampaign).cases).toBe(5);
    // The rows only name the files: the caller removes them (see the surface's deletion).
    expect((await readdir(recordings)).length).toBe(filesBefore.length);

    // A later download starts over: everything comes back.
    const again = await downloadCampaignResults(deps, campaignId);
    expect(again).toMatchObject({ cases: 12, changedCases: 12, calls: downloaded.calls });
  });
});
