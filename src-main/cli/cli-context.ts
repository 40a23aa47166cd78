// How a CLI command reaches the command surface: one app context per run, credentials from the
// environment, output as a table or (with --json) as the service's own objects.
import Table from 'cli-table3';
import type { Command } from 'commander';
import { createAppContext, type AppContext } from '../surface/app-context';
import type { ProcedureName, ProcedureOutputs } from '../surface/procedures';
import { createSurface } from '../surface/surface';
import type { GlobalOptions } from './main';

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

/** Runs `work` with an app context for this data folder, and always closes it. */
export async function withApp<T>(command: Command, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = createAppContext({ dataDir: globals(command).dataDir, credentials: () => envCredentials() });
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

/** Calls a procedure; its failure becomes a CliFailure with the surface's plain message. */
export async function call<N extends ProcedureName>(ctx: AppContext, name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await createSurface(ctx).call(name, input);
  if (!answer.ok) {
    const { code, message } = answer.error;
    // Tokens are never kept on disk by the CLI, so each run signs in from the environment.
    const hint = code === 'not-signed-in' || code === 'session-expired' ? ' (the CLI signs in on each run: set CASEDESK_EMAIL and CASEDESK_PASSWORD)' : '';
    // Cases in doubt need the agent's decision, as an upload's do (exit 3).
    throw new CliFailure(message + hint, code === 'invalid-input' ? 2 : code === 'batch.in_doubt' ? 3 : 1);
  }
  return answer.value;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printTable(head: string[], rows: (string | number | null | undefined)[][]): void {
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const table = new Table({ head, style: { head: [], border: [], compact: true } });
  for (const row of rows) table.push(row.map((v) => (v === null || v === undefined ? '' : String(v))));
  process.stdout.write(`${table.toString()}\n`);
}
