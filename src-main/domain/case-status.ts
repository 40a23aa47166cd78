// What a prepared case's status can be, in one list: the store, the surface's zod inputs, the audit
// trail and the renderer all name these. Pure.

/**
 * ready / warning: will be loaded; rejected: its data must be fixed first; excluded: the agent left it
 * out; suppressed: the do-not-contact ledger lists its code, or every phone it had.
 */
export const CASE_STATUSES = ['ready', 'warning', 'rejected', 'excluded', 'suppressed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/**
 * The cases the error report's corrections sheet holds: suppressed ones too, so the agent sees why they
 * stay out and importing them back keeps them out. The exporter writes these; the drawer says so of them.
 */
export const REPORTED_STATUSES: readonly CaseStatus[] = ['rejected', 'warning', 'suppressed'];

/** How many cases a batch's error report holds, from its counts by status: what its export records. */
export const reportedCaseCount = (counts: Readonly<Record<CaseStatus, number>>): number => REPORTED_STATUSES.reduce((n, s) => n + counts[s], 0);
