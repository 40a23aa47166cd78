// The exact upload body of the spec, split into chunks of at most N cases and at most B bytes.
// Built as text, entry by entry: codes like "__proto__" survive, and a chunk's size is known exactly.
import { UPLOAD_LIMITS } from '../../contract';

export interface ChunkLimits {
  maxCases: number;
  maxBytes: number;
}

/** The spec's advice, and a size well under the emulator's (and Django's) 2.5 MiB default. */
export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxCases: UPLOAD_LIMITS.maxCasesPerRequest, maxBytes: 2 * 1024 * 1024 };

export interface UploadChunk {
  codes: string[];
  /** The request body: a JSON object keyed by case code. */
  json: string;
  bytes: number;
}

export class OversizedCaseError extends Error {
  constructor(
    readonly code: string,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`Case ${code} alone is ${bytes} bytes, over the ${maxBytes}-byte chunk limit.`);
  }
}

/** Limits may only be stricter than the spec's advice. */
export function checkChunkLimits(limits: ChunkLimits): ChunkLimits {
  return { maxCases: Math.max(1, Math.min(limits.maxCases, UPLOAD_LIMITS.maxCasesPerRequest)), maxBytes: Math.max(1024, limits.maxBytes) };
}

/** Splits [code, entry] pairs into upload chunks, keeping their order. */
export function* uploadChunks(entries: Iterable<readonly [string, unknown]>, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): Generator<UploadChunk> {
  const { maxCases, maxBytes } = checkChunkLimits(limits);
  let parts: string[] = [];
  let codes: string[] = [];
  let bytes = 2; // the braces
  const flush = (): UploadChunk => {
    const chunk = { codes, json: `{${parts.join(',')}}`, bytes };
    parts = [];
    codes = [];
    bytes = 2;
    return chunk;
  };
  for (const [code, entry] of entries) {
    const part = `${JSON.stringify(code)}:${JSON.stringify(entry)}`;
    const size = Buffer.byteLength(part, 'utf8');
    if (size + 2 > maxBytes) throw new OversizedCaseError(code, size + 2, maxBytes);
    const extra = size + (parts.length > 0 ? 1 : 0);
    if (parts.length > 0 && (parts.length >= maxCases || bytes + extra > maxBytes)) yield flush();
    bytes += size + (parts.length > 0 ? 1 : 0);
    parts.push(part);
    codes.push(code);
  }
  if (parts.length > 0) yield flush();
}
