// Migration 14: the English prose an earlier CaseDesk stored as an uploaded case's detail becomes a code
// and its params; the service's own reasons are kept word for word, as the service's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createBatch, MIGRATIONS, openStore, pageBatchCases, rejectedCases } from '../../../src-main/store';
import { anaCase } from '../../support/ana-case';
import { TEST_STORE_KEY } from '../../support/store-key';
import { insertCasesAsEarlier } from '../../support/earlier-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** [code, upload state, the detail an earlier CaseDesk wrote]. */
const EARLIER: [string, string, string | null][] = [
  ['SKIPPED', 'skipped', 'the campaign already holds this code'],
  ['TAKEN', 'loaded', 'taken as loaded by the agent'],
  ['LOADED', 'loaded', null],
  ['BIG', 'rejected', 'too large for the service on its own (HTTP 413)'],
  ['DOUBT', 'in_doubt', 'the service does not show the uploaded case codes, so what was loaded cannot be read back'],
  ['WHOLE', 'rejected', 'not loaded: the service refused the whole request (Campaign 5: no case could be loaded.)'],
  ['SAID', 'rejected', 'phone 1: not a valid number (not (really))'],
  ['ODD', 'in_doubt', 'something else'],
];

it('turns the prose an earlier CaseDesk stored into codes, the service’s words kept as its reason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m14-'));
  dirs.push(dir);
  const old = openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= 13),
  );
  const batchId = createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', campaignId: 5, maxPhonePriority: 2 });
  insertCasesAsEarlier(
    old.db,
    batchId,
    EARLIER.map(([code]) => anaCase(code)),
  );
  const set = old.db.prepare('UPDATE batch_cases SET upload_state = ?, upload_detail = ? WHERE batch_id = ? AND code = ?');
  for (const [code, state, detail] of EARLIER) set.run(state, detail, batchId, code);
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    const details = Object.fromEntries(pageBatchCases(store.db, batchId, { limit: 20 }).map((c) => [c.code, c.uploadDetail]));
    expect(details).toEqual({
      SKIPPED: { code: 'upload.detail.already_held', params: {} },
      TAKEN: { code: 'upload.detail.taken_as_loaded', params: {} },
      LOADED: null,
      BIG: { code: 'upload.detail.too_large', params: {} },
      DOUBT: { code: 'upload.detail.codes_not_shown', params: {} },
      WHOLE: { code: 'upload.detail.request_refused', params: { reason: 'Campaign 5: no case could be loaded.' } },
      SAID: { code: 'upload.detail.service_said', params: { reason: 'phone 1: not a valid number (not (really))' } },
      ODD: { code: 'upload.detail.earlier_words', params: { text: 'something else' } },
    });
    expect(rejectedCases(store.db, batchId).map((r) => r.code)).toEqual(['BIG', 'WHOLE', 'SAID']);
  } finally {
    store.close();
  }
});
