// The data's lifecycle from the shell: `batches list|delete`, `results delete CAMPAIGN`, `purge`
// (retention now) and `wipe --yes` (everything CaseDesk keeps here, the data key included).
import { Failure, type FailureLang } from '../../domain/failures/failure';
import { Command } from 'commander';
import type { Environment } from '../../domain/environments';
import type { BatchSummary, WipePlan } from '../../surface/procedures';
import { call, printAnswer, withApp } from '../cli-context';
import { words } from '../cli-globals';
import { envOption, positiveId } from '../cli-options';
import type { HelpWords } from '../cli-help';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The day retention deletes the batch; else why it is kept, when corrected skipped cases hold it; else until deleted. */
function keptCell(b: BatchSummary, lang: FailureLang): string {
  if (b.keptUntil) return day(b.keptUntil);
  if (b.correctedSkipped > 0) return words(lang, 'line.table.kept_corrected', { count: b.correctedSkipped });
  return words(lang, 'line.table.until_deleted', {});
}

export function batchesCommand(help: HelpWords): Command {
  const batches = new Command('batches').description(help('help.batches.what'));
  batches
    .command('list')
    .description(help('help.batches_list.what'))
    .addOption(envOption(help('help.common.env_last')))
    .action(async (opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const list = await call(ctx, 'batches:list', { environment: opts.env });
        await printAnswer(command, list, (lang) => ({
          head: ['id', 'name', 'ready', 'rejected', 'campaign', 'loaded', 'pending', 'in doubt', 'kept until'],
          rows: list.map((b) => [
            b.id,
            b.name,
            b.counts.ready + b.counts.warning,
            b.counts.rejected,
            b.campaignId ?? b.campaignDraft ?? '',
            b.upload.loaded,
            b.upload.pending,
            b.upload.inDoubt,
            keptCell(b, lang),
          ]),
        }));
      });
    });
  batches
    .command('delete')
    .description(help('help.batches_delete.what'))
    .argument('<batch>', help('help.common.batch_id'), positiveId)
    .action(async (batchId: number, _opts: unknown, command: Command) => {
      await withApp(command, async (ctx) => {
        const deleted = await call(ctx, 'batches:delete', { batchId });
        const line = deleted.importedFileDeleted ? 'line.batches.deleted_with_file' : 'line.batches.deleted';
        await printAnswer(command, deleted, (lang) => `${words(lang, line, { batchId, cases: deleted.cases })}\n`);
      });
    });
  return batches;
}

/** Adds `delete` to `casedesk results` (which downloads when given a campaign id). */
export function addResultsDelete(results: Command, help: HelpWords): Command {
  return results
    .command('delete')
    .description(help('help.results_delete.what'))
    .argument('<campaign>', help('help.common.campaign_id'), positiveId)
    .addOption(envOption(help('help.common.env_last')))
    .action(async (campaignId: number, opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const deleted = await call(ctx, 'results:delete', { environment: opts.env, campaignId });
        const counts = { campaignId, cases: deleted.cases, calls: deleted.calls, recordings: deleted.recordings };
        await printAnswer(command, deleted, (lang) => [
          `${words(lang, 'line.results.deleted', counts)}\n`,
          deleted.recordingFilesLeft > 0 ? `${words(lang, 'line.results.recordings_left', { count: deleted.recordingFilesLeft })}\n` : '',
        ]);
      });
    });
}

export function purgeCommand(help: HelpWords): Command {
  return new Command('purge').description(help('help.purge.what')).action(async (_opts: unknown, command: Command) => {
    await withApp(command, async (ctx) => {
      const report = await call(ctx, 'retention:purge', {});
      const counts = {
        days: report.retentionDays,
        batches: report.batches.length,
        campaigns: report.campaigns,
        inbound: report.inboundCases,
        recordings: report.recordingFiles,
        files: report.importedFiles,
      };
      await printAnswer(command, report, (lang) => `${words(lang, 'line.purge.done', counts)}\n`);
    });
  });
}

/** Where the key is, and what the wipe does (or did) with it. */
function keyLine(key: WipePlan['key'], done: boolean, lang: FailureLang): string {
  if (key === 'environment') return words(lang, 'line.wipe.key_environment', {});
  if (key === 'none') return words(lang, 'line.wipe.key_none', {});
  if (key === 'keychain') return words(lang, done ? 'line.wipe.key_keychain_forgotten' : 'line.wipe.key_keychain', {});
  return words(lang, done ? 'line.wipe.key_file_forgotten' : 'line.wipe.key_file', {});
}

/** What `wipe` would delete, or deleted, in --lang; the folder's entries are named as they are (printable). */
export function describePlan(plan: WipePlan, done: boolean, lang: FailureLang): string {
  const lines = [words(lang, 'line.wipe.folder', { dir: plan.dataDir })];
  if (plan.entries.length) lines.push(`  ${words(lang, done ? 'line.wipe.deleted' : 'line.wipe.to_delete', { entries: plan.entries })}`);
  else lines.push(`  ${words(lang, 'line.wipe.nothing', {})}`);
  lines.push(`  ${keyLine(plan.key, done, lang)}`);
  if (plan.others.length) lines.push(`  ${words(lang, 'line.wipe.others', { others: plan.others })}`);
  return `${lines.join('\n')}\n`;
}

export function wipeCommand(help: HelpWords): Command {
  return new Command('wipe')
    .description(help('help.wipe.what'))
    .option('--yes', help('help.wipe.yes'))
    .action(async (opts: { yes?: boolean }, command: Command) => {
      const [{ restrictUmask }, { wipeDataFolder, wipePlan }, { osKeychain }, { appendAudit }, { cliPolicy, dataDirOf }] = await Promise.all([
        import('../../store'),
        import('../../app/workstation-wipe'),
        import('../../keys/keychain'),
        import('../../audit/audit-log'),
        import('../cli-policy'),
      ]);
      // The folder every other command opens: the policy's, the one named, or the default (an old store moved into it).
      const dataDir = dataDirOf(command, cliPolicy());
      restrictUmask();
      // No app context: a folder whose key is already lost must still be wipeable.
      const plan = wipePlan(dataDir);
      if (!opts.yes) {
        await printAnswer(command, plan, (lang) => describePlan(plan, false, lang));
        throw new Failure('cli.wipe_needs_yes', {});
      }
      const outcome = wipeDataFolder(dataDir, { keychain: osKeychain(), env: process.env });
      // The trail went with the rest: the fresh one starts by saying so. The key went too: no id can
      // stand for the OS account, so the line names no one (it never holds the name itself).
      appendAudit(dataDir, { action: 'workstation.wiped' }, { osUser: null, serviceUser: null, environment: null, face: 'cli' }, { pseudonyms: null });
      await printAnswer(command, outcome, (lang) => [
        `${words(lang, 'line.wipe.done', {})}\n${describePlan(outcome, true, lang)}`,
        outcome.key !== 'environment' && !outcome.keyForgotten ? `${words(lang, 'line.wipe.key_kept', {})}\n` : '',
      ]);
    });
}
