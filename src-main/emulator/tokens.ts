// HS256 JWTs as the service issues them: a short-lived access token and a longer refresh token.
import { compactVerify, decodeJwt, jwtVerify, SignJWT } from 'jose';

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

export async function issuePair(settings: TokenSettings, gens: TokenGenerations, userId: number): Promise<{ access: string; refresh: string }> {
  const sign = (type: 'access' | 'refresh', ttl: number, gen: number) =>
    new SignJWT({ token_type: type, gen, jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(settings.secret);
  return {
    access: await sign('access', settings.accessTtlSeconds, gens.access),
    refresh: await sign('refresh', settings.refreshTtlSeconds, gens.refresh),
  };
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
