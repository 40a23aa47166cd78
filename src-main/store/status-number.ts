// A case's status as a small number in the indexes that hold it (migration 31): 'warning' was seven
// bytes of each entry, a number is at most one. The rows keep the status by name, and every query
// that reads those indexes spells the same expression (SQLite uses an index on an expression only
// for that expression).
import type { CaseStatus } from '../domain/case-status';

/**
 * The numbered statuses, in their numbers' order. Stored numbers are forever: append only, never
 * reorder. A status not listed is indexed by its name (ELSE), so a new one is found from the day it
 * is added; listing it later needs a migration that builds both indexes again.
 */
const NUMBERED: readonly CaseStatus[] = ['ready', 'warning', 'rejected', 'excluded', 'suppressed'];

/** The expression the status and search indexes hold, on a column (`c.status` in a query with an alias). */
export function statusNumberSql(column = 'status'): string {
  return `(CASE ${column} ${NUMBERED.map((s, n) => `WHEN '${s}' THEN ${n}`).join(' ')} ELSE ${column} END)`;
}

/** What statusNumberSql gives for a status: the value a query compares it with. */
export function statusNumber(status: CaseStatus): number | string {
  const n = NUMBERED.indexOf(status);
  return n < 0 ? status : n;
}
