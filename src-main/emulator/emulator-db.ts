// The emulator's own state: an SQLite file with --db (the demo survives a restart), memory otherwise.
import type Database from 'better-sqlite3-multiple-ciphers';
import { encryptPlainStore } from '../sqlite/encrypt-store';
import { fileState } from '../sqlite/file-state';
import { holdSqliteFilePrivately } from '../sqlite/private-file';
import { openDatabase } from '../sqlite/sqlcipher';

export type Db = Database.Database;

const SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password TEXT NOT NULL);
CREATE TABLE bots (id INTEGER PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE user_bots (user_id INTEGER NOT NULL, bot_id INTEGER NOT NULL, PRIMARY KEY (user_id, bot_id));
CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  closes_eod INTEGER NOT NULL,
  call_from TEXT NOT NULL,
  call_to TEXT NOT NULL,
  max_calls_per_case INTEGER NOT NULL,
  dialing_type TEXT NOT NULL,
  workers INTEGER NOT NULL,
  min_phone_priority INTEGER NOT NULL,
  max_phone_priority INTEGER NOT NULL,
  start_date TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  running_since TEXT,
  first_call_at TEXT,
  ended_at TEXT
);
CREATE INDEX campaigns_by_bot ON campaigns (bot_id, id);
CREATE TABLE cases (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL,
  code TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  phones TEXT NOT NULL,
  products TEXT NOT NULL,
  params TEXT NOT NULL,
  slot INTEGER NOT NULL DEFAULT 0,
  dead_phones TEXT NOT NULL DEFAULT '[]',
  call_count INTEGER NOT NULL DEFAULT 0,
  result_id INTEGER NOT NULL DEFAULT 0,
  is_final INTEGER NOT NULL DEFAULT 0,
  contacted INTEGER NOT NULL DEFAULT 0,
  got_promise INTEGER NOT NULL DEFAULT 0,
  commitment TEXT NOT NULL DEFAULT '',
  talk_seconds INTEGER NOT NULL DEFAULT 0,
  last_phone TEXT,
  busy_until REAL,
  last_updated TEXT NOT NULL
);
CREATE INDEX cases_by_campaign ON cases (campaign_id, id);
CREATE INDEX cases_to_dial ON cases (campaign_id, is_final, busy_until, id);
CREATE TABLE calls (
  id INTEGER PRIMARY KEY,
  case_id INTEGER NOT NULL,
  campaign_id INTEGER NOT NULL,
  phone TEXT NOT NULL,
  outcome TEXT NOT NULL,
  result_id INTEGER NOT NULL,
  is_final INTEGER NOT NULL,
  duration_s INTEGER NOT NULL,
  data TEXT NOT NULL,
  gateway_id INTEGER NOT NULL,
  audio_seed INTEGER NOT NULL,
  last_updated TEXT NOT NULL
);
CREATE INDEX calls_by_case ON calls (case_id, id);
CREATE TABLE inbound_cases (
  id INTEGER PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  case_uuid TEXT NOT NULL,
  phone TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  code TEXT NOT NULL,
  result_id INTEGER NOT NULL,
  is_final INTEGER NOT NULL,
  contacted INTEGER NOT NULL,
  duration_s INTEGER NOT NULL,
  log TEXT NOT NULL,
  has_recording INTEGER NOT NULL,
  audio_seed INTEGER NOT NULL,
  status TEXT NOT NULL,
  last_updated TEXT NOT NULL
);
CREATE INDEX inbound_by_bot ON inbound_cases (bot_id, last_updated);
`;

/** Version 2: refresh tokens are single use; each sign-in starts a family whose newest token alone is good. */
const REFRESH_FAMILIES = `
CREATE TABLE refresh_families (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  current_jti TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
);
`;

/** Steps from each older version to the next; a --db file of an older emulator keeps its demo. */
const UPGRADES: Record<number, string> = { 1: REFRESH_FAMILIES };

/**
 * Opens (and on first use creates, 0600) the emulator's database. With a key (the app's Demo service keeps
 * uploaded debtors in the data folder) the file is encrypted like the store; a plain one is converted.
 */
export function openEmulatorDb(file: string | undefined, key: Buffer | null = null): { db: Db; fresh: boolean } {
  // It holds the JWT secret, the accounts and the uploaded cases: the owner's alone, even unencrypted.
  if (file) holdSqliteFilePrivately(file);
  if (file && key && fileState(file) === 'plain') {
    encryptPlainStore(file, key);
    holdSqliteFilePrivately(file);
  }
  const db = openDatabase(file ?? ':memory:', file ? key : null);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return { db, fresh: false };
  if (version > 0 && version < SCHEMA_VERSION) {
    db.transaction(() => {
      for (let v = version; v < SCHEMA_VERSION; v++) db.exec(UPGRADES[v] ?? '');
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
    return { db, fresh: false };
  }
  if (version !== 0) {
    db.close();
    throw new Error(`Emulator database ${file} has schema version ${version}; this emulator knows version ${SCHEMA_VERSION}. Use a new --db file.`);
  }
  db.exec(SCHEMA + REFRESH_FAMILIES);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
  return { db, fresh: true };
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** A row of the cases table, as `SELECT *` gives it. */
export interface CaseRow {
  id: number;
  campaign_id: number;
  code: string;
  first_name: string;
  last_name: string;
  phones: string;
  products: string;
  params: string;
  slot: number;
  dead_phones: string;
  call_count: number;
  result_id: number;
  is_final: number;
  contacted: number;
  got_promise: number;
  commitment: string;
  talk_seconds: number;
  last_phone: string | null;
  busy_until: number | null;
  last_updated: string;
}
