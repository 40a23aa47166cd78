// A case the upload skipped (the campaign already held its code) is still the agent's to change: it
// reaches the campaign only if loaded again, and then as edited. A case that reached the campaign is not.
import { beforeEach, describe, expect, it } from 'vitest';
import { Failure } from '../../../src-main/domain/failures/failure';
import { bulkFix, editCase } from '../../../src-main/preparation/edit-batch';
import { markSkipped, recordChunkOutcome, unskipCases, type Store } from '../../../src-main/store';
import { sampleBatchEachTest } from '../../support/sample-batch';

const sample = sampleBatchEachTest('edit-skipped');
let store: Store;
let batchId: number;
beforeEach(() => {
  ({ store, batchId } = sample);
});

const { caseOf } = sample;

describe('a skipped case', () => {
  it('is editable, stays skipped, and goes back to the queue as edited when loaded again', () => {
    const c = caseOf('33444555')!;
    markSkipped(store.db, c.id);
    expect(caseOf('33444555')).toMatchObject({ uploadState: 'skipped', editable: true });

    const after = editCase(store, batchId, c.id, { products: [{ index: 0, expiration: '28/02/2027' }], phones: ['011 4567-8901'] });
    expect(after).toMatchObject({ status: 'ready', uploadState: 'skipped', phones: ['1145678901'] });

    expect(unskipCases(store.db, batchId)).toBe(1);
    expect(caseOf('33444555')).toMatchObject({ uploadState: 'pending', status: 'ready', phones: ['1145678901'] });
  });

  it('takes a bulk fix like a pending case', () => {
    const rejected = caseOf('33444555')!;
    markSkipped(store.db, rejected.id);
    bulkFix(store, batchId, { kind: 'exclude-rejected' });
    expect(caseOf('33444555')).toMatchObject({ status: 'excluded', uploadState: 'skipped' });
  });
});

describe('a case that reached the campaign', () => {
  it('is refused with edit.case_sent, and left as it was', () => {
    const c = caseOf('20123456')!;
    recordChunkOutcome(store.db, -1, 'done', [c.id], []);
    expect(caseOf('20123456')).toMatchObject({ uploadState: 'loaded', editable: false });
    let refused: unknown;
    try {
      editCase(store, batchId, c.id, { firstName: 'Otro' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(Failure);
    expect((refused as Failure).toData()).toMatchObject({ code: 'edit.case_sent', params: { code: '20123456', state: 'loaded' } });
    expect(caseOf('20123456')?.firstName).toBe(c.firstName);
  });
});

describe('a skipped case the shared list held', () => {
  const listed = {
    id: 7,
    source: 'shared' as const,
    kind: 'phone' as const,
    value: '1145678901',
    reason: 'debtor-asked' as const,
    until: null,
    creditor: null,
    addedBy: '',
    addedAt: '',
  };

  it('keeps the phone off when edited while the list cannot be read whole', () => {
    const c = caseOf('33444555')!;
    editCase(store, batchId, c.id, { phones: ['011 4567-8901', '011 4567-8902'] }, { list: [listed], complete: true });
    expect(caseOf('33444555')?.phones).toEqual(['1145678902']);
    markSkipped(store.db, c.id);
    expect(caseOf('33444555')?.uploadState).toBe('skipped');

    // The share is offline: what it held in this case stays held, as for a pending case.
    editCase(store, batchId, c.id, { firstName: 'Otra' }, { list: [], complete: false });
    expect(caseOf('33444555')).toMatchObject({ firstName: 'Otra', phones: ['1145678902'], uploadState: 'skipped' });
  });
});
