// `casedesk followup CAMPAIGN` (a new draft batch of the cases a campaign did not finish) and
// `casedesk results summary CAMPAIGN` (its outcomes, promises to pay, calls by hour; the promises to .xlsx).
// Both read the downloaded results only: run `casedesk results CAMPAIGN` first.
import { Failure, type FailureLang } from '../../domain/failures/failure';
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import type { FollowupOutcome, FollowupSummary } from '../../results/case-outcome';
import type { CampaignResultsSummary } from '../../results/campaign-summary';
import type { Environment } from '../../domain/environments';
import { call, globals, printAnswer, withApp } from '../cli-context';
import { words } from '../cli-globals';
import { countsLine } from './batches';
import { envOption, positiveId } from '../cli-options';
import { noticeLine } from './notices';
import type { HelpWords } from '../cli-help';
import { stateWordIn } from '../../domain/service-words';

/** Spelled here so `--help` loads no app code (the same list as the surface's). */
const FOLLOWUP_OUTCOMES = ['non-final', 'not-contacted', 'no-promise'] as const satisfies readonly FollowupOutcome[];

const collect = (value: string, previous: string[]) => [...previous, value];

/** What `followup` prints (stdout) in --lang: the same counts as `prepare`, and what it did not find. */
export function followupReport(s: FollowupSummary, campaignId: number, lang: FailureLang): string {
  const head = { batchId: s.batchId, cases: s.cases, campaignId, fromBatches: s.followup.fromBatches.map(String) };
  return (
    `${words(lang, 'line.followup.batch', head)}\n` +
    countsLine(s, lang) +
    (s.suppressed.cases + s.suppressed.phones > 0 ? `  ${words(lang, 'line.batch.suppressed', { ...s.suppressed })}\n` : '') +
    (s.duplicates > 0 ? `  ${words(lang, 'line.followup.duplicates', { duplicates: s.duplicates })}\n` : '') +
    (s.followup.notFound > 0 ? `  ${words(lang, 'line.followup.not_found', { count: s.followup.notFound })}\n` : '')
  );
}

/** The head of `results summary` (stdout) in --lang; its tables follow. */
export function summaryReport(s: CampaignResultsSummary, campaignId: number, environment: string, lang: FailureLang): string {
  const share = (n: number) => (s.cases === 0 ? '0%' : `${Math.round((n * 100) / s.cases)}%`);
  const outcomes = {
    final: s.final,
    finalShare: share(s.final),
    notFinal: s.notFinal,
    contacted: s.contacted,
    contactedShare: share(s.contacted),
    notContacted: s.notContacted,
  };
  // The currency sign is no word of either language (and vue-i18n would read a $ in the catalog).
  const promises = { count: s.promises.count, amount: `$ ${s.promises.amount}`, withAmount: s.promises.withAmount };
  return (
    `${words(lang, 'line.summary.campaign', { campaignId, environment, cases: s.cases, calls: s.calls })}\n` +
    `  ${words(lang, 'line.summary.outcomes', outcomes)}\n` +
    `  ${words(lang, 'line.summary.promises', promises)}\n`
  );
}

export function followupCommand(help: HelpWords): Command {
  return new Command('followup')
    .description(help('help.followup.what'))
    .argument('<campaign>', help('help.common.campaign_id'), positiveId)
    .addOption(new Option('--outcome <outcome>', help('help.followup.outcome')).choices([...FOLLOWUP_OUTCOMES]))
    .option('--result <name>', help('help.followup.result'), collect, [] as string[])
    .option('--from-batch <id>', help('help.followup.from_batch'), positiveId)
    .addOption(envOption(help('help.common.env_last')))
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
        await printAnswer(command, s, (lang) => followupReport(s, campaignId, lang));
      });
    });
}

/** Adds `summary` to `casedesk results`. */
export function addResultsSummary(results: Command, help: HelpWords): Command {
  return results
    .command('summary')
    .description(help('help.results_summary.what'))
    .argument('<campaign>', help('help.common.campaign_id'), positiveId)
    .option('--promises-out <file>', help('help.results_summary.promises_out'))
    .option('--force', help('help.common.force'), false)
    .addOption(envOption(help('help.common.env_last')))
    .action(async (campaignId: number, opts: { promisesOut?: string; force: boolean; env?: Environment }, command: Command) => {
      const out = opts.promisesOut ? resolve(opts.promisesOut) : null;
      // `results` has a --force of its own: commander gives it the flag when written after `summary`.
      const force = opts.force || command.optsWithGlobals<{ force?: boolean }>().force === true;
      const { refuseTakenPath, writeExportFile } = await import('../export-file');
      // A file already there is the agent's: refused before anything, as every export is.
      if (out) refuseTakenPath(out, force);
      await withApp(command, async (ctx) => {
        const env = opts.env ?? ctx.currentEnvironment();
        const s = await call(ctx, 'results:summary', { environment: env, campaignId });
        let exported: { file: string; promises: number } | null = null;
        if (out) {
          const [{ campaignPromisesBytes }, { audit }] = await Promise.all([import('../../exports/promises-export'), import('../../app/audit-trail')]);
          const { bytes, count } = await campaignPromisesBytes(ctx.store, env, campaignId);
          await writeExportFile(out, bytes, force);
          exported = { file: out, promises: count };
          audit(
            ctx,
            { action: 'export.written', kind: 'promises', campaignId, environment: env, count: exported.promises, to: 'file', path: exported.file },
            { environment: env },
          );
        }
        await printAnswer(command, { environment: env, campaignId, summary: s, export: exported }, (lang) => [
          summaryReport(s, campaignId, env, lang),
          { head: ['result', 'cases', 'final'], rows: s.byResult.map((r) => [stateWordIn(lang, r.name), r.cases, r.final]) },
          { head: ['promised for', 'promises', 'amount'], rows: s.promises.byDate.map((d) => [d.date, d.count, d.amount]) },
          {
            head: ['hour', 'calls', 'contacts'],
            rows: s.byHour.filter((h) => h.calls > 0).map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.calls, h.contacts]),
          },
          exported ? `${words(lang, 'line.summary.promises_written', { count: exported.promises, file: exported.file })}\n` : '',
        ]);
      });
    });
}
