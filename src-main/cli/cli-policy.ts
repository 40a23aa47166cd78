// The organization's policy as the CLI reads it: loaded by the commands that run (it needs zod),
// never by `--help`.
import type { Command } from 'commander';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { FailureLang } from '../domain/failures/failure';
import { loadPolicy, refusalFailure, type LoadedPolicy } from '../policy/policy';
import { useDefaultDataDir } from '../store/data-folder-move';
import { defaultDataDir, homeOf, oldDefaultDataDirs } from '../store/default-data-dir';
import { CliFailure, globals, noteLine } from './cli-globals';

/** The organization's policy, or a PolicyError naming its file and what is wrong (fail closed; main() words it in --lang). */
export function cliPolicy(env: NodeJS.ProcessEnv = process.env): LoadedPolicy {
  return loadPolicy(env);
}

/**
 * The data folder of this run: the policy's data_dir when it sets one (a different --data-dir or
 * CASEDESK_DATA_DIR is refused, exit 2), else --data-dir, CASEDESK_DATA_DIR, or the default the app
 * uses too, where a store an older version kept at ~/.casedesk (or the app's userData) is moved once.
 * What the move has to say goes to stderr in the run's --lang.
 */
export function dataDirOf(command: Command, policy: LoadedPolicy, env: NodeJS.ProcessEnv = process.env): string {
  const given = globals(command).dataDir;
  const managed = policy.policy.data_dir;
  let root: Command = command;
  while (root.parent) root = root.parent;
  const chosen = root.getOptionValueSource('dataDir') === 'cli' ? given : env.CASEDESK_DATA_DIR || undefined;
  if (managed === undefined) return chosen ?? defaultOfThisUser(env, globals(command).lang);
  if (chosen !== undefined && resolve(chosen) !== resolve(managed)) {
    const failure = refusalFailure(policy, { rule: 'data_dir', dataDir: managed });
    throw new CliFailure(`--data-dir ${chosen}: refused by the policy`, 2, { code: failure.code, params: { ...failure.params, given: chosen } });
  }
  return managed;
}

function defaultOfThisUser(env: NodeJS.ProcessEnv, lang: FailureLang): string {
  const place = { platform: process.platform, env, home: homeOf(env, homedir) };
  const choice = useDefaultDataDir({ to: defaultDataDir(place), from: oldDefaultDataDirs(place, 'cli') });
  for (const notice of choice.notices) process.stderr.write(noteLine(notice.code === 'datafolder.moved' ? 'note' : 'warning', notice, lang));
  return choice.dataDir;
}
