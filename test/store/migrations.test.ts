// The store's schema: created from nothing, upgraded from every earlier version, and never touched
// when it comes from a newer CaseDesk or a different history.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { openDatabase, type Db } from '../../src-main/sqlite/sqlcipher';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssueText } from '../../src-main/domain/issue-texts/issue-text';
import { issueText } from '../../src-main/domain/issue-texts/wording';
import {
  addChunks,
  addLedgerEntry,
  addRowIssues,
  countMatchingCases,
  createBatch,
  insertBatchCases,
  listIssues,
  listLedgerEntries,
  MIGRATIONS,
  openStore,
  removeLedgerEntry,
  storeFile,
  StoreVersionError,
  unplannedCases,
} from '../../src-main/store';
import { anaCase } from '../support/ana-case';
import { TEST_STORE_KEY } from '../support/store-key';
import { insertCasesAsEarlier } from '../support/earlier-store';
import { statusNumberSql } from '../../src-main/store/status-number';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tables = (db: Db) => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const appliedVersions = (db: Db) => (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);

/** The store as a CaseDesk that stopped at migration `version` left it in `dir`. */
const storeUpTo = (dir: string, version: number) =>
  openStore(
    dir,
    TEST_STORE_KEY,
    MIGRATIONS.filter((m) => m.version <= version),
  );

describe('openStore', () => {
  it('creates every table in an empty data folder, with WAL, foreign keys and FULL sync', () => {
    const store = openStore(dataDir(), TEST_STORE_KEY);
    expect(tables(store.db)).toEqual(
      expect.arrayContaining([
        'accounts',
        'batch_cases',
        'batches',
        'bots',
        'campaigns',
        'case_issues',
        'environments',
        'inbound_cases',
        'mapping_templates',
        'recordings',
        'result_calls',
        'result_cases',
        'settings',
        'sync_marks',
        'upload_chunks',
      ]),
    );
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(appliedVersions(store.db)).toEqual(MIGRATIONS.map((m) => m.version));
    store.close();
  });

  it.each(MIGRATIONS.map((m) => m.version).slice(0, -1))('upgrades a store left at version %i, keeping its data', (version) => {
    const dir = dataDir();
    const old = storeUpTo(dir, version);
    old.db.prepare("INSERT INTO settings (key, value_json) VALUES ('language', '\"es\"')").run();
    old.close();
    const store = openStore(dir, TEST_STORE_KEY);
    expect(appliedVersions(store.db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(store.db.prepare("SELECT value_json FROM settings WHERE key = 'language'").get()).toEqual({ value_json: '"es"' });
    store.close();
  });

  it('opens an up-to-date store again without changing it', () => {
    const dir = dataDir();
    openStore(dir, TEST_STORE_KEY).close();
    const store = openStore(dir, TEST_STORE_KEY);
    expect(appliedVersions(store.db)).toEqual(MIGRATIONS.map((m) => m.version));
    store.close();
  });

  it('refuses a store written by a newer CaseDesk, and leaves it as it was', () => {
    const dir = dataDir();
    openStore(dir, TEST_STORE_KEY, [...MIGRATIONS, { version: 99, name: 'future', up: 'CREATE TABLE future (x)' }]).close();
    expect(() => openStore(dir, TEST_STORE_KEY)).toThrow(StoreVersionError);
    expect(() => openStore(dir, TEST_STORE_KEY)).toThrow(
      expect.objectContaining({ code: 'store.newer_version', params: { applied: MIGRATIONS.length + 1, known: MIGRATIONS.length } }),
    );
    const raw = openDatabase(storeFile(dir), TEST_STORE_KEY);
    expect(tables(raw)).toContain('future');
    raw.close();
  });

  it('refuses a store whose history differs from ours', () => {
    const dir = dataDir();
    openStore(dir, TEST_STORE_KEY, [{ version: 1, name: 'someone-else', up: 'CREATE TABLE other (x)' }]).close();
    expect(() => openStore(dir, TEST_STORE_KEY)).toThrow(expect.objectContaining({ code: 'store.unknown_history' }));
  });
});

describe('005: no stored tokens', () => {
  const columns = (db: Db, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
  const rawBytes = (file: string) => Buffer.concat([readFileSync(file), ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : [])]);

  it('wipes a refresh token an earlier version sealed, and leaves accounts no column to hold one', () => {
    const dir = dataDir();
    const old = openStore(
      dir,
      null,
      MIGRATIONS.filter((m) => m.version <= 4),
    );
    const sealed = Buffer.from('sealed-refresh-token:eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoicmVmcmVzaCJ9');
    old.db.prepare("INSERT INTO environments (name, base_url, updated_at) VALUES ('test', 'https://test.example.com', '2026-01-01')").run();
    old.db
      .prepare(
        "INSERT INTO accounts (environment, email, signed_in_at, refresh_sealed, sealed_with) VALUES ('test', 'agente@example.com', '2026-01-01', ?, 'electron-safe-storage')",
      )
      .run(sealed);
    old.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(rawBytes(old.file).includes(sealed)).toBe(true);
    old.close();

    const store = openStore(dir, null);
    expect(columns(store.db, 'accounts')).toEqual(['environment', 'email', 'signed_in_at']);
    expect(store.db.prepare('SELECT environment, email FROM accounts').all()).toEqual([{ environment: 'test', email: 'agente@example.com' }]);
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(rawBytes(store.file).includes(sealed)).toBe(false);
    store.close();
  });
});

describe('008: case keys', () => {
  it('makes the cases of a store written before it searchable and filterable by kind', () => {
    const dir = dataDir();
    const old = storeUpTo(dir, 6);
    const batchId = createBatch(old.db, { environment: 'demo', name: 'old', sourceFile: 'o.xlsx', maxPhonePriority: 1 });
    // As a version-6 CaseDesk wrote them: without the columns and keys migration 8 adds.
    const insert = old.db.prepare(
      `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, issue_kinds)
       VALUES (?, ?, ?, ?, ?, '[]', '{}', '[2]', ?, ?)`,
    );
    insert.run(batchId, 'A1', 'Ana', 'Peña', '["3514000001"]', 'ready', ' phone-fixed ');
    insert.run(batchId, 'B2', 'Juan', 'Gómez', '["3514000002"]', 'rejected', ' date-invalid ');
    old.close();
    const store = openStore(dir, TEST_STORE_KEY);
    expect(countMatchingCases(store.db, batchId, { search: 'pena' })).toBe(1);
    expect(countMatchingCases(store.db, batchId, { search: '4000002' })).toBe(1);
    expect(countMatchingCases(store.db, batchId, { kind: 'date-invalid' })).toBe(1);
    // And cases written after it are keyed as they are written.
    insertBatchCases(store.db, batchId, [
      {
        code: 'C3',
        firstName: 'Eva',
        lastName: 'Peña',
        phones: [],
        products: [],
        params: {},
        sourceRows: [4],
        status: 'ready',
        issues: [{ severity: 'error', kind: 'date-invalid', field: 'x', rows: [4] }],
      },
    ]);
    expect(countMatchingCases(store.db, batchId, { search: 'pena' })).toBe(2);
    expect(countMatchingCases(store.db, batchId, { kind: 'date-invalid' })).toBe(2);
    store.close();
  });
});

describe('010: issue texts as data', () => {
  it('keeps the words of issues stored before it as their params, worded by issue.legacy, and stores params from then on', () => {
    const dir = dataDir();
    const old = storeUpTo(dir, 9);
    const batchId = createBatch(old.db, { environment: 'demo', name: 'old', sourceFile: 'o.xlsx', maxPhonePriority: 1 });
    old.db
      .prepare(
        `INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, message_es, message_en) VALUES (?, NULL, 'error', 'code', '[7]', 'no-code', 'Fila 7: sin código', 'Row 7: no code')`,
      )
      .run(batchId);
    // A case issue as migration 4 moved it into its case (an object with words), beside one of the compact encoding.
    const worded = {
      severity: 'fix',
      field: 'phones',
      rows: [2],
      kind: 'phone-fixed',
      messageEs: 'Teléfono corregido',
      messageEn: 'Phone corrected',
      before: '011 4567',
      after: '114567',
    };
    const encoded = ['w', 'name-missing', 'first_name', [2], { field: 'first_name' }];
    old.db
      .prepare(
        `INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status, issues_json, fix_count, warning_count)
         VALUES (?, 'A1', 'Ana', 'Peña', '[]', '[]', '{}', '[2]', 'warning', ?, 1, 1)`,
      )
      .run(batchId, JSON.stringify([worded, encoded]));
    old.close();

    const store = openStore(dir, TEST_STORE_KEY);
    const [row, fixed, missing] = listIssues(store.db, batchId);
    expect(row).toMatchObject({ kind: 'no-code', rows: [7], params: { words: { es: 'Fila 7: sin código', en: 'Row 7: no code' } } });
    expect(fixed).toMatchObject({
      kind: 'phone-fixed',
      before: '011 4567',
      after: '114567',
      params: { words: { es: 'Teléfono corregido', en: 'Phone corrected' } },
    });
    expect(missing).toMatchObject({ kind: 'name-missing', params: { field: 'first_name' } });
    expect(issueText(row!)).toEqual({ code: 'issue.legacy', params: { es: 'Fila 7: sin código', en: 'Row 7: no code' } });
    expect([formatIssueText('es', issueText(fixed!)), formatIssueText('en', issueText(fixed!))]).toEqual(['Teléfono corregido', 'Phone corrected']);
    expect(store.db.prepare('SELECT issues_json FROM batch_cases WHERE code = ?').pluck().get('A1')).not.toMatch(/messageEs/);
    expect(store.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('case_issues')).not.toContain('message_es');

    addRowIssues(store.db, batchId, [{ severity: 'error', kind: 'no-code', field: 'code', rows: [9], params: { row: 9, column: 'DNI' } }]);
    expect(formatIssueText('en', issueText(listIssues(store.db, batchId, { rowsOnly: true })[1]!))).toBe(
      'Row 9: it has data but no case code (column "DNI"); is it a totals row?',
    );
    store.close();
  });
});

describe('011: ids never given again', () => {
  const CHILDREN = ['batch_cases', 'case_issues', 'upload_chunks', 'case_keys'];
  const rowsOf = (db: Db, table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all();
  const schemaOf = (db: Db, type: string) => db.prepare('SELECT name, tbl_name, sql FROM sqlite_master WHERE type = ? ORDER BY name').all(type);
  const references = (db: Db) =>
    CHILDREN.flatMap((table) =>
      (db.prepare('SELECT * FROM pragma_foreign_key_list(?)').all(table) as { table: string; from: string; to: string; on_delete: string }[]).map(
        ({ table: parent, from, to, on_delete }) => ({ table, parent, from, to, on_delete }),
      ),
    );
  const anyCase = (code: string) =>
    anaCase(code, { issues: [{ severity: 'warning', kind: 'name-missing', field: 'first_name', rows: [2], params: { field: 'first_name' } }] });

  it('rebuilds batches and ledger entries in an encrypted store, keeping every row, reference and index', () => {
    const dir = dataDir();
    const old = storeUpTo(dir, 10);
    const ids = ['octubre', 'noviembre', 'diciembre'].map((name) =>
      createBatch(old.db, { environment: 'demo', name, sourceFile: `${name}.xlsx`, maxPhonePriority: 2, creditor: 'Banco del Sur', campaignDraft: { name } }),
    );
    for (const id of ids) {
      insertCasesAsEarlier(old.db, id, [anyCase(`A${id}`), anyCase(`B${id}`)]);
      addRowIssues(old.db, id, [{ severity: 'error', kind: 'no-code', field: 'code', rows: [9], params: { row: 9, column: 'DNI' } }]);
      addChunks(old.db, id, 70 + id, [{ caseIds: unplannedCases(old.db, id).map((c) => c.id), bytes: 10 }]);
    }
    addLedgerEntry(old.db, { kind: 'phone', value: '3514000001', reason: 'debtor-asked', addedBy: 'ana' });
    addLedgerEntry(old.db, { kind: 'code', value: 'A1', reason: 'legal', creditor: 'Banco del Sur', addedBy: 'ana' });
    const tablesBefore = Object.fromEntries(['batches', 'ledger_entries', ...CHILDREN].map((t) => [t, rowsOf(old.db, t)]));
    const indexesBefore = schemaOf(old.db, 'index');
    const referencesBefore = references(old.db);
    expect(referencesBefore.filter((r) => r.parent === 'batches' && r.on_delete === 'CASCADE').map((r) => r.table)).toEqual(CHILDREN);
    old.close();

    // Up to this step only: later steps add their own columns and indexes.
    const store = storeUpTo(dir, 11);
    expect(appliedVersions(store.db)).toContain(11);
    for (const [table, rows] of Object.entries(tablesBefore)) expect(rowsOf(store.db, table), table).toEqual(rows);
    expect(schemaOf(store.db, 'index')).toEqual(indexesBefore);
    expect(references(store.db)).toEqual(referencesBefore);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The same schema as a store created at this version.
    const fresh = storeUpTo(dataDir(), 11);
    expect(schemaOf(store.db, 'table')).toEqual(schemaOf(fresh.db, 'table'));
    fresh.close();

    // The references still hold: no case without its batch, and a batch's rows go with it.
    expect(() => insertBatchCases(store.db, 999, [anyCase('X')])).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }));
    const newest = ids.at(-1)!;
    store.db.prepare('DELETE FROM batches WHERE id = ?').run(newest);
    for (const table of CHILDREN) expect(store.db.prepare(`SELECT count(*) FROM ${table} WHERE batch_id = ?`).pluck().get(newest), table).toBe(0);
    expect(createBatch(store.db, { environment: 'demo', name: 'enero', sourceFile: 'enero.xlsx', maxPhonePriority: 2 })).toBe(newest + 1);
    const removed = listLedgerEntries(store.db).at(-1)!;
    removeLedgerEntry(store.db, removed.id);
    expect(addLedgerEntry(store.db, { kind: 'phone', value: '3514000009', reason: 'other', addedBy: 'ana' }).entry.id).toBe(removed.id + 1);
    store.close();
  });
});

describe('012: edited while skipped', () => {
  const aCase = (code: string, issueKinds: string[]) =>
    anaCase(code, { issues: issueKinds.map((kind) => ({ severity: 'fix', kind, field: 'first_name', rows: [2], params: { before: 'A', after: 'B' } })) });

  it('takes skipped cases an earlier version stored edited (or given a phone back) as changed since: kept rather than purged', () => {
    const dir = dataDir();
    const old = storeUpTo(dir, 11);
    const id = createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
    insertCasesAsEarlier(old.db, id, [
      aCase('EDITED', ['edited']),
      aCase('RELEASED', ['ledger-released']),
      aCase('UNTOUCHED', ['phone-fixed']),
      aCase('EDITED-PENDING', ['edited']),
    ]);
    old.db.prepare("UPDATE batch_cases SET upload_state = 'skipped' WHERE code <> 'EDITED-PENDING'").run();
    old.close();

    const store = openStore(dir, TEST_STORE_KEY);
    expect(store.db.prepare('SELECT code, edited_while_skipped AS marked FROM batch_cases ORDER BY id').all()).toEqual([
      { code: 'EDITED', marked: 1 },
      { code: 'RELEASED', marked: 1 },
      { code: 'UNTOUCHED', marked: 0 },
      { code: 'EDITED-PENDING', marked: 0 },
    ]);
    expect(store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'batch_cases_edited_while_skipped'").pluck().get()).toMatch(
      /WHERE edited_while_skipped = 1/,
    );
    store.close();
  });
});

describe('013: upload run times', () => {
  it('times a batch an earlier version uploaded with no request (every case skipped) from the upgrade; a chunk answer still times its own, a draft stays untimed', () => {
    const dir = dataDir();
    const old = storeUpTo(dir, 12);
    const batch = (name: string) => {
      const id = createBatch(old.db, { environment: 'test', name, sourceFile: `${name}.xlsx`, campaignId: 5, maxPhonePriority: 2 });
      insertCasesAsEarlier(old.db, id, [anaCase(`${name}-1`)]);
      return id;
    };
    const skipped = batch('skipped');
    old.db.prepare("UPDATE batch_cases SET upload_state = 'skipped' WHERE batch_id = ?").run(skipped);
    const sent = batch('sent');
    addChunks(old.db, sent, 5, [{ caseIds: unplannedCases(old.db, sent).map((c) => c.id), bytes: 10 }]);
    old.db.prepare("UPDATE upload_chunks SET state = 'done', answered_at = '2020-01-01T00:00:00.000Z'").run();
    old.db.prepare("UPDATE batch_cases SET upload_state = 'loaded' WHERE batch_id = ?").run(sent);
    const draft = batch('draft');
    old.close();

    const upgradedAt = Date.now();
    const store = openStore(dir, TEST_STORE_KEY);
    const uploadedAt = (id: number) => store.db.prepare('SELECT uploaded_at FROM batches WHERE id = ?').pluck().get(id) as string | null;
    expect(Date.parse(uploadedAt(skipped) ?? '')).toBeGreaterThanOrEqual(upgradedAt - 1000);
    expect(uploadedAt(sent)).toBeNull();
    expect(uploadedAt(draft)).toBeNull();
    store.close();
  });
});

describe('indexes the preview and sync rely on', () => {
  const plan = (db: Db, sql: string, ...args: unknown[]) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');

  it("pages one status or upload state in id order from its index alone, the row's id at the end of each entry (migration 27)", () => {
    const store = openStore(dataDir(), TEST_STORE_KEY);
    // The status as a number (migration 31), spelled as the index holds it.
    const status = statusNumberSql();
    const byStatus = plan(store.db, `SELECT id FROM batch_cases WHERE batch_id = ? AND ${status} = ? ORDER BY id LIMIT 50 OFFSET 1000`, 1, 0);
    expect(byStatus).toBe('SEARCH batch_cases USING COVERING INDEX batch_cases_by_status (batch_id=? AND <expr>=?)');
    const after = plan(store.db, `SELECT id FROM batch_cases WHERE batch_id = ? AND ${status} = ? AND id > ? ORDER BY id LIMIT 50`, 1, 0, 9);
    expect(after).toBe('SEARCH batch_cases USING COVERING INDEX batch_cases_by_status (batch_id=? AND <expr>=? AND rowid>?)');
    // An unsettled state through its partial index (migration 32), named in the query as it is stored.
    const byUpload = plan(store.db, "SELECT id FROM batch_cases WHERE batch_id = ? AND upload_state = 'in_doubt' ORDER BY id", 1);
    expect(byUpload).toBe('SEARCH batch_cases USING COVERING INDEX batch_cases_unsettled (batch_id=? AND upload_state=?)');
    store.close();
  });

  it('pages a batch by status through an index, never a scan', () => {
    const store = openStore(dataDir(), TEST_STORE_KEY);
    expect(plan(store.db, `SELECT * FROM batch_cases WHERE batch_id = ? AND ${statusNumberSql()} = ? AND id > ? ORDER BY id LIMIT 200`, 1, 0, 0)).toMatch(
      /USING INDEX batch_cases_by_status/,
    );
    expect(
      plan(store.db, "SELECT * FROM batch_cases WHERE batch_id = ? AND status IN ('ready', 'warning') AND upload_state = 'pending' ORDER BY id", 1),
    ).toMatch(/USING INDEX batch_cases_to_send/);
    expect(plan(store.db, "SELECT * FROM batch_cases WHERE batch_id = ? AND upload_state = 'skipped' ORDER BY id", 1)).toMatch(
      /USING INDEX batch_cases_unsettled/,
    );
    expect(plan(store.db, 'SELECT * FROM batch_cases WHERE batch_id = ? AND code = ?', 1, 'x')).toMatch(/USING INDEX sqlite_autoindex_batch_cases/);
    expect(plan(store.db, 'SELECT * FROM result_calls WHERE environment = ? AND campaign_id = ? AND case_id = ?', 'demo', 1, 2)).toMatch(
      /USING INDEX result_calls_by_case/,
    );
    store.close();
  });
});
