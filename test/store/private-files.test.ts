// What CaseDesk keeps is for the signed-in OS user only: folders 0700 and files 0600, whatever the
// umask, and whatever an older version left behind; what others keep in the data folder is theirs.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, isRegularFile, restrictUmask, tightenDataFolder, tightenFile, writePrivateFileAtomic } from '../../src-main/store/private-files';
import { octal, walkTree } from '../support/file-tree';

const root = mkdtempSync(join(tmpdir(), 'casedesk-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => join(root, `case-${++folders}`);
const modeOf = (path: string) => octal(statSync(path).mode & 0o777);

// The usual desktop umask, which makes new files readable by everyone.
let umaskBefore: number;
beforeEach(() => {
  umaskBefore = process.umask(0o022);
});
afterEach(() => {
  process.umask(umaskBefore);
});

describe('ensurePrivateDir', () => {
  it('creates the folder and the parents it makes as 0700', () => {
    const top = freshDir();
    ensurePrivateDir(join(top, 'a', 'b'));
    expect([modeOf(top), modeOf(join(top, 'a')), modeOf(join(top, 'a', 'b'))]).toEqual(['0700', '0700', '0700']);
  });

  it('tightens a folder that already existed as 0755', () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o755 });
    expect(modeOf(dir)).toBe('0755');
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe('0700');
  });
});

describe('tightenFile', () => {
  it('makes a 0644 file 0600, and takes a missing one in its stride', () => {
    const dir = freshDir();
    mkdirSync(dir);
    const file = join(dir, 'casedesk.sqlite-wal');
    writeFileSync(file, 'x', { mode: 0o644 });
    tightenFile(file);
    expect(modeOf(file)).toBe('0600');
    expect(() => tightenFile(join(dir, 'casedesk.sqlite-shm'))).not.toThrow();
  });
});

describe('tightenDataFolder', () => {
  it("makes CaseDesk's folders 0700 and its files 0600, however deep, and follows no link out", () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'recordings', 'demo'), { recursive: true, mode: 0o755 });
    mkdirSync(join(dir, 'imports'), { mode: 0o777 });
    chmodSync(join(dir, 'imports'), 0o777);
    writeFileSync(join(dir, 'casedesk.sqlite'), 'store', { mode: 0o644 });
    writeFileSync(join(dir, 'recordings', 'demo', '17.mp3'), 'audio', { mode: 0o644 });
    writeFileSync(join(dir, 'imports', 'cartera.xlsx'), 'sheet', { mode: 0o666 });
    chmodSync(join(dir, 'imports', 'cartera.xlsx'), 0o666);
    // A link someone planted to a file of theirs: its mode is theirs to keep.
    const outside = join(root, `outside-${folders}.txt`);
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, join(dir, 'recordings', 'link-out'));

    tightenDataFolder(dir);

    for (const entry of walkTree(dir)) {
      if (entry.kind === 'dir') expect(octal(entry.mode), entry.path || '(the folder)').toBe('0700');
      if (entry.kind === 'file') expect(octal(entry.mode), entry.path).toBe('0600');
    }
    expect(walkTree(dir).filter((e) => e.kind === 'file')).toHaveLength(3);
    expect(modeOf(outside)).toBe('0644');
  });

  // A data folder opened where other things live (a project, a home folder): its scripts, hooks and
  // folders are not CaseDesk's, and keep their modes.
  it("leaves everything that is not CaseDesk's as it was, however deep", () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(join(dir, 'build.sh'), '#!/bin/sh\n', { mode: 0o755 });
    chmodSync(join(dir, 'build.sh'), 0o755);
    mkdirSync(join(dir, '.git', 'hooks'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\n', { mode: 0o755 });
    chmodSync(join(dir, '.git', 'hooks', 'pre-commit'), 0o755);
    writeFileSync(join(dir, 'casedesk.sqlite'), 'store', { mode: 0o644 });
    mkdirSync(join(dir, 'recordings', 'demo'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'recordings', 'demo', '17.mp3'), 'audio', { mode: 0o644 });

    tightenDataFolder(dir);

    expect([
      modeOf(join(dir, 'build.sh')),
      modeOf(join(dir, '.git')),
      modeOf(join(dir, '.git', 'hooks')),
      modeOf(join(dir, '.git', 'hooks', 'pre-commit')),
    ]).toEqual(['0755', '0755', '0755', '0755']);
    expect([modeOf(join(dir, 'casedesk.sqlite')), modeOf(join(dir, 'recordings')), modeOf(join(dir, 'recordings', 'demo', '17.mp3'))]).toEqual([
      '0600',
      '0700',
      '0600',
    ]);
  });

  it('does nothing for a folder that is not there', () => {
    expect(() => tightenDataFolder(join(root, 'never-made'))).not.toThrow();
    expect(existsSync(join(root, 'never-made'))).toBe(false);
  });
});

describe('writePrivateFileAtomic', () => {
  it('writes a 0600 file in a 0700 folder even under a umask that hides nothing', () => {
    process.umask(0);
    const dir = join(freshDir(), 'keys');
    const file = join(dir, 'a.key');
    writePrivateFileAtomic(file, Buffer.from('secret\n'));
    expect(readFileSync(file, 'utf8')).toBe('secret\n');
    expect(modeOf(file)).toBe('0600');
    expect(modeOf(dir)).toBe('0700');
  });

  it('replaces a file whole, leaves no temporary file, and the replacement is 0600', () => {
    const dir = freshDir();
    mkdirSync(dir);
    const file = join(dir, 'casedesk-key.json');
    writeFileSync(file, 'old and longer content', { mode: 0o644 });
    writePrivateFileAtomic(file, Buffer.from('new'));
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(modeOf(file)).toBe('0600');
    expect(readdirSync(dir)).toEqual(['casedesk-key.json']);
  });
});

describe('restrictUmask', () => {
  it('makes everything this process creates afterwards private', () => {
    restrictUmask();
    expect(octal(process.umask())).toBe('077');
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'f'), 'x');
    expect([modeOf(dir), modeOf(join(dir, 'f'))]).toEqual(['0700', '0600']);
  });
});

describe('isRegularFile', () => {
  it('is true for a file, and false for a link, a folder or nothing', () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'file'), 'x');
    symlinkSync(join(dir, 'file'), join(dir, 'link'));
    expect([isRegularFile(join(dir, 'file')), isRegularFile(join(dir, 'link')), isRegularFile(dir), isRegularFile(join(dir, 'none'))]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
