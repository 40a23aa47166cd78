// Files the agent picks or drops: read in the page and handed to the command surface as base64 (the
// same way in Electron and in a browser). The app answers with an id for the file: the procedures
// that read a file take that id, never a path.
import type { ProcedureOutputs } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';
import { ApiError } from '../api/failures';

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
 * The biggest file the page can hand over: its bytes become one string of base64 (4 characters for
 * 3 bytes), and V8's longest string is 2^29 − 24 characters (384 MiB would pass it by 18 bytes). Past it the page would fail on its own;
 * the CLI reads a text file from its path, up to 1 GB.
 */
export const PICKED_FILE_MB = 383;

export async function receiveFile(file: File): Promise<ReceivedFile> {
  if (file.size > PICKED_FILE_MB * 1024 ** 2) throw new ApiError('file.too_large_to_pick', { file: file.name, limitMb: PICKED_FILE_MB });
  return call('files:receive', { name: file.name, base64: await fileToBase64(file) });
}

/** Batches of older versions were named after a stamped copy ("2026-11-22T18-37-19-457Z-cartera.xlsx · Hoja"): drop the stamp. */
export function displayBatchName(name: string): string {
  return name.replace(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-/, '');
}
