// Retention and skipped cases (the campaign already held their code at upload). A skipped case is
// finished, unless its values changed after the upload skipped it: that correction reaches the campaign
// only if it is loaded again, so its batch is kept until then (or until the case is excluded). The
// batch list's "goes on" date (fullyUploadedAt) and the purge (batchesUploadedBefore) say the same.
import { beforeEach, describe, expect, it } from 'vitest';
import { bulkFix, editCase, releaseFromLedger } from '../../src-main/preparation/edit-batch';
import {
  addChunks,
  addLedgerEntry,
  batchesUploadedBefore,
  correctedSkippedCount,
  fullyUploadedAt,
  listChunks,
  markSkipped,
  recordChunkOutcome,
  removeLedgerEntry,
  unplannedCases,
  unskipCases,
  type Store,
} from '../../src-main/store';
import { applyLedgerBeforeUpload } from '../../src-main/sync/ledger-before-upload';
import { sampleBatchEachTest } from '../support/sample-batch';

const sample = sampleBatchEachTest('retention-skipped');
let store: Store;
let batchId: number;
beforeEach(() => {
  ({ store, batchId } = sample);
});

const LONG_AGO = '2020-01-01T00:00:00.000Z';
const CUTOFF = '2020-02-01T00:00:00.000Z';
/** Ready, one phone: the case the campaign already holds. */
const HELD = '28999000';
/** Ready too, two phones: a second code the campaign already held. */
const ALSO_HELD = '31222333';
const idOf = (code: string) => sample.caseOf(code)!.id;

/** As the upload engine does it: the held code skipped, the rest planned and loaded; then long ago. */
function uploadSkipping(code: string): void {
  markSkipped(store.db, idOf(code));
  uploadPending();
}

/** The batch's ready cases still pending loaded in one chunk, answered long ago. */
function uploadPending(): void {
  const ids = unplannedCases(store.db, batchId).map((c) => c.id);
  addChunks(store.db, batchId, 9, [{ caseIds: ids, bytes: 100 }]);
  recordChunkOutcome(store.db, listChunks(store.db, batchId).at(-1)!.id, 'done', ids, []);
  store.db.prepare('UPDATE upload_chunks SET answered_at = ? WHERE batch_id = ?').run(LONG_AGO, batchId);
}

/** Whether retention purges the batch now, checked to agree with the date the batch list shows. */
function purged(): boolean {
  const purgeable = batchesUploadedBefore(store.db, CUTOFF).some((b) => b.id === batchId);
  expect(fullyUploadedAt(store.db, batchId)).toBe(purgeable ? LONG_AGO : null);
  return purgeable;
}

describe('a skipped case edited after the upload', () => {
  it('keeps its batch past the retention cutoff, until it is loaded again', () => {
    uploadSkipping(HELD);
    expect(sample.caseOf(HELD)?.uploadState).toBe('skipped');
    expect(purged()).toBe(true);

    editCase(store, batchId, idOf(HELD), { firstName: 'Jorge Luis' });
    expect(sample.caseOf(HELD)).toMatchObject({ uploadState: 'skipped', firstName: 'Jorge Luis' });
    expect(purged()).toBe(false);

    // Loaded again (the agent's tick): pending until it goes, then the batch is finished as before.
    expect(unskipCases(store.db, batchId)).toBe(1);
    expect(purged()).toBe(false);
    uploadPending();
    expect(sample.caseOf(HELD)).toMatchObject({ uploadState: 'loaded', firstName: 'Jorge Luis' });
    expect(purged()).toBe(true);
  });

  it('no longer holds its batch once excluded, and does again if included again', () => {
    uploadSkipping(HELD);
    editCase(store, batchId, idOf(HELD), { phones: ['261 512-3457'] });
    expect(purged()).toBe(false);

    editCase(store, batchId, idOf(HELD), { excluded: true });
    expect(sample.caseOf(HELD)).toMatchObject({ status: 'excluded', uploadState: 'skipped' });
    expect(purged()).toBe(true);

    editCase(store, batchId, idOf(HELD), { excluded: false });
    expect(purged()).toBe(false);
  });

  it('counts a change of what would be sent, not an edit that changes nothing of it', () => {
    uploadSkipping(HELD);
    // Typed again as it was, and a bulk fix that rebuilds every case to the same values.
    editCase(store, batchId, idOf(HELD), { phones: ['2615123456'] });
    bulkFix(store, batchId, { kind: 'drop-invalid-phones' });
    expect(sample.caseOf(HELD)?.phones).toEqual(['2615123456']);
    expect(purged()).toBe(true);

    bulkFix(store, batchId, { kind: 'default-area-code', areaCode: '351' });
    editCase(store, batchId, idOf(HELD), { products: [{ index: 0, debt: '20600,75' }] });
    expect(purged()).toBe(false);
  });

  it('is finished again when a later upload skips it once more (loaded again, then not sent)', () => {
    uploadSkipping(HELD);
    editCase(store, batchId, idOf(HELD), { lastName: 'Otro' });
    expect(purged()).toBe(false);
    unskipCases(store.db, batchId);
    // The next run is told not to load the campaign's codes: skipped as it is now, nothing new since.
    markSkipped(store.db, idOf(HELD));
    expect(purged()).toBe(true);
  });
});

describe('the count of corrected skipped cases that keep the batch (what the batch list says)', () => {
  const count = () => correctedSkippedCount(store.db, batchId);

  it('is 0 until a skipped case changes after the upload; counts each one; 0 again once they are loaded again', () => {
    expect(count()).toBe(0);
    markSkipped(store.db, idOf(ALSO_HELD));
    uploadSkipping(HELD);
    expect(count()).toBe(0);

    editCase(store, batchId, idOf(HELD), { firstName: 'Jorge Luis' });
    expect(count()).toBe(1);
    editCase(store, batchId, idOf(ALSO_HELD), { phones: ['011 4444-5556'] });
    // The same case changed twice is one case.
    editCase(store, batchId, idOf(HELD), { lastName: 'Otro' });
    expect(count()).toBe(2);
    expect(purged()).toBe(false);

    expect(unskipCases(store.db, batchId)).toBe(2);
    expect(count()).toBe(0);
    uploadPending();
    expect(count()).toBe(0);
    expect(purged()).toBe(true);
  });

  it('leaves out a case excluded, and counts it again when included again', () => {
    uploadSkipping(HELD);
    editCase(store, batchId, idOf(HELD), { phones: ['261 512-3457'] });
    expect(count()).toBe(1);
    editCase(store, batchId, idOf(HELD), { excluded: true });
    expect(count()).toBe(0);
    editCase(store, batchId, idOf(HELD), { excluded: false });
    expect(count()).toBe(1);
  });
});

describe('a case edited before the upload, then skipped', () => {
  it('is finished: its batch goes at the cutoff', () => {
    editCase(store, batchId, idOf(HELD), { firstName: 'Jorge Luis', phones: ['261 512-3457'] });
    uploadSkipping(HELD);
    expect(sample.caseOf(HELD)).toMatchObject({ uploadState: 'skipped', firstName: 'Jorge Luis' });
    expect(purged()).toBe(true);
  });
});

describe('a skipped case the ledger gives a phone back to (its entry removed: the ledger screens, or the next upload)', () => {
  const LISTED = '1166667777';

  /** ALSO_HELD's second phone listed: the upload takes it off, then skips the case with the phone it keeps. */
  function uploadWithPhoneListed(): number {
    const { entry } = addLedgerEntry(store.db, { kind: 'phone', value: LISTED, reason: 'wrong-number', addedBy: 'ana' });
    expect(applyLedgerBeforeUpload(store, batchId)).toMatchObject({ cases: 0, phones: 1 });
    uploadSkipping(ALSO_HELD);
    expect(sample.caseOf(ALSO_HELD)).toMatchObject({ uploadState: 'skipped', phones: ['1144445555'] });
    return entry.id;
  }

  it('is no correction: its batch still goes at the cutoff, and the case holds the phone for a load again', () => {
    removeLedgerEntry(store.db, uploadWithPhoneListed());
    expect(releaseFromLedger(store, batchId)).toEqual({ released: 1 });
    expect(sample.caseOf(ALSO_HELD)).toMatchObject({ uploadState: 'skipped', phones: ['1144445555', LISTED] });
    expect(correctedSkippedCount(store.db, batchId)).toBe(0);
    expect(purged()).toBe(true);

    // Loaded again: it goes as it is now, with the phone given back.
    unskipCases(store.db, batchId);
    expect(unplannedCases(store.db, batchId).find((c) => c.code === ALSO_HELD)?.phones).toEqual(['1144445555', LISTED]);
  });

  it("keeps the agent's own correction, and the batch with it", () => {
    const entry = uploadWithPhoneListed();
    editCase(store, batchId, idOf(ALSO_HELD), { firstName: 'Martín José' });
    expect(correctedSkippedCount(store.db, batchId)).toBe(1);

    removeLedgerEntry(store.db, entry);
    expect(releaseFromLedger(store, batchId)).toEqual({ released: 1 });
    expect(sample.caseOf(ALSO_HELD)).toMatchObject({ uploadState: 'skipped', firstName: 'Martín José', phones: ['1144445555', LISTED] });
    expect(correctedSkippedCount(store.db, batchId)).toBe(1);
    expect(purged()).toBe(false);
  });
});
