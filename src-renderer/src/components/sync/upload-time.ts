// About how long uploading a batch's cases takes, said before it starts: the requests it needs
// (this machine's settings: cases a request, the wait between requests) and the waits between them.
// A million cases is about 17 minutes; the agent should know before pressing Upload, not find out.

export interface UploadPace {
  /** Cases a request carries at most (settings: chunkMaxCases). */
  casesPerRequest: number;
  /** The wait between two requests (settings: uploadSpacingMs). */
  spacingMs: number;
}

/** From this many minutes an upload's time is said; a shorter one needs no warning. */
export const SAY_FROM_MINUTES = 2;

/**
 * The requests the cases need, and the minutes their waits take (rounded: the requests' own time,
 * a fraction of a second each, makes up the rest); null when under SAY_FROM_MINUTES.
 */
export function uploadTime(cases: number, pace: UploadPace): { requests: number; minutes: number } | null {
  if (!(cases > 0) || !(pace.casesPerRequest > 0) || !(pace.spacingMs >= 0)) return null;
  const requests = Math.ceil(cases / pace.casesPerRequest);
  const minutes = Math.round(((requests - 1) * pace.spacingMs) / 60_000);
  return minutes >= SAY_FROM_MINUTES ? { requests, minutes } : null;
}
