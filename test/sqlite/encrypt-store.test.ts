// A plain store (an older CaseDesk's) is encrypted once, the first time it is opened with a key:
// every row, rowid, sequence and schema step comes across, nothing of the plain file is left beside
// it, and a kill at any moment leaves the old store or the new one, whole.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatch, insertBatchCases, MIGRATIONS, openStore, storeFile, type BatchCaseInput, type Db, type Migration } from '../../src-main/store';
import { encryptingFile, encryptPlainStore, removeEncryptionLeftovers } from '../../src-main/sqlite/encrypt-store';
import { openDatabase } from '../../src-main/sqlite/sqlcipher';
import { fileState } from '../../src-main/sqlite/file-state';
import { TEST_STORE_KEY } from '../support/store-key';
import { seededRandom } from '../support/seeded-random';
import { bundledChild, type BundledChild } from '../support/bundled-child';

const root = mkdtempSync(join(tmpdir(), 'casedesk-encrypt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => join(root, `data-${++folders}`);

/** A later step of the schema, as a future version might add: the kinds of table the copy must carry. */
const AUDIT_STEP: Migration = {
  version: MIGRATIONS.length + 1,
  name: 'test-audit-trail',
  up: `
CREATE TABLE audit_events (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT NOT NULL);
CREATE TABLE tags (name TEXT PRIMARY KEY, uses INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIEW ready_cases AS SELECT id, code FROM batch_cases WHERE status = 'ready';
CREATE TRIGGER audit_new_batch AFTER INSERT ON batches BEGIN INSERT INTO audit_events (what) VALUES ('batch ' || NEW.id); END;
ALTER TABLE batches ADD COLUMN name_length INTEGER GENERATED ALWAYS AS (length(name)) VIRTUAL;
`,
};
const WITH_AUDIT = [...MIGRATIONS, AUDIT_STEP];

function* someCases(prefix: string, n: number): Generator<BatchCaseInput> {
  for (let i = 0; i < n; i++) {
    yield {
      code: `${prefix}-${i}`,
      firstName: 'María',
      lastName: `Fernández ${i}`,
      phones: [`351456${String(i).padStart(4, '0')}`],
      products: [{ debt_code: `D${i}`, pid: 'Tarjeta', debt: '1500.00', expiration: '2026-12-31' }],
      params: { company_name: 'Banco del Sur' },
      sourceRows: [i + 2],
      status: i % 3 === 0 ? 'rejected' : 'ready',
      issues: [{ severity: 'fix', field: 'phone', rows: [i + 2], kind: 'phone-area-code', params: { area: '351' } }],
    };
  }
}

/** A plain store that lived through every schema step, with gaps in its rowids and sequences. */
function plainStoreOfManyVersions(dir: string): void {
  // Written by a CaseDesk at schema 2: cases and their issues in their first shape.
  const v2 = openStore(dir, null, MIGRATIONS.slice(0, 2));
  const batchId = createBatch(v2.db, { environment: 'demo', name: 'cartera octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
  const addCase = v2.db.prepare(
    "INSERT INTO batch_cases (batch_id, code, first_name, last_name, phones_json, products_json, params_json, source_rows_json, status) VALUES (?, ?, 'Juan', 'Pérez', '[\"3514567890\"]', '[]', '{}', '[2]', 'ready')",
  );
  const addIssue = v2.db.prepare(
    "INSERT INTO case_issues (batch_id, case_id, severity, field, rows_json, kind, message_es, message_en) VALUES (?, ?, 'warning', 'phone', '[2]', 'phone-short', 'corto', 'short')",
  );
  for (let i = 0; i < 30; i++) addIssue.run(batchId, addCase.run(batchId, `OCT-${i}`).lastInsertRowid);
  v2.close();

  // Then a later one: the rest of the steps, more batches, deletions that leave gaps.
  const later = openStore(dir, null, WITH_AUDIT);
  for (const name of ['noviembre', 'diciembre', 'enero']) {
    later.db.transaction(() =>
      insertBatchCases(later.db, createBatch(later.db, { environment: 'test', name, sourceFile: `${name}.xlsx`, maxPhonePriority: 3 }), someCases(name, 200)),
    )();
  }
  later.db.prepare("DELETE FROM batch_cases WHERE code IN ('OCT-3', 'OCT-29', 'enero-199')").run();
  later.db.prepare("DELETE FROM batches WHERE name = 'enero'").run();
  // The newest audit events are gone: the sequence is ahead of the largest id, and must stay so.
  later.db.prepare('DELETE FROM audit_events WHERE id >= 3').run();
  for (const [key, value] of [
    ['language', 'es'],
    ['theme', 'dark'],
    ['area', '351'],
  ])
    later.db.prepare('INSERT INTO settings (key, value_json) VALUES (?, ?)').run(key, JSON.stringify(value));
  later.db.prepare("DELETE FROM settings WHERE key = 'theme'").run();
  later.db.prepare("INSERT INTO tags (name, uses) VALUES ('mora temprana', 4), ('judicial', 1)").run();
  later.close();
}

/** Everything a store holds, rowids, sequences and schema included, in a form to compare. */
function contents(db: Db) {
  const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    try {
      rows[table] = db.prepare(`SELECT rowid AS row_id, * FROM "${table}" ORDER BY rowid`).all();
    } catch {
      rows[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY 1`).all();
    }
  }
  return { schema, rows, userVersion: db.pragma('user_version', { simple: true }) };
}

function contentsOf(file: string, key: Buffer | null) {
  const db = openDatabase(file, key);
  try {
    return contents(db);
  } finally {
    db.close();
  }
}

const besideTheStore = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('casedesk.sqlite'))
    .sort();

describe('encrypting a plain store', () => {
  it('carries every row with its rowid, every sequence and the schema history across', () => {
    const dir = freshDir();
    plainStoreOfManyVersions(dir);
    const file = storeFile(dir);
    expect(fileState(file)).toBe('plain');
    const before = contentsOf(file, null);
    expect(before.rows.schema_migrations).toHaveLength(WITH_AUDIT.length);
    // Batches (deleted 'enero' was 4) and ledger entries keep theirs since store migration 11.
    expect(before.rows.sqlite_sequence).toEqual([
      { row_id: 1, name: 'batches', seq: 4 },
      { row_id: 2, name: 'ledger_entries', seq: 0 },
      { row_id: 3, name: 'audit_events', seq: 3 },
    ]);

    const store = openStore(dir, TEST_STORE_KEY, WITH_AUDIT);
    store.close();
    expect(fileState(file)).toBe('encrypted');
    expect(contentsOf(file, TEST_STORE_KEY)).toEqual(before);

    // The sequence goes on where it was, not from the largest id left.
    const again = openStore(dir, TEST_STORE_KEY, WITH_AUDIT);
    const batchId = createBatch(again.db, { environment: 'demo', name: 'febrero', sourceFile: 'febrero.xlsx', maxPhonePriority: 2 });
    expect(batchId).toBe(5);
    expect(again.db.prepare('SELECT id, what FROM audit_events ORDER BY id DESC LIMIT 1').get()).toEqual({ id: 4, what: `batch ${batchId}` });
    expect(again.db.prepare("SELECT name_length FROM batches WHERE name = 'febrero'").get()).toEqual({ name_length: 7 });
    expect(again.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(again.db.pragma('foreign_key_check')).toEqual([]);
    again.close();
  });

  it('leaves only the encrypted file: no WAL or shared memory of the plain store', () => {
    const dir = freshDir();
    plainStoreOfManyVersions(dir);
    const file = storeFile(dir);
    encryptPlainStore(file, TEST_STORE_KEY);
    expect(besideTheStore(dir)).toEqual(['casedesk.sqlite']);
    expect(fileState(file)).toBe('encrypted');
  });

  it('folds in what a killed older CaseDesk left only in its write-ahead log', () => {
    const crashed = freshDir();
    const running = openStore(crashed, null);
    running.db.pragma('wal_autocheckpoint = 0');
    running.db.transaction(() =>
      insertBatchCases(
        running.db,
        createBatch(running.db, { environment: 'demo', name: 'sin guardar', sourceFile: 'x.xlsx', maxPhonePriority: 2 }),
        someCases('WAL', 50),
      ),
    )();
    // The folder as the process left it when it died: the file, its WAL and its shared memory.
    const dir = freshDir();
    cpSync(crashed, dir, { recursive: true });
    running.close();
    expect(besideTheStore(dir)).toEqual(['casedesk.sqlite', 'casedesk.sqlite-shm', 'casedesk.sqlite-wal']);

    const store = openStore(dir, TEST_STORE_KEY);
    expect(store.db.prepare("SELECT count(*) AS n FROM batch_cases WHERE code LIKE 'WAL-%'").get()).toEqual({ n: 50 });
    store.close();
    expect(fileState(storeFile(dir))).toBe('encrypted');
    expect(besideTheStore(dir)).toEqual(['casedesk.sqlite']);
  });

  it('removes what an interrupted run left beside the store, and still opens it', () => {
    for (const state of ['plain', 'encrypted'] as const) {
      const dir = freshDir();
      const first = openStore(dir, state === 'plain' ? null : TEST_STORE_KEY);
      first.db.prepare("INSERT INTO settings (key, value_json) VALUES ('language', '\"es\"')").run();
      first.close();
      const file = storeFile(dir);
      // Half an encrypted copy and its rollback journal, as a kill in the middle leaves them.
      writeFileSync(encryptingFile(file), Buffer.alloc(8192, 0xab));
      writeFileSync(`${encryptingFile(file)}-journal`, Buffer.alloc(512, 0xcd));

      const store = openStore(dir, TEST_STORE_KEY);
      expect(store.db.prepare("SELECT value_json FROM settings WHERE key = 'language'").get(), state).toEqual({ value_json: '"es"' });
      store.close();
      expect(existsSync(encryptingFile(file)), state).toBe(false);
      expect(besideTheStore(dir), state).toEqual(['casedesk.sqlite']);
      expect(fileState(file), state).toBe('encrypted');
    }
  });
});

describe('what an interrupted encryption left', () => {
  it('goes, its super-journal too, and nothing else beside the store', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const file = storeFile(dir);
    for (const name of ['casedesk.sqlite.encrypting', 'casedesk.sqlite.encrypting-journal', 'casedesk.sqlite.encrypting-mj9181CD98A', 'notes.txt'])
      writeFileSync(join(dir, name), 'x');
    removeEncryptionLeftovers(file);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('a kill while a plain store is being encrypted', () => {
  const ENCRYPTER = join(import.meta.dirname, 'fixtures/store-encrypter.ts');
  // One child a round: plain JavaScript, not compiled by tsx at each start.
  let encrypterBundle: BundledChild | undefined;
  beforeAll(async () => {
    encrypterBundle = await bundledChild(ENCRYPTER);
  });
  afterAll(() => encrypterBundle?.remove());
  // Big enough (about 16 MB) that the conversion takes about a second on a busy machine, so kills land
  // inside it; small enough that eight rounds (each a conversion, an integrity check and a reconversion)
  // fit in a minute there.
  const CASES = 70_000;

  interface Encrypter {
    ready: Promise<void>;
    /** Converts `dir`; kills the child `afterMs` after the conversion started, or once it is done. */
    runAndKill(dir: string, killAt: number | 'done'): Promise<{ convertedInMs: number | null }>;
    /** Ends a child that was never used. */
    stop(): void;
  }

  /** Starts a child ahead of time, so its start-up (loading the app) is not paid inside a round. */
  function startEncrypter(): Encrypter {
    const child = spawn(process.execPath, [encrypterBundle?.script ?? ''], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const listeners: (() => void)[] = [];
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      for (const listener of [...listeners]) listener();
    });
    const exited = new Promise<void>((resolve, reject) =>
      child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`encrypter exited ${code}: ${stderr}`)))),
    );
    const said = (line: string) => stdout.split('\n').includes(line);
    const ready = new Promise<void>((resolve, reject) => {
      listeners.push(() => said('ready') && resolve());
      exited.then(() => reject(new Error('encrypter killed before it was ready')), reject);
    });
    // Whoever uses the child awaits these; one stopped unused must not fail the run.
    ready.catch(() => {});
    exited.catch(() => {});
    return {
      ready,
      stop: () => child.kill('SIGKILL'),
      async runAndKill(dir, killAt) {
        await ready;
        let startedAt = 0;
        let convertedInMs: number | null = null;
        listeners.push(() => {
          if (!startedAt && said('start')) {
            startedAt = performance.now();
            if (killAt === 0) child.kill('SIGKILL');
            else if (killAt !== 'done') setTimeout(() => child.kill('SIGKILL'), killAt);
          }
          if (convertedInMs === null && said('done')) {
            convertedInMs = performance.now() - startedAt;
            if (killAt === 'done') child.kill('SIGKILL');
          }
        });
        child.stdin.write(`${dir}\n`);
        await exited;
        return { convertedInMs };
      },
    };
  }

  /** What a kill left: the old plain store or the new encrypted one, whole, with every case. */
  function checkWhole(dir: string, what: string): 'plain' | 'encrypted' {
    const file = storeFile(dir);
    const state = fileState(file);
    expect(state, what).not.toBe('absent');
    const db = openDatabase(file, state === 'plain' ? null : TEST_STORE_KEY);
    try {
      expect(db.pragma('integrity_check', { simple: true }), what).toBe('ok');
      expect(db.prepare('SELECT count(*) AS n FROM batch_cases').get(), what).toEqual({ n: CASES });
    } finally {
      db.close();
    }
    return state as 'plain' | 'encrypted';
  }

  it('leaves the old store or the new one, whole, and the next open completes the conversion', async () => {
    let next = startEncrypter();
    const template = freshDir();
    const plain = openStore(template, null);
    plain.db.transaction(() =>
      insertBatchCases(
        plain.db,
        createBatch(plain.db, { environment: 'demo', name: 'grande', sourceFile: 'grande.xlsx', maxPhonePriority: 2 }),
        someCases('K', CASES),
      ),
    )();
    plain.close();

    const rounds: { killAt: number | 'done'; left?: string; midway?: boolean; roundMs?: number }[] = [];
    const report = () =>
      `kill points (ms after the conversion started; replay with CASEDESK_KILL_AT=${rounds.map((r) => r.killAt).join(',')}): ${JSON.stringify(rounds)}`;
    const round = async (killAt: number | 'done') => {
      const startedAt = performance.now();
      const dir = freshDir();
      cpSync(template, dir, { recursive: true });
      const entry: (typeof rounds)[number] = { killAt };
      rounds.push(entry);
      const encrypter = next;
      const { convertedInMs } = await encrypter.runAndKill(dir, killAt);
      // The next round's child loads while this round's folder is checked.
      next = startEncrypter();
      entry.midway = existsSync(encryptingFile(storeFile(dir)));
      entry.left = checkWhole(dir, report());
      // Opening again with the key finishes what the kill interrupted.
      const store = openStore(dir, TEST_STORE_KEY);
      expect(store.db.prepare('SELECT count(*) AS n FROM batch_cases').get(), report()).toEqual({ n: CASES });
      store.close();
      expect(fileState(storeFile(dir)), report()).toBe('encrypted');
      expect(besideTheStore(dir), report()).toEqual(['casedesk.sqlite']);
      rmSync(dir, { recursive: true, force: true });
      entry.roundMs = Math.round(performance.now() - startedAt);
      return convertedInMs;
    };

    const replay = process.env.CASEDESK_KILL_AT?.split(',').map((p) => (p === 'done' ? 'done' : Number(p)));
    try {
      if (replay) {
        for (const killAt of replay) await round(killAt);
        return;
      }
      // After completion first: it also measures how long a conversion takes on this machine.
      const took = await round('done');
      expect(took, report()).not.toBeNull();
      const span = Math.max(200, took as number);
      // At once, then one random point in each sixth of the conversion (reported, to replay).
      await round(0);
      const { random } = seededRandom('encrypt-store kills');
      for (let i = 0; i < 6; i++) await round(Math.round((span * (i + random())) / 6));
      const left = rounds.map((r) => r.left);
      expect(left, report()).toContain('plain');
      expect(left, report()).toContain('encrypted');
      // Some kills fell in the middle of the copy: the test saw the half-made file it must survive.
      expect(
        rounds.some((r) => r.midway),
        report(),
      ).toBe(true);
    } finally {
      next.stop();
      console.log(report());
    }
  }, 120_000);
});
