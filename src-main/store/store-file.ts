// The store's file on disk: where it is, and whether it is plain SQLite or encrypted.
import { join } from 'node:path';
import { fileState } from '../sqlite/file-state';

export const STORE_FILE_NAME = 'casedesk.sqlite';

export function storeFile(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

export const storeFileState = (dataDir: string) => fileState(storeFile(dataDir));
