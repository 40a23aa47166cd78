// `casedesk audit`: who did what on this computer, oldest first, and whether the trail is intact.
import { Command } from 'commander';
import { Failure } from '../../domain/failures/failure';
import { call, printAnswer, withApp } from '../cli-context';
import { BadValue, wholeNumberIn } from '../cli-options';
import type { HelpWords } from '../cli-help';

function since(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) || Number.isNaN(Date.parse(value))) throw new BadValue('cli.bad_value.instant', value);
  return value;
}

const count = wholeNumberIn(1, 10_000);

/** An event's own fields (eventFields of its entry) as `key=value`, in the order they were written. */
export function describeFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' ');
}

export function auditCommand(help: HelpWords): Command {
  return new Command('audit')
    .description(help('help.audit.what'))
    .option('--since <date>', help('help.audit.since'), since)
    .option('--limit <n>', help('help.audit.limit'), count, 200)
    .action(async (opts: { since?: string; limit: number }, command: Command) => {
      await withApp(command, async (ctx) => {
        const listing = await call(ctx, 'audit:list', { since: opts.since, limit: opts.limit });
        const entries = [...listing.entries].reverse();
        const { eventFields } = await import('../../domain/audit-events');
        await printAnswer(command, { ...listing, entries }, () => ({
          head: ['at', 'seq', 'who', 'env', 'action', 'details'],
          rows: entries.map((e) => [
            e.at,
            e.seq,
            [e.actor.osUser, e.actor.serviceUser].filter(Boolean).join(' / '),
            e.actor.environment,
            e.action,
            describeFields(eventFields(e)),
          ]),
        }));
        if (!listing.chainOk) {
          // Each break by its reason and the entry's number (words of no language); after the listing: what is there is still worth reading.
          const breaks = listing.breaks.map((b) => `${b.reason}${b.seq === null ? '' : ` #${b.seq}`}`);
          throw new Failure('audit.not_intact', { breaks });
        }
      });
    });
}
