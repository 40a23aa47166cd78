// `casedesk followup CAMPAIGN` (a new draft batch of the cases a campaign did not finish) and
// `casedesk results summary CAMPAIGN` (its outcomes, promises to pay, calls by hour; the promises to .xlsx).
// Both read the downloaded results only: run `casedesk results CAMPAIGN` first.
import { Failure } from '../../domain/failures/failure';
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import type { FollowupOutcome } from '../../results/case-outcome';
import type { Environment } from '../../domain/environments';
import { call, globals, printJson, printTable, withApp } from '../cli-context';
import { envOption, positiveId } from '../cli-options';
import { noticeLine } from './notices';

/** Spelled here so `--help` loads no app code (the same list as the surface's). */
const FOLLOWUP_OUTCOMES = ['non-final', 'not-contacted', 'no-promise'] as const satisfies readonly FollowupOutcome[];

const collect = (value: string, previous: string[]) => [...previous, value];

export function followupCommand(): Command {
  return new Command('followup')
    .description("a new draft batch of a campaign's original cases, chosen by how they ended (from its downloaded results)")
    .argument('<campaign>', 'campaign id', positiveId)
    .addOption(
      new Option('--outcome <outcome>', 'which cases: not final yet, never reached a person, or without a promise to pay').choices([...FOLLOWUP_OUTCOMES]),
    )
    .option('--result <name>', 'cases with this result name, as the service shows it (repeat for more; with --outcome both must hold)', collect, [] as string[])
    .option('--from-batch <id>', 'only cases uploaded from this batch', positiveId)
    .addOption(envOption())
    .action(async (campaignId: number, opts: { outcome?: FollowupOutcome; result: string[]; fromBatch?: number; env?: Environment }, command: Command) => {
      if (opts.outcome === undefined && opts.result.length === 0)
        throw new Failure('cli.give_one_of', { options: ['--outcome non-final|not-contacted|no-promise', '--result NAME'] });
      await withApp(command, async (ctx) => {
        const s = await call(ctx, 'campaigns:followup', {
          environment: opts.env,
          campaignId,
          outcome: opts.outcome,
          results: opts.result.length > 0 ? opts.result : undefined,
          fromBatch: opts.fromBatch,
        });
        for (const n of s.notices) process.stderr.write(noticeLine(n, globals(command).lang));
        if (globals(command).json) return printJson(s);
        process.stdout.write(
          `Batch ${s.batchId}: ${s.cases} cases of campaign ${campaignId} to follow up (from batch ${s.followup.fromBatches.join(', ')}, its mapping)\n` +
            `  ready ${s.ready}, rejected ${s.rejected}, warnings ${s.warnings}, automatic fixes ${s.fixes}, row errors ${s.rowErrors}\n` +
            (s.suppressed.cases + s.suppressed.phones > 0
              ? `  do not contact: ${s.suppressed.cases} case(s) suppressed, ${s.suppressed.phones} phone(s) taken off\n`
              : '') +
            (s.duplicates > 0 ? `  duplicates: ${s.duplicates} case(s) already in another batch not uploaded\n` : '') +
            (s.followup.notFound > 0 ? `  ${s.followup.notFound} matching case(s) were not uploaded from this computer and are not in it\n` : ''),
        );
      });
    });
}

/** Adds `summary` to `casedesk results`. */
export function addResultsSummary(results: Command): Command {
  return results
    .command('summary')
    .description("a campaign's downloaded results at a glance: outcomes, promises to pay, calls and contacts by hour")
    .argument('<campaign>', 'campaign id', positiveId)
    .option('--promises-out <file>', 'also write the promises to pay (debtor, amount, date, call) to this .xlsx file')
    .addOption(envOption())
    .action(async (campaignId: number, opts: { promisesOut?: string; env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const env = opts.env ?? ctx.currentEnvironment();
        const s = await call(ctx, 'results:summary', { environment: env, campaignId });
        let exported: { file: string; promises: number } | null = null;
        if (opts.promisesOut) {
          const [{ exportCampaignPromises }, { audit }] = await Promise.all([import('../../exports/promises-export'), import('../../surface/audit-trail')]);
          exported = await exportCampaignPromises(ctx.store, env, campaignId, resolve(opts.promisesOut));
          audit(
            ctx,
            { action: 'export.written', kind: 'promises', campaignId, environment: env, count: exported.promises, to: 'file', path: exported.file },
            { environment: env },
          );
        }
        if (globals(command).json) return printJson({ environment: env, campaignId, summary: s, export: exported });
        const pct = (n: number) => (s.cases === 0 ? '0%' : `${Math.round((n * 100) / s.cases)}%`);
        process.stdout.write(
          `Campaign ${campaignId} (${env}): ${s.cases} cases, ${s.calls} calls\n` +
            `  final ${s.final} (${pct(s.final)}), not final ${s.notFinal}; contacted ${s.contacted} (${pct(s.contacted)}), not contacted ${s.notContacted}\n` +
            `  promises to pay ${s.promises.count}, $ ${s.promises.amount} stated in ${s.promises.withAmount} of them\n`,
        );
        await printTable(
          ['result', 'cases', 'final'],
          s.byResult.map((r) => [r.name, r.cases, r.final]),
        );
        await printTable(
          ['promised for', 'promises', 'amount'],
          s.promises.byDate.map((d) => [d.date, d.count, d.amount]),
        );
        await printTable(
          ['hour', 'calls', 'contacts'],
          s.byHour.filter((h) => h.calls > 0).map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.calls, h.contacts]),
        );
        if (exported) process.stdout.write(`Wrote ${exported.promises} promises to pay to ${exported.file}.\n`);
      });
    });
}
