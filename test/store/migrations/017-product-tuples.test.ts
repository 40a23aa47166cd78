// Migration 17: products stored as objects become tuples, and read back the same; a product of
// another shape stays an object.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createBatch, MIGRATIONS, openStore, pageBatchCases } from '../../../src-main/store';
import { TEST_STORE_KEY } from '../../support/store-key';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const visa = { debt_code: 'OP-1', pid: 'Visa', debt: '1000.50', expiration: '2027-01-01' };
const odd = { debt_code: 'OP-2', pid: 'Visa', debt: '5.00', expiration: '2027-01-01', tramo: '3' };

it('rewrites the products an earlier CaseDesk stored as objects, and reads the same products', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m17-'));
  dirs.push(dir);
  const old = openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= 16),
  );
  const batchId = createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
  // As that version wrote them (12,000 cases: more than one page of the backfill).
  const insert = old.db.prepare(
    `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status)
     VALUES (?, ?, 'Ana', 'Peña', '["3514000001"]', ?, '{}', '[2]', 'ready')`,
  );
  old.db.transaction(() => {
    for (let i = 0; i < 12_000; i++) insert.run(batchId, `C${i}`, JSON.stringify(i === 11_999 ? [visa, odd] : [visa]));
  })();
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    const stored = store.db.prepare('SELECT products_json FROM batch_cases ORDER BY id').pluck().all() as string[];
    expect(stored[0]).toBe('[["OP-1","Visa","1000.50","2027-01-01"]]');
    expect(stored.at(-1)).toBe(`[["OP-1","Visa","1000.50","2027-01-01"],${JSON.stringify(odd)}]`);
    expect(new Set(stored.slice(0, -1)).size).toBe(1);
    const last = pageBatchCases(store.db, batchId, { afterId: 0, limit: 20_000 }).at(-1);
    expect(last?.products).toEqual([visa, odd]);
  } finally {
    store.close();
  }
});
