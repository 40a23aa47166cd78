// Migration 23: every batch keeps its number of cases, counted once for the batches already stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { countMatchingCases, createBatch, MIGRATIONS, openStore, pageCases } from '../../../src-main/store';
import { anaCase } from '../../support/ana-case';
import { TEST_STORE_KEY } from '../../support/store-key';
import { insertCasesAsEarlier } from '../../support/earlier-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('counts the cases of the batches already stored, and an empty batch has none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-m23-'));
  dirs.push(dir);
  const old = openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= 22),
  );
  const batch = (name: string) => createBatch(old.db, { environment: 'demo', name, sourceFile: `${name}.xlsx`, maxPhonePriority: 2 });
  const [big, small, empty] = [batch('big'), batch('small'), batch('empty')];
  insertCasesAsEarlier(
    old.db,
    big,
    Array.from({ length: 30 }, (_, i) => anaCase(`B${String(i).padStart(2, '0')}`)),
  );
  insertCasesAsEarlier(old.db, small, [anaCase('S1'), anaCase('S2')]);
  old.close();

  const store = openStore(dir, TEST_STORE_KEY);
  try {
    expect([big, small, empty].map((id) => countMatchingCases(store.db, id, {}))).toEqual([30, 2, 0]);
    // The last page of the big one, read from its end, holds its last cases.
    expect(pageCases(store.db, big, {}, 28, 5).map((c) => c.code)).toEqual(['B28', 'B29']);
  } finally {
    store.close();
  }
});
