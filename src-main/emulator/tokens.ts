// HS256 JWTs as the service issues them: a short-lived access token and a longer, single-use refresh token.
import { compactVerify, decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { RefreshIdentity } from './refresh-families';

export interface TokenSettings {
  secret: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/** Bumped by the fault control to expire every token issued before (`gen` claim). */
export interface TokenGenerations {
  access: number;
  refresh: number;
}

/** When a refresh token issued now stops working (seconds since the epoch). */
export function refreshExpiry(settings: TokenSettings): number {
  return Math.floor(Date.now() / 1000) + settings.refreshTtlSeconds;
}

/** A new pair; the refresh token carries its family and id (see refresh-families.ts) and ends at `refreshExpiresAt`. */
export async function issuePair(
  settings: TokenSettings,
  gens: TokenGenerations,
  userId: number,
  refresh: RefreshIdentity,
  refreshExpiresAt: number,
): Promise<{ access: string; refresh: string }> {
  const sign = (claims: Record<string, unknown>, exp: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(userId)).setIssuedAt().setExpirationTime(exp).sign(settings.secret);
  return {
    access: await sign({ token_type: 'access', gen: gens.access, jti: crypto.randomUUID() }, Math.floor(Date.now() / 1000) + settings.accessTtlSeconds),
    refresh: await sign({ token_type: 'refresh', gen: gens.refresh, jti: refresh.jti, fam: refresh.family }, refreshExpiresAt),
  };
}

/** The user and family place of a valid, unexpired refresh token, or null. Whether it is still unused is the family's business. */
export async function readRefreshToken(
  settings: TokenSettings,
  gens: TokenGenerations,
  token: string,
): Promise<{ userId: number; identity: RefreshIdentity } | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, { algorithms: ['HS256'] });
    if (payload.token_type !== 'refresh' || payload.gen !== gens.refresh) return null;
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.fam !== 'string' || typeof payload.jti !== 'string') return null;
    return { userId, identity: { family: payload.fam, jti: payload.jti } };
  } catch {
    return null;
  }
}

/** The user id of a valid, unexpired token of this type, or null. */
export async function verifyToken(settings: TokenSettings, gens: TokenGenerations, token: string, type: 'access' | 'refresh'): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, { algorithms: ['HS256'] });
    if (payload.token_type !== type || payload.gen !== gens[type]) return null;
    const id = Number(payload.sub);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** Refresh takes the access token that may already be expired: check the signature only. */
export async function subjectOfSignedToken(settings: TokenSettings, token: string): Promise<number | null> {
  try {
    await compactVerify(token, settings.secret, { algorithms: ['HS256'] });
    const payload = decodeJwt(token);
    return payload.token_type === 'access' ? Number(payload.sub) : null;
  } catch {
    return null;
  }
}
