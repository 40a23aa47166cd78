// Single-use refresh tokens (SPEC-GAPS, "Whether refresh tokens rotate"). Each sign-in starts a
// family; only the family's newest refresh token is good, and using it replaces it. A token presented
// again after it was used means two holders (one of them a thief, or a client that lost an answer):
// the whole family is revoked, as OAuth's refresh-token rotation advice says, so neither copy goes on.
import { randomUUID } from 'node:crypto';
import type { Db } from './emulator-db';

/** The claims of a refresh token that name its place in a family. */
export interface RefreshIdentity {
  family: string;
  jti: string;
}

/** Starts the family of a sign-in; answers the identity of its first refresh token. */
export function startFamily(db: Db, userId: number, expiresAt: number): RefreshIdentity {
  // Families that can no longer be used are kept no longer than their last token's life.
  db.prepare('DELETE FROM refresh_families WHERE expires_at < ?').run(Math.floor(Date.now() / 1000));
  const identity = { family: randomUUID(), jti: randomUUID() };
  db.prepare('INSERT INTO refresh_families (id, user_id, current_jti, expires_at) VALUES (?, ?, ?, ?)').run(identity.family, userId, identity.jti, expiresAt);
  return identity;
}

export type Rotation = { ok: true; next: RefreshIdentity } | { ok: false; reason: 'unknown' | 'revoked' | 'reused' };

/**
 * Uses `presented` once: answers the identity of the token that replaces it, or why it is refused.
 * Check and swap happen in one synchronous statement, so two refreshes racing with the same token
 * cannot both win (the loser is a reuse, and revokes the family).
 */
export function rotate(db: Db, userId: number, presented: RefreshIdentity, expiresAt: number): Rotation {
  return db.transaction((): Rotation => {
    const row = db.prepare('SELECT current_jti, revoked FROM refresh_families WHERE id = ? AND user_id = ?').get(presented.family, userId) as
      { current_jti: string; revoked: number } | undefined;
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    if (row.current_jti !== presented.jti) {
      db.prepare('UPDATE refresh_families SET revoked = 1 WHERE id = ?').run(presented.family);
      return { ok: false, reason: 'reused' };
    }
    const next = { family: presented.family, jti: randomUUID() };
    db.prepare('UPDATE refresh_families SET current_jti = ?, expires_at = ? WHERE id = ?').run(next.jti, expiresAt, presented.family);
    return { ok: true, next };
  })();
}
