import type { ErrorCode, SurfaceError } from './procedures';

/** A failure a procedure reports on purpose, with a message meant for the agent. */
export class SurfaceFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The same in Spanish, when the failure has it (the renderer shows the agent's language). */
    readonly messageEs?: string,
    /** What it is about, typed, for screens and scripts that word it themselves. */
    readonly params?: SurfaceError['params'],
  ) {
    super(message);
    this.name = 'SurfaceFailure';
  }
}
