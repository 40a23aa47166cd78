// Test-only fault controls, served under /__control/ only when the emulator runs with --faults.
import { Readable } from 'node:stream';

export interface FaultSettings {
  /** Upload requests, counted from now (1 = the next one), that answer 500 without loading anything. */
  fail_upload?: number[];
  /** Upload requests, counted from now, whose cases are loaded but whose connection is then dropped. */
  drop_upload?: number[];
  /** Added to every service request before it is handled. */
  latency_ms?: number;
  /** Upload bodies over this many bytes get 413. */
  body_limit?: number;
  /** Recordings (outbound and inbound) are sent at this many bytes a second, a slow server's pace; 0 sends them at once. */
  recording_bytes_per_second?: number;
  /**
   * The answers of these endpoints are held this many ms after the request was handled: the work is
   * done on the service (a token rotated, a campaign created) and its answer comes late. 0 lifts it.
   */
  slow_answers?: Partial<Record<SlowEndpoint, number>>;
}

/** The endpoints whose answers `slow_answers` can hold. */
export const SLOW_ENDPOINTS = ['login', 'refresh', 'create_campaign'] as const;
export type SlowEndpoint = (typeof SLOW_ENDPOINTS)[number];

export interface FaultState {
  /** Counts an upload request; returns its number. */
  nextUpload(): number;
  failsUpload(n: number): boolean;
  dropsUpload(n: number): boolean;
  latencyMs(): number;
  bodyLimit(): number;
  /** A recording's body: the bytes as they are, or a stream that sends them at the set pace. */
  recordingBody(bytes: Buffer): Buffer | Readable;
  /** Holds the answer of `endpoint` as `slow_answers` says (a reset lets every held answer go at once). */
  holdAnswer(endpoint: SlowEndpoint): Promise<void>;
  set(settings: FaultSettings): void;
  reset(): void;
  describe(): Record<string, unknown>;
}

/** The default upload limit: Django's default request-body limit (2.5 MiB), a plausible real value. */
export const DEFAULT_UPLOAD_BODY_LIMIT = 2_621_440;

export function createFaultState(defaultBodyLimit = DEFAULT_UPLOAD_BODY_LIMIT): FaultState {
  let uploads = 0;
  let fail = new Set<number>();
  let drop = new Set<number>();
  let latency = 0;
  let limit = defaultBodyLimit;
  let recordingPace = 0;
  // Slow recordings still being sent: one ends when its last byte goes or its client hangs up.
  let trickling = 0;
  let slow: Partial<Record<SlowEndpoint, number>> = {};
  // The answers being held, each with what lets it go early.
  const held = new Map<() => void, SlowEndpoint>();
  const releaseHeld = () => {
    for (const release of [...held.keys()]) release();
  };
  return {
    nextUpload: () => ++uploads,
    failsUpload: (n) => fail.has(n),
    dropsUpload: (n) => drop.has(n),
    latencyMs: () => latency,
    bodyLimit: () => limit,
    recordingBody(bytes) {
      if (recordingPace === 0) return bytes;
      trickling += 1;
      return paced(bytes, recordingPace, () => (trickling -= 1));
    },
    holdAnswer(endpoint) {
      const ms = slow[endpoint] ?? 0;
      if (ms === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          held.delete(release);
          resolve();
        };
        const timer = setTimeout(release, ms);
        held.set(release, endpoint);
      });
    },
    set(s) {
      if (s.fail_upload) fail = new Set([...fail, ...s.fail_upload.map((k) => uploads + k)]);
      if (s.drop_upload) drop = new Set([...drop, ...s.drop_upload.map((k) => uploads + k)]);
      if (s.latency_ms !== undefined) latency = s.latency_ms;
      if (s.body_limit !== undefined) limit = s.body_limit;
      if (s.recording_bytes_per_second !== undefined) recordingPace = s.recording_bytes_per_second;
      if (s.slow_answers) slow = { ...slow, ...s.slow_answers };
    },
    reset() {
      fail = new Set();
      drop = new Set();
      latency = 0;
      limit = defaultBodyLimit;
      recordingPace = 0;
      slow = {};
      releaseHeld();
    },
    describe: () => ({
      upload_requests: uploads,
      fail_upload: [...fail],
      drop_upload: [...drop],
      latency_ms: latency,
      body_limit: limit,
      recording_bytes_per_second: recordingPace,
      recordings_trickling: trickling,
      slow_answers: { ...slow },
      /** Answers being held now, by endpoint: a test knows its request was handled. */
      answers_held: Object.fromEntries(SLOW_ENDPOINTS.map((e) => [e, [...held.values()].filter((h) => h === e).length])),
    }),
  };
}

/** `bytes` sent a tenth of `perSecond` every 100 ms; `ended` runs once, when the last piece went or the reader went away. */
function paced(bytes: Buffer, perSecond: number, ended: () => void): Readable {
  const piece = Math.max(1, Math.round(perSecond / 10));
  let at = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Readable({
    read() {
      timer = setTimeout(() => {
        const part = bytes.subarray(at, at + piece);
        at += part.length;
        this.push(part);
        if (at >= bytes.length) this.push(null);
      }, 100);
    },
    destroy(error, callback) {
      clearTimeout(timer);
      ended();
      callback(error);
    },
  });
}
