// The `casedesk` CLI as a user runs it: a child process of the built bin, its output collected.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const CASEDESK_BIN = join(import.meta.dirname, '../../src-main/cli/casedesk.mjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The child's whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Told the stderr so far at each chunk, with the child (to kill it at a given moment). */
  onStderr?: (stderr: string, child: ChildProcess) => void;
}

/** Runs `casedesk ...args` to its end. */
export function runCasedesk(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CASEDESK_BIN, ...args], { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      options.onStderr?.(stderr, child);
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running `casedesk ...args` (the emulator, the browser host); the caller stops it. */
export function startCasedesk(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [CASEDESK_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}
