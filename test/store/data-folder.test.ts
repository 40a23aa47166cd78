// What a data folder holds of CaseDesk's, and removing files only where they really are the folder's.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataFolderContents, removeDataFolderEntries, removeFileInside } from '../../src-main/store';

const root = mkdtempSync(join(tmpdir(), 'casedesk-data-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let made = 0;
const fresh = () => {
  const dir = join(root, `case${++made}`);
  mkdirSync(dir);
  return dir;
};

describe('removeFileInside', () => {
  it('deletes a file under the folder, and the folders it leaves empty', () => {
    const imports = join(fresh(), 'imports');
    mkdirSync(join(imports, '2026-01-01-abc'), { recursive: true });
    const file = join(imports, '2026-01-01-abc', 'cartera.xlsx');
    writeFileSync(file, 'x');
    expect(removeFileInside(imports, file)).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(imports, '2026-01-01-abc'))).toBe(false);
    expect(existsSync(imports)).toBe(true);
  });

  it('never deletes outside it: a path climbing out, or through a planted link to another folder', () => {
    const dir = fresh();
    const imports = join(dir, 'imports');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(imports);
    mkdirSync(elsewhere);
    const victim = join(elsewhere, 'victim.xlsx');
    writeFileSync(victim, 'mine');
    symlinkSync(elsewhere, join(imports, 'link'));
    expect(removeFileInside(imports, join(imports, '..', 'elsewhere', 'victim.xlsx'))).toBe(false);
    expect(removeFileInside(imports, join(imports, 'link', 'victim.xlsx'))).toBe(false);
    expect(removeFileInside(imports, victim)).toBe(false);
    expect(removeFileInside(imports, imports)).toBe(false);
    expect(existsSync(victim)).toBe(true);
  });

  it('removes a link itself, not what it points to', () => {
    const dir = fresh();
    const recordings = join(dir, 'recordings');
    mkdirSync(recordings);
    const target = join(dir, 'target.wav');
    writeFileSync(target, 'RIFF');
    symlinkSync(target, join(recordings, 'outbound-1.wav'));
    expect(removeFileInside(recordings, join(recordings, 'outbound-1.wav'))).toBe(true);
    expect(existsSync(target)).toBe(true);
  });
});

describe('a data folder', () => {
  it("tells CaseDesk's entries from others, and removes only CaseDesk's", () => {
    const dir = fresh();
    for (const name of ['casedesk.sqlite', 'casedesk.sqlite-wal', 'casedesk-key.json', 'demo-service.sqlite', 'audit.jsonl', 'Preferences', 'notas.txt'])
      writeFileSync(join(dir, name), 'x');
    for (const name of ['recordings', 'imports', 'logs', 'GPUCache']) mkdirSync(join(dir, name));
    writeFileSync(join(dir, 'recordings', 'outbound-1.wav'), 'RIFF');
    expect(dataFolderContents(dir)).toEqual({
      ours: ['audit.jsonl', 'casedesk-key.json', 'casedesk.sqlite', 'casedesk.sqlite-wal', 'demo-service.sqlite', 'imports', 'logs', 'recordings'],
      others: ['GPUCache', 'Preferences', 'notas.txt'],
    });
    removeDataFolderEntries(dir);
    expect(readdirSync(dir).sort()).toEqual(['GPUCache', 'Preferences', 'notas.txt']);
  });

  it('that does not exist holds nothing', () => {
    expect(dataFolderContents(join(root, 'missing'))).toEqual({ ours: [], others: [] });
  });
});
