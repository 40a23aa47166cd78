// How much of a request's body the emulator reads, by who sends it. Any program of the machine can
// reach the Demo service's port, so what comes before a valid token is small; the upload's cap is
// reached only after the bearer token was checked (onRequest hooks run before Fastify reads a body).
import type { FastifyReply, FastifyRequest } from 'fastify';

const KIB = 1024;

/** Sign-in, refresh, an unknown path, the test controls: Fastify answers 413 past it (from Content-Length, before reading). */
export const OPEN_BODY_LIMIT = 16 * KIB;
/** A signed-in request that is not an upload (a campaign's creation). */
export const SIGNED_IN_BODY_LIMIT = 1024 * KIB;
/** An upload's, far above the service's own 413 rule (--upload-limit), which the JSON parser applies. */
export const UPLOAD_BODY_CAP = 256 * 1024 * KIB;

/**
 * A request refused before its body was read: the connection closes after the answer, so the rest of
 * the body is not read (Node would otherwise read and drop it to keep the connection).
 */
export function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply): void {
  const { headers } = request;
  const declared = Number(headers['content-length'] ?? 0);
  if (declared > 0 || headers['transfer-encoding'] !== undefined) reply.header('connection', 'close');
}
