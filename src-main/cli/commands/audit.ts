// `casedesk audit`: who did what on this computer, oldest first, and whether the trail is intact.
import { Command, InvalidArgumentError } from 'commander';
import { call, CliFailure, globals, printJson, printTable, withApp } from '../cli-context';

function since(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new InvalidArgumentError('must be a date YYYY-MM-DD or an ISO instant');
  return value;
}

function count(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000) throw new InvalidArgumentError('must be a whole number from 1 to 10000');
  return Number(value);
}

/** An event's own fields (eventFields of its entry) as `key=value`, in the order they were written. */
export function describeFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(' ');
}

export function auditCommand(): Command {
  return new Command('audit')
    .description('the audit trail of this computer: sign-ins, imports, edits, exports, uploads, campaigns, settings (no personal data)')
    .option('--since <date>', 'from this day (YYYY-MM-DD, from midnight here) or instant on', since)
    .option('--limit <n>', 'at most the latest N entries', count, 200)
    .action(async (opts: { since?: string; limit: number }, command: Command) => {
      await withApp(command, async (ctx) => {
        const listing = await call(ctx, 'audit:list', { since: opts.since, limit: opts.limit });
        const entries = [...listing.entries].reverse();
        const { eventFields } = await import('../../domain/audit-events');
        if (globals(command).json) printJson({ ...listing, entries });
        else
          await printTable(
            ['at', 'seq', 'who', 'env', 'action', 'details'],
            entries.map((e) => [
              e.at,
              e.seq,
              [e.actor.osUser, e.actor.serviceUser].filter(Boolean).join(' / '),
              e.actor.environment,
              e.action,
              describeFields(eventFields(e)),
            ]),
          );
        if (!listing.chainOk) {
          const where = listing.breaks.map((b) => `${b.reason}${b.seq === null ? '' : ` at ${b.seq}`}`).join(', ');
          // After the listing: what is there is still worth reading.
          throw new CliFailure(`The audit trail is not intact: ${where}. Entries were changed or removed outside CaseDesk.`);
        }
      });
    });
}
