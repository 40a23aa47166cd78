// What every command sees before the app loads: the global options, credentials from the
// environment, and a failure with its exit code. Imports nothing of the CLI's own.
import type { Command } from 'commander';

export interface GlobalOptions {
  dataDir: string;
  json: boolean;
}

export function globals(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

/** CASEDESK_EMAIL / CASEDESK_PASSWORD: any command can run without a prior login (scheduled jobs). */
export function envCredentials(env: NodeJS.ProcessEnv = process.env) {
  const email = env.CASEDESK_EMAIL;
  const password = env.CASEDESK_PASSWORD;
  return email && password ? { email, password } : null;
}

export class CliFailure extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
