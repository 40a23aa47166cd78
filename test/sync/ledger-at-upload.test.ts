// The ledger applies again right before each upload, against the real emulator: an entry added
// after the batch was prepared (or while an upload was paused) keeps its case or phone off the service.
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src-main/domain/ledger';
import { packRaw } from '../../src-main/preparation/build/build-cases';
import {
  addLedgerEntry,
  correctedSkippedCount,
  createBatch,
  fullyUploadedAt,
  insertBatchCases,
  listChunks,
  listIssues,
  pageBatchCases,
  removeLedgerEntry,
  type IssueInput,
} from '../../src-main/store';
import { uploadBatch } from '../../src-main/sync/upload-engine';
import { control } from '../client/helpers';
import { BOTS, useEmulator } from '../support/emulator';
import { aCase, expectExactlyOnce, uploadWorld, type UploadWorld } from './upload-fixture';

const emulator = useEmulator();
const worlds: UploadWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) w.cleanup();
  await control(emulator.current.url, 'reset');
});

const run = (w: UploadWorld, extra: Parameters<typeof uploadBatch>[3] = {}) =>
  uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, w.batchId, w.campaignId, {
    chunkLimits: { maxCases: 2, maxBytes: 2_000_000 },
    ...extra,
  });

/** The spreadsheet row X1 was built from (Ana, one product), with the phones it gives. */
const anaRow = (phones: string[]) => ({
  row: 7,
  firstName: 'Ana',
  lastName: 'Pérez',
  phones,
  debtCode: 'D-X1',
  pid: 'Tarjeta',
  subId: '',
  debt: '1500.00',
  expiration: '2026-12-31',
  params: { company_name: 'Banco del Sur' },
  productInfo: {},
});

const phonesOnServer = (campaignId: number, code: string) =>
  JSON.parse(
    (emulator.current.core.db.prepare('SELECT phones FROM cases WHERE campaign_id = ? AND code = ?').get(campaignId, code) as { phones: string }).phones,
  ) as string[];

describe('the ledger at upload', () => {
  it('keeps out a code and a phone listed after the batch was prepared, own and shared alike', async () => {
    const w = await uploadWorld(emulator.current.url, 4);
    worlds.push(w);
    insertBatchCases(w.store.db, w.batchId, [{ ...aCase('X1'), phones: ['1144445555', '3514567890'] }]);
    addLedgerEntry(w.store.db, { kind: 'code', value: 'C00001', reason: 'legal', addedBy: 'ana' });
    addLedgerEntry(w.store.db, { kind: 'code', value: 'C00002', reason: 'legal', until: '2026-11-30', addedBy: 'ana' }); // expired
    const shared: LedgerEntry = {
      id: 9,
      source: 'shared',
      kind: 'phone',
      value: '1144445555',
      reason: 'wrong-number',
      until: null,
      creditor: null,
      addedBy: '',
      addedAt: '',
    };
    const result = await run(w, { ledger: { shared: [shared], today: '2026-12-01' } });
    expect(result).toMatchObject({ status: 'done', loaded: 4, suppressed: { cases: 1, phones: 1 } });
    expect(expectExactlyOnce(emulator.current, w.campaignId, ['C00000', 'C00002', 'C00003', 'X1'])).toEqual({ duplicates: [], missing: [], extra: [] });
    expect(phonesOnServer(w.campaignId, 'X1')).toEqual(['3514567890']);
    const cases = new Map(pageBatchCases(w.store.db, w.batchId, { limit: 10 }).map((c) => [c.code, c]));
    expect(cases.get('C00001')).toMatchObject({ status: 'suppressed', uploadState: 'pending' });
    expect(cases.get('X1')).toMatchObject({ status: 'warning', phones: ['3514567890'], uploadState: 'loaded' });
    const issues = listIssues(w.store.db, w.batchId);
    expect(issues.find((i) => i.code === 'X1')).toMatchObject({
      kind: 'suppressed-phone',
      params: { phone: '1144445555', reason: 'wrong-number', entry: 9, source: 'shared' },
    });
    expect(issues.find((i) => i.code === 'C00001')?.kind).toBe('suppressed-code');
    // Uploading again finds nothing to send and says nothing new.
    expect(await run(w)).toMatchObject({ status: 'done', loaded: 4, requests: 0, suppressed: { cases: 0, phones: 0 } });
  });

  it('tells a case left out, stored without its rows, once that its code is listed, however many uploads check it', async () => {
    const w = await uploadWorld(emulator.current.url, 1);
    worlds.push(w);
    const invalid: IssueInput = { severity: 'error', kind: 'date-invalid', field: 'products[0].expiration', rows: [2] };
    insertBatchCases(w.store.db, w.batchId, [{ ...aCase('R1'), status: 'rejected', issues: [invalid] }]);
    addLedgerEntry(w.store.db, { kind: 'code', value: 'R1', reason: 'legal', addedBy: 'ana' });
    await run(w);
    await run(w);
    const told = listIssues(w.store.db, w.batchId).filter((i) => i.code === 'R1');
    expect(told.map((i) => i.kind)).toEqual(['date-invalid', 'suppressed-code']);
    expect(pageBatchCases(w.store.db, w.batchId, { limit: 10 }).find((c) => c.code === 'R1')).toMatchObject({ status: 'rejected', uploadState: 'pending' });
  });

  it('takes a case listed while its upload was paused out of the chunk it was planned in', async () => {
    const w = await uploadWorld(emulator.current.url, 4);
    worlds.push(w);
    await control(emulator.current.url, 'faults', { fail_upload: [1] });
    const paused = await run(w, { maxRetries: 0 });
    expect(paused).toMatchObject({ status: 'paused', loaded: 0 });
    expect(listChunks(w.store.db, w.batchId).filter((c) => c.seq > 0)).toHaveLength(2);
    addLedgerEntry(w.store.db, { kind: 'code', value: 'C00000', reason: 'debtor-asked', addedBy: 'ana' });
    const resumed = await run(w);
    expect(resumed).toMatchObject({ status: 'done', loaded: 3, suppressed: { cases: 1, phones: 0 } });
    expect(expectExactlyOnce(emulator.current, w.campaignId, ['C00001', 'C00002', 'C00003'])).toEqual({ duplicates: [], missing: [], extra: [] });
  });

  it('loads a case whose entry was removed after it was held back, but not while the shared list cannot be read whole', async () => {
    const w = await uploadWorld(emulator.current.url, 2);
    worlds.push(w);
    const row = anaRow(['3514567890']);
    insertBatchCases(w.store.db, w.batchId, [{ ...aCase('X1'), sourceRows: [7], raw: packRaw([row]) }]);
    const { entry } = addLedgerEntry(w.store.db, { kind: 'code', value: 'X1', reason: 'legal', addedBy: 'ana' });
    expect(await run(w)).toMatchObject({ status: 'done', loaded: 2, suppressed: { cases: 1, phones: 0 } });

    removeLedgerEntry(w.store.db, entry.id);
    // The organization's list is offline: what was held stays held (it might have been the shared list's).
    expect(await run(w, { ledger: { complete: false } })).toMatchObject({ status: 'done', loaded: 2, requests: 0 });
    expect(pageBatchCases(w.store.db, w.batchId, { limit: 10 }).find((c) => c.code === 'X1')).toMatchObject({ status: 'suppressed', uploadState: 'pending' });

    const resumed = await run(w);
    expect(resumed).toMatchObject({ status: 'done', loaded: 3 });
    expect(expectExactlyOnce(emulator.current, w.campaignId, ['C00000', 'C00001', 'X1'])).toEqual({ duplicates: [], missing: [], extra: [] });
    expect(
      listIssues(w.store.db, w.batchId)
        .filter((i) => i.code === 'X1')
        .map((i) => i.kind),
    ).toContain('ledger-released');
  });
});

describe('the ledger at upload, for a case an earlier run skipped (the campaign already held its code)', () => {
  it("gives back a phone whose entry was removed without keeping the batch for it (no correction of the agent's); a load again sends it", async () => {
    const w = await uploadWorld(emulator.current.url, 1, { codes: ['X1'] });
    worlds.push(w);
    // A campaign that takes two phones a case.
    const campaign = await w.client.createCampaign({
      client_id: BOTS.voice,
      name: 'Dos teléfonos',
      dialing_type: 'HORIZONTAL_VERTICAL',
      min_phone_priority: 0,
      max_phone_priority: 1,
      max_calls_per_case: 1,
    });
    const upload = (batchId: number, extra: Parameters<typeof uploadBatch>[3] = {}) =>
      uploadBatch({ store: w.store, client: w.client, environment: 'test', pacer: w.pacer, sleep: w.sleep, random: () => 0.5 }, batchId, campaign.id, extra);
    expect(await upload(w.batchId)).toMatchObject({ status: 'done', loaded: 1 });
    // X1 again in a second batch, with a phone listed since: taken off, then X1 skipped.
    const phones = ['1144445555', '3514567890'];
    const second = createBatch(w.store.db, { environment: 'test', name: 'otra lista', sourceFile: 'y.xlsx', maxPhonePriority: 1 });
    const row = anaRow(phones);
    insertBatchCases(w.store.db, second, [{ ...aCase('X1'), phones, sourceRows: [7], raw: packRaw([row]) }]);
    const { entry } = addLedgerEntry(w.store.db, { kind: 'phone', value: '1144445555', reason: 'wrong-number', addedBy: 'ana' });
    const x1 = () => pageBatchCases(w.store.db, second, { limit: 1 })[0];
    expect(await upload(second)).toMatchObject({ status: 'done', requests: 0, suppressed: { cases: 0, phones: 1 }, skipped: { duplicates: 1 } });
    expect(x1()).toMatchObject({ uploadState: 'skipped', phones: ['3514567890'] });
    const skippedAt = fullyUploadedAt(w.store.db, second);
    expect(skippedAt).not.toBeNull();

    removeLedgerEntry(w.store.db, entry.id);
    expect(await upload(second)).toMatchObject({ status: 'done', requests: 0, skipped: { duplicates: 1 } });
    expect(x1()).toMatchObject({ uploadState: 'skipped', phones });
    expect(correctedSkippedCount(w.store.db, second)).toBe(0);
    expect(fullyUploadedAt(w.store.db, second)).toBe(skippedAt);

    expect(await upload(second, { duplicates: { reload: true } })).toMatchObject({ status: 'done', loaded: 1, requests: 1, skipped: { duplicates: 0 } });
    const sentAgain = emulator.current.core.db
      .prepare('SELECT phones FROM cases WHERE campaign_id = ? AND code = ? ORDER BY id DESC')
      .pluck()
      .get(campaign.id, 'X1');
    expect(JSON.parse(sentAgain as string)).toEqual(phones);
  });
});
