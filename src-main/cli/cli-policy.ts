// The organization's policy as the CLI reads it: loaded by the commands that run (it needs zod),
// never by `--help`.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { loadPolicy, refusalFailure, type LoadedPolicy } from '../policy/policy';
import { CliFailure, globals } from './cli-globals';

/** The organization's policy, or a PolicyError naming its file and what is wrong (fail closed; main() words it in --lang). */
export function cliPolicy(env: NodeJS.ProcessEnv = process.env): LoadedPolicy {
  return loadPolicy(env);
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
    const failure = refusalFailure(policy, { rule: 'data_dir', dataDir: managed });
    throw new CliFailure(`--data-dir ${chosen}: refused by the policy`, 2, { code: failure.code, params: { ...failure.params, given: chosen } });
  }
  return managed;
}
