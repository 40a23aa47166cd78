// Test-only fault controls, served under /__control/ only when the emulator runs with --faults.

export interface FaultSettings {
  /** Upload requests, counted from now (1 = the next one), that answer 500 without loading anything. */
  fail_upload?: number[];
  /** Upload requests, counted from now, whose cases are loaded but whose connection is then dropped. */
  drop_upload?: number[];
  /** Added to every service request before it is handled. */
  latency_ms?: number;
  /** Upload bodies over this many bytes get 413. */
  body_limit?: number;
}

export interface FaultState {
  /** Counts an upload request; returns its number. */
  nextUpload(): number;
  failsUpload(n: number): boolean;
  dropsUpload(n: number): boolean;
  latencyMs(): number;
  bodyLimit(): number;
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
  return {
    nextUpload: () => ++uploads,
    failsUpload: (n) => fail.has(n),
    dropsUpload: (n) => drop.has(n),
    latencyMs: () => latency,
    bodyLimit: () => limit,
    set(s) {
      if (s.fail_upload) fail = new Set([...fail, ...s.fail_upload.map((k) => uploads + k)]);
      if (s.drop_upload) drop = new Set([...drop, ...s.drop_upload.map((k) => uploads + k)]);
      if (s.latency_ms !== undefined) latency = s.latency_ms;
      if (s.body_limit !== undefined) limit = s.body_limit;
    },
    reset() {
      fail = new Set();
      drop = new Set();
      latency = 0;
      limit = defaultBodyLimit;
    },
    describe: () => ({ upload_requests: uploads, fail_upload: [...fail], drop_upload: [...drop], latency_ms: latency, body_limit: limit }),
  };
}
