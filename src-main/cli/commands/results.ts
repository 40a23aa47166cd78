// `casedesk results CAMPAIGN` (download a campaign's results, export them to .xlsx) and
// `casedesk inbound sync` (download inbound cases). Both incremental: run again to update or to resume.
// What they do is in results-run.ts, loaded when one of them runs.
import { Command } from 'commander';
import type { InboundSyncOptions, ResultsOptions } from './results-run';
import { envOption, positiveId, isoDay } from '../cli-options';

export function resultsCommands(): Command[] {
  const results = new Command('results')
    .description("download a campaign's results (cases, calls, transcripts, recordings) and export them to .xlsx")
    .argument('<campaign>', 'campaign id', positiveId)
    .option('--out <file>', 'write the results to this .xlsx file (sheets Casos and Llamadas)')
    .option('--recordings <dir>', 'also download the call recordings into this folder')
    .option('--offline', 'do not ask the service: export what was downloaded before (needs --out)')
    .addOption(envOption())
    .action(async (campaignId: number, opts: ResultsOptions, command: Command) => (await import('./results-run')).runResults(campaignId, opts, command));
  return [results];
}

/** Adds `sync` to the existing `casedesk inbound` group; returns the new subcommand. */
export function addInboundSync(inbound: Command): Command {
  return inbound
    .command('sync')
    .description('download inbound cases into the local store (and their recordings), only what changed')
    .option('--bot <id>', 'only this bot', positiveId)
    .option('--from <date>', 'updated from this date (YYYY-MM-DD)', isoDay)
    .option('--to <date>', 'updated up to this date (YYYY-MM-DD)', isoDay)
    .option('--recordings <dir>', 'also download the recordings into this folder')
    .addOption(envOption())
    .action(async (opts: InboundSyncOptions, command: Command) => (await import('./results-run')).runInboundSync(opts, command));
}
