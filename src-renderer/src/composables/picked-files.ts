// Files the agent picks or drops: read in the page and handed to the command surface as base64 (the
// same way in Electron and in a browser), in parts of 8 MB past that size. The app answers with an id for the file: the procedures
// that read a file take that id, never a path.
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';
import { RECEIVE_PART_BYTES } from '../../../src-main/domain/file-parts';

export const ACCEPTED_EXTENSIONS = ['.xlsx', '.xls', '.ods', '.csv', '.txt'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Base64 of a file's bytes, built in 32 KiB slices (a single String.fromCharCode call overflows). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const parts: string[] = [];
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) parts.push(String.fromCharCode(...bytes.subarray(i, i + slice)));
  return btoa(parts.join(''));
}

/** A handed-over file: its id (what the procedures take), the agent's name for it, its size. */
export type ReceivedFile = ProcedureOutputs['files:receive'];

/**
 * Hands a file over: in one call up to a part's size (most spreadsheets), else in parts read one at a
 * time, so the page never holds the file as one string (V8 caps a string at 512 MB, and Electron's
 * IPC and the browser host's requests well before). The surface checks the size for the kind of file.
 */
export async function receiveFile(file: File): Promise<ReceivedFile> {
  if (file.size <= RECEIVE_PART_BYTES) return call('files:receive', { name: file.name, base64: await fileToBase64(file) });
  const { receiveId } = await call('files:receiveStart', { name: file.name, bytes: file.size });
  for (let offset = 0; offset < file.size; offset += RECEIVE_PART_BYTES) {
    await call('files:receivePart', { receiveId, offset, base64: await fileToBase64(file.slice(offset, offset + RECEIVE_PART_BYTES)) });
  }
  return call('files:receiveEnd', { receiveId });
}

/** Batches of older versions were named after a stamped copy ("2026-11-22T18-37-19-457Z-cartera.xlsx · Hoja"): drop the stamp. */
export function displayBatchName(name: string): string {
  return name.replace(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-/, '');
}
