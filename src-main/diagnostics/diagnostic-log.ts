// The diagnostic log IT reads when the agent reports "something went wrong": JSON lines (pino) in
// <dataDir>/logs/casedesk.log, rotated by size. It records what failed inside CaseDesk (an incident
// id, the error's class, its stack frames) and never an error's message or any data: messages of
// libraries echo values (names, phones, tokens). Opened only when the first line is written.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import { errorClassName } from '../domain/error-class';

export const LOG_FOLDER = 'logs';
export const LOG_FILE = 'casedesk.log';

export function logFolder(dataDir: string): string {
  return join(dataDir, LOG_FOLDER);
}

export interface DiagnosticLogOptions {
  /** Bytes a file reaches before it is rotated (1 MB). */
  maxBytes?: number;
  /** Files kept in all, the current one included (5). */
  files?: number;
}

export interface DiagnosticLog {
  /** The current log file (it exists once something was written). */
  readonly file: string;
  /** Records an unexpected failure; returns the incident id to show the agent. */
  internalFailure(error: unknown, where: { procedure?: string | undefined }): string;
  /** Writes out what is pending and closes the file (if it was ever opened). */
  close(): Promise<void>;
}

/** What is kept of an error: its class and where it happened, never its message. */
export interface FailureShape {
  type: string;
  frames: string[];
  cause?: FailureShape | undefined;
}

const FRAME = /^\s*at\s+\S/;
const MAX_FRAMES = 30;

/**
 * The stack's frame lines only. The first lines of `stack` repeat the message (which may span
 * lines); a "frame" that also appears in the message is the message, not a frame, and is dropped.
 * The user's home folder is shortened to ~ (its name is the account's).
 */
export function failureShape(error: unknown, depth = 0): FailureShape {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error, frames: [] };
  const message = typeof error.message === 'string' ? error.message : '';
  const home = homedir();
  const frames = (typeof error.stack === 'string' ? error.stack.split('\n') : [])
    .filter((line) => FRAME.test(line) && !message.includes(line.trim()))
    .slice(0, MAX_FRAMES)
    .map((line) => (home.length > 1 ? line.split(home).join('~') : line).trim());
  const cause = depth < 3 && error.cause !== undefined ? failureShape(error.cause, depth + 1) : undefined;
  return { type: errorClassName(error), frames, ...(cause ? { cause } : {}) };
}

export function newIncidentId(): string {
  return randomBytes(4).toString('hex').toUpperCase();
}

/** Where this data folder's log goes; nothing is created until something is written. */
export function diagnosticLog(dataDir: string, options: DiagnosticLogOptions = {}): DiagnosticLog {
  const folder = logFolder(dataDir);
  let stream: RotatingFileStream | null = null;
  let logger: Logger | null = null;

  const open = (): Logger => {
    if (logger) return logger;
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // The folder may have existed with a wider mode; so may files an older version wrote.
    chmodSync(folder, 0o700);
    for (const name of readdirSync(folder)) if (name.startsWith(LOG_FILE)) chmodSync(join(folder, name), 0o600);
    stream = createStream(LOG_FILE, {
      path: folder,
      size: `${Math.max(1, Math.floor((options.maxBytes ?? 1_048_576) / 1024))}K`,
      rotate: Math.max(1, (options.files ?? 5) - 1),
      mode: 0o600,
    });
    // A log that cannot be written must not take the app down with it.
    stream.on('error', () => undefined);
    logger = pino({ base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, stream);
    return logger;
  };

  return {
    file: join(folder, LOG_FILE),
    internalFailure(error, where) {
      const incident = newIncidentId();
      try {
        open().error({ event: 'internal-failure', incident, procedure: where.procedure, failure: failureShape(error) }, 'internal failure');
      } catch {
        // The incident id is still worth showing: the agent can report when it happened.
      }
      return incident;
    },
    async close() {
      const open = stream as RotatingFileStream | null;
      if (!open) return;
      stream = null;
      logger = null;
      await new Promise<void>((resolve) => {
        open.once('finish', () => resolve());
        open.once('error', () => resolve());
        open.end();
      });
    },
  };
}
