// `casedesk upload` and campaign control: `campaigns create|start|stop|end`.
import { Command, Option } from 'commander';
import type { CampaignAction } from '../../contract';
import { DIALING_TYPES } from '../../contract/dialing-types';
import { Failure, type FailureCode, type FailureData, type FailureLang } from '../../domain/failures/failure';
import type { UploadSummary } from '../../surface/procedures';
import type { UploadProgress } from '../../sync/upload-engine';
import { call, globals, printAnswer, printJson, withApp } from '../cli-context';
import { terminalWords, words } from '../cli-globals';
import { printScheduleWarnings } from '../schedule-warnings';
import { envOption, wholeNumber } from '../cli-options';
import { noticeLine } from './notices';

const ACTIVITIES = {
  planning: 'line.upload.activity.planning',
  waiting: 'line.upload.activity.waiting',
  sending: 'line.upload.activity.sending',
  retrying: 'line.upload.activity.retrying',
  offline: 'line.upload.activity.offline',
  reconciling: 'line.upload.activity.reconciling',
  done: 'line.upload.activity.done',
} as const satisfies Record<UploadProgress['activity'], FailureCode>;

const STATUSES = {
  done: 'line.upload.status.done',
  paused: 'line.upload.status.paused',
  'needs-decision': 'line.upload.status.needs_decision',
  cancelled: 'line.upload.status.cancelled',
} as const satisfies Record<UploadSummary['status'], FailureCode>;

/** One progress line of an upload (stderr), worded in the run's --lang with its note (a code of the catalog). */
export function progressLine(
  p: { activity: string; chunk?: number | undefined; chunks: number; loaded: number; rejected: number; pending: number; note?: FailureData | undefined },
  lang: FailureLang,
): string {
  // The surface passes the activity on as a string: one this CLI does not know is shown as it is.
  const activity = Object.hasOwn(ACTIVITIES, p.activity) ? words(lang, ACTIVITIES[p.activity as keyof typeof ACTIVITIES], {}) : p.activity;
  const note = p.note ? ` — ${terminalWords(lang, p.note)}` : '';
  const counts = { chunk: p.chunk ?? '-', chunks: p.chunks, loaded: p.loaded, rejected: p.rejected, pending: p.pending };
  return `${words(lang, 'line.upload.progress', { activity, ...counts })}${note}\n`;
}

/** What an upload did, for a person (stdout), in the run's --lang. Codes and reasons are the service's: shown printable. */
export function uploadReport(r: Omit<UploadSummary, 'campaignId' | 'notices'>, lang: FailureLang): string {
  const { loaded, pending, requests } = r;
  const lines = [
    words(lang, 'line.upload.summary', { status: words(lang, STATUSES[r.status], {}), loaded, rejected: Object.keys(r.rejected).length, pending, requests }),
  ];
  if (r.suppressed.cases + r.suppressed.phones > 0) lines.push(`  ${words(lang, 'line.upload.suppressed', { ...r.suppressed })}`);
  if (r.skipped.duplicates > 0) lines.push(`  ${words(lang, 'line.upload.skipped', { duplicates: r.skipped.duplicates })}`);
  for (const [code, detail] of Object.entries(r.rejected)) lines.push(`  ${words(lang, 'line.upload.rejected', { code, detail })}`);
  if (r.pause) lines.push(words(lang, 'line.upload.paused', { reason: terminalWords(lang, r.pause.failure) }));
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
            await printAnswer(
              command,
              {
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
              },
              () => uploadReport(r, lang),
            );
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
          const { lang } = globals(command);
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
            process.stdout.write(`${words(lang, 'line.campaign.draft', { name: opts.name, batchId: opts.draftFor })}\n`);
            printScheduleWarnings(
              (await call(ctx, 'campaigns:checkSchedule', { startDate: opts.startDate, callFrom: opts.callFrom, callTo: opts.callTo })).warnings,
              lang,
            );
            return;
          }
          const { campaign, warnings } = await call(ctx, 'campaigns:create', { environment: opts.env, campaign: request });
          // The campaign as the service sent it, and beside its fields what CaseDesk warns about.
          if (globals(command).json) return printJson({ ...campaign, warnings });
          process.stdout.write(`${words(lang, 'line.campaign.created', { id: campaign.id, name: campaign.name, status: campaign.metrics.status })}\n`);
          printScheduleWarnings(warnings, lang);
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
          const { json, lang } = globals(command);
          if (json) return printJson({ ...campaign, warnings });
          process.stdout.write(`${words(lang, 'line.campaign.status', { id: campaign.id, status: campaign.metrics.status })}\n`);
          printScheduleWarnings(warnings, lang);
        });
      });
  }
}
