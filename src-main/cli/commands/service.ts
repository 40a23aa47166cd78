// `casedesk bots`, `campaigns list|show`, `inbound list`: the service's objects, as a table or JSON.
import { Command } from 'commander';
import { call, globals, printJson, printTable, withApp } from '../cli-context';
import { envOption, positiveId, isoDay } from '../cli-options';

export function serviceCommands(): Command[] {
  const bots = new Command('bots')
    .description('the bots assigned to you')
    .addOption(envOption())
    .action(async (opts: { env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const list = await call(ctx, 'bots:list', { environment: opts.env });
        if (globals(command).json) return printJson(list);
        if (list.length === 0) {
          process.stdout.write('No bots are assigned to you. Ask your administrator to assign one.\n');
          return;
        }
        await printTable(
          ['id', 'name', 'type', 'channel', 'last campaign', 'status', 'completed'],
          list.map((b) => [
            b.id,
            b.name,
            b.bot_type,
            b.conversation_type,
            b.last_campaign.name,
            b.last_campaign.status,
            b.last_campaign.percentage_completed === undefined ? '' : `${b.last_campaign.percentage_completed}%`,
          ]),
        );
      });
    });

  const campaigns = new Command('campaigns').description('campaigns of a bot');
  campaigns
    .command('list')
    .description("a bot's campaigns, newest first")
    .requiredOption('--bot <id>', 'bot id', positiveId)
    .addOption(envOption())
    .action(async (opts: { bot: number; env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const items = await call(ctx, 'campaigns:list', { environment: opts.env, botId: opts.bot });
        if (globals(command).json) return printJson(items);
        await printTable(
          ['id', 'name', 'status', 'dialing', 'completed', 'final cases', 'created'],
          items.map((c) => [c.id, c.name, c.status, c.dialing_type, `${c.percentage_completed}%`, c.q_final_cases, c.created_at]),
        );
      });
    });
  campaigns
    .command('show')
    .description('one campaign: params, case stats, metrics')
    .argument('<id>', 'campaign id', positiveId)
    .addOption(envOption())
    .action(async (campaignId: number, opts: { env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const c = await call(ctx, 'campaigns:show', { environment: opts.env, campaignId });
        if (globals(command).json) return printJson(c);
        const p = c.params;
        await printTable(
          ['field', 'value'],
          [
            ['id', c.id],
            ['name', c.name],
            ['status', c.metrics.status],
            ['bot', c.bot],
            ['channel', c.conversation_type],
            ['window', `${p.call_from}–${p.call_to} from ${p.start_date}`],
            ['dialing', `${p.dialing_type} phones ${p.min_phone_priority}..${p.max_phone_priority}, ${p.max_calls_per_case} attempts, ${p.workers} workers`],
            ['cases', `${c.case_stats.q_loaded_cases} loaded, ${c.case_stats.q_final_cases} final, ${c.case_stats.q_resting_cases} resting`],
            ['progress', `${c.metrics.percentage_completed}% completed, ${c.metrics.percentage_called}% called`],
            ['results', `success ${c.metrics.success_rate}, contactability ${c.metrics.contactability_rate}%`],
          ],
        );
      });
    });

  const inbound = new Command('inbound').description('inbound cases');
  inbound
    .command('list')
    .description('inbound cases, newest first')
    .option('--bot <id>', 'only this bot', positiveId)
    .option('--from <date>', 'updated from this date (YYYY-MM-DD)', isoDay)
    .option('--to <date>', 'updated up to this date (YYYY-MM-DD)', isoDay)
    .addOption(envOption())
    .action(async (opts: { bot?: number; from?: string; to?: string; env?: string }, command: Command) => {
      await withApp(command, async (ctx) => {
        const cases = await call(ctx, 'inbound:list', { environment: opts.env, botId: opts.bot, from: opts.from, to: opts.to });
        if (globals(command).json) return printJson(cases);
        await printTable(
          ['id', 'bot', 'result', 'duration', 'recording', 'updated'],
          cases.map((c) => [c.id, c.bot.name, c.case_result.name, c.case_duration, c.recording ? 'yes' : 'no', c.last_updated]),
        );
      });
    });

  return [bots, campaigns, inbound];
}
