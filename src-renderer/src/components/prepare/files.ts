// Files the agent picks or drops: read in the page, handed to the command surface as base64 (the
// same way in Electron and in a browser), and named in messages the way the agent named them.
import { call } from '../../api/casedesk';

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

export interface ReceivedFile {
  /** Where the app keeps its copy (what the procedures take). */
  path: string;
  /** The name the agent knows. */
  name: string;
  bytes: number;
}

export async function receiveFile(file: File): Promise<ReceivedFile> {
  const received = await call('files:receive', { name: file.name, base64: await fileToBase64(file) });
  return { path: received.file, name: file.name, bytes: received.bytes };
}

/** The app stores a copy as "<timestamp>-<name>"; messages about it should say the agent's name. */
export function storedBaseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export function withOriginalName(message: string, file: ReceivedFile | null): string {
  if (!file) return message;
  const stored = storedBaseName(file.path);
  return stored && stored !== file.name ? message.split(stored).join(file.name) : message;
}

/** A batch is named after the stored copy ("2026-11-22T18-37-19-457Z-cartera.xlsx · Hoja"): drop the stamp. */
export function displayBatchName(name: string): string {
  return name.replace(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-/, '');
}

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
