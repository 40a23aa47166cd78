// Store migration 11 rebuilds batches and ledger_entries with foreign keys off: a kill at any moment
// of it leaves the store at step 10 or at step 11, whole (every batch, case, issue, chunk, key and
// entry with its id), and the next open finishes it with foreign keys on again.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChunks,
  addLedgerEntries,
  addRowIssues,
  createBatch,
  MIGRATIONS,
  openStore,
  storeFile,
  unplannedCases,
  type BatchCaseInput,
  type Db,
} from '../../src-main/store';
import { openDatabase } from '../../src-main/sqlite/sqlcipher';
import { TEST_STORE_KEY } from '../support/store-key';
import { insertCasesAsEarlier } from '../support/earlier-store';
import { seededRandom } from '../support/seeded-random';
import { bundledChild, type BundledChild } from '../support/bundled-child';

const root = mkdtempSync(join(tmpdir(), 'casedesk-migration-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => join(root, `data-${++folders}`);
const OPENER = join(import.meta.dirname, '../sqlite/fixtures/store-encrypter.ts');
// Started ten times: plain JavaScript, not compiled by tsx at each start.
let opener: BundledChild | undefined;
beforeAll(async () => {
  opener = await bundledChild(OPENER);
});
afterAll(() => opener?.remove());
// Each table's rows and a sum of the ids they hold (case_keys has no rowid: its batch and case ids).
const TABLES: Record<string, string> = {
  batches: 'id',
  ledger_entries: 'id',
  batch_cases: 'id + batch_id',
  case_issues: 'id + batch_id',
  upload_chunks: 'id + batch_id',
  case_keys: 'case_id + batch_id',
};

function* someCases(prefix: string, n: number): Generator<BatchCaseInput> {
  for (let i = 0; i < n; i++)
    yield {
      code: `${prefix}-${i}`,
      firstName: 'Ana',
      lastName: `Peña ${i}`,
      phones: [`351400${String(i).padStart(4, '0')}`],
      products: [],
      params: {},
      sourceRows: [i + 2],
      status: 'ready',
      issues: [{ severity: 'warning', kind: 'name-missing', field: 'first_name', rows: [i + 2], params: { field: 'first_name' } }],
    };
}

const fingerprint = (db: Db) =>
  Object.fromEntries(Object.entries(TABLES).map(([t, ids]) => [t, db.prepare(`SELECT count(*) AS n, coalesce(sum(${ids}), 0) AS ids FROM ${t}`).get()]));

function runAndKill(dir: string, killAt: number | 'done'): Promise<number | null> {
  const child = spawn(process.execPath, [opener?.script ?? ''], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let startedAt = 0;
  let took: number | null = null;
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const said = (l: string) => out.split('\n').includes(l);
      if (said('ready') && !startedAt) {
        startedAt = -1;
        child.stdin.write(`${dir}\n`);
      }
      if (said('start') && startedAt === -1) {
        startedAt = performance.now();
        if (killAt !== 'done') setTimeout(() => child.kill('SIGKILL'), killAt);
      }
      if (said('done') && took === null) {
        took = performance.now() - startedAt;
        if (killAt === 'done') child.kill('SIGKILL');
      }
    });
    child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(took) : reject(new Error(`exited ${code}: ${err}`))));
  });
}

describe('a kill while store migration 11 runs', () => {
  it('leaves step 10 or 11, whole, and the next open finishes it', async () => {
    const template = freshDir();
    const old = openStore(
      template,
      TEST_STORE_KEY,
      MIGRATIONS.filter((m) => m.version <= 10),
    );
    for (const name of ['a', 'b', 'c', 'd']) {
      const id = createBatch(old.db, { environment: 'demo', name, sourceFile: `${name}.xlsx`, maxPhonePriority: 2 });
      insertCasesAsEarlier(old.db, id, someCases(name, 15_000));
      addRowIssues(old.db, id, [{ severity: 'error', kind: 'no-code', field: 'code', rows: [9], params: { row: 9, column: 'DNI' } }]);
      addChunks(old.db, id, 70, [
        {
          caseIds: unplannedCases(old.db, id)
            .slice(0, 500)
            .map((c) => c.id),
          bytes: 10,
        },
      ]);
    }
    addLedgerEntries(
      old.db,
      Array.from({ length: 20_000 }, (_, i) => ({ kind: 'phone' as const, value: `351${i}`, reason: 'other' as const, addedBy: 'ana' })),
    );
    old.db.prepare('DELETE FROM batches WHERE id = 2').run();
    const before = fingerprint(old.db);
    old.close();

    const check = (dir: string, what: string) => {
      const raw = openDatabase(storeFile(dir), TEST_STORE_KEY);
      expect(raw.pragma('integrity_check', { simple: true }), what).toBe('ok');
      const steps = raw.prepare('SELECT count(*) FROM schema_migrations').pluck().get();
      // Step 10, or 11 whole (the opener goes on to the later steps, each its own transaction).
      expect(steps, what).toBeGreaterThanOrEqual(10);
      expect(steps, what).toBeLessThanOrEqual(MIGRATIONS.length);
      expect(fingerprint(raw), what).toEqual(before);
      raw.close();
      const store = openStore(dir, TEST_STORE_KEY);
      expect(fingerprint(store.db), what).toEqual(before);
      expect(store.db.pragma('foreign_keys', { simple: true }), what).toBe(1);
      expect(store.db.pragma('foreign_key_check'), what).toEqual([]);
      expect(store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'batches'").pluck().get(), what).toMatch(/AUTOINCREMENT/);
      store.close();
      return steps as number;
    };
    const rounds: { killAt: number | 'done'; left?: number }[] = [];
    const round = async (killAt: number | 'done') => {
      const dir = freshDir();
      cpSync(template, dir, { recursive: true });
      const entry: (typeof rounds)[number] = { killAt };
      rounds.push(entry);
      const took = await runAndKill(dir, killAt);
      entry.left = check(dir, JSON.stringify(rounds));
      rmSync(dir, { recursive: true, force: true });
      return took;
    };
    const took = (await round('done')) ?? 100;
    const { random } = seededRandom('migration 11 kills');
    for (let i = 0; i < 6; i++) await round(Math.round((Math.max(50, took) * (i + random())) / 6));
    console.log(`migration took ${Math.round(took)} ms; ${JSON.stringify(rounds)}`);
  }, 180_000);
});
