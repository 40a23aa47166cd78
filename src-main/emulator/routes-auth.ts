// POST /auth/login/ and POST /auth/token/refresh/: open to anyone, so their bodies are small (body-limits.ts).
import type { FastifyInstance } from 'fastify';
import { LoginRequest, paths, RefreshRequest } from '../contract';
import { checkCredentials, findUser } from './accounts';
import { OPEN_BODY_LIMIT } from './body-limits';
import type { Db } from './emulator-db';
import { INVALID_TOKEN } from './http-kit';
import { rotate, startFamily } from './refresh-families';
import { issuePair, readRefreshToken, refreshExpiry, subjectOfSignedToken, type TokenGenerations, type TokenSettings } from './tokens';

/** `accountPassword`: every account's password for this run (see EmulatorOptions). */
export function authRoutes(app: FastifyInstance, db: Db, settings: TokenSettings, gens: TokenGenerations, accountPassword?: string): void {
  app.post(paths.login(), { bodyLimit: OPEN_BODY_LIMIT }, async (request, reply) => {
    const body = LoginRequest.safeParse(request.body);
    const user = body.success ? checkCredentials(db, body.data.email, body.data.password, accountPassword) : null;
    // The spec shows only the body of a failed login; 401 is the emulator's choice.
    if (!user) return reply.code(401).send({ detail: 'No active account found with the given credentials' });
    const expiresAt = refreshExpiry(settings);
    return issuePair(settings, gens, user.id, startFamily(db, user.id, expiresAt), expiresAt);
  });

  app.post(paths.refresh(), { bodyLimit: OPEN_BODY_LIMIT }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const match = /^JWT\s+(\S+)$/.exec(header);
    const body = RefreshRequest.safeParse(request.body);
    const refresh = match?.[1] ? await readRefreshToken(settings, gens, match[1]) : null;
    const fromAccess = body.success ? await subjectOfSignedToken(settings, body.data.access) : null;
    if (refresh === null || refresh.userId !== fromAccess || !findUser(db, refresh.userId)) {
      return reply.code(401).send(INVALID_TOKEN);
    }
    // Single use: the presented token dies here, and presenting it again revokes its whole family.
    const expiresAt = refreshExpiry(settings);
    const rotation = rotate(db, refresh.userId, refresh.identity, expiresAt);
    if (!rotation.ok) return reply.code(401).send(INVALID_TOKEN);
    return issuePair(settings, gens, refresh.userId, rotation.next, expiresAt);
  });
}
