// A file CaseDesk cannot write where the user said is a failure of the catalog chosen by the OS's
// error code, worded in either language without Node's English; anything else is not its business.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFailure } from '../../src-main/domain/failures/failure';
import { writePrivateExport } from '../../src-main/exports/private-export';
import { writeFailure } from '../../src-main/exports/write-failure';

const errno = (code: string) => Object.assign(new Error(`${code}: Node's own words, 'x.xlsx'`), { code });

describe('writeFailure', () => {
  it.each([
    ['ENOENT', 'export.folder_missing', { folder: resolve('salida') }],
    ['ENOTDIR', 'export.folder_missing', { folder: resolve('salida') }],
    ['EPERM', 'export.file_busy', { file: 'salida/x.xlsx' }],
    ['EBUSY', 'export.file_busy', { file: 'salida/x.xlsx' }],
    ['EACCES', 'export.file_busy', { file: 'salida/x.xlsx' }],
    ['EROFS', 'export.file_busy', { file: 'salida/x.xlsx' }],
    ['ENOSPC', 'export.disk_full', { file: 'salida/x.xlsx' }],
    ['EDQUOT', 'export.disk_full', { file: 'salida/x.xlsx' }],
    ['EIO', 'export.write_failed', { file: 'salida/x.xlsx', reason: 'EIO' }],
  ])('says %s as %s', (code, failure, params) => {
    const said = writeFailure(errno(code), 'salida/x.xlsx');
    expect(said?.toData()).toEqual({ code: failure, params });
    for (const lang of ['en', 'es'] as const) expect(said && formatFailure(lang, said.code, said.params)).not.toMatch(/Node's own words/);
  });

  it('words a full disk in Spanish', () => {
    const said = writeFailure(errno('ENOSPC'), 'x.xlsx');
    expect(said && formatFailure('es', said.code, said.params)).toBe('No se pudo escribir x.xlsx: el disco está lleno. Libere espacio o elija otro lugar.');
  });

  it('leaves an error that is not the file system’s to its caller', () => {
    expect(writeFailure(new TypeError('bad argument'), 'x.xlsx')).toBeNull();
    expect(writeFailure(null, 'x.xlsx')).toBeNull();
  });

  it('is what writing an export throws', async () => {
    const file = resolve('no-such-folder-of-casedesk', 'x.json');
    await expect(writePrivateExport(file, '{}', { replace: true })).rejects.toMatchObject({
      code: 'export.folder_missing',
      params: { folder: resolve('no-such-folder-of-casedesk') },
    });
  });
});
