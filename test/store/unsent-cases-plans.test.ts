// The queries that look for a batch's cases not yet sent (the ledger check before an upload, the
// duplicate recheck across batches) read the cases to send and the rejected or excluded ones through
// their indexes (migrations 31 and 32): an uploaded batch's loaded cases are never read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { casesBeforeUpload, casesForLedgerCheck, codesWaitingInOtherBatches, openStore, type Db } from '../../src-main/store';

/** The query plan of every statement `run` prepares on batch_cases. */
function plansOf(db: Db, run: () => void): string[] {
  const plans: string[] = [];
  const prepare = db.prepare.bind(db);
  const spy = (sql: string) => {
    if (/batch_cases c\b/.test(sql)) {
      const plan = prepare(`EXPLAIN QUERY PLAN ${sql}`);
      const named = sql.includes('$batch');
      const rows = (named ? plan.all({ batch: 1 }) : plan.all('demo', 1, 'demo', 1)) as { detail: string }[];
      plans.push(rows.map((r) => r.detail).join('\n'));
    }
    return prepare(sql);
  };
  (db as unknown as { prepare: typeof spy }).prepare = spy;
  try {
    run();
  } finally {
    (db as unknown as { prepare: typeof prepare }).prepare = prepare;
  }
  return plans;
}

it.each([
  ['the ledger check before an upload', (db: Db) => casesForLedgerCheck(db, 1, { rowsOverLimit: true }), 2],
  ['the cases an upload would send', (db: Db) => casesBeforeUpload(db, 1), 1],
  ['the codes other batches still hold', (db: Db) => codesWaitingInOtherBatches(db, 'demo', 1), 1],
])('%s: through the index of the cases to send and the status index, never every case', (_name, run, statements) => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-unsent-plans-'));
  const store = openStore(dir, null);
  try {
    const plans = plansOf(store.db, () => run(store.db));
    expect(plans).toHaveLength(statements);
    const all = plans.join('\n');
    expect(all).toMatch(/SEARCH c USING INDEX batch_cases_to_send \(batch_id=\?\)/);
    if (statements === 2 || all.includes('UNION ALL')) expect(all).toMatch(/SEARCH c USING INDEX batch_cases_by_status \(batch_id=\? AND <expr>=\?\)/);
    expect(all).not.toMatch(/SCAN c\b|batch_cases_by_batch/);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
