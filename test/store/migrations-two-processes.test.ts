// Two processes opening a store that needs a schema step at the same moment (the app and a scheduled
// CLI run, just after an update): both read the steps applied, one applies the missing step, and the
// other must then open the store as it is now, not apply that step a second time and fail.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBatch, MIGRATIONS, openStore, storeFile } from '../../src-main/store';
import { openDatabase } from '../../src-main/sqlite/sqlcipher';
import { TEST_STORE_KEY } from '../support/store-key';

const root = mkdtempSync(join(tmpdir(), 'casedesk-migrate-twice-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const OPENER = join(import.meta.dirname, '../sqlite/fixtures/store-encrypter.ts');

/** Opens the store of `dir` in a child process: it says "start" once it is about to, then how it ended. */
function opener(dir: string): { started: Promise<void>; ended: Promise<{ opened: boolean; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', OPENER], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  let onStart = () => {};
  const started = new Promise<void>((resolve) => (onStart = resolve));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<{ opened: boolean; stderr: string }>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const said = (line: string) => out.split('\n').includes(line);
      if (said('ready') && !out.includes('sent')) {
        out += 'sent\n';
        child.stdin.write(`${dir}\n`);
      }
      if (said('start')) onStart();
      // Opened: it stays open, as the app does, until it is ended here.
      if (said('done')) {
        child.kill('SIGKILL');
        resolve({ opened: true, stderr });
      }
    });
    child.once('exit', () => resolve({ opened: out.split('\n').includes('done'), stderr }));
  });
  return { started, ended };
}

describe('two processes opening a store one schema step behind', () => {
  it('both open it, and the step is applied once', async () => {
    const dir = join(root, 'data');
    const old = openStore(dir, TEST_STORE_KEY, MIGRATIONS.slice(0, -1));
    createBatch(old.db, { environment: 'demo', name: 'octubre', sourceFile: 'octubre.xlsx', maxPhonePriority: 2 });
    old.close();
    // Held for writing while both read which steps are applied: they then wait for it in turn.
    const holder = openDatabase(storeFile(dir), TEST_STORE_KEY);
    holder.exec('BEGIN IMMEDIATE');
    const first = opener(dir);
    const second = opener(dir);
    await Promise.all([first.started, second.started]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    holder.exec('COMMIT');
    holder.close();
    const ends = await Promise.all([first.ended, second.ended]);
    expect(
      ends.map((e) => e.opened),
      ends.map((e) => e.stderr).join('\n'),
    ).toEqual([true, true]);
    const store = openStore(dir, TEST_STORE_KEY);
    expect(store.db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(MIGRATIONS.map((m) => m.version));
    expect(store.db.prepare('SELECT name FROM batches').pluck().all()).toEqual(['octubre']);
    store.close();
  }, 60_000);
});
