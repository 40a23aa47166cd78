// The app's data folder: the policy's, else CASEDESK_DATA_DIR, else the default it shares with the
// CLI, where the store an older version kept in userData moves once; Chromium's profile stays there.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appDataDir } from '../../src-main/electron/app-data-dir';

const root = mkdtempSync(join(tmpdir(), 'casedesk-app-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let homes = 0;

/** A Linux home whose userData holds an older version's store beside Chromium's profile. */
function home() {
  const dir = join(root, `home${++homes}`);
  const userData = join(dir, '.config', 'CaseDesk');
  mkdirSync(join(userData, 'recordings'), { recursive: true });
  for (const [name, text] of Object.entries({ 'casedesk.sqlite': 'store', 'casedesk-key.json': '{}', 'recordings/a.mp3': 'audio', Preferences: '{}' }))
    writeFileSync(join(userData, name), text);
  return { dir, userData, input: { policyDir: undefined, env: {}, platform: 'linux' as const, home: dir, userData } };
}

describe('the app’s data folder', () => {
  it('is the shared default, where userData’s store moves once; Chromium’s profile stays in userData', () => {
    const { dir, userData, input } = home();
    const to = join(dir, '.local', 'share', 'casedesk');
    expect(appDataDir(input)).toEqual({ dataDir: to, notices: [{ code: 'datafolder.moved', params: { from: userData, to } }] });
    expect(readFileSync(join(to, 'recordings', 'a.mp3'), 'utf8')).toBe('audio');
    expect(readdirSync(userData)).toEqual(['Preferences']);
    expect(appDataDir(input)).toEqual({ dataDir: to, notices: [] });
  });

  it('is the policy’s data_dir, then CASEDESK_DATA_DIR, and then nothing moves', () => {
    const { dir, userData, input } = home();
    expect(appDataDir({ ...input, policyDir: join(dir, 'managed'), env: { CASEDESK_DATA_DIR: join(dir, 'named') } }).dataDir).toBe(join(dir, 'managed'));
    expect(appDataDir({ ...input, env: { CASEDESK_DATA_DIR: join(dir, 'named') } })).toEqual({ dataDir: join(dir, 'named'), notices: [] });
    expect(existsSync(join(userData, 'casedesk.sqlite'))).toBe(true);
    expect(existsSync(join(dir, '.local'))).toBe(false);
  });
});
