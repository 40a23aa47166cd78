// Call recordings: streamed to disk under a size cap, typed by content type and magic bytes, written atomically.
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { paths } from '../contract';
import { statusFailure, tooLargeFailure, tooSlowFailure } from './answer-failures';
import { ServiceError } from './errors';
import { declaredLength, discard, isOk, readAnswer, stoppedFailure, type BodyLimits } from './http';
import type { Opened, Requester } from './requester';

export const RECORDING_FORMATS = ['wav', 'mp3', 'ogg', 'webm', 'm4a', 'bin'] as const;
export type RecordingFormat = (typeof RECORDING_FORMATS)[number];

export interface RecordingFile {
  path: string;
  size: number;
  /** As the service sent it ('' when it sent none). */
  contentType: string;
  format: RecordingFormat;
  /** True when an existing file of the same name and size was kept and the body not downloaded. */
  reused: boolean;
}

/** Bytes needed to tell every known format apart. */
export const MAGIC_BYTES_NEEDED = 12;

const ascii = (bytes: Uint8Array, from: number, text: string) => {
  for (let i = 0; i < text.length; i++) if (bytes[from + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** The format the first bytes announce, or null when they announce none we know. */
export function formatFromMagic(head: Uint8Array): RecordingFormat | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 4, 'ftyp')) return 'm4a';
  // MPEG audio frame sync: 11 set bits, then a version other than "reserved" (01) and a layer other
  // than 00 (which is AAC's ADTS, not MP3).
  const b0 = head[0];
  const b1 = head[1];
  if (b0 === 0xff && b1 !== undefined && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0) return 'mp3';
  return null;
}

const CONTENT_TYPES: Record<string, RecordingFormat> = {
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpeg3': 'mp3',
  'audio/x-mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'application/ogg': 'ogg',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
};

export function formatFromContentType(contentType: string | null | undefined): RecordingFormat | null {
  const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return CONTENT_TYPES[essence] ?? null;
}

/** SPEC-GAPS row 14: magic bytes win when they disagree with the content type; 'bin' when neither knows. */
export function detectRecordingFormat(head: Uint8Array, contentType: string | null | undefined): RecordingFormat {
  return formatFromMagic(head) ?? formatFromContentType(contentType) ?? 'bin';
}

/**
 * Turns a recording into what is written to disk (e.g. sealed with the data key) under its name
 * ("outbound-12"). Without one the audio is written as it came (the CLI's --recordings DIR, the user's).
 */
export type RecordingSealer = (audio: Buffer, name: string) => Buffer;

/**
 * The slowest a recording's body may come, on top of the idle timeout (which bounds only the silence
 * between chunks): after `graceMs` from its answer, at least `minBytesPerSecond` on average. Each byte
 * received buys 1/minBytesPerSecond s, so the whole download is bounded by its size (declared or
 * received): at most graceMs + size / minBytesPerSecond.
 */
export interface RecordingPace {
  minBytesPerSecond: number;
  graceMs: number;
}

/**
 * 8 KiB/s is 64 kbit/s, the rate of the telephone audio itself (8 kHz G.711): a line slower than a
 * call spoken live is not one a recording is worth waiting on. A 10 MB recording is still given
 * 30 s + 1,220 s (about 21 minutes), so a slow or shared office line (256 kbit/s brings it in about
 * 5 minutes) is never cut off, while a server that trickles a byte every 29 s is stopped about 30 s
 * in, not after days. The 30 s grace is the default idle timeout: what a server may take to start.
 */
export const DEFAULT_RECORDING_PACE: Readonly<RecordingPace> = { minBytesPerSecond: 8 * 1024, graceMs: 30_000 };

export function recordingPace(given: Partial<RecordingPace> = {}): RecordingPace {
  const pace = {
    minBytesPerSecond: given.minBytesPerSecond ?? DEFAULT_RECORDING_PACE.minBytesPerSecond,
    graceMs: given.graceMs ?? DEFAULT_RECORDING_PACE.graceMs,
  };
  if (!(pace.minBytesPerSecond > 0) || !Number.isFinite(pace.minBytesPerSecond))
    throw new RangeError('recording pace "minBytesPerSecond" must be a positive number');
  if (!(pace.graceMs >= 0) || !Number.isFinite(pace.graceMs)) throw new RangeError('recording pace "graceMs" must be a number of milliseconds, 0 or more');
  return pace;
}

export interface RecordingOptions {
  seal?: RecordingSealer | undefined;
  /** Stops the download, mid-body too: it throws RequestCancelled and leaves no file behind. */
  signal?: AbortSignal | undefined;
}

interface SaveOptions extends RecordingOptions {
  limits: BodyLimits;
  pace: RecordingPace;
}

export async function downloadOutboundRecording(
  requester: Requester,
  pace: RecordingPace,
  callId: number,
  dir: string,
  options: RecordingOptions = {},
): Promise<RecordingFile> {
  const opened = await requester.open('GET', requester.url(paths.outboundRecording(callId)), { accept: '*/*', signal: options.signal });
  const file = await saveRecording(opened, dir, `outbound-${callId}`, false, { ...options, limits: requester.limits, pace });
  if (!file) throw new Error('unreachable: a 404 of an outbound recording is thrown');
  return file;
}

/** null when the case has no recording (404, in any of its forms: SPEC-GAPS row 15). */
export async function downloadInboundRecording(
  requester: Requester,
  pace: RecordingPace,
  caseId: number,
  dir: string,
  options: RecordingOptions = {},
): Promise<RecordingFile | null> {
  const opened = await requester.open('GET', requester.url(paths.inboundRecording(caseId)), { accept: '*/*', signal: options.signal });
  return saveRecording(opened, dir, `inbound-${caseId}`, true, { ...options, limits: requester.limits, pace });
}

async function existingSameSize(dir: string, base: string, size: number): Promise<{ path: string; format: RecordingFormat } | null> {
  for (const format of RECORDING_FORMATS) {
    const path = join(dir, `${base}.${format}`);
    const found = await stat(path).catch(() => null);
    if (found?.isFile() && found.size === size) return { path, format };
  }
  return null;
}

async function saveRecording(opened: Opened, dir: string, base: string, notFoundIsNull: boolean, options: SaveOptions): Promise<RecordingFile | null> {
  try {
    return await saveBody(opened, dir, base, notFoundIsNull, options);
  } finally {
    opened.deadline.release();
  }
}

async function saveBody(
  { res, deadline, ctx, token }: Opened,
  dir: string,
  base: string,
  notFoundIsNull: boolean,
  { limits, pace, seal }: SaveOptions,
): Promise<RecordingFile | null> {
  const answered = Date.now();
  if (!isOk(res.status)) {
    const answer = await readAnswer(res, deadline, ctx, limits.json);
    if (res.status === 404 && notFoundIsNull) return null;
    throw statusFailure(ctx, answer.status, answer.body, [token]);
  }
  const contentType = res.headers.get('content-type') ?? '';
  // Content-Length counts encoded bytes; with a Content-Encoding it says nothing about the file.
  const expected = declaredLength(res);
  if (expected !== null && expected > limits.recording) {
    deadline.clear();
    await discard(res);
    throw tooLargeFailure(ctx, limits.recording, 'recording');
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });

  // A sealed copy's size on disk is not the audio's: reuse only plain copies.
  if (expected !== null && !seal) {
    const existing = await existingSameSize(dir, base, expected);
    if (existing) {
      deadline.clear();
      await discard(res);
      return { path: existing.path, size: expected, contentType, format: existing.format, reused: true };
    }
  }

  const temp = join(dir, `.${base}.${randomUUID()}.part`);
  const handle = await open(temp, 'wx', 0o600);
  // Sealed audio is sealed whole: it waits in memory (within the cap), never on disk in the clear.
  const held: Uint8Array[] = [];
  let size = 0;
  const head = new Uint8Array(MAGIC_BYTES_NEEDED);
  let headLength = 0;
  let closed = false;
  // The overall deadline: due when the bytes so far no longer keep up with the pace's floor. One
  // timer, looked at again when it fires rather than moved on every chunk.
  let tooSlow = false;
  let paceTimer: ReturnType<typeof setTimeout> | undefined;
  const dueInMs = () => answered + pace.graceMs + (size * 1000) / pace.minBytesPerSecond - Date.now();
  const watchPace = () => {
    paceTimer = setTimeout(
      () => {
        if (dueInMs() > 0) return watchPace();
        tooSlow = true;
        deadline.abort(new Error('recording too slow'));
      },
      Math.max(0, dueInMs()),
    );
  };
  try {
    if (res.body) {
      watchPace();
      try {
        for await (const chunk of Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>)) {
          const bytes = chunk as Uint8Array;
          deadline.arm(); // the idle timeout bounds silence between chunks; the pace, the whole body
          // Counted on the bytes as they come (decoded): a body that never ends is cut off here.
          if (size + bytes.length > limits.recording) throw tooLargeFailure(ctx, limits.recording, 'recording');
          if (headLength < head.length) {
            const take = bytes.subarray(0, head.length - headLength);
            head.set(take, headLength);
            headLength += take.length;
          }
          if (seal) held.push(bytes);
          else await handle.write(bytes);
          size += bytes.length;
        }
      } catch (error) {
        if (tooSlow && !deadline.cancelled) throw tooSlowFailure(ctx, pace, Date.now() - answered, size, expected);
        throw stoppedFailure(ctx, error, deadline);
      } finally {
        clearTimeout(paceTimer);
        deadline.clear();
      }
    }
    if (expected !== null && size !== expected) {
      throw new ServiceError({ ...ctx, kind: 'offline', ambiguous: false, message: `the recording arrived incomplete (${size} of ${expected} bytes)` });
    }
    if (seal) await handle.write(seal(Buffer.concat(held), base));
    await handle.sync();
    await handle.close();
    closed = true;
    const format = detectRecordingFormat(head.subarray(0, headLength), contentType);
    const path = join(dir, `${base}.${format}`);
    await rename(temp, path);
    // A copy saved earlier under another extension (the format was read differently then) is stale now.
    for (const other of RECORDING_FORMATS) {
      if (other !== format) await unlink(join(dir, `${base}.${other}`)).catch(() => undefined);
    }
    return { path, size, contentType, format, reused: false };
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
