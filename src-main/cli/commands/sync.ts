// `casedesk upload` and campaign control: `campaigns create|start|stop|end`.
import { Command, Option } from 'commander';
import type { CampaignAction } from '../../contract';
import { DIALING_TYPES } from '../../contract/dialing-types';
import { Failure, type FailureData, type FailureLang } from '../../domain/failures/failure';
import type { UploadSummary } from '../../surface/procedures';
import { call, globals, printJson, withApp } from '../cli-context';
import { printableText, terminalWords } from '../cli-globals';
import { printScheduleWarnings } from '../schedule-warnings';
import { envOption, wholeNumber } from '../cli-options';
import { noticeLine } from './notices';

/** One progress line of an upload (stderr); its note is a code of the catalog, worded in the run's --lang. */
export function progressLine(
  p: { activity: string; chunk?: number | undefined; chunks: number; loaded: number; rejected: number; pending: number; note?: FailureData | undefined },
  lang: FailureLang,
): string {
  const note = p.note ? ` — ${terminalWords(lang, p.note)}` : '';
  return `[${p.activity}] chunk ${p.chunk ?? '-'} of ${p.chunks}: loaded ${p.loaded}, rejected ${p.rejected}, pending ${p.pending}${note}\n`;
}

/** What an upload did, for a person (stdout). Codes and reasons are the service's: shown printable. */
export function uploadReport(r: Omit<UploadSummary, 'campaignId' | 'notices'>, lang: FailureLang): string {
  const lines = [`${r.status}: ${r.loaded} loaded, ${Object.keys(r.rejected).length} rejected, ${r.pending} pending, ${r.requests} request(s)`];
  if (r.suppressed.cases + r.suppressed.phones > 0)
    lines.push(`  do not contact: ${r.suppressed.cases} case(s) suppressed, ${r.suppressed.phones} phone(s) taken off before sending`);
  if (r.skipped.duplicates > 0)
    lines.push(`  skipped: ${r.skipped.duplicates} case(s) whose code the campaign already holds (--reload-duplicates loads them again)`);
  for (const [code, detail] of Object.entries(r.rejected)) lines.push(`  rejected ${printableText(code)}: ${printableText(detail)}`);
  if (r.pause) lines.push(`Paused: ${terminalWords(lang, r.pause.failure)}`);
  return lines.map((l) => `${l}\n`).join('');
}

export function uploadCommand(): Command {
  return new Command('upload')
    .description("load a batch's ready cases into a campaign, exactly once (progress on stderr)")
    .argument('<batch>', 'batch id', wholeNumber(1))
    .option('--campaign <id>', "campaign id (default: the batch's campaign, or the draft prepared for it, created now)", wholeNumber(1))
    .addOption(
      new Option('--in-doubt <decision>', 'cases whose loading could not be confirmed: send them again, or take them as loaded').choices([
        'resend',
        'assume-loaded',
      ]),
    )
    .option('--reload-duplicates', 'also load the codes the campaign already holds (skipped otherwise), for this batch')
    .addOption(envOption('environment'))
    .action(
      async (
        batchId: number,
        opts: { campaign?: number; inDoubt?: 'resend' | 'assume-loaded'; reloadDuplicates?: boolean; env?: string },
        command: Command,
      ) => {
        await withApp(command, async (ctx) => {
          const { lang } = globals(command);
          const off = ctx.on('upload:progress', (p) => {
            if (p.activity === 'sending' || p.activity === 'done' || p.note) process.stderr.write(progressLine(p, lang));
          });
          try {
            const r = await call(ctx, 'sync:upload', {
              environment: opts.env,
              batchId,
              campaignId: opts.campaign,
              inDoubt: opts.inDoubt ?? 'ask',
              reloadDuplicates: opts.reloadDuplicates === true,
            });
            for (const n of r.notices) process.stderr.write(noticeLine(n, lang));
            if (globals(command).json)
              printJson({
                status: r.status,
                campaignId: r.campaignId,
                loaded: r.loaded,
                rejected: r.rejected,
                requests: r.requests,
                pending: r.pending,
                inDoubt: r.inDoubt,
                suppressed: r.suppressed,
                skipped: r.skipped,
                notices: r.notices,
                ...(r.pause ? { pause: r.pause } : {}),
              });
            else {
              process.stdout.write(uploadReport(r, lang));
            }
            if (r.status === 'needs-decision') {
              // Exit 3 (the class of cli.in_doubt): the agent decides. The first ten codes, enough to look them up.
              const codes = r.inDoubt.length > 10 ? [...r.inDoubt.slice(0, 10), '…'] : r.inDoubt;
              throw new Failure('cli.in_doubt', { count: r.inDoubt.length, codes });
            }
            if (r.status === 'paused') process.exitCode = 4;
          } finally {
            off();
          }
        });
      },
    );
}

export function addCampaignControl(campaigns: Command): void {
  campaigns
    .command('create')
    .description('create a campaign for an outbound bot')
    .requiredOption('--bot <id>', 'bot id', wholeNumber(1))
    .requiredOption('--name <name>', 'campaign name')
    .option('--description <text>', 'description', '')
    .option('--start-date <date>', 'YYYY-MM-DD')
    .option('--call-from <HH:MM>', 'earliest call time')
    .option('--call-to <HH:MM>', 'latest call time')
    .addOption(new Option('--dialing-type <type>', 'how phones are tried').choices([...DIALING_TYPES]))
    .option('--min-phone-priority <n>', 'first phone index', wholeNumber(0))
    .option('--max-phone-priority <n>', 'last phone index', wholeNumber(0))
    .option('--max-calls-per-case <n>', 'attempts per phone', wholeNumber(1))
    .option('--closes-eod', 'close at the end of the day', false)
    .option('--draft-for <batch>', 'do not create it now: keep it with this batch, to be created at its upload (works offline)', wholeNumber(1))
    .addOption(envOption('environment'))
    .action(
      async (
        opts: {
          draftFor?: number;
          bot: number;
          name: string;
          description: string;
          startDate?: string;
          callFrom?: string;
          callTo?: string;
          dialingType?: 'VERTICAL' | 'HORIZONTAL_VERTICAL';
          minPhonePriority?: number;
          maxPhonePriority?: number;
          maxCallsPerCase?: number;
          closesEod: boolean;
          env?: string;
        },
        command: Command,
      ) => {
        await withApp(command, async (ctx) => {
          const request = {
            client_id: opts.bot,
            name: opts.name,
            description: opts.description,
            start_date: opts.startDate,
            call_from: opts.callFrom,
            call_to: opts.callTo,
            closes_eod: opts.closesEod,
            dialing_type: opts.dialingType,
            min_phone_priority: opts.minPhonePriority,
            max_phone_priority: opts.maxPhonePriority,
            max_calls_per_case: opts.maxCallsPerCase,
          };
          if (opts.draftFor !== undefined) {
            await call(ctx, 'batches:setCampaignDraft', { batchId: opts.draftFor, campaign: request });
            process.stdout.write(`Campaign "${opts.name}" will be created when batch ${opts.draftFor} is uploaded.\n`);
            printScheduleWarnings(
              (await call(ctx, 'campaigns:checkSchedule', { startDate: opts.startDate, callFrom: opts.callFrom, callTo: opts.callTo })).warnings,
              globals(command).lang,
            );
            return;
          }
          const { campaign, warnings } = await call(ctx, 'campaigns:create', { environment: opts.env, campaign: request });
          // The campaign as the service sent it, and beside its fields what CaseDesk warns about.
          if (globals(command).json) return printJson({ ...campaign, warnings });
          process.stdout.write(`Campaign ${campaign.id} "${printableText(campaign.name)}" created: ${printableText(campaign.metrics.status)}\n`);
          printScheduleWarnings(warnings, globals(command).lang);
        });
      },
    );
  for (const action of ['start', 'stop', 'end'] as const satisfies readonly CampaignAction[]) {
    campaigns
      .command(action)
      .description(`${action} a campaign; prints the state the service answers`)
      .argument('<id>', 'campaign id', wholeNumber(1))
      .addOption(envOption('environment'))
      .action(async (campaignId: number, opts: { env?: string }, command: Command) => {
        await withApp(command, async (ctx) => {
          const { campaign, warnings } = await call(ctx, 'campaigns:action', { environment: opts.env, campaignId, action });
          if (globals(command).json) return printJson({ ...campaign, warnings });
          process.stdout.write(`Campaign ${campaign.id}: ${printableText(campaign.metrics.status)}\n`);
          printScheduleWarnings(warnings, globals(command).lang);
        });
      });
  }
}
