// A store moved from an older default, the first time the app opens it: the recordings it keeps by
// path are found at the new place, and the audit trail says once where the data came from.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveRecording } from '../../src-main/store';
import { MOVE_NOTE_FILE, useDefaultDataDir } from '../../src-main/store/data-folder-move';
import { createAppContext } from '../../src-main/surface/app-context';
import { readTrail, revealTrail } from '../../src-main/app/audit-trail';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-moved-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recordingPaths = (ctx: ReturnType<typeof createAppContext>) =>
  (ctx.store.db.prepare('SELECT path FROM recordings ORDER BY ref_id').all() as { path: string }[]).map((r) => r.path);

describe('a moved data folder, opened', () => {
  const from = join(dir, '.casedesk');
  const to = join(dir, 'share', 'casedesk');
  const elsewhere = join(dir, 'elsewhere', 'outbound-2.mp3');

  it('points its recordings at the new folder and records the move once', async () => {
    const old = createAppContext({ dataDir: from });
    const kept = join(from, 'recordings', 'test', 'outbound-1.mp3');
    mkdirSync(join(from, 'recordings', 'test'), { recursive: true });
    writeFileSync(kept, 'audio');
    const row = { kind: 'outbound' as const, size: 5, contentType: 'audio/mpeg', format: 'mp3' };
    saveRecording(old.store.db, 'test', { ...row, refId: 1, path: kept });
    // A path not under the old folder is not the move's to change.
    saveRecording(old.store.db, 'test', { ...row, refId: 2, path: elsewhere });
    await old.close();

    expect(useDefaultDataDir({ to, from: [from] }).dataDir).toBe(to);
    const ctx = createAppContext({ dataDir: to });
    try {
      expect(recordingPaths(ctx)).toEqual([join(to, 'recordings', 'test', 'outbound-1.mp3'), elsewhere]);
      expect(existsSync(join(to, 'recordings', 'test', 'outbound-1.mp3'))).toBe(true);
      expect(existsSync(join(to, MOVE_NOTE_FILE))).toBe(false);
      const moved = revealTrail(ctx, readTrail(ctx).entries).filter((e) => e.action === 'dataFolder.moved');
      expect(moved).toEqual([expect.objectContaining({ path: from, method: 'rename', entries: expect.any(Number) as number })]);
    } finally {
      await ctx.close();
    }
    const again = createAppContext({ dataDir: to });
    try {
      expect(readTrail(again).entries.filter((e) => e.action === 'dataFolder.moved')).toHaveLength(1);
      expect(readTrail(again).chain.ok).toBe(true);
    } finally {
      await again.close();
    }
  });
});
