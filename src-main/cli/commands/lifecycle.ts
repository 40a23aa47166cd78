// The data's lifecycle from the shell: `batches list|delete`, `results delete CAMPAIGN`, `purge`
// (retention now) and `wipe --yes` (everything CaseDesk keeps here, the data key included).
import { Failure } from '../../domain/failures/failure';
import { Command } from 'commander';
import { userInfo } from 'node:os';
import type { Environment } from '../../domain/environments';
import type { WipePlan } from '../../surface/procedures';
import { call, globals, printJson, printTable, withApp } from '../cli-context';
import { envOption, positiveId } from '../cli-options';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function batchesCommand(): Command {
  const batches = new Command('batches').description('the batches prepared on this machine');
  batches
    .command('list')
    .description('every batch with its counts and, once fully uploaded, the day retention deletes it')
    .addOption(envOption())
    .action(async (opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const list = await call(ctx, 'batches:list', { environment: opts.env });
        if (globals(command).json) return printJson(list);
        await printTable(
          ['id', 'name', 'ready', 'rejected', 'campaign', 'loaded', 'pending', 'in doubt', 'kept until'],
          list.map((b) => [
            b.id,
            b.name,
            b.counts.ready + b.counts.warning,
            b.counts.rejected,
            b.campaignId ?? b.campaignDraft ?? '',
            b.upload.loaded,
            b.upload.pending,
            b.upload.inDoubt,
            b.keptUntil ? day(b.keptUntil) : 'until deleted',
          ]),
        );
      });
    });
  batches
    .command('delete')
    .description('delete a batch with its cases, issues, upload queue and the copy of its file (refused while it uploads or has cases in doubt)')
    .argument('<batch>', 'batch id', positiveId)
    .action(async (batchId: number, _opts: unknown, command: Command) => {
      await withApp(command, async (ctx) => {
        const deleted = await call(ctx, 'batches:delete', { batchId });
        if (globals(command).json) return printJson(deleted);
        process.stdout.write(`Batch ${batchId} deleted: ${deleted.cases} case(s)${deleted.importedFileDeleted ? ', and the copy of its file' : ''}.\n`);
      });
    });
  return batches;
}

/** Adds `delete` to `casedesk results` (which downloads when given a campaign id). */
export function addResultsDelete(results: Command): Command {
  return results
    .command('delete')
    .description("delete a campaign's stored results and recordings (the next download starts over)")
    .argument('<campaign>', 'campaign id', positiveId)
    .addOption(envOption())
    .action(async (campaignId: number, opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const deleted = await call(ctx, 'results:delete', { environment: opts.env, campaignId });
        if (globals(command).json) return printJson(deleted);
        process.stdout.write(`Campaign ${campaignId}: ${deleted.cases} case(s), ${deleted.calls} call(s) and ${deleted.recordings} recording(s) deleted.\n`);
        if (deleted.recordingFilesLeft > 0)
          process.stdout.write(
            `${deleted.recordingFilesLeft} recording file(s) saved outside the data folder (results --recordings DIR) are yours and were left.\n`,
          );
      });
    });
}

export function purgeCommand(): Command {
  return new Command('purge')
    .description('delete now what is older than the retention setting (it also happens at every start and daily)')
    .action(async (_opts: unknown, command: Command) => {
      await withApp(command, async (ctx) => {
        const report = await call(ctx, 'retention:purge', {});
        if (globals(command).json) return printJson(report);
        process.stdout.write(
          `Older than ${report.retentionDays} days: ${report.batches.length} batch(es), ${report.campaigns} campaign(s)' results, ` +
            `${report.inboundCases} inbound case(s), ${report.recordingFiles} recording(s), ${report.importedFiles} imported file(s) deleted.\n`,
        );
      });
    });
}

/** Where the key is, and what the wipe does (or did) with it. */
function keyLine(key: WipePlan['key'], done: boolean): string {
  if (key === 'environment') return 'data key: CASEDESK_DB_KEY, which is yours: CaseDesk cannot forget it (unset it and destroy your copy)';
  if (key === 'none') return 'data key: none is kept for this folder';
  const where = key === 'keychain' ? "this user's keychain" : 'a key file in your configuration folder';
  return `data key: in ${where}, ${done ? 'forgotten' : 'to be forgotten'}`;
}

function describePlan(plan: WipePlan, done: boolean): string {
  const lines = [`Data folder ${plan.dataDir}:`];
  lines.push(plan.entries.length ? `  ${done ? 'deleted' : 'to delete'}: ${plan.entries.join(', ')}` : '  nothing of CaseDesk is in it');
  lines.push(`  ${keyLine(plan.key, done)}`);
  if (plan.others.length) lines.push(`  left as they are (not CaseDesk's): ${plan.others.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

export function wipeCommand(): Command {
  return new Command('wipe')
    .description('delete everything CaseDesk keeps in the data folder (store, demo service, recordings, imported files, logs, audit) and its data key')
    .option('--yes', 'do it; without it, only say what would be deleted (exit 2)')
    .action(async (opts: { yes?: boolean }, command: Command) => {
      const { dataDir, json } = globals(command);
      const [{ restrictUmask }, { wipeDataFolder, wipePlan }, { osKeychain }, { appendAudit }] = await Promise.all([
        import('../../store'),
        import('../../surface/workstation-wipe'),
        import('../../keys/keychain'),
        import('../../audit/audit-log'),
      ]);
      restrictUmask();
      // No app context: a folder whose key is already lost must still be wipeable.
      const plan = wipePlan(dataDir);
      if (!opts.yes) {
        if (json) printJson(plan);
        else process.stdout.write(describePlan(plan, false));
        throw new Failure('cli.wipe_needs_yes', {});
      }
      const outcome = wipeDataFolder(dataDir, { keychain: osKeychain(), env: process.env });
      // The trail went with the rest: the fresh one starts by saying so.
      appendAudit(dataDir, { action: 'workstation.wiped' }, { osUser: userInfo().username, serviceUser: null, environment: null, face: 'cli' });
      if (json) return printJson(outcome);
      process.stdout.write(`Wiped.\n${describePlan(outcome, true)}`);
      if (outcome.key !== 'environment' && !outcome.keyForgotten)
        process.stdout.write('The keychain did not let go of the data key: remove the "CaseDesk" entry by hand.\n');
    });
}
