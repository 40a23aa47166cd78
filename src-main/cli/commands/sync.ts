// `casedesk upload` and campaign control: `campaigns create|start|stop|end`.
import { Command, Option } from 'commander';
import type { CampaignAction } from '../../domain/campaign-states';
import { DIALING_TYPES } from '../../contract/dialing-types';
import { Failure, type FailureData, type FailureLang } from '../../domain/failures/failure';
import { isNoticeCode, type NoticeData } from '../../domain/failures/notice';
import type { CliTextCode } from '../texts/cli-text';
import { HELD_NAMED } from '../../domain/ledger';
import type { UploadSummary } from '../../surface/procedures';
import type { UploadProgress } from '../../sync/upload-engine';
import type { AppContext } from '../../surface/app-context-types';
import { call, callAsSent, globals, printAnswer, printJson, withApp } from '../cli-context';
import { CliFailure, noteLine, terminalWords, uploadDetailWords, words } from '../cli-globals';
import { printScheduleWarnings } from '../schedule-warnings';
import { envOption, wholeNumber } from '../cli-options';
import { noticeLine } from './notices';
import type { HelpWords } from '../cli-help';

const ACTIVITIES = {
  planning: 'line.upload.activity.planning',
  waiting: 'line.upload.activity.waiting',
  sending: 'line.upload.activity.sending',
  retrying: 'line.upload.activity.retrying',
  offline: 'line.upload.activity.offline',
  reconciling: 'line.upload.activity.reconciling',
  done: 'line.upload.activity.done',
} as const satisfies Record<UploadProgress['activity'], CliTextCode>;

const STATUSES = {
  done: 'line.upload.status.done',
  paused: 'line.upload.status.paused',
  'needs-decision': 'line.upload.status.needs_decision',
  cancelled: 'line.upload.status.cancelled',
} as const satisfies Record<UploadSummary['status'], CliTextCode>;

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
  if (r.suppressed.cases + r.suppressed.phones > 0) {
    lines.push(`  ${words(lang, 'line.upload.suppressed', { cases: r.suppressed.cases, phones: r.suppressed.phones })}`);
    // Which cases: the agent checks them by code (codes and phones from the creditor's file: shown printable by words()).
    for (const h of r.suppressed.held)
      lines.push(
        `    ${h.suppressed ? words(lang, 'line.upload.held_case', { code: h.code }) : words(lang, 'line.upload.held_phones', { code: h.code, phones: h.phones.join(', ') })}`,
      );
    if (r.suppressed.held.length >= HELD_NAMED) lines.push(`    ${words(lang, 'line.upload.held_first', { n: HELD_NAMED })}`);
  }
  if (r.skipped.duplicates > 0) lines.push(`  ${words(lang, 'line.upload.skipped', { duplicates: r.skipped.duplicates })}`);
  // The reason is worded from its code; the service's own words inside it are labelled as the service's.
  for (const [code, detail] of Object.entries(r.rejected))
    lines.push(`  ${words(lang, 'line.upload.rejected', { code, detail: uploadDetailWords(lang, detail) })}`);
  if (r.pause) lines.push(words(lang, 'line.upload.paused', { reason: terminalWords(lang, r.pause.failure) }));
  return lines.map((l) => `${l}\n`).join('');
}

/**
 * What the upload will set going. A check the service does not answer says nothing: the upload that
 * follows meets the same trouble and reports it (a pause, exit 4), as it always did.
 */
async function uploadNotes(
  ctx: AppContext,
  input: { environment?: string | undefined; batchId: number; campaignId?: number | undefined; reloadDuplicates?: boolean | undefined },
): Promise<NoticeData[]> {
  try {
    const { notices } = await call(ctx, 'sync:checkUpload', input);
    return notices.flatMap(({ code, params }) => (isNoticeCode(code) ? [{ code, params }] : []));
  } catch (err) {
    if (err instanceof CliFailure) return [];
    throw err;
  }
}

export function uploadCommand(help: HelpWords): Command {
  return new Command('upload')
    .description(help('help.upload.what'))
    .argument('<batch>', help('help.common.batch_id'), wholeNumber(1))
    .option('--campaign <id>', help('help.upload.campaign'), wholeNumber(1))
    .addOption(new Option('--in-doubt <decision>', help('help.upload.in_doubt')).choices(['resend', 'assume-loaded']))
    .option('--reload-duplicates', help('help.upload.reload_duplicates'))
    .addOption(envOption(help('help.common.env')))
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
            // Before anything is sent: loading cases starts a PAUSED or SCHEDULED campaign (and a drafted one).
            for (const n of await uploadNotes(ctx, { environment: opts.env, batchId, campaignId: opts.campaign, reloadDuplicates: opts.reloadDuplicates })) {
              process.stderr.write(noteLine('note', n, lang));
            }
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

const CAMPAIGN_ACTIONS = {
  start: 'help.campaigns_start.what',
  stop: 'help.campaigns_stop.what',
  end: 'help.campaigns_end.what',
} as const satisfies Partial<Record<CampaignAction, CliTextCode>>;

export function addCampaignControl(campaigns: Command, help: HelpWords): void {
  campaigns
    .command('create')
    .description(help('help.campaigns_create.what'))
    .requiredOption('--bot <id>', help('help.common.bot_id'), wholeNumber(1))
    .requiredOption('--name <name>', help('help.campaigns_create.name'))
    .option('--description <text>', help('help.campaigns_create.description'), '')
    .option('--start-date <date>', help('help.campaigns_create.start_date'))
    .option('--call-from <HH:MM>', help('help.campaigns_create.call_from'))
    .option('--call-to <HH:MM>', help('help.campaigns_create.call_to'))
    .addOption(new Option('--dialing-type <type>', help('help.campaigns_create.dialing_type')).choices([...DIALING_TYPES]))
    .option('--min-phone-priority <n>', help('help.campaigns_create.min_phone_priority'), wholeNumber(0))
    .option('--max-phone-priority <n>', help('help.campaigns_create.max_phone_priority'), wholeNumber(0))
    .option('--max-calls-per-case <n>', help('help.campaigns_create.max_calls_per_case'), wholeNumber(1))
    .option('--closes-eod', help('help.campaigns_create.closes_eod'), false)
    .option('--draft-for <batch>', help('help.campaigns_create.draft_for'), wholeNumber(1))
    .addOption(envOption(help('help.common.env')))
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
            botId: opts.bot,
            name: opts.name,
            description: opts.description,
            startDate: opts.startDate,
            callFrom: opts.callFrom,
            callTo: opts.callTo,
            closesEod: opts.closesEod,
            dialingType: opts.dialingType,
            minPhonePriority: opts.minPhonePriority,
            maxPhonePriority: opts.maxPhonePriority,
            maxCallsPerCase: opts.maxCallsPerCase,
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
          const { campaign, warnings } = await callAsSent(ctx, 'campaigns:create', { environment: opts.env, campaign: request });
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
      .description(help(CAMPAIGN_ACTIONS[action]))
      .argument('<id>', help('help.common.campaign_id'), wholeNumber(1))
      .addOption(envOption(help('help.common.env')))
      .action(async (campaignId: number, opts: { env?: string }, command: Command) => {
        await withApp(command, async (ctx) => {
          const { campaign, warnings } = await callAsSent(ctx, 'campaigns:action', { environment: opts.env, campaignId, action });
          const { json, lang } = globals(command);
          if (json) return printJson({ ...campaign, warnings });
          process.stdout.write(`${words(lang, 'line.campaign.status', { id: campaign.id, status: campaign.metrics.status })}\n`);
          printScheduleWarnings(warnings, lang);
        });
      });
  }
}
