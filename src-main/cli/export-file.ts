// Where the CLI writes what the agent named (--out, --errors, --clean): private (0600), never through
// a link planted at the path, and never over anything already there without --force (cli.file_exists).
import { lstatSync } from 'node:fs';
import { Failure } from '../domain/failures/failure';
import { writePrivateExport } from '../exports/private-export';

const taken = (file: string) => new Failure('cli.file_exists', { file });

/** Refuses, before any work, a path already taken (a file, a folder, a link, even a dangling one) without --force. */
export function refuseTakenPath(file: string, force: boolean): void {
  if (force) return;
  try {
    lstatSync(file);
  } catch {
    // Nothing there (or no such folder, which the write says in its own words).
    return;
  }
  throw taken(file);
}

/** Writes the export; without --force a path taken meanwhile is still refused, never replaced. */
export function writeExportFile(file: string, bytes: string | Uint8Array, force: boolean): Promise<void> {
  return writePrivateExport(file, bytes, force ? { replace: true } : { replace: false, exists: () => taken(file) });
}
