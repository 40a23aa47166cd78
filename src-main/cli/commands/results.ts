// `casedesk results CAMPAIGN` (download a campaign's results, export them to .xlsx) and
// `casedesk inbound sync` (download inbound cases). Both incremental: run again to update or to resume.
// What they do is in results-run.ts, loaded when one of them runs.
import { Command } from 'commander';
import type { InboundSyncOptions, ResultsOptions } from './results-run';
import { envOption, positiveId, isoDay } from '../cli-options';
import type { HelpWords } from '../cli-help';

export function resultsCommands(help: HelpWords): Command[] {
  const results = new Command('results')
    .description(help('help.results.what'))
    .argument('<campaign>', help('help.common.campaign_id'), positiveId)
    .option('--out <file>', help('help.results.out'))
    .option('--force', help('help.common.force'), false)
    .option('--recordings <dir>', help('help.results.recordings'))
    .option('--offline', help('help.results.offline'))
    .addOption(envOption(help('help.common.env_last')))
    .action(async (campaignId: number, opts: ResultsOptions, command: Command) => (await import('./results-run')).runResults(campaignId, opts, command));
  return [results];
}

/** Adds `sync` to the existing `casedesk inbound` group; returns the new subcommand. */
export function addInboundSync(inbound: Command, help: HelpWords): Command {
  return inbound
    .command('sync')
    .description(help('help.inbound_sync.what'))
    .option('--bot <id>', help('help.common.only_bot'), positiveId)
    .option('--from <date>', help('help.common.from_day'), isoDay)
    .option('--to <date>', help('help.common.to_day'), isoDay)
    .option('--recordings <dir>', help('help.inbound_sync.recordings'))
    .addOption(envOption(help('help.common.env_last')))
    .action(async (opts: InboundSyncOptions, command: Command) => (await import('./results-run')).runInboundSync(opts, command));
}
