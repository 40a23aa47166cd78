import type { ErrorCode } from './procedures';

/** A failure a procedure reports on purpose, with a message meant for the agent. */
export class SurfaceFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The same in Spanish, when the failure has it (the renderer shows the agent's language). */
    readonly messageEs?: string,
  ) {
    super(message);
    this.name = 'SurfaceFailure';
  }
}
