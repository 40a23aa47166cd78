// Migration 22: the search index works the text out from the row where the row stores none; a case an
// earlier CaseDesk stored with its text is found by that text, as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createBatch, MIGRATIONS, openStore, pageCases, searchText } from '../../../src-main/store';
import { anaCase } from '../../support/ana-case';
import { TEST_STORE_KEY } from '../../support/store-key';
import { insertCasesAsEarlier } from '../../support/earlier-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('finds cases stored with their search text and cases stored without it, by code, name and phone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m22-'));
  dirs.push(dir);
  const old = openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= 21),
  );
  const batchId = createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', campaignId: 5, maxPhonePriority: 2 });
  const earlier = anaCase('A-1');
  const plain = anaCase('B-2', { firstName: 'JUAN', lastName: 'Perez', phones: ['3514000002', '1140000003'] });
  insertCasesAsEarlier(old.db, batchId, [earlier, plain]);
  // What version 21 stored for every case: the text itself.
  old.db.prepare('UPDATE batch_cases SET search_text = ? WHERE code = ?').run(searchText(earlier), 'A-1');
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    const found = (search: string) => pageCases(store.db, batchId, { search }, 0, 10).map((c) => c.code);
    expect(found('pena')).toEqual(['A-1']);
    expect(found('juan perez')).toEqual(['B-2']);
    expect(found('1140000003')).toEqual(['B-2']);
    expect(found('b-2')).toEqual(['B-2']);
    expect(found('351400000')).toEqual(['A-1', 'B-2']);
    expect(store.db.prepare('SELECT code, search_text FROM batch_cases ORDER BY id').all()).toEqual([
      { code: 'A-1', search_text: 'a-1 ana pena 3514000001' },
      { code: 'B-2', search_text: '' },
    ]);
  } finally {
    store.close();
  }
});

it('leaves a store brought up to step 21 searchable by the CaseDesk that made it: migration 8 fills whole texts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m22-'));
  dirs.push(dir);
  const upTo = (version: number) =>
    openStore(
      dir,
      TEST_STORE_KEY,
      MIGRATIONS.filter((m) => m.version <= version),
    );
  const old = upTo(6);
  const batchId = createBatch(old.db, { environment: 'demo', name: 'old', sourceFile: 'o.xlsx', maxPhonePriority: 1 });
  old.db
    .prepare(
      `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status)
       VALUES (?, 'A1', 'Juan', 'Perez', '["3514000001"]', '[]', '{}', '[2]', 'ready')`,
    )
    .run(batchId);
  old.close();
  // Stopped before step 22 (killed, or 22 failed): version 21 searched the column itself.
  const v21 = upTo(21);
  try {
    expect(v21.db.prepare('SELECT search_text FROM batch_cases').pluck().get()).toBe('a1 juan perez 3514000001');
  } finally {
    v21.close();
  }
});
