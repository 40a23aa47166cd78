// The emulator's --db file outlives an upgrade: a file of the version before single-use refresh
// tokens opens, keeps its demo, and takes the new sign-ins. It holds the JWT secret, the accounts and
// the uploaded cases, so it is the owner's alone (0600), with its WAL and shared memory.
import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src-main/emulator';
import { openEmulatorDb } from '../../src-main/emulator/emulator-db';
import { BOTS, http, login } from '../support/emulator';
import { TEST_STORE_KEY } from '../support/store-key';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-emulator-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openEmulatorDb', () => {
  it('upgrades a version 1 file in place, keeping its campaigns', async () => {
    const file = join(dir, 'v1.sqlite');
    const first = await startEmulator({ tickMs: 0, dbFile: file });
    const created = await http(`${first.url}/api/v2/create_campaign/`, {
      token: (await login(first.url)).access,
      body: { client_id: BOTS.voice, name: 'De antes' },
    });
    await first.close();
    // What version 1 looked like: no refresh_families.
    const old = new Database(file);
    old.exec('DROP TABLE refresh_families');
    old.pragma('user_version = 1');
    old.close();

    const again = await startEmulator({ tickMs: 0, dbFile: file });
    try {
      const pair = await login(again.url);
      const refreshed = await http(`${again.url}/auth/token/refresh/`, { auth: `JWT ${pair.refresh}`, body: { access: pair.access } });
      expect(refreshed.status).toBe(200);
      expect((await http(`${again.url}/api/v2/campaigns/${(created.json as { id: number }).id}/`, { token: pair.access })).status).toBe(200);
    } finally {
      await again.close();
    }
    const { db } = openEmulatorDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses a file of a newer emulator', () => {
    const file = join(dir, 'future.sqlite');
    const future = new Database(file);
    future.pragma('user_version = 99');
    future.close();
    expect(() => openEmulatorDb(file)).toThrow(/schema version 99/);
  });
});

describe.skipIf(process.platform === 'win32')('the --db file is private', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;
  const SQLITE_FILES = ['', '-wal', '-shm'];

  /** Under the usual umask (022), as `casedesk emulator` runs. */
  async function withUmask022<T>(run: () => T | Promise<T>): Promise<T> {
    const before = process.umask(0o022);
    try {
      return await run();
    } finally {
      process.umask(before);
    }
  }

  it('is created 0600, and so are its WAL and shared memory', async () => {
    const file = join(dir, 'new.sqlite');
    await withUmask022(async () => {
      const emulator = await startEmulator({ tickMs: 0, dbFile: file });
      try {
        await login(emulator.url);
        expect(SQLITE_FILES.map((suffix) => mode(`${file}${suffix}`).toString(8))).toEqual(['600', '600', '600']);
      } finally {
        await emulator.close();
      }
    });
  });

  it('an existing file readable by others is tightened when opened', async () => {
    const file = join(dir, 'open-to-all.sqlite');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x)');
    for (const suffix of SQLITE_FILES) chmodSync(`${file}${suffix}`, 0o644);
    const { db } = await withUmask022(() => openEmulatorDb(file));
    try {
      expect(SQLITE_FILES.map((suffix) => mode(`${file}${suffix}`).toString(8))).toEqual(['600', '600', '600']);
    } finally {
      db.close();
      old.close();
    }
  });

  it('a plain file encrypted with the Demo key stays 0600', async () => {
    const file = join(dir, 'plain-demo.sqlite');
    openEmulatorDb(file).db.close();
    chmodSync(file, 0o644);
    const { db } = await withUmask022(() => openEmulatorDb(file, TEST_STORE_KEY));
    db.close();
    expect(mode(file).toString(8)).toBe('600');
  });
});
