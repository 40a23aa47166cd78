// Every export is written as a private temporary file beside its target and renamed (or hard-linked)
// into place: a link planted at the path is never written through, an existing file is refused unless
// replacing was asked for, and the result is 0600 whatever was there.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Failure } from '../../src-main/domain/failures/failure';
import { writePrivateExport } from '../../src-main/exports/private-export';

const root = mkdtempSync(join(tmpdir(), 'casedesk-private-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const taken = () => new Failure('cli.file_exists', { file: 'x' });
const mode = (path: string) => (lstatSync(path).mode & 0o777).toString(8);

/** A folder of its own, and a victim file elsewhere (another user's, say) for a planted link to point to. */
function place() {
  const n = ++folders;
  const folder = mkdtempSync(join(root, `out-${n}-`));
  const victim = join(root, `victim-${n}.txt`);
  writeFileSync(victim, 'del otro usuario\n');
  chmodSync(victim, 0o644);
  return { folder, target: join(folder, 'export.json'), victim, n };
}

describe.skipIf(process.platform === 'win32')('writePrivateExport', () => {
  it('writes a new file 0600, leaving nothing else in the folder', async () => {
    const { folder, target } = place();
    await writePrivateExport(target, '{"a":1}\n', { replace: false, exists: taken });
    expect([readFileSync(target, 'utf8'), mode(target), readdirSync(folder)]).toEqual(['{"a":1}\n', '600', ['export.json']]);
  });

  it('never writes through a link planted at the path: refused without replace, replaced (the link itself) with it', async () => {
    const { folder, target, victim } = place();
    symlinkSync(victim, target);
    await expect(writePrivateExport(target, 'secreto', { replace: false, exists: taken })).rejects.toMatchObject({ code: 'cli.file_exists' });
    expect(lstatSync(target).isSymbolicLink()).toBe(true);
    await writePrivateExport(target, 'secreto', { replace: true });
    expect([readFileSync(victim, 'utf8'), mode(victim)]).toEqual(['del otro usuario\n', '644']);
    expect([lstatSync(target).isFile(), readFileSync(target, 'utf8'), mode(target)]).toEqual([true, 'secreto', '600']);
    expect(readdirSync(folder)).toEqual(['export.json']);
  });

  it('refuses a dangling link too (it would create its target)', async () => {
    const { target, n } = place();
    const nowhere = join(root, `not-yet-${n}.txt`);
    symlinkSync(nowhere, target);
    await expect(writePrivateExport(target, 'secreto', { replace: false, exists: taken })).rejects.toMatchObject({ code: 'cli.file_exists' });
    expect(() => lstatSync(nowhere)).toThrow();
  });

  it('refuses an existing file without replace, keeping it; with replace the result is 0600, not the old 0666', async () => {
    const { folder, target } = place();
    writeFileSync(target, 'antes');
    chmodSync(target, 0o666);
    await expect(writePrivateExport(target, 'después', { replace: false, exists: taken })).rejects.toMatchObject({ code: 'cli.file_exists' });
    expect([readFileSync(target, 'utf8'), mode(target)]).toEqual(['antes', '666']);
    await writePrivateExport(target, 'después', { replace: true });
    expect([readFileSync(target, 'utf8'), mode(target)]).toEqual(['después', '600']);
    expect(readdirSync(folder)).toEqual(['export.json']);
  });
});
