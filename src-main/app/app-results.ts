// What the application services answer: plain data the surface hands on as it is. Shared with the
// renderer through procedures.ts, so nothing here may reach Node (types and one pattern only).
import type { ContactHours } from '../domain/contact-calendar';

/**
 * A file handed over to this process (files:receive, or the CLI's files:open): 256 random bits,
 * base64url. Never a path: the renderer and the browser host cannot name any other file of the machine.
 */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A file handed over to CaseDesk, as its callers know it: an id, never where it is kept. */
export interface ReceivedFileInfo {
  fileId: string;
  /** The name the agent knows the file by. */
  name: string;
  bytes: number;
}

export interface Settings {
  /** Where this machine keeps the store, recordings and imported files (read only). */
  dataDir: string;
  /** How the data folder is protected: encrypted always; where its key is kept (never the key). */
  /** keyFileChecked: the key file and its folder were checked readable by this user only (never on Windows). */
  dataProtection: { keptIn: 'keychain' | 'key-file' | 'environment'; keyFile: string | null; keyFileChecked: boolean };
  /** Settings the organization's policy sets: shown locked, refused by settings:set. */
  lockedByPolicy: ('retentionDays' | 'language' | 'contactHours')[];
  language: 'es' | 'en' | null;
  defaultAreaCode: string;
  uploadSpacingMs: number;
  chunkMaxCases: number;
  chunkMaxBytes: number;
  /** Days fully uploaded batches, downloaded results, recordings and imported files are kept. */
  retentionDays: number;
  /** When debtors may be called (the service's time, UTC−03:00): 08:00–20:00, Monday to Friday, unless changed. */
  contactHours: ContactHours;
}

export interface DeletedBatch {
  batchId: number;
  cases: number;
  chunks: number;
  /** The copy of its file kept in the data folder's imports was deleted too. */
  importedFileDeleted: boolean;
}

export interface StoredResultsView {
  campaignId: number;
  cases: number;
  calls: number;
  recordings: number;
  downloadedAt: string | null;
  /** When retention deletes them (the last download plus the retention days); null when nothing is stored. */
  keptUntil: string | null;
}

export interface DeletedResults {
  campaignId: number;
  cases: number;
  calls: number;
  recordings: number;
  /** Recordings saved outside the data folder (the CLI's --recordings DIR): their rows went, the files are the user's. */
  recordingFilesLeft: number;
}

export interface PurgeReport {
  retentionDays: number;
  batches: number[];
  campaigns: number;
  inboundCases: number;
  recordingFiles: number;
  importedFiles: number;
}

export interface WipePlan {
  dataDir: string;
  /** CaseDesk's entries in the data folder: all of them go. */
  entries: string[];
  /** Other entries in the folder (Electron's own profile, for one): left as they are. */
  others: string[];
  /** Where the data key is kept: 'environment' means CASEDESK_DB_KEY, which is the caller's to destroy. */
  key: 'keychain' | 'key-file' | 'environment' | 'none';
}

export interface WipeReport extends WipePlan {
  /** False when the key is still kept somewhere: CASEDESK_DB_KEY (the caller's), or a keychain that did not answer. */
  keyForgotten: boolean;
  /** The app goes on as a fresh first run, with a new key and an empty store (false: close it). */
  restarted: boolean;
}
