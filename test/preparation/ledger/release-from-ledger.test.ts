// A case the ledger held back comes back when its entry is removed or has expired, built again from
// its rows; while an entry still applies, nothing changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseFromLedger } from '../../../src-main/preparation/edit-batch';
import { prepareBatch } from '../../../src-main/preparation/prepare-batch';
import { addLedgerEntry, batchesWithLedgerHolds, casesHeldByLedger, findCaseByCode, getBatchCase, openStore, removeLedgerEntry } from '../../../src-main/store';
import { sourceFile } from '../../support/source-file';
import { TEST_STORE_KEY } from '../../support/store-key';

const SAMPLE = join(import.meta.dirname, '../../fixtures/spreadsheets/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-ledger-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('releasing what the ledger held back', () => {
  it('brings a case and a phone back once their entries are removed or have expired, and only then', async () => {
    const store = openStore(dir, TEST_STORE_KEY);
    const code = addLedgerEntry(store.db, { kind: 'code', value: '29000111', reason: 'legal', addedBy: 'ana' }).entry;
    addLedgerEntry(store.db, { kind: 'phone', value: '1155556666', reason: 'wrong-number', addedBy: 'ana', until: '2026-12-31' });
    const { batchId } = await prepareBatch(store, sourceFile(SAMPLE), { environment: 'demo', maxPhonePriority: 2 });
    const caseOf = (c: string) => getBatchCase(store.db, findCaseByCode(store.db, batchId, c) ?? 0)!;
    const before = { listed: caseOf('29000111'), lostPhone: caseOf('20123456') };
    expect(before.listed.status).toBe('suppressed');
    expect(before.lostPhone.phones).not.toContain('1155556666');
    expect(batchesWithLedgerHolds(store.db)).toEqual([batchId]);
    expect(casesHeldByLedger(store.db, batchId)).toEqual(expect.arrayContaining([before.listed.id, before.lostPhone.id]));

    // Both entries still apply: nothing comes back.
    expect(releaseFromLedger(store, batchId, [], '2026-11-25')).toEqual({ released: 0 });
    expect(caseOf('29000111').status).toBe('suppressed');

    // The code's entry removed: the case is callable again, and says why.
    removeLedgerEntry(store.db, code.id);
    expect(releaseFromLedger(store, batchId, [], '2026-11-25')).toEqual({ released: 1 });
    const back = caseOf('29000111');
    expect(back.status).not.toBe('suppressed');
    expect(['ready', 'warning']).toContain(back.status);

    // The phone's entry ended on 2026-12-31: from 2027 the phone is on the case again.
    expect(releaseFromLedger(store, batchId, [], '2026-12-31')).toEqual({ released: 0 });
    expect(releaseFromLedger(store, batchId, [], '2027-01-01')).toEqual({ released: 1 });
    expect(caseOf('20123456').phones).toContain('1155556666');
    expect(casesHeldByLedger(store.db, batchId)).toEqual([]);
    store.close();
  });
});
