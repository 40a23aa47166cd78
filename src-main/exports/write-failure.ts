// A file CaseDesk writes where the user said (an export, a payload, the diagnostics zip) that cannot be
// written, as a failure of the catalog: the OS's error code decides which, never Node's English.
import { dirname, resolve } from 'node:path';
import { Failure } from '../domain/failures/failure';

/** Why `file` could not be written, from the OS's code; null for an error that is not the file system's. */
export function writeFailure(error: unknown, file: string): Failure | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  switch (code) {
    // The folder is not there, or a part of its path is a file.
    case 'ENOENT':
    case 'ENOTDIR':
      return new Failure('export.folder_missing', { folder: dirname(resolve(file)) });
    // Windows says EBUSY/EPERM while another program (Excel) holds the file open; EACCES and EROFS are read-only.
    case 'EPERM':
    case 'EBUSY':
    case 'EACCES':
    case 'EROFS':
      return new Failure('export.file_busy', { file });
    case 'ENOSPC':
    case 'EDQUOT':
      return new Failure('export.disk_full', { file });
    default:
      return new Failure('export.write_failed', { file, reason: code });
  }
}
