// `casedesk bots`, `campaigns list|show`, `inbound list`: the service's objects, as a table or JSON.
import { Command } from 'commander';
import { callAsSent, printAnswer, withApp } from '../cli-context';
import { words } from '../cli-globals';
import { envOption, positiveId, isoDay } from '../cli-options';
import type { HelpWords } from '../cli-help';
import {
  BOT_TYPE_WORDS,
  CAMPAIGN_KIND_WORDS,
  CAMPAIGN_STATE_WORDS,
  CONVERSATION_TYPE_WORDS,
  DIALING_TYPE_WORDS,
  serviceWordIn,
  stateWordIn,
} from '../../domain/service-words';

export function serviceCommands(help: HelpWords): Command[] {
  const bots = new Command('bots')
    .description(help('help.bots.what'))
    .addOption(envOption(help('help.common.env_last')))
    .action(async (opts: { env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const list = await callAsSent(ctx, 'bots:list', { environment: opts.env });
        await printAnswer(command, list, (lang) => ({
          head: ['id', 'name', 'type', 'channel', 'last campaign', 'status', 'completed'],
          rows: list.map((b) => [
            b.id,
            b.name,
            serviceWordIn(lang, BOT_TYPE_WORDS, b.bot_type),
            serviceWordIn(lang, CONVERSATION_TYPE_WORDS, b.conversation_type),
            b.last_campaign.name,
            serviceWordIn(lang, CAMPAIGN_STATE_WORDS, b.last_campaign.status),
            b.last_campaign.percentage_completed === undefined ? '' : `${b.last_campaign.percentage_completed}%`,
          ]),
          none: 'line.bots.none',
        }));
      });
    });

  const campaigns = new Command('campaigns').description(help('help.campaigns.what'));
  campaigns
    .command('list')
    .description(help('help.campaigns_list.what'))
    .requiredOption('--bot <id>', help('help.common.bot_id'), positiveId)
    .addOption(envOption(help('help.common.env_last')))
    .action(async (opts: { bot: number; env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const items = await callAsSent(ctx, 'campaigns:list', { environment: opts.env, botId: opts.bot });
        await printAnswer(command, items, (lang) => ({
          head: ['id', 'name', 'status', 'dialing', 'completed', 'final cases', 'created'],
          rows: items.map((c) => [
            c.id,
            c.name,
            serviceWordIn(lang, CAMPAIGN_STATE_WORDS, c.status),
            serviceWordIn(lang, DIALING_TYPE_WORDS, c.dialing_type),
            `${c.percentage_completed}%`,
            c.q_final_cases,
            c.created_at,
          ]),
        }));
      });
    });
  campaigns
    .command('show')
    .description(help('help.campaigns_show.what'))
    .argument('<id>', help('help.common.campaign_id'), positiveId)
    .addOption(envOption(help('help.common.env_last')))
    .action(async (campaignId: number, opts: { env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const c = await callAsSent(ctx, 'campaigns:show', { environment: opts.env, campaignId });
        const p = c.params;
        const s = c.case_stats;
        const m = c.metrics;
        await printAnswer(command, c, (lang) => ({
          head: ['field', 'value'],
          rows: [
            ['id', c.id],
            ['name', c.name],
            ['status', serviceWordIn(lang, CAMPAIGN_STATE_WORDS, c.metrics.status)],
            ['bot', c.bot],
            ['channel', serviceWordIn(lang, CAMPAIGN_KIND_WORDS, c.conversation_type)],
            ['window', words(lang, 'line.campaign.window', { from: p.call_from, to: p.call_to, date: p.start_date })],
            [
              'dialing',
              words(lang, 'line.campaign.dialing', {
                type: serviceWordIn(lang, DIALING_TYPE_WORDS, p.dialing_type),
                min: p.min_phone_priority,
                max: p.max_phone_priority,
                attempts: p.max_calls_per_case,
                workers: p.workers,
              }),
            ],
            ['cases', words(lang, 'line.campaign.cases', { loaded: s.q_loaded_cases, final: s.q_final_cases, resting: s.q_resting_cases })],
            ['progress', words(lang, 'line.campaign.progress', { completed: m.percentage_completed, called: m.percentage_called })],
            ['results', words(lang, 'line.campaign.results', { success: m.success_rate, contactability: m.contactability_rate })],
          ],
        }));
      });
    });

  const inbound = new Command('inbound').description(help('help.inbound.what'));
  inbound
    .command('list')
    .description(help('help.inbound_list.what'))
    .option('--bot <id>', help('help.common.only_bot'), positiveId)
    .option('--from <date>', help('help.common.from_day'), isoDay)
    .option('--to <date>', help('help.common.to_day'), isoDay)
    .addOption(envOption(help('help.common.env_last')))
    .action(async (opts: { bot?: number; from?: string; to?: string; env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const cases = await callAsSent(ctx, 'inbound:list', { environment: opts.env, botId: opts.bot, from: opts.from, to: opts.to });
        await printAnswer(command, cases, (lang) => ({
          head: ['id', 'bot', 'result', 'duration', 'recording', 'updated'],
          // "no" is the same word in Spanish.
          rows: cases.map((c) => [
            c.id,
            c.bot.name,
            stateWordIn(lang, c.case_result.name),
            c.case_duration,
            c.recording ? words(lang, 'line.table.yes', {}) : 'no',
            c.last_updated,
          ]),
        }));
      });
    });

  return [bots, campaigns, inbound];
}
