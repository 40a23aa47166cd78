// The emulator's --db file outlives an upgrade: a file of the version before single-use refresh
// tokens opens, keeps its demo, and takes the new sign-ins.
import Database from 'better-sqlite3-multiple-ciphers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src-main/emulator';
import { openEmulatorDb } from '../../src-main/emulator/emulator-db';
import { BOTS, http, login } from '../support/emulator';

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
