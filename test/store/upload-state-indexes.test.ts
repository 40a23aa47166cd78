// The condition a query names to read the index of the cases to send must be the index's own
// (migration 32): SQLite reads a partial index only for a query that implies its condition.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createBatch, insertBatchCases, openStore } from '../../src-main/store';
import { TO_SEND_SQL } from '../../src-main/store/upload-state-indexes';
import { anaCase } from '../support/ana-case';

it('names the cases to send as their index does, and finds exactly them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-to-send-'));
  const store = openStore(dir, null);
  try {
    const sql = store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'batch_cases_to_send'").pluck().get() as string;
    expect(sql.endsWith(`WHERE ${TO_SEND_SQL('x').replaceAll('x.', '')}`)).toBe(true);
    const id = createBatch(store.db, { environment: 'demo', name: 'b', sourceFile: 'b.csv', maxPhonePriority: 1 });
    const statuses = ['ready', 'warning', 'rejected', 'excluded', 'suppressed'] as const;
    insertBatchCases(
      store.db,
      id,
      statuses.map((status, n) => anaCase(`C${n}`, { status })),
    );
    const states = ['pending', 'in_doubt', 'loaded', 'skipped', 'rejected'];
    const setState = store.db.prepare('UPDATE batch_cases SET upload_state = ? WHERE id = ?');
    const ids = store.db.prepare('SELECT id FROM batch_cases WHERE batch_id = ? ORDER BY id').pluck().all(id) as number[];
    // Every status in every upload state: 25 cases, of which 4 are to send.
    const more = store.db.prepare(
      'INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, upload_state) SELECT batch_id, code || ?, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, ? FROM batch_cases WHERE id = ?',
    );
    for (const caseId of ids) for (const state of states.slice(1)) more.run(`-${state}`, state, caseId);
    for (const caseId of ids) setState.run('pending', caseId);
    const viaIndex = store.db
      .prepare(`SELECT code FROM batch_cases c INDEXED BY batch_cases_to_send WHERE c.batch_id = ? AND ${TO_SEND_SQL('c')} ORDER BY code`)
      .pluck()
      .all(id);
    const viaRows = store.db
      .prepare(
        "SELECT code FROM batch_cases NOT INDEXED WHERE batch_id = ? AND status IN ('ready', 'warning') AND upload_state IN ('pending', 'in_doubt') ORDER BY code",
      )
      .pluck()
      .all(id);
    expect(viaIndex).toEqual(['C0', 'C0-in_doubt', 'C1', 'C1-in_doubt']);
    expect(viaIndex).toEqual(viaRows);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
