// When an upload run times its batch for retention (batches.uploaded_at, migration 13), against the
// real emulator: a run that sent a request or changed a case's upload state moves the time on; one
// that found nothing to do leaves it, so uploading again never postpones the purge of the debtors.
import { afterEach, describe, expect, it } from 'vitest';
import { batchesUploadedBefore, findCaseByCode, fullyUploadedAt, markInDoubt, markSkipped, type Store } from '../../src-main/store';
import { control } from '../client/helpers';
import { useEmulator } from '../support/emulator';
import { otherBatch, uploadRun as run, uploadWorld, type UploadWorld } from './upload-fixture';
import { uploadDetails } from '../../src-main/domain/upload-detail';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

const LONG_AGO = '2020-01-01T00:00:00.000Z';
const CUTOFF = '2020-02-01T00:00:00.000Z';

async function world(n: number): Promise<UploadWorld> {
  const w = await uploadWorld(emulator.current.url, n);
  worlds.push(w);
  return w;
}

const uploadedAt = (store: Store, batchId: number) => store.db.prepare('SELECT uploaded_at FROM batches WHERE id = ?').pluck().get(batchId) as string | null;

/** The batch's upload times (its last run's end, its chunks' answers) moved back long ago. */
function aged(store: Store, batchId: number): void {
  store.db.prepare('UPDATE batches SET uploaded_at = ? WHERE id = ? AND uploaded_at IS NOT NULL').run(LONG_AGO, batchId);
  store.db.prepare('UPDATE upload_chunks SET answered_at = ? WHERE batch_id = ? AND answered_at IS NOT NULL').run(LONG_AGO, batchId);
}

/** Whether retention purges the batch at the cutoff, checked to agree with the date the batch list shows. */
function purged(store: Store, batchId: number): boolean {
  const purgeable = batchesUploadedBefore(store.db, CUTOFF).some((b) => b.id === batchId);
  expect(purgeable).toBe(fullyUploadedAt(store.db, batchId) === LONG_AGO);
  return purgeable;
}

describe('an upload run that finds nothing to do', () => {
  it('leaves a loaded batch timed from the upload that loaded it', async () => {
    const w = await world(3);
    expect(await run(w, w.batchId)).toMatchObject({ status: 'done', loaded: 3, requests: 2 });
    aged(w.store, w.batchId);

    expect(await run(w, w.batchId)).toMatchObject({ status: 'done', loaded: 3, requests: 0 });
    expect(uploadedAt(w.store, w.batchId)).toBe(LONG_AGO);
    expect(purged(w.store, w.batchId)).toBe(true);
  });

  it('leaves a batch whose every code the campaign held timed from the run that skipped them; loading them again times it anew', async () => {
    const w = await world(2);
    await run(w, w.batchId);
    const second = otherBatch(w, ['C00000', 'C00001']);
    const before = new Date(Date.now() - 1).toISOString();
    expect(await run(w, second)).toMatchObject({ status: 'done', loaded: 0, requests: 0, skipped: { duplicates: 2 } });
    // Its first run sent nothing, and still dated it (migration 13's reason).
    expect((uploadedAt(w.store, second) ?? '') >= before).toBe(true);
    aged(w.store, second);

    expect(await run(w, second)).toMatchObject({ status: 'done', loaded: 0, requests: 0, skipped: { duplicates: 2 } });
    expect(uploadedAt(w.store, second)).toBe(LONG_AGO);
    expect(purged(w.store, second)).toBe(true);

    expect(await run(w, second, { duplicates: { reload: true } })).toMatchObject({ status: 'done', loaded: 2, skipped: { duplicates: 0 } });
    expect((uploadedAt(w.store, second) ?? '') > LONG_AGO).toBe(true);
    expect(purged(w.store, second)).toBe(false);
  });

  it('dates a batch that has no upload time at all: its first run killed after skipping every case', async () => {
    const w = await world(1);
    await run(w, w.batchId);
    const second = otherBatch(w, ['C00000']);
    markSkipped(w.store.db, findCaseByCode(w.store.db, second, 'C00000') ?? 0);
    expect(uploadedAt(w.store, second)).toBeNull();

    expect(await run(w, second)).toMatchObject({ status: 'done', requests: 0, skipped: { duplicates: 1 } });
    expect(uploadedAt(w.store, second)).not.toBeNull();
    expect(fullyUploadedAt(w.store.db, second)).toBe(uploadedAt(w.store, second));
  });
});

describe('an upload run that settles cases without a request', () => {
  it('times the batch anew: its last cases skipped, another batch having loaded them meanwhile', async () => {
    const w = await world(3);
    await control(emulator.current.url, 'faults', { fail_upload: [2] });
    expect(await run(w, w.batchId, { maxRetries: 0 })).toMatchObject({ status: 'paused', loaded: 2, pending: 1 });
    expect(await run(w, otherBatch(w, ['C00002']))).toMatchObject({ status: 'done', loaded: 1 });
    aged(w.store, w.batchId);

    expect(await run(w, w.batchId)).toMatchObject({ status: 'done', loaded: 2, pending: 0, requests: 0, skipped: { duplicates: 1 } });
    expect((uploadedAt(w.store, w.batchId) ?? '') > LONG_AGO).toBe(true);
    expect(purged(w.store, w.batchId)).toBe(false);
  });

  it('times the batch anew: cases in doubt taken as loaded', async () => {
    const w = await world(2);
    await run(w, w.batchId);
    // As a run whose answer never came, and whose read-back could not decide, leaves them.
    markInDoubt(w.store.db, [findCaseByCode(w.store.db, w.batchId, 'C00001') ?? 0], uploadDetails.codesNotShown);
    aged(w.store, w.batchId);
    expect(await run(w, w.batchId)).toMatchObject({ status: 'needs-decision', requests: 0 });
    expect(uploadedAt(w.store, w.batchId)).toBe(LONG_AGO);

    expect(await run(w, w.batchId, { inDoubt: 'assume-loaded' })).toMatchObject({ status: 'done', loaded: 2, requests: 0 });
    expect((uploadedAt(w.store, w.batchId) ?? '') > LONG_AGO).toBe(true);
    expect(purged(w.store, w.batchId)).toBe(false);
  });
});
