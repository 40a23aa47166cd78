// How a CLI command reaches the command surface: one app context per run, credentials from the
// environment, output as a table or (with --json) as the service's own objects.
import Table from 'cli-table3';
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { DataKeyError } from '../keys/data-key';
import { describeRefusal, loadPolicy, PolicyError, type LoadedPolicy } from '../policy/policy';
import { StoreKeyError } from '../store';
import { createAppContext, type AppContext, type AppContextOptions } from '../surface/app-context';
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

/** The organization's policy, or a CliFailure naming its file and what is wrong (fail closed). */
export function cliPolicy(env: NodeJS.ProcessEnv = process.env): LoadedPolicy {
  try {
    return loadPolicy(env);
  } catch (err) {
    if (err instanceof PolicyError) throw new CliFailure(err.message);
    throw err;
  }
}

/**
 * The data folder of this run: the policy's data_dir when it sets one (a different --data-dir or
 * CASEDESK_DATA_DIR is refused, exit 2), else --data-dir, CASEDESK_DATA_DIR or ~/.casedesk.
 */
export function dataDirOf(command: Command, policy: LoadedPolicy, env: NodeJS.ProcessEnv = process.env): string {
  const given = globals(command).dataDir;
  const managed = policy.policy.data_dir;
  if (managed === undefined) return given;
  let root: Command = command;
  while (root.parent) root = root.parent;
  const chosen = root.getOptionValueSource('dataDir') === 'cli' ? given : env.CASEDESK_DATA_DIR;
  if (chosen !== undefined && chosen !== '' && resolve(chosen) !== resolve(managed)) {
    throw new CliFailure(`--data-dir ${chosen}: ${describeRefusal(policy, { rule: 'data_dir', dataDir: managed })}`, 2);
  }
  return managed;
}

/** Runs `work` with an app context for this run's data folder, and always closes it. */
export async function withApp<T>(command: Command, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const policy = cliPolicy();
  const ctx = openAppContext(dataDirOf(command, policy), { policy });
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

/** The app context of a data folder; its key's failures (missing, refused by policy) are said plainly. */
export function openAppContext(dataDir: string, options: Partial<AppContextOptions> = {}): AppContext {
  let ctx: AppContext;
  try {
    ctx = createAppContext({ dataDir, credentials: () => envCredentials(), face: 'cli', ...options });
  } catch (err) {
    if (err instanceof DataKeyError) throw new CliFailure(err.message, err.code === 'key.invalid_env' ? 2 : 1);
    if (err instanceof PolicyError) throw new CliFailure(err.message);
    if (err instanceof StoreKeyError) throw new CliFailure(`${dataDir}: ${err.message}`);
    throw err;
  }
  for (const warning of ctx.policy.warnings) process.stderr.write(`casedesk: ${ctx.policy.file}: ${warning}\n`);
  noteKeyFile(ctx);
  return ctx;
}

const notedKeyFiles = new Set<string>();

/** Where the OS has no keychain, the key is in a file: say so (once a run, on stderr). */
function noteKeyFile(ctx: AppContext): void {
  const file = ctx.dataKey.keyFile;
  if (ctx.dataKey.keptIn !== 'key-file' || !file || notedKeyFiles.has(file)) return;
  notedKeyFiles.add(file);
  process.stderr.write(`casedesk: this machine has no OS keychain; the key that encrypts ${ctx.options.dataDir} is kept in ${file} (readable only by you). Set CASEDESK_DB_KEY to supply it yourself.
`);
}

/**
 * Calls a procedure; its failure becomes a CliFailure with the surface's plain message. The CLI's
 * surface takes paths of this machine (files:open): the user runs it in their own shell.
 */
export async function call<N extends ProcedureName>(ctx: AppContext, name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await createSurface(ctx, { localFiles: true }).call(name, input);
  if (!answer.ok) {
    const { code, message } = answer.error;
    // Tokens are never kept on disk by the CLI, so each run signs in from the environment.
    const hint = code === 'not-signed-in' || code === 'session-expired' ? ' (the CLI signs in on each run: set CASEDESK_EMAIL and CASEDESK_PASSWORD)' : '';
    // Cases in doubt need the agent's decision, as an upload's do (exit 3).
    // What the organization's policy does not allow is bad input, as a malformed flag is.
    throw new CliFailure(message + hint, code === 'invalid-input' || code === 'policy.locked' ? 2 : code === 'batch.in_doubt' ? 3 : 1);
  }
  return answer.value;
}

/** A file the user named on the command line, as the id the file procedures take. */
export async function openLocalFile(ctx: AppContext, path: string): Promise<string> {
  return (await call(ctx, 'files:open', { path: resolve(path) })).fileId;
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
