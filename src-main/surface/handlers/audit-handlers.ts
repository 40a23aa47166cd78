// The audit trail, for Settings and `casedesk audit`: with the names its ids stand for (whoever asks holds the data key).
import type { HandlersOf } from './handler';
import type { AppContext } from '../app-context-types';
import { readTrail, revealTrail } from '../../app/audit-trail';

/** What these handlers reach of the app context. */
type AuditContext = Pick<AppContext, 'options' | 'store'>;

export const auditHandlers: HandlersOf<'audit:list', AuditContext> = {
  async 'audit:list'(ctx, { since, limit }) {
    const reading = readTrail(ctx, { since: since === undefined ? undefined : sinceInstant(since), limit });
    return {
      entries: revealTrail(ctx, reading.entries.reverse()),
      chainOk: reading.chain.ok,
      breaks: reading.chain.breaks.map(({ seq, reason, count }) => ({ seq, reason, ...(count === undefined ? {} : { count }) })),
      unreadable: reading.chain.unreadable,
    };
  },
};

/** A day means from midnight on this computer, as the agent reads dates. */
function sinceInstant(since: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(since);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(since);
}
