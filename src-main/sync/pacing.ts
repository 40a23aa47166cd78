// Spacing between upload requests to one service (the spec advises 1 s), and full-jitter backoff.

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface Pacer {
  /** Waits until `spacingMs` have passed since the last answer. */
  wait(signal?: AbortSignal): Promise<void>;
  /** Call when an answer (or a failure) came back. */
  answered(): void;
  readonly spacingMs: number;
}

/** The spec's advice is a floor: a setting may only make the spacing longer. */
export const MIN_UPLOAD_SPACING_MS = 1000;

export function createPacer(
  spacingMs: number = MIN_UPLOAD_SPACING_MS,
  opts: { now?: () => number; sleep?: Sleep; lastAnswerAt?: number | null; onAnswered?: (at: number) => void } = {},
): Pacer {
  const now = opts.now ?? Date.now;
  const wait = opts.sleep ?? sleep;
  const spacing = Math.max(MIN_UPLOAD_SPACING_MS, spacingMs);
  let last = opts.lastAnswerAt ?? null;
  return {
    spacingMs: spacing,
    async wait(signal) {
      if (last === null) return;
      const due = last + spacing - now();
      if (due > 0) await wait(due, signal);
    },
    answered() {
      last = now();
      opts.onAnswered?.(last);
    },
  };
}

/** Full jitter (AWS): a random wait between 0 and min(cap, base × 2^attempt). */
export function backoffMs(attempt: number, random: () => number = Math.random, baseMs = 1000, capMs = 60_000): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** attempt));
}
