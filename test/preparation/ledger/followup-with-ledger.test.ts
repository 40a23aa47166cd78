// A follow-up batch is prepared like any other: a case or phone listed since it was first loaded
// (own or shared entries) is kept out, and the summary counts it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src-main/domain/ledger';
import { buildFollowupBatch } from '../../../src-main/results/followup-batch';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { addChunks, addLedgerEntry, batchCreditor, listChunks, openStore, pageBatchCases, recordChunkOutcome, saveResultCases } from '../../../src-main/store';
import { aCase } from '../../results/fixtures';
import { sourceFile } from '../../support/source-file';
import { TEST_STORE_KEY } from '../../support/store-key';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-followup-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CAMPAIGN = 78;

describe('a follow-up batch and the ledger', () => {
  it('keeps out what was listed after the first upload, and keeps the creditor for scoped entries', async () => {
    const store = openStore(dir, TEST_STORE_KEY);
    const batchId = (await prepareBatch(store, sourceFile(SAMPLE), { environment: 'test', maxPhonePriority: 2, creditor: 'Banco del Sur' })).batchId;
    const codes = ['20123456', '07654321', '28999000'];
    const ids = pageBatchCases(store.db, batchId, { limit: 100 })
      .filter((c) => codes.includes(c.code))
      .map((c) => c.id);
    addChunks(store.db, batchId, CAMPAIGN, [{ caseIds: ids, bytes: 100 }]);
    recordChunkOutcome(store.db, listChunks(store.db, batchId).at(-1)!.id, 'done', ids, []);
    saveResultCases(
      store.db,
      'test',
      CAMPAIGN,
      codes.map((code, i) => aCase({ id: i + 1, params: { code } })),
    );

    addLedgerEntry(store.db, { kind: 'code', value: '07654321', reason: 'deceased', creditor: 'banco del sur', addedBy: 'ana' });
    const shared: LedgerEntry = {
      id: 5,
      source: 'shared',
      kind: 'phone',
      value: '1155556666',
      reason: 'wrong-number',
      until: null,
      creditor: null,
      addedBy: '',
      addedAt: '',
    };
    const s = await buildFollowupBatch(store, { environment: 'test', campaignId: CAMPAIGN, outcome: 'non-final', sharedLedger: [shared] });
    expect(s).toMatchObject({ cases: 3, ready: 2, suppressed: { cases: 1, phones: 1 }, notices: [] });
    const cases = new Map(pageBatchCases(store.db, s.batchId, { limit: 100 }).map((c) => [c.code, c]));
    expect(cases.get('07654321')?.status).toBe('suppressed');
    expect(cases.get('20123456')?.phones).toEqual(['1145678901']);
    expect(batchCreditor(store.db, s.batchId)).toBe('Banco del Sur');
    store.close();
  });
});
