// Simulated time of the emulator. Dialing, timestamps and call windows follow it; with --speed X it
// runs X times faster than the wall clock, and tests can jump it forward.

export interface SimClock {
  now(): number;
  /** Jumps simulated time forward (tests and the control endpoint). */
  advance(ms: number): void;
  readonly speed: number;
}

export function createSimClock(speed = 1, wallNow: () => number = Date.now): SimClock {
  const startWall = wallNow();
  let offset = 0;
  return {
    speed,
    now: () => startWall + (wallNow() - startWall) * speed + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The service's local calendar date and time of day, for a fixed UTC offset (Argentina: −180, no DST). */
export function localParts(ms: number, utcOffsetMinutes: number): { date: string; time: string } {
  const iso = new Date(ms + utcOffsetMinutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

export function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/** "09:00" or "09:00:00" → "09:00:00". */
export function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

export function isWithinCallWindow(localTime: string, callFrom: string, callTo: string): boolean {
  return localTime >= withSeconds(callFrom) && localTime < withSeconds(callTo);
}
