// A case already planned into a chunk that was not sent yet (an upload paused between chunks) and then
// left out by an edit, a bulk fix or corrections: no later request may carry it.
import { beforeEach, describe, expect, it } from 'vitest';
import { Failure } from '../../../src-main/domain/failures/failure';
import { bulkFix, editCase } from '../../../src-main/preparation/edit-batch';
import {
  addChunks,
  chunkCases,
  findCaseByCode,
  getBatchCase,
  listChunks,
  markSending,
  pageBatchCases,
  setChunkState,
  unplannedCases,
  type Store,
} from '../../../src-main/store';
import { sampleBatchEachTest } from '../../support/sample-batch';

let chunkId: number;
const sample = sampleBatchEachTest('edit-planned');
let store: Store;
let batchId: number;
beforeEach(() => {
  ({ store, batchId } = sample);
  addChunks(store.db, batchId, 1, [{ caseIds: unplannedCases(store.db, batchId).map((c) => c.id), bytes: 10 }]);
  chunkId = listChunks(store.db, batchId)[0]!.id;
});

const codesInChunk = () => chunkCases(store.db, chunkId).map((c) => c.code);

describe('a planned case left out', () => {
  it('leaves its chunk not sent yet, and is planned again if brought back', () => {
    const id = findCaseByCode(store.db, batchId, '20123456')!;
    expect(codesInChunk()).toContain('20123456');
    editCase(store, batchId, id, { excluded: true });
    expect(codesInChunk()).not.toContain('20123456');

    editCase(store, batchId, id, { excluded: false });
    expect(unplannedCases(store.db, batchId).map((c) => c.code)).toEqual(['20123456']);
  });
});

describe('a case whose request may be on its way', () => {
  it('is shown as not editable, in a page and alone, and editable again once its chunk is answered', () => {
    const id = findCaseByCode(store.db, batchId, '20123456')!;
    const shown = () => [getBatchCase(store.db, id)?.editable, pageBatchCases(store.db, batchId, { afterId: id - 1, limit: 1 })[0]?.editable];
    expect(shown()).toEqual([true, true]);
    markSending(store.db, chunkId);
    expect(shown()).toEqual([false, false]);
    setChunkState(store.db, chunkId, 'pending');
    expect(shown()).toEqual([true, true]);
  });

  it('is refused with edit.case_sent, left as it was and in its chunk (reading the campaign back settles it)', () => {
    markSending(store.db, chunkId);
    const id = findCaseByCode(store.db, batchId, '20123456')!;
    const before = getBatchCase(store.db, id)!;
    let refused: unknown;
    try {
      editCase(store, batchId, id, { firstName: 'Otra', excluded: true });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(Failure);
    expect((refused as Failure).toData()).toMatchObject({ code: 'edit.case_sent', params: { code: '20123456', state: 'sending' } });
    expect(getBatchCase(store.db, id)).toMatchObject({ firstName: before.firstName, status: before.status, issueCounts: before.issueCounts });
    expect(codesInChunk()).toContain('20123456');
  });

  it('is left out of a bulk fix', () => {
    const id = findCaseByCode(store.db, batchId, '20123456')!;
    editCase(store, batchId, id, { products: [{ index: 0, debt: 'mucho' }] });
    expect(getBatchCase(store.db, id)?.status).toBe('rejected');
    addChunks(store.db, batchId, 1, [{ caseIds: [id], bytes: 10 }]);
    const inFlight = listChunks(store.db, batchId).at(-1)!.id;
    markSending(store.db, inFlight);
    const rejected = store.db.prepare("SELECT count(*) FROM batch_cases WHERE batch_id = ? AND status = 'rejected'").pluck().get(batchId) as number;
    expect(bulkFix(store, batchId, { kind: 'exclude-rejected' })).toEqual({ changed: rejected - 1 });
    expect(getBatchCase(store.db, id)?.status).toBe('rejected');
  });
});
