// Killing the process in the middle of a large write leaves the store consistent: every batch anyone
// can see is whole (a big one's chunks stay hidden until its last commit, and a later start sweeps
// them), and SQLite's integrity check passes.
import { openDatabase } from '../../src-main/sqlite/sqlcipher';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBatches, openStore, storeFile, sweepStaleImports } from '../../src-main/store';
import { TEST_STORE_KEY } from '../support/store-key';
import { seededRandom } from '../support/seeded-random';
import { bundledChild, type BundledChild } from '../support/bundled-child';

const root = mkdtempSync(join(tmpdir(), 'casedesk-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const WRITER = join(import.meta.dirname, 'fixtures/bulk-writer.ts');
// Started a dozen times: plain JavaScript (with its writer thread), not compiled by tsx at each start.
let writer: BundledChild | undefined;
beforeAll(async () => {
  writer = await bundledChild(WRITER, ['batch-writer-worker']);
});
afterAll(() => writer?.remove());
const CASES = 20_000;

/** Runs the writer and kills it with SIGKILL `afterMs` after it is ready (or after its first commit). */
function runAndKill(dir: string, mode: 'inline' | 'thread', afterMs: number, after: 'ready' | 'committed' = 'ready'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer?.script ?? '', dir, String(CASES), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let out = '';
    let armed = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (armed || !out.includes(after)) return;
      armed = true;
      setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited ${code}: ${stderr}`))));
  });
}

describe.each(['inline', 'thread'] as const)('a killed writer (%s)', (mode) => {
  it('leaves only whole batches and a store that passes the integrity check', async () => {
    const dir = join(root, mode);
    // Kill points spread over the first batches; random but reported, so a failure can be replayed.
    // The last one comes after a batch was committed, however slow the machine: the check is not vacuous.
    const { random } = seededRandom(`crash-consistency ${mode}`);
    const delays = [...Array.from({ length: 5 }, () => 50 + Math.floor(random() * 900)), 300];
    for (const [round, delay] of delays.entries()) {
      await runAndKill(dir, mode, delay, round === delays.length - 1 ? 'committed' : 'ready');
      const raw = openDatabase(storeFile(dir), TEST_STORE_KEY);
      expect(raw.pragma('integrity_check', { simple: true }), `killed after ${delay} ms`).toBe('ok');
      const counts = raw
        .prepare("SELECT b.id, (SELECT count(*) FROM batch_cases c WHERE c.batch_id = b.id) AS n FROM batches b WHERE b.state <> 'importing'")
        .all() as {
        id: number;
        n: number;
      }[];
      for (const { id, n } of counts) expect(n, `batch ${id} after a kill at ${delay} ms`).toBe(CASES);
      expect(listBatches(raw, 'demo').map((b) => b.id)).toEqual(counts.map((c) => c.id).reverse());
      const orphans = raw.prepare('SELECT count(*) AS n FROM batch_cases WHERE batch_id NOT IN (SELECT id FROM batches)').get() as { n: number };
      expect(orphans.n).toBe(0);
      raw.close();
    }
    const store = openStore(dir, TEST_STORE_KEY);
    const { n } = store.db.prepare("SELECT count(*) AS n FROM batches WHERE state <> 'importing'").get() as { n: number };
    expect(n).toBeGreaterThan(0);
    // A minute on, what killed imports left hidden is swept: every batch left is whole.
    sweepStaleImports(store.db, new Date(Date.now() + 120_000));
    const left = store.db.prepare('SELECT b.id, b.state, (SELECT count(*) FROM batch_cases c WHERE c.batch_id = b.id) AS n FROM batches b').all() as {
      state: string;
      n: number;
    }[];
    expect(left.length).toBe(n);
    for (const b of left) expect(b).toMatchObject({ state: 'draft', n: CASES });
    expect(store.db.prepare('SELECT count(*) FROM case_keys WHERE batch_id NOT IN (SELECT id FROM batches)').pluck().get()).toBe(0);
    store.close();
  }, 120_000);
});
