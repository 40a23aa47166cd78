// Environments, their base URLs, and the signed-in account of each (its e-mail only: no token is
// stored, since a session cannot survive a restart; see Session.resume).
import { checkBaseUrl, type Environment } from '../domain/environments';
import { Failure } from '../domain/failures/failure';
import type { Db } from './store';

export function getBaseUrl(db: Db, env: Environment): string | null {
  const row = db.prepare('SELECT base_url FROM environments WHERE name = ?').get(env) as { base_url: string | null } | undefined;
  return row?.base_url ?? null;
}

/** Stores a checked base URL; throws the catalog's failure (url.*) when it is not acceptable. */
export function setBaseUrl(db: Db, env: Environment, text: string): string {
  const checked = checkBaseUrl(text);
  if (!checked.ok) throw new Failure(checked.failure.code, checked.failure.params as never);
  db.prepare(
    `INSERT INTO environments (name, base_url, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET base_url = excluded.base_url, updated_at = excluded.updated_at`,
  ).run(env, checked.url, new Date().toISOString());
  return checked.url;
}

function ensureEnvironment(db: Db, env: Environment): void {
  db.prepare('INSERT OR IGNORE INTO environments (name, base_url, updated_at) VALUES (?, NULL, ?)').run(env, new Date().toISOString());
}

/**
 * Encrypts a secret with the OS (Electron's safeStorage in the app). No token is sealed any more;
 * kept for protecting the store's own key.
 */
export interface SecretSealer {
  /** Stored beside each secret; a secret is only opened by the sealer that sealed it. */
  readonly name: string;
  seal(plain: string): Promise<Uint8Array>;
  open(sealed: Uint8Array): Promise<string>;
}

export interface AccountRow {
  environment: Environment;
  email: string;
  signedInAt: string;
}

export function getAccount(db: Db, env: Environment): AccountRow | null {
  const row = db.prepare('SELECT environment, email, signed_in_at FROM accounts WHERE environment = ?').get(env) as
    { environment: Environment; email: string; signed_in_at: string } | undefined;
  return row ? { environment: row.environment, email: row.email, signedInAt: row.signed_in_at } : null;
}

export function saveAccount(db: Db, env: Environment, email: string): void {
  ensureEnvironment(db, env);
  db.prepare(
    `INSERT INTO accounts (environment, email, signed_in_at) VALUES (?, ?, ?)
     ON CONFLICT (environment) DO UPDATE SET email = excluded.email, signed_in_at = excluded.signed_in_at`,
  ).run(env, email, new Date().toISOString());
}

/** Sign-out: the account row goes. */
export function removeAccount(db: Db, env: Environment): void {
  db.prepare('DELETE FROM accounts WHERE environment = ?').run(env);
}
