// The one-time move of a store from an older default to the new one: whole or not at all, the old
// store kept and used whenever anything fails, links refused, one mover at a time.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileIdentity, MOVE_NOTE_FILE, readNote, takeStaleLock, useDefaultDataDir } from '../../src-main/store/data-folder-move';
import { Failure } from '../../src-main/domain/failures/failure';
import { formatNotice } from '../../src-main/domain/failures/notice';

const root = mkdtempSync(join(tmpdir(), 'casedesk-move-'));
// Another file system than the temp folder's (tmpfs here), for the copy; skipped where there is none.
const otherFs = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/casedesk-move-') : null;
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  if (otherFs) rmSync(otherFs, { recursive: true, force: true });
});
let made = 0;
const place = (base = root) => join(base, `case${++made}`);

/** What a store's folder holds: the store, its key's marker, a sealed index, recordings, the trail; and Chromium's files beside it. */
const STORE: Record<string, string> = {
  'casedesk.sqlite': 'SQLite format 3\0 (encrypted pages)'.repeat(500),
  'casedesk-key.json': '{"version":1,"id":"0f6c3f9e-2a8d-4c55-9d3e-3a1c8e0b1d2f","keptIn":"key-file"}\n',
  'casedesk-shared-list.idx': 'sealed index',
  'recordings/test/outbound-1.mp3': 'sealed audio 1',
  'recordings/test/inbound-7.ogg': 'sealed audio 7',
  'audit/audit.jsonl': '{"seq":1}\n',
};

function makeStore(dir: string, extra: Record<string, string> = {}): void {
  for (const [name, text] of Object.entries({ ...STORE, ...extra })) {
    mkdirSync(join(dir, name, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, name), text, { mode: 0o600 });
  }
  chmodSync(dir, 0o700);
}

function expectStore(dir: string): void {
  for (const [name, text] of Object.entries(STORE)) {
    expect(readFileSync(join(dir, name), 'utf8'), name).toBe(text);
    expect(lstatSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
  }
  for (const folder of ['', 'recordings', 'recordings/test', 'audit']) expect(lstatSync(join(dir, folder)).mode & 0o777, folder).toBe(0o700);
}

describe('moving an old default’s store to the new default', () => {
  it('takes over a lock left before the machine started, even when its pid is a live process now', () => {
    const from = place();
    const to = place();
    makeStore(from);
    // A crash mid-move, then a restart: the pid the lock names now belongs to another process (here, this one).
    writeFileSync(`${to}.lock`, `${process.pid}\n`);
    utimesSync(`${to}.lock`, new Date('2001-01-01'), new Date('2001-01-01'));
    const choice = useDefaultDataDir({ to, from: [from], lockWaitMs: 300 });
    expect(choice).toEqual({ dataDir: to, notices: [{ code: 'datafolder.moved', params: { from, to } }] });
    expect(existsSync(`${to}.lock`)).toBe(false);
  });

  it('never removes another mover’s fresh lock: one that judged the old lock stale after another took it over leaves the new one', () => {
    const to = place();
    const lock = `${to}.lock`;
    // Mover B judged the dead owner's lock stale (this inode)…
    writeFileSync(lock, '999999999\n');
    const judged = lockFileIdentity(lock) ?? '';
    // …while mover A took it over: removed it and made its own, live, lock (very likely on the same inode).
    rmSync(lock);
    writeFileSync(lock, `${process.pid}\n`);
    takeStaleLock(lock, judged);
    // A's lock is still there, whole; nothing else was left beside it.
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
    expect(readdirSync(join(to, '..')).filter((name) => name.startsWith(`${basename(to)}.lock`))).toEqual([`${basename(to)}.lock`]);
    // The stale one itself is taken out of the way.
    takeStaleLock(lock, lockFileIdentity(lock) ?? '');
    expect(existsSync(lock)).toBe(false);
  });

  it('on one file system renames it there, with its key marker and sealed files; Chromium’s files stay', () => {
    const from = place();
    const to = join(place(), 'share', 'casedesk');
    makeStore(from, { Cookies: 'chromium', 'Local Storage/leveldb': 'chromium' });
    const choice = useDefaultDataDir({ to, from: [join(root, 'nothing-here'), from] });
    expect(choice).toEqual({ dataDir: to, notices: [{ code: 'datafolder.moved', params: { from, to } }] });
    expectStore(to);
    expect(readdirSync(from).sort()).toEqual(['Cookies', 'Local Storage']);
    expect(readNote(join(to, MOVE_NOTE_FILE))).toMatchObject({ from, method: 'rename', bytes: Object.values(STORE).join('').length });
    expect(readdirSync(join(to, '..'))).toEqual(['casedesk']);
    // Done once: the next start finds the store in place and says nothing.
    expect(useDefaultDataDir({ to, from: [from] })).toEqual({ dataDir: to, notices: [] });
  });

  it('removes the old folder when nothing else was in it', () => {
    const from = place();
    const to = place();
    makeStore(from);
    expect(useDefaultDataDir({ to, from: [from] }).dataDir).toBe(to);
    expect(existsSync(from)).toBe(false);
    expectStore(to);
  });

  it.skipIf(!otherFs)('on another file system copies it, checks the copy, then removes the old one', () => {
    const from = place(otherFs ?? root);
    const to = place();
    makeStore(from);
    const choice = useDefaultDataDir({ to, from: [from] });
    expect(choice.notices).toEqual([{ code: 'datafolder.moved', params: { from, to } }]);
    expectStore(to);
    expect(readNote(join(to, MOVE_NOTE_FILE))?.method).toBe('copy');
    expect(existsSync(from)).toBe(false);
  });

  it('keeps and uses the old store when the copy is interrupted, and moves it at the next start', () => {
    const from = place();
    const to = place();
    makeStore(from);
    let copied = 0;
    const dying = (a: string, b: string) => {
      if (++copied === 3) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      writeFileSync(b, readFileSync(a), { mode: 0o600 });
    };
    const choice = useDefaultDataDir({ to, from: [from], sameFileSystem: () => false, copyFile: dying });
    expect(choice).toEqual({ dataDir: from, notices: [{ code: 'datafolder.not_moved', params: { from, to, reason: 'copy_failed' } }] });
    expectStore(from);
    expect(existsSync(to)).toBe(false);
    expect(existsSync(`${to}.moving`)).toBe(false);
    expect(useDefaultDataDir({ to, from: [from], sameFileSystem: () => false }).dataDir).toBe(to);
    expectStore(to);
    expect(existsSync(from)).toBe(false);
  });

  it('keeps and uses the old store when the copy does not match it', () => {
    const from = place();
    const to = place();
    makeStore(from);
    const corrupting = (a: string, b: string) => writeFileSync(b, readFileSync(a).subarray(1), { mode: 0o600 });
    const choice = useDefaultDataDir({ to, from: [from], sameFileSystem: () => false, copyFile: corrupting });
    expect(choice.notices).toEqual([{ code: 'datafolder.not_moved', params: { from, to, reason: 'verify_failed' } }]);
    expect(choice.dataDir).toBe(from);
    expectStore(from);
    expect(existsSync(to)).toBe(false);
  });

  it('after a crash part-way through the renames, puts the moved entries back and moves the whole store', () => {
    const from = place();
    const to = place();
    makeStore(from);
    // What a crash leaves: the note, then some entries already in the staging folder.
    const staging = `${to}.moving`;
    mkdirSync(staging);
    const entries = ['audit', 'casedesk-key.json', 'casedesk-shared-list.idx', 'casedesk.sqlite', 'recordings'];
    writeFileSync(join(staging, MOVE_NOTE_FILE), JSON.stringify({ version: 1, from, method: 'rename', entries, bytes: 1, at: new Date().toISOString() }));
    // The store's file and its key's marker gone: the old folder alone no longer looks like a store.
    for (const name of ['casedesk.sqlite', 'casedesk-key.json', 'recordings']) renameSync(join(from, name), join(staging, name));
    const choice = useDefaultDataDir({ to, from: [from] });
    expect(choice.dataDir).toBe(to);
    expectStore(to);
    expect(existsSync(staging)).toBe(false);
  });

  it('moves nothing anywhere by a planted note: entries that climb out of the folder, or an old folder it does not know', () => {
    const from = place();
    const to = place();
    const elsewhere = place();
    makeStore(from);
    mkdirSync(elsewhere);
    const staging = `${to}.moving`;
    mkdirSync(staging);
    writeFileSync(join(staging, 'bait'), 'planted');
    const note = (over: object) => JSON.stringify({ version: 1, from, method: 'rename', entries: ['bait'], bytes: 1, at: new Date().toISOString(), ...over });
    expect(readNote(join(staging, MOVE_NOTE_FILE))).toBeNull();
    for (const bad of [{ entries: ['../bait'] }, { entries: ['..'] }, { entries: ['a/../../bait'] }, { from: 'relative/place' }]) {
      writeFileSync(join(staging, MOVE_NOTE_FILE), note(bad));
      expect(readNote(join(staging, MOVE_NOTE_FILE)), JSON.stringify(bad)).toBeNull();
    }
    // A well-formed note naming a folder this start does not know as an old default: nothing goes there.
    writeFileSync(join(staging, MOVE_NOTE_FILE), note({ from: elsewhere }));
    const choice = useDefaultDataDir({ to, from: [from] });
    expect(choice.dataDir).toBe(to);
    expectStore(to);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(join(to, 'bait'))).toBe(false);
  });

  it('moves nothing when both places hold a store, and says the old one is left', () => {
    const from = place();
    const to = place();
    makeStore(from);
    makeStore(to, { 'casedesk.sqlite': 'the new one' });
    const choice = useDefaultDataDir({ to, from: [from] });
    expect(choice).toEqual({ dataDir: to, notices: [{ code: 'datafolder.both', params: { from, to } }] });
    expectStore(from);
    expect(readFileSync(join(to, 'casedesk.sqlite'), 'utf8')).toBe('the new one');
  });

  it('moves nothing into a new folder that already holds other files', () => {
    const from = place();
    const to = place();
    makeStore(from);
    mkdirSync(to);
    writeFileSync(join(to, 'notes.txt'), 'mine');
    expect(useDefaultDataDir({ to, from: [from] })).toEqual({
      dataDir: from,
      notices: [{ code: 'datafolder.not_moved', params: { from, to, reason: 'not_empty' } }],
    });
    expectStore(from);
  });

  it('keeps and uses the old store when the new place cannot be made, and says why in words', () => {
    const from = place();
    const blocker = place();
    makeStore(from);
    writeFileSync(blocker, 'a file where a folder should be');
    const to = join(blocker, 'casedesk');
    const choice = useDefaultDataDir({ to, from: [from] });
    expect(choice).toEqual({ dataDir: from, notices: [{ code: 'datafolder.not_moved', params: { from, to, reason: 'io_error' } }] });
    expectStore(from);
    const [notice] = choice.notices;
    expect(formatNotice('es', 'datafolder.not_moved', notice?.params)).toBe(
      `No se pudieron trasladar sus datos de ${from} a ${to} (el sistema de archivos lo rechazó): quedan en ${from} y se usan desde allí. CaseDesk vuelve a intentarlo en el próximo inicio.`,
    );
    expect(formatNotice('en', 'datafolder.not_moved', notice?.params)).toContain('(the file system refused it)');
  });

  it('moves into an empty new folder', () => {
    const from = place();
    const to = place();
    makeStore(from);
    mkdirSync(to);
    expect(useDefaultDataDir({ to, from: [from] }).dataDir).toBe(to);
    expectStore(to);
  });

  describe('links', () => {
    it('refuses a new default that is a link: the start stops', () => {
      const from = place();
      const target = place();
      const to = place();
      makeStore(from);
      mkdirSync(target);
      symlinkSync(target, to);
      const err = (() => {
        try {
          useDefaultDataDir({ to, from: [from] });
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(Failure);
      expect((err as Failure).toData()).toEqual({ code: 'datafolder.link', params: { path: to } });
      expectStore(from);
      expect(readdirSync(target)).toEqual([]);
    });

    it('neither moves nor uses an old default that is a link to a store, and says so', () => {
      const target = place();
      const from = place();
      const to = place();
      makeStore(target);
      symlinkSync(target, from);
      expect(useDefaultDataDir({ to, from: [from] })).toEqual({ dataDir: to, notices: [{ code: 'datafolder.old_link', params: { from } }] });
      expectStore(target);
      expect(existsSync(to)).toBe(false);
    });

    it('keeps and uses the old store when a link is inside it', () => {
      const from = place();
      const to = place();
      makeStore(from);
      symlinkSync('/etc/passwd', join(from, 'recordings', 'test', 'outbound-2.mp3'));
      const choice = useDefaultDataDir({ to, from: [from] });
      expect(choice).toEqual({ dataDir: from, notices: [{ code: 'datafolder.not_moved', params: { from, to, reason: 'link_inside' } }] });
      expectStore(from);
      expect(existsSync(to)).toBe(false);
    });
  });

  it('waits for a mover still taking the old copy away, rather than tell a store left behind', async () => {
    const from = place();
    const to = place();
    makeStore(from);
    makeStore(to);
    // A mover (another process) has placed the store and is removing the old copy: its lock still stands.
    const mover = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         fs.writeFileSync(process.argv[1] + '.lock', process.pid + '\\n');
         setTimeout(() => { fs.rmSync(process.argv[2], { recursive: true, force: true }); fs.rmSync(process.argv[1] + '.lock'); }, 400);`,
        to,
        from,
      ],
      { stdio: 'ignore' },
    );
    const ended = new Promise((resolve) => mover.once('exit', resolve));
    try {
      await expect.poll(() => existsSync(`${to}.lock`), { timeout: 10_000, interval: 5 }).toBe(true);
      expect(useDefaultDataDir({ to, from: [from], lockWaitMs: 10_000 })).toEqual({ dataDir: to, notices: [] });
      expect(existsSync(from)).toBe(false);
    } finally {
      await ended;
    }
  });

  it('waits for such a mover only a while: a lock that stays is no reason not to start', () => {
    const from = place();
    const to = place();
    makeStore(from);
    makeStore(to);
    // A live owner (this very process) that never lets go.
    writeFileSync(`${to}.lock`, `${process.pid}\n`);
    const started = Date.now();
    expect(useDefaultDataDir({ to, from: [from], finishingWaitMs: 300 })).toEqual({
      dataDir: to,
      notices: [{ code: 'datafolder.both', params: { from, to } }],
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(`${to}.lock`)).toBe(true);
  });

  it('is moved once when two processes start at the same moment', async () => {
    const from = place();
    const to = place();
    makeStore(from);
    const child = () =>
      new Promise<{ dataDir: string; notices: { code: string }[] }>((resolve, reject) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/move-child.ts'), from, to], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
        proc.once('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out) as { dataDir: string; notices: { code: string }[] }) : reject(new Error(`exit ${code}`)),
        );
      });
    const results = await Promise.all([child(), child()]);
    expect(results.map((r) => r.dataDir)).toEqual([to, to]);
    expect(results.flatMap((r) => r.notices.map((n) => n.code))).toEqual(['datafolder.moved']);
    expectStore(to);
    expect(existsSync(from)).toBe(false);
    expect(existsSync(`${to}.lock`)).toBe(false);
  });
});
