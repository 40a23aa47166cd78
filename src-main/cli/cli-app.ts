// The CLI's way into the app: one app context per run, credentials from the environment. Loaded
// only by commands that run (see cli-context.ts): it brings the store, the surface and all they use.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { createAppContext } from '../surface/app-context';
import type { AppContext, AppContextOptions } from '../surface/app-context-types';
import type { AsSentName, AsSentOutputs } from '../surface/as-sent';
import type { Envelope, ProcedureName, ProcedureOutputs } from '../surface/procedures';
import { createSurface } from '../surface/surface';
import type { FailureLang } from '../domain/failures/failure';
import { CliFailure, envCredentials, exitCodeOf, globals, noteLine } from './cli-globals';
import { cliPolicy, dataDirOf } from './cli-policy';

/** Runs `work` with an app context for this run's data folder, and always closes it. */
export async function withApp<T>(command: Command, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const policy = cliPolicy();
  const ctx = openAppContext(dataDirOf(command, policy), globals(command).lang, { policy });
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

/**
 * The app context of a data folder. Its key's failures (missing, refused by policy, the wrong one for
 * the store) and the policy's are Failures of the catalog: main() words them in --lang, exit code by class.
 * The policy's warnings and the key file's note are codes of the catalog too, worded here in `lang`.
 */
export function openAppContext(dataDir: string, lang: FailureLang, options: Partial<AppContextOptions> = {}): AppContext {
  const ctx = createAppContext({ dataDir, credentials: () => envCredentials(), face: 'cli', ...options });
  for (const warning of ctx.policy.warnings) process.stderr.write(noteLine('warning', warning, lang));
  noteKeyFile(ctx, lang);
  return ctx;
}

const notedKeyFiles = new Set<string>();

/** Where the OS has no keychain, the key is in a file: say so (once a run, on stderr). */
function noteKeyFile(ctx: AppContext, lang: FailureLang): void {
  const file = ctx.dataKey.keyFile;
  if (ctx.dataKey.keptIn !== 'key-file' || !file || notedKeyFiles.has(file)) return;
  notedKeyFiles.add(file);
  const code = ctx.dataKey.keyFileChecked ? 'key.kept_in_file' : 'key.kept_in_file_unchecked';
  process.stderr.write(noteLine('note', { code, params: { dataDir: ctx.options.dataDir, keyFile: file } }, lang));
}

/**
 * Calls a procedure; its failure becomes a CliFailure with the surface's code and params (main()
 * words it in the run's --lang). The CLI's surface takes paths of this machine (files:open): the
 * user runs it in their own shell.
 */
export async function call<N extends ProcedureName>(ctx: AppContext, name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  return valueOf(await createSurface(ctx, { localFiles: true }).call(name, input));
}

/** Like call, for a procedure that answers with a service object: the object as the service sent it. */
export async function callAsSent<N extends AsSentName>(ctx: AppContext, name: N, input: unknown): Promise<AsSentOutputs[N]> {
  return valueOf(await createSurface(ctx, { localFiles: true }).callAsSent(name, input));
}

function valueOf<T>(answer: Envelope<T>): T {
  if (!answer.ok) {
    const failure = { code: answer.error.code, params: answer.error.params ?? {} };
    throw new CliFailure(answer.error.message, exitCodeOf(failure), failure);
  }
  return answer.value;
}

/** A file the user named on the command line, as the id the file procedures take. */
export async function openLocalFile(ctx: AppContext, path: string): Promise<string> {
  return (await call(ctx, 'files:open', { path: resolve(path) })).fileId;
}
